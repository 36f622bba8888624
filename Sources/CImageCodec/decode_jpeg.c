// JPEG decoding over libjpeg-turbo. Every library error longjmps back to the function that
// called setjmp and becomes a vt_status; nothing of setjmp/longjmp crosses into Swift.
#include "codec_internal.h"
#include "jpeg_thumbnail.h"

#include <stdio.h>
#include <jpeglib.h>
#include <jerror.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

struct vt_jpeg_decode_error {
    struct jpeg_error_mgr base;
    jmp_buf jump;
    int truncated; // the source ran dry: libjpeg inserted a fake EOI and warned
    int corrupt;   // a warning that means damaged entropy-coded data
    int no_memory; // an allocation failed (ours or libjpeg's)
    int garbage;   // bytes that belong to no marker: running dry after them is damage, not a cut
};

static void vt_jpeg_decode_error_exit(j_common_ptr cinfo) {
    struct vt_jpeg_decode_error *error = (struct vt_jpeg_decode_error *)cinfo->err;
    if (cinfo->err->msg_code == JERR_OUT_OF_MEMORY) error->no_memory = 1;
    longjmp(error->jump, 1);
}

// Warnings do not stop libjpeg; they are recorded here and turned into errors afterwards, so
// a truncated or damaged file is reported instead of decoded to grey. Nothing is printed.
static void vt_jpeg_decode_emit_message(j_common_ptr cinfo, int level) {
    if (level != -1) return;
    struct vt_jpeg_decode_error *error = (struct vt_jpeg_decode_error *)cinfo->err;
    switch (cinfo->err->msg_code) {
    case JWRN_JPEG_EOF: error->truncated = 1; break;
    case JWRN_HIT_MARKER:
    case JWRN_HUFF_BAD_CODE:
    case JWRN_MUST_RESYNC:
    case JWRN_NOT_SEQUENTIAL:
    case JWRN_BOGUS_PROGRESSION:
    case JWRN_ARITH_BAD_CODE: error->corrupt = 1; break;
    case JWRN_EXTRANEOUS_DATA: error->garbage = 1; break;
    default: break; // benign: unknown JFIF version, odd ICC data
    }
}

static void vt_jpeg_decode_silence(j_common_ptr cinfo) { (void)cinfo; }

static int vt_jpeg_orientation_of(j_decompress_ptr cinfo) {
    for (jpeg_saved_marker_ptr marker = cinfo->marker_list; marker; marker = marker->next) {
        if (marker->marker != JPEG_APP0 + 1) continue;
        int orientation = vt_exif_orientation(marker->data, marker->data_length);
        if (orientation != 1) return orientation;
    }
    return 1;
}

static vt_status vt_jpeg_status_after_error(const struct vt_jpeg_decode_error *error) {
    if (error->no_memory) return VT_ERR_NO_MEMORY;
    return error->truncated && !error->garbage ? VT_ERR_TRUNCATED : VT_ERR_CORRUPT;
}

static void vt_jpeg_prepare(struct jpeg_decompress_struct *cinfo, struct vt_jpeg_decode_error *error) {
    memset(cinfo, 0, sizeof *cinfo); // destroying it is safe even if creating it failed
    cinfo->err = jpeg_std_error(&error->base);
    error->base.error_exit = vt_jpeg_decode_error_exit;
    error->base.emit_message = vt_jpeg_decode_emit_message;
    error->base.output_message = vt_jpeg_decode_silence;
    error->truncated = 0;
    error->corrupt = 0;
    error->no_memory = 0;
    error->garbage = 0;
}

/// Reads the header from `data`, keeping APP1 (EXIF) segments. Call after setjmp: libjpeg
/// errors longjmp to it. Returns 0 when the data ends before the first scan.
static int vt_jpeg_read_header(struct jpeg_decompress_struct *cinfo, const uint8_t *data, size_t size) {
    jpeg_create_decompress(cinfo);
    jpeg_mem_src(cinfo, data, (unsigned long)size);
    jpeg_save_markers(cinfo, JPEG_APP0 + 1, 0xFFFF);
    return jpeg_read_header(cinfo, TRUE) == JPEG_HEADER_OK;
}

