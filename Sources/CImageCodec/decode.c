// The decoding entry points: sniff the format, refuse what is too large from the header,
// decode through the format's streaming path, then apply the EXIF orientation to the small
// output. The format-specific work lives in decode_jpeg.c and decode_png.c.
#include "codec_internal.h"

#include <stdlib.h>
#include <string.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

void vt_release_free_heap(void) {
#if defined(__GLIBC__)
    malloc_trim(0);
#endif
}

void *vt_meter_alloc(vt_meter *meter, size_t size) {
    void *pointer = malloc(size ? size : 1);
    if (pointer && meter) {
        meter->current += size;
        if (meter->current > meter->peak) meter->peak = meter->current;
    }
    return pointer;
}

void *vt_meter_calloc(vt_meter *meter, size_t size) {
    void *pointer = vt_meter_alloc(meter, size);
    if (pointer) memset(pointer, 0, size);
    return pointer;
}

void vt_meter_free(vt_meter *meter, void *pointer, size_t size) {
    if (!pointer) return;
    if (meter) meter->current = meter->current >= size ? meter->current - size : 0;
    free(pointer);
}

void vt_premultiply_row(uint8_t *p, int width) {
    for (int x = 0; x < width; x++, p += 4) {
        const unsigned a = p[3];
        if (a == 255) continue;
        // (v * a + 127) / 255, exact for 8-bit values.
        unsigned r = p[0] * a + 128, g = p[1] * a + 128, b = p[2] * a + 128;
        p[0] = (uint8_t)((r + (r >> 8)) >> 8);
        p[1] = (uint8_t)((g + (g >> 8)) >> 8);
        p[2] = (uint8_t)((b + (b >> 8)) >> 8);
    }
}

void vt_centred_crop(const vt_decode_request *request, int width, int height, int decoded_width,
                     int decoded_height, double *x, double *y, double *crop_width, double *crop_height) {
    double cw = request->crop_width, ch = request->crop_height;
    if (cw <= 0 || cw > width) cw = width;
    if (ch <= 0 || ch > height) ch = height;
    *crop_width = cw * decoded_width / width;
    *crop_height = ch * decoded_height / height;
    *x = (decoded_width - *crop_width) / 2;
    *y = (decoded_height - *crop_height) / 2;
}

static int vt_is_jpeg(const uint8_t *d, size_t n) { return n >= 3 && d[0] == 0xFF && d[1] == 0xD8 && d[2] == 0xFF; }

static int vt_is_png(const uint8_t *d, size_t n) {
    static const uint8_t signature[8] = {0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A};
    return n >= 8 && memcmp(d, signature, 8) == 0;
}

vt_status vt_image_read_info(const uint8_t *data, size_t size, vt_image_info *info) {
    if (!data || !info) return VT_ERR_ARGUMENT;
    memset(info, 0, sizeof *info);
    info->orientation = 1;
    if (vt_is_jpeg(data, size)) return vt_jpeg_read_info(data, size, info);
    if (vt_is_png(data, size)) return vt_png_read_info(data, size, info);
    return VT_ERR_UNSUPPORTED;
}

vt_status vt_image_decode(const uint8_t *data, size_t size, const vt_decode_request *request,
                          vt_decode_result *result) {
    if (!data || !request || !result || request->out_width <= 0 || request->out_height <= 0) return VT_ERR_ARGUMENT;
    memset(result, 0, sizeof *result);
    vt_meter meter = {0, 0};
    uint8_t *pixels = NULL;
    int width = 0, height = 0, orientation = 1, route = 0;
    vt_status status;
    if (vt_is_jpeg(data, size)) {
        status = vt_jpeg_decode(data, size, request, &meter, &pixels, &width, &height, &orientation, &route);
    } else if (vt_is_png(data, size)) {
        status = vt_png_decode(data, size, request, &meter, &pixels, &width, &height);
    } else {
        return VT_ERR_UNSUPPORTED;
    }
    if (status != VT_OK) return status;
    if (orientation != 1) {
        int display_width = 0, display_height = 0;
        uint8_t *oriented = vt_apply_orientation(&meter, pixels, width, height, orientation, &display_width,
                                                 &display_height);
        if (!oriented) {
            vt_meter_free(&meter, pixels, (size_t)width * (size_t)height * 4);
            return VT_ERR_NO_MEMORY;
        }
        vt_meter_free(&meter, pixels, (size_t)width * (size_t)height * 4);
        pixels = oriented;
        width = display_width;
        height = display_height;
    }
    result->pixels = pixels;
    result->width = width;
    result->height = height;
    result->peak_pixel_bytes = meter.peak;
    result->route = route;
    return VT_OK;
}
