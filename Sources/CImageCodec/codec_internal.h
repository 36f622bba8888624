// Shared by the decoders of this target; not part of the public header.
#ifndef VITRINE_CODEC_INTERNAL_H
#define VITRINE_CODEC_INTERNAL_H

#include "image_codec.h"

#include <stddef.h>
#include <stdint.h>

/// Counts the bytes of pixel buffers a decode holds, so the benchmark can report a peak that
/// does not depend on the allocator or on other threads.
typedef struct {
    size_t current;
    size_t peak;
} vt_meter;

void *vt_meter_alloc(vt_meter *meter, size_t size);
void *vt_meter_calloc(vt_meter *meter, size_t size);
void vt_meter_free(vt_meter *meter, void *pointer, size_t size);

/// Area-averaging (box) downscaler fed one premultiplied RGBA8 row at a time. The source
/// region [crop_x, crop_x + crop_width) x [crop_y, crop_y + crop_height) (fractional, in the
/// coordinates of the incoming rows) maps onto out_width x out_height. Every source pixel
/// adds its colour weighted by the area it covers in an output pixel; an output row is
/// written as soon as no later source row can touch it, so only two accumulator rows live.
typedef struct vt_box_scaler vt_box_scaler;

vt_status vt_box_scaler_create(vt_meter *meter, int src_width, int src_height, double crop_x, double crop_y,
                               double crop_width, double crop_height, int out_width, int out_height,
                               vt_box_scaler **scaler);
/// Feeds source row `y` (rows must come in order; rows outside the crop are ignored).
void vt_box_scaler_push(vt_box_scaler *scaler, int y, const uint8_t *rgba);
/// Writes any rows not written yet and hands over the output (RGBA8, premultiplied).
uint8_t *vt_box_scaler_finish(vt_box_scaler *scaler);
/// Frees the scaler and, unless `vt_box_scaler_finish` took it, its output.
void vt_box_scaler_destroy(vt_box_scaler *scaler);

/// Layout choices of the one JPEG encoder; zeros mean libjpeg's defaults (4:2:0, no restarts).
typedef struct {
    int luma_h, luma_v;  // sampling factors of the first component (chroma stays 1x1)
    int restart_rows;    // a restart marker every this many MCU rows
    int optimize_coding; // Huffman tables made for the image (libjpeg's optimize_coding)
} vt_jpeg_layout;

/// Encodes `components`-byte pixels of a libjpeg colour space (`J_COLOR_SPACE`), with an
/// optional APP1 (EXIF) marker and layout (NULL: defaults): the one JPEG encoder behind the
/// public and test encoders.
vt_status vt_jpeg_encode_components(const uint8_t *pixels, int width, int height, int components,
                                     int color_space, int quality, int progressive,
                                     const uint8_t *app1, size_t app1_size, const vt_jpeg_layout *layout,
                                     uint8_t **out, size_t *out_size);

/// Premultiplies a row of straight-alpha RGBA8 in place.
void vt_premultiply_row(uint8_t *rgba, int width);

/// Returns the EXIF orientation (1...8) found in an APP1 payload, or 1.
int vt_exif_orientation(const uint8_t *payload, size_t length);

/// Applies an EXIF orientation to an RGBA8 image; returns a new buffer (NULL when out of
/// memory) and the display size.
uint8_t *vt_apply_orientation(vt_meter *meter, const uint8_t *pixels, int width, int height, int orientation,
                              int *out_width, int *out_height);

/// Computes the centred crop in the decoded coordinates of a `decoded_width` x `decoded_height`
/// image made from a `width` x `height` one.
void vt_centred_crop(const vt_decode_request *request, int width, int height, int decoded_width,
                     int decoded_height, double *x, double *y, double *crop_width, double *crop_height);

vt_status vt_jpeg_read_info(const uint8_t *data, size_t size, vt_image_info *info);
vt_status vt_png_read_info(const uint8_t *data, size_t size, vt_image_info *info);
vt_status vt_jpeg_decode(const uint8_t *data, size_t size, const vt_decode_request *request, vt_meter *meter,
                         uint8_t **pixels, int *width, int *height, int *orientation, int *route);
vt_status vt_png_decode(const uint8_t *data, size_t size, const vt_decode_request *request, vt_meter *meter,
                        uint8_t **pixels, int *width, int *height);

#endif
