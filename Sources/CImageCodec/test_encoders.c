// TEST ONLY: encoders for the variants the decoder must handle (CMYK JPEG, EXIF orientation,
// every PNG colour type and depth) so tests can make their own images. Not used at runtime.
#include "image_codec.h"
#include "codec_internal.h"

#include <stdio.h>
#include <jpeglib.h>
#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

vt_status vt_test_jpeg_encode_cmyk(const uint8_t *cmyk, int width, int height, int quality,
                                   uint8_t **out, size_t *out_size) {
    return vt_jpeg_encode_components(cmyk, width, height, 4, JCS_CMYK, quality, 0, NULL, 0, NULL, out, out_size);
}

vt_status vt_test_jpeg_encode_rgb_oriented(const uint8_t *rgb, int width, int height, int orientation,
                                           int big_endian, uint8_t **out, size_t *out_size) {
    // "Exif\0\0", TIFF header, IFD0 with one entry (0x0112, SHORT, 1, value), next IFD = 0.
    uint8_t exif[6 + 8 + 2 + 12 + 4];
    memset(exif, 0, sizeof exif);
    memcpy(exif, "Exif\0\0", 6);
    uint8_t *t = exif + 6;
    #define PUT16(p, v) do { if (big_endian) { (p)[0] = (uint8_t)((v) >> 8); (p)[1] = (uint8_t)(v); } \
                             else { (p)[0] = (uint8_t)(v); (p)[1] = (uint8_t)((v) >> 8); } } while (0)
    t[0] = t[1] = big_endian ? 'M' : 'I';
    PUT16(t + 2, 42);
    PUT16(t + 4 + (big_endian ? 2 : 0), 8); // IFD0 offset 8 as a 32-bit value
    PUT16(t + 8, 1);
    PUT16(t + 10, 0x0112);
    PUT16(t + 12, 3);
    PUT16(t + 14 + (big_endian ? 2 : 0), 1); // count 1 as a 32-bit value
    PUT16(t + 18, orientation);
    #undef PUT16
    return vt_jpeg_encode_components(rgb, width, height, 3, JCS_RGB, 95, 0, exif, sizeof exif, NULL, out, out_size);
}

vt_status vt_test_jpeg_encode_layout(const uint8_t *rgb, int width, int height, int quality, int luma_h,
                                     int luma_v, int restart_rows, int optimize_coding, uint8_t **out,
                                     size_t *out_size) {
    const vt_jpeg_layout layout = {luma_h, luma_v, restart_rows, optimize_coding};
    return vt_jpeg_encode_components(rgb, width, height, 3, JCS_RGB, quality, 0, NULL, 0, &layout, out, out_size);
}

struct vt_test_png_sink {
    uint8_t *data;
    size_t size, capacity;
};

static void vt_test_png_write(png_structp png, png_bytep bytes, png_size_t length) {
    struct vt_test_png_sink *sink = (struct vt_test_png_sink *)png_get_io_ptr(png);
    if (sink->size + length > sink->capacity) {
        size_t capacity = sink->capacity ? sink->capacity * 2 : 4096;
        while (capacity < sink->size + length) capacity *= 2;
        uint8_t *grown = realloc(sink->data, capacity);
        if (!grown) png_error(png, "out of memory");
        sink->data = grown;
        sink->capacity = capacity;
    }
    memcpy(sink->data + sink->size, bytes, length);
    sink->size += length;
}

static void vt_test_png_flush(png_structp png) { (void)png; }

vt_status vt_test_png_encode(const uint8_t *rows, int width, int height, int color_type, int bit_depth,
                             int interlaced, const uint8_t *palette, int palette_count,
                             const uint8_t *trns, int trns_count, const int *trns_key,
                             uint8_t **out, size_t *out_size) {
    if (!rows || width <= 0 || height <= 0 || !out || !out_size) return VT_ERR_ARGUMENT;
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    if (!png) return VT_ERR_NO_MEMORY;
    png_infop info = png_create_info_struct(png);
    if (!info) { png_destroy_write_struct(&png, NULL); return VT_ERR_NO_MEMORY; }
    struct vt_test_png_sink sink = {0};
    struct vt_test_png_sink *volatile sink_ref = &sink;
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        free(sink_ref->data);
        return VT_ERR_ARGUMENT;
    }
    png_set_write_fn(png, &sink, vt_test_png_write, vt_test_png_flush);
    png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height, bit_depth, color_type,
                 interlaced ? PNG_INTERLACE_ADAM7 : PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
                 PNG_FILTER_TYPE_DEFAULT);
    if (palette && palette_count > 0) {
        png_color colors[256];
        for (int i = 0; i < palette_count && i < 256; i++) {
            colors[i].red = palette[i * 3];
            colors[i].green = palette[i * 3 + 1];
            colors[i].blue = palette[i * 3 + 2];
        }
        png_set_PLTE(png, info, colors, palette_count);
    }
    if (trns && trns_count > 0) png_set_tRNS(png, info, trns, trns_count, NULL);
    if (trns_key && trns_key[0] >= 0) {
        png_color_16 key = {0, (png_uint_16)trns_key[1], (png_uint_16)trns_key[2], (png_uint_16)trns_key[3],
                            (png_uint_16)trns_key[0]};
        png_set_tRNS(png, info, NULL, 0, &key);
    }
    png_write_info(png, info);
    int channels = 1;
    switch (color_type) {
    case PNG_COLOR_TYPE_RGB: channels = 3; break;
    case PNG_COLOR_TYPE_RGB_ALPHA: channels = 4; break;
    case PNG_COLOR_TYPE_GRAY_ALPHA: channels = 2; break;
    default: channels = 1; break;
    }
    const size_t stride = ((size_t)width * (size_t)channels * (size_t)bit_depth + 7) / 8;
    png_bytep *pointers = malloc(sizeof(png_bytep) * (size_t)height);
    if (!pointers) png_error(png, "out of memory");
    for (int y = 0; y < height; y++) pointers[y] = (png_bytep)(rows + stride * (size_t)y);
    png_write_image(png, pointers); // handles the interlace passes itself
    free(pointers);
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    *out = sink.data;
    *out_size = sink.size;
    return VT_OK;
}
