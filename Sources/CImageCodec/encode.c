// Encoders used by the backend (generated catalogue images) and by tests that make their
// own images. Every libjpeg/libpng error longjmps back here and becomes a vt_status.
#include "image_codec.h"
#include "codec_internal.h"
#include "jpeg_jump_error.h"

#include <stdio.h>
#include <jpeglib.h>
#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

void vt_free(void *pointer) { free(pointer); }

vt_status vt_jpeg_encode_components(const uint8_t *pixels, int width, int height, int components,
                                     int color_space, int quality, int progressive,
                                     const uint8_t *app1, size_t app1_size, const vt_jpeg_layout *layout,
                                     uint8_t **out, size_t *out_size) {
    if (!pixels || width <= 0 || height <= 0 || !out || !out_size) return VT_ERR_ARGUMENT;
    struct jpeg_compress_struct cinfo;
    memset(&cinfo, 0, sizeof cinfo); // destroying it is safe even if creating it failed
    vt_jpeg_jump_error error;
    unsigned char *buffer = NULL;
    unsigned long size = 0;
    cinfo.err = jpeg_std_error(&error.base);
    error.base.error_exit = vt_jpeg_jump_error_exit;
    if (setjmp(error.jump)) {
        jpeg_destroy_compress(&cinfo);
        free(buffer);
        return VT_ERR_CORRUPT;
    }
    jpeg_create_compress(&cinfo);
    jpeg_mem_dest(&cinfo, &buffer, &size);
    cinfo.image_width = (JDIMENSION)width;
    cinfo.image_height = (JDIMENSION)height;
    cinfo.input_components = components;
    cinfo.in_color_space = (J_COLOR_SPACE)color_space;
    jpeg_set_defaults(&cinfo);
    jpeg_set_quality(&cinfo, quality, TRUE);
    if (progressive) jpeg_simple_progression(&cinfo);
    if (layout && layout->luma_h > 0 && layout->luma_v > 0 && components > 1) {
        cinfo.comp_info[0].h_samp_factor = layout->luma_h;
        cinfo.comp_info[0].v_samp_factor = layout->luma_v;
    }
    if (layout && layout->restart_rows > 0) cinfo.restart_in_rows = layout->restart_rows;
    if (layout && layout->optimize_coding) cinfo.optimize_coding = TRUE;
    jpeg_start_compress(&cinfo, TRUE);
    if (app1) jpeg_write_marker(&cinfo, JPEG_APP0 + 1, app1, (unsigned)app1_size);
    const size_t stride = (size_t)width * (size_t)components;
    while (cinfo.next_scanline < cinfo.image_height) {
        JSAMPROW row = (JSAMPROW)(pixels + (size_t)cinfo.next_scanline * stride);
        jpeg_write_scanlines(&cinfo, &row, 1);
    }
    jpeg_finish_compress(&cinfo);
    jpeg_destroy_compress(&cinfo);
    *out = buffer;
    *out_size = (size_t)size;
    return VT_OK;
}

vt_status vt_jpeg_encode_rgb(const uint8_t *rgb, int width, int height, int quality, int progressive,
                             uint8_t **out, size_t *out_size) {
    return vt_jpeg_encode_components(rgb, width, height, 3, JCS_RGB, quality, progressive, NULL, 0, NULL, out, out_size);
}

vt_status vt_jpeg_encode_gray(const uint8_t *gray, int width, int height, int quality,
                              uint8_t **out, size_t *out_size) {
    return vt_jpeg_encode_components(gray, width, height, 1, JCS_GRAYSCALE, quality, 0, NULL, 0, NULL, out, out_size);
}

struct vt_png_sink {
    uint8_t *data;
    size_t size;
    size_t capacity;
    int failed;
};

static void vt_png_write(png_structp png, png_bytep bytes, png_size_t length) {
    struct vt_png_sink *sink = (struct vt_png_sink *)png_get_io_ptr(png);
    if (sink->failed) return;
    if (sink->size + length > sink->capacity) {
        size_t capacity = sink->capacity ? sink->capacity * 2 : 65536;
        while (capacity < sink->size + length) capacity *= 2;
        uint8_t *grown = realloc(sink->data, capacity);
        if (!grown) { sink->failed = 1; png_error(png, "out of memory"); return; }
        sink->data = grown;
        sink->capacity = capacity;
    }
    memcpy(sink->data + sink->size, bytes, length);
    sink->size += length;
}

static void vt_png_flush(png_structp png) { (void)png; }

vt_status vt_png_encode_rgba(const uint8_t *rgba, int width, int height,
                             uint8_t **out, size_t *out_size) {
    if (!rgba || width <= 0 || height <= 0 || !out || !out_size) return VT_ERR_ARGUMENT;
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    if (!png) return VT_ERR_NO_MEMORY;
    png_infop info = png_create_info_struct(png);
    if (!info) { png_destroy_write_struct(&png, NULL); return VT_ERR_NO_MEMORY; }
    // volatile: modified between setjmp and a possible longjmp.
    struct vt_png_sink sink = {0};
    struct vt_png_sink *volatile sink_ref = &sink;
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        free(sink_ref->data);
        return sink_ref->failed ? VT_ERR_NO_MEMORY : VT_ERR_CORRUPT;
    }
    png_set_write_fn(png, &sink, vt_png_write, vt_png_flush);
    png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height, 8, PNG_COLOR_TYPE_RGBA,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    const size_t stride = (size_t)width * 4;
    for (int y = 0; y < height; y++) {
        png_write_row(png, (png_const_bytep)(rgba + (size_t)y * stride));
    }
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    *out = sink.data;
    *out_size = sink.size;
    return VT_OK;
}
