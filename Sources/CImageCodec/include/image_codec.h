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

/// Releases a buffer returned by this target.
void vt_free(void *pointer);

#ifdef __cplusplus
}
#endif

#endif
