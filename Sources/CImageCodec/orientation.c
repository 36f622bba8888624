// EXIF orientation: reading the tag from an APP1 payload, and applying it to a small output.
#include "codec_internal.h"

#include <string.h>

static unsigned vt_read16(const uint8_t *p, int big) { return big ? (p[0] << 8 | p[1]) : (p[1] << 8 | p[0]); }

static uint32_t vt_read32(const uint8_t *p, int big) {
    return big ? ((uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3])
               : ((uint32_t)p[3] << 24 | (uint32_t)p[2] << 16 | (uint32_t)p[1] << 8 | p[0]);
}

int vt_exif_orientation(const uint8_t *payload, size_t length) {
    // "Exif\0\0", then a TIFF header: byte order, 42, offset of IFD0. Every read is bounded.
    if (!payload || length < 14 || memcmp(payload, "Exif\0\0", 6) != 0) return 1;
    const uint8_t *tiff = payload + 6;
    const size_t size = length - 6;
    int big;
    if (tiff[0] == 'M' && tiff[1] == 'M') big = 1;
    else if (tiff[0] == 'I' && tiff[1] == 'I') big = 0;
    else return 1;
    if (vt_read16(tiff + 2, big) != 42) return 1;
    const uint32_t ifd = vt_read32(tiff + 4, big);
    if (ifd > size || size - ifd < 2) return 1;
    const unsigned count = vt_read16(tiff + ifd, big);
    for (unsigned i = 0; i < count; i++) {
        const size_t entry = (size_t)ifd + 2 + (size_t)i * 12;
        if (entry + 12 > size) return 1;
        if (vt_read16(tiff + entry, big) != 0x0112) continue;
        const unsigned type = vt_read16(tiff + entry + 2, big);
        if (type != 3) return 1; // SHORT
        const unsigned value = vt_read16(tiff + entry + 8, big);
        return value >= 1 && value <= 8 ? (int)value : 1;
    }
    return 1;
}

uint8_t *vt_apply_orientation(vt_meter *meter, const uint8_t *src, int w, int h, int orientation,
                              int *out_width, int *out_height) {
    const int transposed = orientation >= 5;
    const int dw = transposed ? h : w, dh = transposed ? w : h;
    uint32_t *dst = vt_meter_alloc(meter, (size_t)w * (size_t)h * 4);
    if (!dst) return NULL;
    const uint32_t *s = (const uint32_t *)src;
    // D(x, y) = S(sx, sy) per the EXIF definition of each orientation.
    for (int y = 0; y < dh; y++) {
        for (int x = 0; x < dw; x++) {
            int sx, sy;
            switch (orientation) {
            case 2: sx = w - 1 - x; sy = y; break;
            case 3: sx = w - 1 - x; sy = h - 1 - y; break;
            case 4: sx = x; sy = h - 1 - y; break;
            case 5: sx = y; sy = x; break;
            case 6: sx = y; sy = h - 1 - x; break;
            case 7: sx = w - 1 - y; sy = h - 1 - x; break;
            case 8: sx = w - 1 - y; sy = x; break;
            default: sx = x; sy = y; break;
            }
            dst[(size_t)y * dw + x] = s[(size_t)sy * w + sx];
        }
    }
    *out_width = dw;
    *out_height = dh;
    return (uint8_t *)dst;
}
