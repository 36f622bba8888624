#!/usr/bin/env bash
# Fuzzes the JPEG thumbnail decoder against libjpeg-turbo with libFuzzer for the given number
# of seconds (default 300): Fuzz/jpeg_thumbnail_fuzz.c says what is checked. Builds the C
# target with -fsanitize=fuzzer,address,undefined, the helper thread's thresholds and ring
# lowered (so small inputs are shared too, in many stretches) and the two threads in step (the
# main thread waits for each of the helper's stretches to be decoded before it looks at it, so
# a one-versus-two-threads difference is not left to timing). Seeds
# Fuzz/jpeg-corpus/ from Fuzz/jpeg_seeds.c and Fuzz/regressions/, and keeps the corpus and
# crash artifacts under Fuzz/ (ignored by git).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-300}"
out=.build/fuzz
src=Sources/CImageCodec
mkdir -p "$out" Fuzz/jpeg-corpus Fuzz/artifacts
sources=$(ls $src/*.c)
clang -O1 -g -I$src/include -I$src $sources Fuzz/jpeg_seeds.c -ljpeg -lpng -lz -lm -lpthread -o "$out/jpeg-seeds"
"$out/jpeg-seeds" Fuzz/jpeg-corpus
cp Fuzz/regressions/*.jpg Fuzz/jpeg-corpus/ 2>/dev/null || true # inputs that once broke an invariant
clang -O1 -g -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
    -DVT_HELPER_MIN_SCAN_BYTES=256 -DVT_HELPER_MIN_MCUS=8 -DVT_RING_MAX_MCUS=8 -DVT_FUZZ_WAIT_FOR_HELPER \
    -I$src/include -I$src $sources Fuzz/jpeg_thumbnail_fuzz.c -ljpeg -lpng -lz -lm -lpthread \
    -o "$out/jpeg-thumbnail-fuzz"
"$out/jpeg-thumbnail-fuzz" Fuzz/jpeg-corpus -max_len=65536 -max_total_time="$seconds" -rss_limit_mb=4096 \
    -artifact_prefix=Fuzz/artifacts/ -print_final_stats=1
