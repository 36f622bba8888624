// Writes small JPEG seeds (every luma sampling, grey, noise and flat, quality 100,
// progressive and with restart markers) for the thumbnail decoder's fuzz corpus: jpeg_seeds DIR.
#include "image_codec.h"

#include <stdio.h>
#include <stdlib.h>

static void save(const char *directory, const char *name, uint8_t *bytes, size_t size) {
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", directory, name);
    FILE *file = fopen(path, "wb");
    if (file) {
        fwrite(bytes, 1, size, file);
        fclose(file);
    }
    vt_free(bytes);
}

int main(int argc, char **argv) {
    if (argc != 2) return 2;
    const int sizes[][2] = {{96, 64}, {131, 77}, {260, 190}};
    for (int s = 0; s < 3; s++) {
        const int w = sizes[s][0], h = sizes[s][1];
        uint8_t *rgb = malloc((size_t)w * h * 3), *gray = malloc((size_t)w * h);
        uint32_t state = 12345u + (uint32_t)s;
        for (int i = 0; i < w * h; i++) {
            state = state * 1664525u + 1013904223u;
            const int n = (int)(state >> 27) - 16;
            const int x = i % w, y = i / w;
            rgb[3 * i] = (uint8_t)((x * 255 / w + n) & 255);
            rgb[3 * i + 1] = (uint8_t)((y * 255 / h - n) & 255);
            rgb[3 * i + 2] = (uint8_t)(((x + y) & 255));
            gray[i] = (uint8_t)(x ^ y);
        }
        char name[64];
        uint8_t *out;
        size_t size;
        const int layouts[][3] = {{1, 1, 0}, {2, 1, 0}, {1, 2, 0}, {2, 2, 0}, {2, 2, 1}};
        for (int l = 0; l < 5; l++) {
            if (vt_test_jpeg_encode_layout(rgb, w, h, 80, layouts[l][0], layouts[l][1], layouts[l][2], 0, &out, &size) == VT_OK) {
                snprintf(name, sizeof name, "seed-%dx%d-h%dv%d-r%d.jpg", w, h, layouts[l][0], layouts[l][1], layouts[l][2]);
                save(argv[1], name, out, size);
            }
        }
        // Quality 100: noise fills whole blocks, most with no end-of-block code.
        if (vt_test_jpeg_encode_layout(rgb, w, h, 100, 2, 2, 0, 0, &out, &size) == VT_OK) {
            snprintf(name, sizeof name, "seed-%dx%d-h2v2-q100.jpg", w, h);
            save(argv[1], name, out, size);
        }
        // Tables made for the image: short codes for what is frequent (sixteen zeros too).
        if (vt_test_jpeg_encode_layout(rgb, w, h, 50, 2, 2, 0, 1, &out, &size) == VT_OK) {
            snprintf(name, sizeof name, "seed-%dx%d-h2v2-optimized.jpg", w, h);
            save(argv[1], name, out, size);
        }
        if (vt_jpeg_encode_gray(gray, w, h, 85, &out, &size) == VT_OK) {
            snprintf(name, sizeof name, "seed-%dx%d-gray.jpg", w, h);
            save(argv[1], name, out, size);
        }
        if (vt_jpeg_encode_rgb(rgb, w, h, 75, 1, &out, &size) == VT_OK) {
            snprintf(name, sizeof name, "seed-%dx%d-progressive.jpg", w, h);
            save(argv[1], name, out, size);
        }
        free(rgb);
        free(gray);
    }
    return 0;
}
