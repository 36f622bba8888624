#ifndef VITRINE_IMAGE_CODEC_H
#define VITRINE_IMAGE_CODEC_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Result codes shared by every function of this target. setjmp/longjmp never leave C:
/// library errors come back as one of these codes, with a message in `error` when given.
typedef enum {
    VT_OK = 0,
    VT_ERR_CORRUPT = 1,
    VT_ERR_TRUNCATED = 2,
    VT_ERR_UNSUPPORTED = 3,
    VT_ERR_TOO_LARGE = 4,
    VT_ERR_NO_MEMORY = 5,
    VT_ERR_ARGUMENT = 6,
} vt_status;

/// Encodes 8-bit RGB (3 bytes a pixel, rows packed) as a baseline JPEG, or a progressive one
/// when `progressive` is non-zero. On success `*out` is malloc'ed and owned by the caller
/// (release it with `vt_free`).
vt_status vt_jpeg_encode_rgb(const uint8_t *rgb, int width, int height, int quality, int progressive,
                             uint8_t **out, size_t *out_size);

/// Encodes 8-bit grayscale (1 byte a pixel) as a JPEG.
vt_status vt_jpeg_encode_gray(const uint8_t *gray, int width, int height, int quality,
                              uint8_t **out, size_t *out_size);

/// Encodes 8-bit RGBA (4 bytes a pixel, straight alpha) as a PNG.
vt_status vt_png_encode_rgba(const uint8_t *rgba, int width, int height,
                             uint8_t **out, size_t *out_size);

// MARK: - Decoding

/// What a header says, read without decoding any pixel.
typedef struct {
    /// Size as stored in the file, before EXIF orientation is applied.
    int width;
    int height;
    /// EXIF orientation 1...8 (1 when absent or not JPEG). 5...8 swap width and height.
    int orientation;
    /// Non-zero when the image can carry transparency (PNG alpha, tRNS).
    int has_alpha;
} vt_image_info;

/// Reads the header of a JPEG or PNG (`VT_ERR_UNSUPPORTED` for anything else).
vt_status vt_image_read_info(const uint8_t *data, size_t size, vt_image_info *info);

/// How to decode: the centred crop to keep and the output size, both in stored orientation.
typedef struct {
    /// Width and height of the centred part of the stored image to keep (fill crops; fit
    /// keeps everything). Clamped to the image.
    double crop_width;
    double crop_height;
    /// Output size in stored orientation; each side at most the crop's side (never upscales).
    int out_width;
    int out_height;
    /// The header's width x height must not exceed this, checked before any pixel buffer exists.
    uint64_t max_pixels;
    /// Benchmark baseline: decode at full size into one whole bitmap (no DCT scaling, no
    /// streaming), then run the same resample. Leave 0 in real use.
    int full_decode;
    /// Threads one JPEG thumbnail decode may use: 0 or 1 for the calling thread alone, 2 or
    /// more to let one helper thread decode stretches of a large baseline scan ahead of it
    /// (same output; the helper adds a fixed ring of at most 128 KiB).
    int threads;
    /// Tests: with two threads, each of the helper's stretches is decoded to its end before
    /// the calling thread looks at it, so which MCUs the helper's work stands in for does not
    /// depend on scheduling (same output). Leave 0 in real use.
    int helper_in_step;
    /// Tests and benchmarks: decode JPEGs through libjpeg-turbo's own DCT scaling even where
    /// the thumbnail decoder (jpeg_thumbnail.c) would take the file.
    int reference_jpeg;
} vt_decode_request;

/// A decoded image: RGBA8, premultiplied alpha, rows packed (`width * 4` bytes a row), with
/// the EXIF orientation already applied (so `width`/`height` are the display size).
typedef struct {
    uint8_t *pixels; /* malloc'ed; release with vt_free */
    int width;
    int height;
    /// The largest number of bytes of pixel buffers (rows, accumulators, bitmaps, output) this
    /// call held at once. Excludes the codecs' own internal state.
    size_t peak_pixel_bytes;
    /// Which decoder made the pixels: 0 libjpeg-turbo or libpng, 1 the JPEG thumbnail decoder
    /// alone, 2 the thumbnail decoder with MCUs its helper thread decoded.
    int route;
} vt_decode_result;

