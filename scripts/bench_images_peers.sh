#!/usr/bin/env bash
# Compares our JPEG thumbnail with Pillow (Image.draft + thumbnail) and vipsthumbnail, on the
# same 4000 x 3000 JPEGs (made by `vitrine bench images --write`: photo-like, then smooth), to
# the same 300 x 300 box. `*_over_ours` above 1 means we are faster.
# Installs what it needs: Debian's libvips-tools (through scripts/setup.sh) and Pillow (pip).
#
# Usage: scripts/bench_images_peers.sh [iterations]   (default 9; medians are printed)
#
# What each figure includes:
#   ours      in-process: decode from memory at 1/4 scale + area-average resample, as
#             `ImageDecoder` does it (the scan split over two threads), and on one thread
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

swift build -c release --product vitrine-bench >/dev/null
ours="$(.build/release/vitrine-bench images --iterations "$iterations" --write "$work")"
echo "$ours"
photo_ms="$(awk -F' = ' '/^jpeg_thumbnail_ms/ { print $2 }' <<<"$ours")"
smooth_ms="$(awk -F' = ' '/^jpeg_smooth_thumbnail_ms/ { print $2 }' <<<"$ours")"
photo_one_ms="$(awk -F' = ' '/^jpeg_thumbnail_one_thread_ms/ { print $2 }' <<<"$ours")"
smooth_one_ms="$(awk -F' = ' '/^jpeg_smooth_thumbnail_one_thread_ms/ { print $2 }' <<<"$ours")"

# The photo-like JPEG (the headline), then the smooth one; metric names carry the image.
for image in "bench.jpg photo $photo_ms $photo_one_ms" "bench_smooth.jpg smooth $smooth_ms $smooth_one_ms"; do
read -r file label ours_ms ours_one_ms <<<"$image"
python3 - "$work" "$iterations" "$ours_ms" "$ours_one_ms" "$file" "$label" <<'PY'
import io, os, statistics, subprocess, sys, time
from PIL import Image, __version__ as pillow_version

work, iterations, file, label = sys.argv[1], int(sys.argv[2]), sys.argv[5], sys.argv[6]
ours_ms, ours_one_ms = float(sys.argv[3]), float(sys.argv[4])
path = os.path.join(work, file)
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

print(f"# {file} ({len(data)} bytes): Pillow {pillow_version}; {vips_version}; {iterations} iterations, medians")
print(f"{label}_ours_ms = {ours_ms:.2f}")
print(f"{label}_ours_one_thread_ms = {ours_one_ms:.2f}")
print(f"{label}_pillow_draft_thumbnail_box_ms = {pillow_box:.2f}")
print(f"{label}_pillow_draft_thumbnail_default_ms = {pillow_default:.2f}")
print(f"{label}_vipsthumbnail_ms = {vips_ms:.2f}")
print(f"{label}_vips_startup_ms = {vips_startup:.2f}")
print(f"{label}_pillow_box_over_ours = {pillow_box / ours_ms:.2f}")
print(f"{label}_pillow_default_over_ours = {pillow_default / ours_ms:.2f}")
print(f"{label}_pillow_box_over_ours_one_thread = {pillow_box / ours_one_ms:.2f}")
print(f"{label}_vips_minus_startup_over_ours = {max(0.0, vips_ms - vips_startup) / ours_ms:.2f}")
PY
done
