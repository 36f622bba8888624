// libFuzzer target for the JPEG thumbnail decoder (Sources/CImageCodec/jpeg_thumbnail.c),
// built by scripts/fuzz_images.sh with AddressSanitizer and UndefinedBehaviorSanitizer and
// with the helper thread's thresholds and ring lowered so small inputs are shared too, in
// many stretches. Invariants:
//  - no crash, leak or undefined behaviour on any bytes;
//  - the thumbnail decoder ends a file as libjpeg-turbo's own scaling does (decoded, or the
//    same error), with one thread and with two;
//  - one thread and two give the same pixels;
//  - on a file the thumbnail decoder took, every block decodes as in libjpeg-turbo
//    (vt_test_jpeg_thumbnail_check: the same DC differences, samples within rounding).
#include "image_codec.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static vt_status decode(const uint8_t *data, size_t size, int width, int threads, int reference,
                        vt_decode_result *result) {
    vt_decode_request request;
    memset(&request, 0, sizeof request);
    request.out_width = width;
    request.out_height = width;
    request.max_pixels = 1u << 22; // keep each run fast: 4 megapixels at most
    request.threads = threads;
    request.reference_jpeg = reference;
    memset(result, 0, sizeof *result);
    return vt_image_decode(data, size, &request, result);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    for (int width = 8; width <= 32; width *= 4) {
        vt_decode_result one, two, reference;
        const vt_status s1 = decode(data, size, width, 1, 0, &one);
        const vt_status s2 = decode(data, size, width, 2, 0, &two);
        const vt_status sr = decode(data, size, width, 1, 1, &reference);
        if (s1 != sr || s2 != sr) abort();
        if (s1 == VT_OK) {
            if (one.width != two.width || one.height != two.height || one.width != reference.width ||
                one.height != reference.height) {
                abort();
            }
            if (memcmp(one.pixels, two.pixels, (size_t)one.width * (size_t)one.height * 4) != 0) abort();
            for (int denominator = 4; one.route != 0 && denominator <= 8; denominator *= 2) {
                size_t blocks, mismatches;
                int largest;
                const vt_status check = vt_test_jpeg_thumbnail_check(data, size, denominator, &blocks, &mismatches, &largest);
                // A file the thumbnail decoder took decodes in libjpeg too (any scale).
                if (check != VT_OK && check != VT_ERR_NO_MEMORY) abort();
                if (check == VT_OK && mismatches != 0) abort();
            }
        }
        vt_free(one.pixels);
        vt_free(two.pixels);
        vt_free(reference.pixels);
    }
    return 0;
}