vt_status vt_jpeg_read_info(const uint8_t *data, size_t size, vt_image_info *info) {
    struct jpeg_decompress_struct cinfo;
    struct vt_jpeg_decode_error error;
    vt_jpeg_prepare(&cinfo, &error);
    if (setjmp(error.jump)) {
        jpeg_destroy_decompress(&cinfo);
        return vt_jpeg_status_after_error(&error);
    }
    if (!vt_jpeg_read_header(&cinfo, data, size)) {
        jpeg_destroy_decompress(&cinfo);
        return VT_ERR_TRUNCATED;
    }
    info->width = (int)cinfo.image_width;
    info->height = (int)cinfo.image_height;
    info->orientation = vt_jpeg_orientation_of(&cinfo);
    info->has_alpha = 0;
    jpeg_destroy_decompress(&cinfo);
    return error.truncated ? VT_ERR_TRUNCATED : VT_OK;
}

// CMYK to RGBA in place (4 bytes in, 4 out). Adobe (Photoshop) files store inverted ink,
// so 255 means no ink; without the Adobe marker 0 means no ink.
static void vt_cmyk_to_rgba(uint8_t *p, int width, int inverted) {
    for (int x = 0; x < width; x++, p += 4) {
        unsigned c = p[0], m = p[1], y = p[2], k = p[3];
        if (!inverted) { c = 255 - c; m = 255 - m; y = 255 - y; k = 255 - k; }
        p[0] = (uint8_t)((c * k + 127) / 255);
        p[1] = (uint8_t)((m * k + 127) / 255);
        p[2] = (uint8_t)((y * k + 127) / 255);
        p[3] = 255;
    }
}

