#!/usr/bin/env bash
# Fuzzes the page decoder with libFuzzer for the given number of seconds (default 300).
# Builds FlowCore's sources and Fuzz/PageDecoderFuzz.swift into one binary with
# -sanitize=fuzzer,address, seeds a corpus from the contract's examples and peer fixtures,
# and keeps the corpus and any crash artifacts under Fuzz/ (ignored by git).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-300}"
out=.build/fuzz
mkdir -p "$out" Fuzz/corpus Fuzz/artifacts
swiftc -O -sanitize=fuzzer,address -parse-as-library -module-name FlowCoreFuzz \
    $(find Sources/FlowCore -name '*.swift' | sort) Fuzz/PageDecoderFuzz.swift -o "$out/page-decoder-fuzz"
shared=../shared
for seed in Examples/*.json "$shared"/contract/examples/*.json "$shared"/contract/peer/flowui/*.json; do
    [ -f "$seed" ] && cp "$seed" "Fuzz/corpus/seed-$(basename "$seed")"
done
if [ -f "$shared/bench/gen_page.py" ]; then
    python3 "$shared/bench/gen_page.py" --sections 3 --widgets 4 --faults 0.3 --seed 1 > Fuzz/corpus/seed-gen-faulty.json
fi
"$out/page-decoder-fuzz" Fuzz/corpus -dict=Fuzz/json.dict -max_len=16384 -max_total_time="$seconds" \
    -artifact_prefix=Fuzz/artifacts/ -print_final_stats=1
