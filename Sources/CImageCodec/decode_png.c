// PNG decoding over libpng. Errors longjmp back to the function that called setjmp and
// become a vt_status. Every colour type is normalised by libpng's own transforms to 8-bit
// RGBA; alpha is premultiplied row by row before the rows reach the downscaler.
#include "codec_internal.h"

#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

struct vt_png_source {
    const uint8_t *data;
    size_t size;
    size_t offset;
    int truncated;
    int no_memory;
};

static void vt_png_read(png_structp png, png_bytep out, png_size_t length) {
    struct vt_png_source *source = (struct vt_png_source *)png_get_io_ptr(png);
    if (length > source->size - source->offset) {
        source->truncated = 1;
        png_error(png, "truncated");
    }
    memcpy(out, source->data + source->offset, length);
    source->offset += length;
}

static void vt_png_error(png_structp png, png_const_charp message) {
    (void)message;
    png_longjmp(png, 1);
}

static void vt_png_warning(png_structp png, png_const_charp message) { (void)png; (void)message; }

static vt_status vt_png_status_after_error(const struct vt_png_source *source) {
    if (source->no_memory) return VT_ERR_NO_MEMORY;
    return source->truncated ? VT_ERR_TRUNCATED : VT_ERR_CORRUPT;
}

vt_status vt_png_read_info(const uint8_t *data, size_t size, vt_image_info *info) {
    struct vt_png_source source = {data, size, 0, 0, 0};
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, NULL, vt_png_error, vt_png_warning);
    if (!png) return VT_ERR_NO_MEMORY;
    png_infop pinfo = png_create_info_struct(png);
    if (!pinfo) { png_destroy_read_struct(&png, NULL, NULL); return VT_ERR_NO_MEMORY; }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_read_struct(&png, &pinfo, NULL);
        return vt_png_status_after_error(&source);
    }
    png_set_read_fn(png, &source, vt_png_read);
    png_read_info(png, pinfo);
    info->width = (int)png_get_image_width(png, pinfo);
    info->height = (int)png_get_image_height(png, pinfo);
    info->orientation = 1;
    const int color = png_get_color_type(png, pinfo);
    info->has_alpha = (color & PNG_COLOR_MASK_ALPHA) || png_get_valid(png, pinfo, PNG_INFO_tRNS);
    png_destroy_read_struct(&png, &pinfo, NULL);
    return VT_OK;
}

vt_status vt_png_decode(const uint8_t *data, size_t size, const vt_decode_request *request, vt_meter *meter,
                        uint8_t **pixels, int *out_width, int *out_height) {
    struct vt_png_source source = {data, size, 0, 0, 0};
    // volatile: assigned between setjmp and a possible longjmp, read after it.
    uint8_t *volatile row = NULL;
    uint8_t *volatile bitmap = NULL;
    png_bytep *volatile row_pointers = NULL;
    volatile size_t row_bytes = 0, bitmap_bytes = 0, pointers_bytes = 0;
    vt_box_scaler *volatile scaler = NULL;
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, NULL, vt_png_error, vt_png_warning);
    if (!png) return VT_ERR_NO_MEMORY;
    png_infop info = png_create_info_struct(png);
    if (!info) { png_destroy_read_struct(&png, NULL, NULL); return VT_ERR_NO_MEMORY; }
    if (setjmp(png_jmpbuf(png))) {
        vt_box_scaler_destroy(scaler);
        vt_meter_free(meter, row, row_bytes);
        vt_meter_free(meter, bitmap, bitmap_bytes);
        vt_meter_free(meter, row_pointers, pointers_bytes);
        png_destroy_read_struct(&png, &info, NULL);
        return vt_png_status_after_error(&source);
    }
    png_set_read_fn(png, &source, vt_png_read);
    png_read_info(png, info);
    const int width = (int)png_get_image_width(png, info), height = (int)png_get_image_height(png, info);
    // The pixel limit is checked here, from IHDR, before any pixel buffer exists.
    if ((uint64_t)width * (uint64_t)height > request->max_pixels) {
        png_destroy_read_struct(&png, &info, NULL);
        return VT_ERR_TOO_LARGE;
    }
    const int color = png_get_color_type(png, info);
    png_set_expand(png);   // palette -> RGB, grey < 8 bits -> 8 bits, tRNS -> alpha
    png_set_strip_16(png); // 16 -> 8 bits a sample
    if (!(color & PNG_COLOR_MASK_COLOR)) png_set_gray_to_rgb(png);
    if (!(color & PNG_COLOR_MASK_ALPHA) && !png_get_valid(png, info, PNG_INFO_tRNS)) {
        png_set_filler(png, 0xFF, PNG_FILLER_AFTER);
    }
    const int passes = png_set_interlace_handling(png);
    png_read_update_info(png, info);
    const size_t stride = (size_t)width * 4;
    if (png_get_rowbytes(png, info) != stride) png_error(png, "unexpected row layout");
    double x, y, cw, ch;
    vt_centred_crop(request, width, height, width, height, &x, &y, &cw, &ch);
    vt_box_scaler *made = NULL;
    vt_status status = vt_box_scaler_create(meter, width, height, x, y, cw, ch, request->out_width,
                                            request->out_height, &made);
    if (status != VT_OK) {
        png_destroy_read_struct(&png, &info, NULL);
        return status;
    }
    scaler = made;
    if (passes > 1 || request->full_decode) {
        // Interlaced passes fill the whole image progressively, so it must be held; the
        // benchmark baseline holds it on purpose.
        bitmap_bytes = stride * (size_t)height;
        pointers_bytes = sizeof(png_bytep) * (size_t)height;
        bitmap = vt_meter_alloc(meter, bitmap_bytes);
        row_pointers = vt_meter_alloc(meter, pointers_bytes);
        if (!bitmap || !row_pointers) { source.no_memory = 1; png_error(png, "out of memory"); }
        for (int r = 0; r < height; r++) row_pointers[r] = bitmap + stride * (size_t)r;
        png_read_image(png, row_pointers);
        for (int r = 0; r < height; r++) {
            vt_premultiply_row(row_pointers[r], width);
            vt_box_scaler_push(scaler, r, row_pointers[r]);
        }
    } else {
        row_bytes = stride;
        row = vt_meter_alloc(meter, row_bytes);
        if (!row) { source.no_memory = 1; png_error(png, "out of memory"); }
        for (int r = 0; r < height; r++) {
            png_read_row(png, row, NULL);
            vt_premultiply_row(row, width);
            vt_box_scaler_push(scaler, r, row);
        }
    }
    png_read_end(png, NULL); // checks the trailing chunks, so a cut-off file is reported
    *pixels = vt_box_scaler_finish(scaler);
    *out_width = request->out_width;
    *out_height = request->out_height;
    vt_box_scaler_destroy(scaler);
    vt_meter_free(meter, row, row_bytes);
    vt_meter_free(meter, bitmap, bitmap_bytes);
    vt_meter_free(meter, row_pointers, pointers_bytes);
    png_destroy_read_struct(&png, &info, NULL);
    return VT_OK;
}
