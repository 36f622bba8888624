#!/usr/bin/env bash
# Compares our JPEG thumbnail with Pillow (Image.draft + thumbnail) and vipsthumbnail, on the
# same 4000 x 3000 JPEG (made by `vitrine bench images --write`), to the same 300 x 300 box.
# Installs what it needs: Debian's libvips-tools (through scripts/setup.sh) and Pillow (pip).
#
# Usage: scripts/bench_images_peers.sh [iterations]   (default 9; medians are printed)
#
# What each figure includes:
#   ours      in-process: decode from memory with DCT scaling + area-average resample (one core)
#   pillow    in-process: Image.open on the bytes, draft('RGB', (600, 450)) so libjpeg scales
#             while keeping >= 2x the target (as ours does), then thumbnail((300, 300)) with
#             BOX (our filter) and with Pillow's default filter
#   vips      a process per run (vipsthumbnail bench.jpg --size 300x300), so it includes
#             process start-up and writing a small output file; vips_startup_ms is the same
#             command on a 16 x 16 JPEG, to subtract. vips may use more than one thread.
set -euo pipefail
cd "$(dirname "$0")/.."
iterations="${1:-9}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

scripts/setup.sh libvips-tools
python3 -c "import PIL" 2>/dev/null || python3 -m pip install --quiet Pillow

swift build -c release --product vitrine >/dev/null
ours="$(.build/release/vitrine bench images --iterations "$iterations" --write "$work")"
ours_ms="$(awk -F' = ' '/^jpeg_thumbnail_ms/ { print $2 }' <<<"$ours")"

python3 - "$work" "$iterations" "$ours_ms" <<'PY'
import io, os, statistics, subprocess, sys, time
from PIL import Image, __version__ as pillow_version

work, iterations, ours_ms = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
path = os.path.join(work, "bench.jpg")
data = open(path, "rb").read()

def median_ms(run):
    run()  # warm-up
    times = []
    for _ in range(iterations):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000

def pillow(resample):
    def run():
        image = Image.open(io.BytesIO(data))
        image.draft("RGB", (600, 450))
        if resample is None:
            image.thumbnail((300, 300))
        else:
            image.thumbnail((300, 300), resample)
        assert image.size == (300, 225), image.size
    return run

tiny = os.path.join(work, "tiny.jpg")
Image.new("RGB", (16, 16), (10, 20, 30)).save(tiny)

def vips(source):
    def run():
        subprocess.run(["vipsthumbnail", source, "--size", "300x300", "-o", os.path.join(work, "vips_%s.jpg")],
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return run

pillow_box = median_ms(pillow(Image.Resampling.BOX))
pillow_default = median_ms(pillow(None))
vips_ms = median_ms(vips(path))
vips_startup = median_ms(vips(tiny))
vips_version = subprocess.run(["vips", "--version"], capture_output=True, text=True).stdout.strip()

print(f"# Pillow {pillow_version}; {vips_version}; {iterations} iterations, medians")
print(f"ours_jpeg_thumbnail_ms = {ours_ms:.2f}")
print(f"pillow_draft_thumbnail_box_ms = {pillow_box:.2f}")
print(f"pillow_draft_thumbnail_default_ms = {pillow_default:.2f}")
print(f"vipsthumbnail_ms = {vips_ms:.2f}")
print(f"vips_startup_ms = {vips_startup:.2f}")
print(f"pillow_box_over_ours = {pillow_box / ours_ms:.2f}")
print(f"pillow_default_over_ours = {pillow_default / ours_ms:.2f}")
print(f"vips_minus_startup_over_ours = {max(0.0, vips_ms - vips_startup) / ours_ms:.2f}")
PY
