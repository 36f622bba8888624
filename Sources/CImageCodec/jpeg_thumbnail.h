// The thumbnail decoder for baseline JPEGs (jpeg_thumbnail.c); private to this target.
#ifndef VITRINE_JPEG_THUMBNAIL_H
#define VITRINE_JPEG_THUMBNAIL_H

#include "codec_internal.h"

#include <stdio.h>
#include <jpeglib.h>

/// What `vt_jpeg_thumbnail_decode` did.
typedef enum {
    /// The output is in `*pixels`.
    VT_THUMBNAIL_DONE = 0,
    /// Not a file this decoder takes, or something in it was off (a bad code, a cut, a value
    /// out of range): nothing was produced and libjpeg-turbo should decode it, which also
    /// gives the exact error.
    VT_THUMBNAIL_DECLINED = 1,
    /// An allocation failed.
    VT_THUMBNAIL_NO_MEMORY = 2,
} vt_thumbnail_outcome;

/// Decodes a baseline, Huffman-coded, 8-bit JPEG (grey, or YCbCr with chroma at 1x1 and luma
/// at 1x1, 2x1, 1x2 or 2x2; no restart markers) at 1/4 or 1/8 of its size (`denominator`)
/// and resamples it to the request's output, the same way the libjpeg-turbo path does.
/// `cinfo` has read the header (up to the first scan) from `data`, whose scan it reads by
/// itself. Each block becomes the means of its 4x4 quadrants (or its mean at 1/8) straight
/// from the coefficients as they are decoded. With `threads` >= 2 a helper thread decodes
/// stretches of the scan ahead of this one, each from a guessed state, into a ring of at most
/// 128 KiB; a stretch is used from the first MCU where both decoders agree on the bit position
/// (Huffman codes resynchronise), so the result is the same bytes as with one thread.
/// `*used_helper` says whether any of the helper's work was used.
vt_thumbnail_outcome vt_jpeg_thumbnail_decode(struct jpeg_decompress_struct *cinfo, const uint8_t *data,
                                              size_t size, int denominator, int threads,
                                              const vt_decode_request *request, vt_meter *meter,
                                              uint8_t **pixels, int *used_helper);

#endif
