#!/usr/bin/env bash
# Fuzzes the page decoder with libFuzzer for the given number of seconds (default 300).
# Builds FlowCore's sources and Fuzz/PageDecoderFuzz.swift into one binary with
# -sanitize=fuzzer,address, seeds a corpus from the examples, the peer fixtures and a faulty
# generated page (`vitrine-bench page`, what `vitrine bench page` runs), and keeps the corpus and any crash artifacts under Fuzz/ (ignored by git).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-300}"
out=.build/fuzz
mkdir -p "$out" Fuzz/corpus Fuzz/artifacts
swiftc -O -sanitize=fuzzer,address -parse-as-library -module-name FlowCoreFuzz \
    $(find Sources/FlowCore -name '*.swift' | sort) Fuzz/PageDecoderFuzz.swift -o "$out/page-decoder-fuzz"
for seed in Examples/*.json Tests/Fixtures/flowui/*.json; do
    [ -f "$seed" ] && cp "$seed" "Fuzz/corpus/seed-$(basename "$seed")"
done
swift build --product vitrine-bench
.build/debug/vitrine-bench page --sections 3 --widgets 4 --faults 0.3 --seed 1 > Fuzz/corpus/seed-gen-faulty.json
"$out/page-decoder-fuzz" Fuzz/corpus -dict=Fuzz/json.dict -max_len=16384 -max_total_time="$seconds" \
    -artifact_prefix=Fuzz/artifacts/ -print_final_stats=1