/// Decodes a JPEG or PNG straight to `request`'s output size. JPEGs use the decoder's own
/// DCT scaling (1/2, 1/4, 1/8) while keeping at least twice the output size; rows stream
/// through an area-averaging (box) downscaler, so a full-resolution bitmap is never held
/// (except for interlaced PNGs, whose passes need it). Errors: VT_ERR_TOO_LARGE (pixel limit,
/// from the header), VT_ERR_TRUNCATED, VT_ERR_CORRUPT, VT_ERR_UNSUPPORTED, VT_ERR_NO_MEMORY.
vt_status vt_image_decode(const uint8_t *data, size_t size, const vt_decode_request *request,
                          vt_decode_result *result);

// MARK: - Test-only encoders (for tests that make the variants they decode)

/// TEST ONLY. Encodes CMYK (4 bytes a pixel, Adobe/Photoshop convention: stored inverted,
/// 255 = no ink) as a JPEG with an Adobe marker.
vt_status vt_test_jpeg_encode_cmyk(const uint8_t *cmyk, int width, int height, int quality,
                                   uint8_t **out, size_t *out_size);

/// TEST ONLY. Encodes RGB as a baseline YCbCr JPEG with luma sampled `luma_h` x `luma_v`
/// (1 or 2 each; chroma 1x1), when `restart_rows` > 0 a restart marker every that many MCU
/// rows, and with `optimize_coding` Huffman tables made for the image instead of the standard
/// ones (so a frequent symbol such as sixteen zeros gets a short code).
vt_status vt_test_jpeg_encode_layout(const uint8_t *rgb, int width, int height, int quality, int luma_h,
                                     int luma_v, int restart_rows, int optimize_coding, uint8_t **out,
                                     size_t *out_size);

/// TEST ONLY. Encodes RGB as a JPEG carrying an EXIF APP1 segment with `orientation` (1...8),
/// in big-endian ("MM") byte order when `big_endian` is non-zero, little-endian otherwise.
vt_status vt_test_jpeg_encode_rgb_oriented(const uint8_t *rgb, int width, int height, int orientation,
                                           int big_endian, uint8_t **out, size_t *out_size);

/// TEST ONLY. Encodes raw PNG rows as given (`rows` packed as libpng expects for the colour
/// type and bit depth; 16-bit samples big-endian). `palette` holds `palette_count` RGB
/// triples, `trns` holds `trns_count` bytes (palette alpha) or one 16-bit gray/RGB key as
/// libpng's png_color_16 fields in `trns_key` (gray, red, green, blue; -1 to omit).
vt_status vt_test_png_encode(const uint8_t *rows, int width, int height, int color_type, int bit_depth,
                             int interlaced, const uint8_t *palette, int palette_count,
                             const uint8_t *trns, int trns_count, const int *trns_key,
                             uint8_t **out, size_t *out_size);

/// TEST ONLY. Holds the JPEG thumbnail decoder's entropy decoding to libjpeg-turbo's, block by
/// block, on a file it takes at 1/`denominator` (4 or 8): each block's DC difference must be
/// the same, and each reduced sample (in eighths of a level) within 1 of the one computed in
/// double precision from libjpeg's coefficients (`jpeg_read_coefficients`) with the same
/// weights (more only where float rounding of huge cancelling values allows it). Counts the
/// blocks and the blocks that differ, and gives the largest sample difference.
/// VT_ERR_UNSUPPORTED for a file the decoder does not take, VT_ERR_CORRUPT when either
/// decoder fails. Where the data ends is not judged (the full decode does that).
vt_status vt_test_jpeg_thumbnail_check(const uint8_t *data, size_t size, int denominator, size_t *blocks,
                                       size_t *mismatches, int *largest_difference);

/// TEST ONLY. Converts every YCbCr triple with the JPEG thumbnail decoder's eight-pixel
/// vector code and with libjpeg's integer arithmetic, and counts the pixels that differ.
size_t vt_test_ycc_to_rgba_check(void);

/// Hands free heap pages back to the kernel (glibc's malloc_trim). The benchmark calls it so
/// a resident-set measurement that follows sees new buffers fault in.
void vt_release_free_heap(void);

/// Releases a buffer returned by this target.
void vt_free(void *pointer);

#ifdef __cplusplus
}
#endif

#endif