vt_status vt_jpeg_decode(const uint8_t *data, size_t size, const vt_decode_request *request, vt_meter *meter,
                         uint8_t **pixels, int *out_width, int *out_height, int *out_orientation, int *route) {
    *route = 0;
    struct jpeg_decompress_struct cinfo;
    struct vt_jpeg_decode_error error;
    // volatile: assigned between setjmp and a possible longjmp, read after it.
    uint8_t *volatile row = NULL;
    uint8_t *volatile bitmap = NULL;
    volatile size_t row_bytes = 0, bitmap_bytes = 0;
    vt_box_scaler *volatile scaler = NULL;
    vt_jpeg_prepare(&cinfo, &error);
    if (setjmp(error.jump)) {
        vt_box_scaler_destroy(scaler);
        vt_meter_free(meter, row, row_bytes);
        vt_meter_free(meter, bitmap, bitmap_bytes);
        jpeg_destroy_decompress(&cinfo);
        return vt_jpeg_status_after_error(&error);
    }
    if (!vt_jpeg_read_header(&cinfo, data, size)) {
        jpeg_destroy_decompress(&cinfo);
        return VT_ERR_TRUNCATED;
    }
    const int width = (int)cinfo.image_width, height = (int)cinfo.image_height;
    // The pixel limit is checked here, from the header, before any pixel buffer exists.
    if ((uint64_t)width * (uint64_t)height > request->max_pixels) {
        jpeg_destroy_decompress(&cinfo);
        return VT_ERR_TOO_LARGE;
    }
    const int orientation = vt_jpeg_orientation_of(&cinfo);
    const int cmyk = cinfo.jpeg_color_space == JCS_CMYK || cinfo.jpeg_color_space == JCS_YCCK;
    cinfo.out_color_space = cmyk ? JCS_CMYK : JCS_EXT_RGBA; // grey expands to RGBA in libjpeg
    // The largest DCT scaling that keeps the decoded crop at least twice the output.
    double crop_w = request->crop_width > 0 && request->crop_width < width ? request->crop_width : width;
    double crop_h = request->crop_height > 0 && request->crop_height < height ? request->crop_height : height;
    unsigned denominator = 1;
    if (!request->full_decode) {
        for (unsigned d = 8; d >= 2; d /= 2) {
            if (crop_w / d >= 2.0 * request->out_width && crop_h / d >= 2.0 * request->out_height) {
                denominator = d;
                break;
            }
        }
    }
    if (denominator >= 4 && !request->reference_jpeg) {
        uint8_t *thumbnail = NULL;
        int used_helper = 0;
        switch (vt_jpeg_thumbnail_decode(&cinfo, data, size, (int)denominator, request->threads, request, meter,
                                         &thumbnail, &used_helper)) {
        case VT_THUMBNAIL_DONE:
            *route = used_helper ? 2 : 1;
            jpeg_destroy_decompress(&cinfo);
            *pixels = thumbnail;
            *out_width = request->out_width;
            *out_height = request->out_height;
            *out_orientation = orientation;
            return VT_OK;
        case VT_THUMBNAIL_NO_MEMORY:
            jpeg_destroy_decompress(&cinfo);
            return VT_ERR_NO_MEMORY;
        case VT_THUMBNAIL_DECLINED:
            break; // libjpeg-turbo below: the file is unusual, or damaged and it names the error
        }
    }
    cinfo.scale_num = 1;
    cinfo.scale_denom = denominator;
    if (denominator > 1) {
        // At least 2x2 decoded pixels average into each output pixel, which hides the
        // difference of the fast IDCT and of plain chroma upsampling.
        cinfo.dct_method = JDCT_IFAST;
        cinfo.do_fancy_upsampling = FALSE;
    }
    jpeg_start_decompress(&cinfo);
    const int decoded_width = (int)cinfo.output_width, decoded_height = (int)cinfo.output_height;
    double x, y, cw, ch;
    vt_centred_crop(request, width, height, decoded_width, decoded_height, &x, &y, &cw, &ch);
    vt_box_scaler *made = NULL;
    vt_status status = vt_box_scaler_create(meter, decoded_width, decoded_height, x, y, cw, ch, request->out_width,
                                            request->out_height, &made);
    if (status != VT_OK) {
        jpeg_destroy_decompress(&cinfo);
        return status;
    }
    scaler = made;
    const size_t stride = (size_t)decoded_width * 4;
    if (request->full_decode) {
        // Benchmark baseline: the whole bitmap first, then the same resample.
        bitmap_bytes = stride * (size_t)decoded_height;
        bitmap = vt_meter_alloc(meter, bitmap_bytes);
        if (!bitmap) { error.no_memory = 1; longjmp(error.jump, 1); }
        while (cinfo.output_scanline < cinfo.output_height) {
            JSAMPROW target = (JSAMPROW)(bitmap + stride * cinfo.output_scanline);
            jpeg_read_scanlines(&cinfo, &target, 1);
        }
        for (int r = 0; r < decoded_height; r++) {
            uint8_t *line = bitmap + stride * (size_t)r;
            if (cmyk) vt_cmyk_to_rgba(line, decoded_width, cinfo.saw_Adobe_marker);
            vt_box_scaler_push(scaler, r, line);
        }
    } else {
        row_bytes = stride;
        row = vt_meter_alloc(meter, row_bytes);
        if (!row) { error.no_memory = 1; longjmp(error.jump, 1); }
        while (cinfo.output_scanline < cinfo.output_height) {
            const int r = (int)cinfo.output_scanline;
            JSAMPROW target = (JSAMPROW)row;
            jpeg_read_scanlines(&cinfo, &target, 1);
            if (cmyk) vt_cmyk_to_rgba(row, decoded_width, cinfo.saw_Adobe_marker);
            vt_box_scaler_push(scaler, r, row);
        }
    }
    jpeg_finish_decompress(&cinfo);
    if (error.truncated || error.corrupt) longjmp(error.jump, 1);
    *pixels = vt_box_scaler_finish(scaler);
    *out_width = request->out_width;
    *out_height = request->out_height;
    *out_orientation = orientation;
    vt_box_scaler_destroy(scaler);
    vt_meter_free(meter, row, row_bytes);
    vt_meter_free(meter, bitmap, bitmap_bytes);
    jpeg_destroy_decompress(&cinfo);
    return VT_OK;
}
