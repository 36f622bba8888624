// Area-averaging downscaler over streamed rows. Weights are in output-pixel units: a source
// pixel covering a fraction f of an output pixel adds f times its value, so the fractions
// reaching one output pixel sum to 1 and no division is needed at the end.
#include "codec_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/// Four floats handled as one value (GCC and Clang vector extension): one RGBA pixel.
typedef float vt_float4 __attribute__((vector_size(16)));
typedef uint8_t vt_byte4 __attribute__((vector_size(4)));

static inline vt_float4 vt_load_pixel(const uint8_t *p) {
    vt_byte4 bytes;
    memcpy(&bytes, p, 4);
    return __builtin_convertvector(bytes, vt_float4);
}

struct vt_box_scaler {
    vt_meter *meter;
    int src_width, src_height;
    double crop_y, scale_y;
    int out_width, out_height;
    // Horizontal weights, grouped by output column so each output pixel is summed in a
    // register: output o takes source columns first_source[o] ... in order, with the weights
    // weights[start[o]] ..< weights[start[o + 1]].
    int *first_source;   // out_width
    int *start;          // out_width + 1
    float *weights;      // at most 2 * src_width
    size_t weight_count;
    float *row;                    // one source row averaged horizontally: out_width * 4
    float *accumulators[2];        // output rows o and o + 1 (by o & 1)
    int next_output_row;           // rows before it are written
    uint8_t *output;
    size_t output_bytes, row_bytes;
};

static double clampd(double value, double low, double high) {
    return value < low ? low : (value > high ? high : value);
}

vt_status vt_box_scaler_create(vt_meter *meter, int src_width, int src_height, double crop_x, double crop_y,
                               double crop_width, double crop_height, int out_width, int out_height,
                               vt_box_scaler **result) {
    *result = NULL;
    if (src_width <= 0 || src_height <= 0 || out_width <= 0 || out_height <= 0) return VT_ERR_ARGUMENT;
    if (crop_width <= 0 || crop_height <= 0) return VT_ERR_ARGUMENT;
    // Never upscale: a source pixel may then cover at most two output pixels on each axis.
    if (out_width > crop_width + 1e-6 || out_height > crop_height + 1e-6) return VT_ERR_ARGUMENT;
    vt_box_scaler *s = calloc(1, sizeof *s);
    if (!s) return VT_ERR_NO_MEMORY;
    s->meter = meter;
    s->src_width = src_width;
    s->src_height = src_height;
    s->crop_y = crop_y;
    s->scale_y = (double)out_height / crop_height;
    s->out_width = out_width;
    s->out_height = out_height;
    s->row_bytes = (size_t)out_width * 4 * sizeof(float);
    s->output_bytes = (size_t)out_width * (size_t)out_height * 4;
    const size_t columns = (size_t)src_width;
    s->weight_count = 2 * columns;
    s->first_source = vt_meter_alloc(meter, (size_t)out_width * sizeof(int));
    s->start = vt_meter_alloc(meter, ((size_t)out_width + 1) * sizeof(int));
    s->weights = vt_meter_alloc(meter, s->weight_count * sizeof(float));
    s->row = vt_meter_alloc(meter, s->row_bytes);
    s->accumulators[0] = vt_meter_calloc(meter, s->row_bytes);
    s->accumulators[1] = vt_meter_calloc(meter, s->row_bytes);
    s->output = vt_meter_alloc(meter, s->output_bytes);
    if (!s->first_source || !s->start || !s->weights || !s->row || !s->accumulators[0] || !s->accumulators[1] ||
        !s->output) {
        vt_box_scaler_destroy(s);
        return VT_ERR_NO_MEMORY;
    }
    // Source pixel x spans [(x - crop_x) * scale, (x + 1 - crop_x) * scale) in output units: at
    // most one unit (no upscaling), so it touches output `index` and perhaps `index + 1`, and
    // the next pixel starts where it ends. Taken in order of x, the outputs touched never go
    // back, so the weights are laid out in one pass, already grouped by output.
    const double scale_x = (double)out_width / crop_width;
    size_t k = 0;
    for (int o = 0; o <= out_width; o++) s->start[o] = -1;
    for (int x = 0; x < src_width; x++) {
        double begin = clampd((x - crop_x) * scale_x, 0, out_width);
        double end = clampd((x + 1 - crop_x) * scale_x, 0, out_width);
        if (end - begin <= 0) continue;
        int index = (int)floor(begin);
        if (index >= out_width) index = out_width - 1;
        const double boundary = index + 1.0;
        const double parts[2] = {(end < boundary ? end : boundary) - begin,
                                 end > boundary && index + 1 < out_width ? end - boundary : 0};
        for (int part = 0; part < 2; part++) {
            const int o = index + part;
            if (parts[part] <= 0 || k >= s->weight_count) continue;
            if (s->start[o] < 0) {
                s->start[o] = (int)k;
                s->first_source[o] = x;
            }
            s->weights[k++] = (float)parts[part];
        }
    }
    // An output no source reached (only possible through rounding) sums nothing.
    s->start[out_width] = (int)k;
    for (int o = out_width - 1; o >= 0; o--) {
        if (s->start[o] < 0) {
            s->start[o] = s->start[o + 1];
            s->first_source[o] = 0;
        }
    }
    *result = s;
    return VT_OK;
}

static void vt_box_scaler_emit(vt_box_scaler *s, int o) {
    float *accumulator = s->accumulators[o & 1];
    uint8_t *out = s->output + (size_t)o * (size_t)s->out_width * 4;
    const int count = s->out_width * 4;
    for (int i = 0; i < count; i++) {
        float value = accumulator[i] + 0.5f;
        out[i] = value <= 0 ? 0 : (value >= 255 ? 255 : (uint8_t)value);
    }
    memset(accumulator, 0, s->row_bytes);
}

void vt_box_scaler_push(vt_box_scaler *s, int y, const uint8_t *rgba) {
    double start = clampd((y - s->crop_y) * s->scale_y, 0, s->out_height);
    double end = clampd((y + 1 - s->crop_y) * s->scale_y, 0, s->out_height);
    if (end - start <= 0) return;
    int o = (int)floor(start);
    if (o >= s->out_height) o = s->out_height - 1;
    if (o < s->next_output_row) o = s->next_output_row; // rounding guard; row o - 1 is written
    // Horizontal pass: each output pixel summed in a register from its run of sources.
    float *row = s->row;
    vt_float4 *pixels = (vt_float4 *)row; // 16-byte aligned: malloc'ed, 16 bytes a pixel
    const float *weights = s->weights;
    for (int c = 0; c < s->out_width; c++) {
        const uint8_t *p = rgba + (size_t)s->first_source[c] * 4;
        vt_float4 sum = {0, 0, 0, 0};
        for (int k = s->start[c], last = s->start[c + 1]; k < last; k++, p += 4) {
            sum += vt_load_pixel(p) * weights[k];
        }
        pixels[c] = sum;
    }
    // Vertical pass: into output row o, and o + 1 when this row crosses the boundary.
    const double boundary = o + 1.0;
    const int count = s->out_width;
    const float wo = (float)((end < boundary ? end : boundary) - start);
    vt_float4 *a = (vt_float4 *)s->accumulators[o & 1];
    for (int i = 0; i < count; i++) a[i] += pixels[i] * wo;
    if (end > boundary + 1e-9 && o + 1 < s->out_height) {
        const float wn = (float)(end - boundary);
        vt_float4 *b = (vt_float4 *)s->accumulators[(o + 1) & 1];
        for (int i = 0; i < count; i++) b[i] += pixels[i] * wn;
    }
    // Ordering: row o is complete once a source row reaches its lower boundary.
    while (s->next_output_row < s->out_height && s->next_output_row + 1 <= end + 1e-9) {
        vt_box_scaler_emit(s, s->next_output_row);
        s->next_output_row++;
    }
}

uint8_t *vt_box_scaler_finish(vt_box_scaler *s) {
    while (s->next_output_row < s->out_height) {
        vt_box_scaler_emit(s, s->next_output_row);
        s->next_output_row++;
    }
    uint8_t *output = s->output;
    s->output = NULL; // the caller owns it now; the meter keeps counting it until freed
    return output;
}

void vt_box_scaler_destroy(vt_box_scaler *s) {
    if (!s) return;
    vt_meter *m = s->meter;
    vt_meter_free(m, s->first_source, (size_t)s->out_width * sizeof(int));
    vt_meter_free(m, s->start, ((size_t)s->out_width + 1) * sizeof(int));
    vt_meter_free(m, s->weights, s->weight_count * sizeof(float));
    vt_meter_free(m, s->row, s->row_bytes);
    vt_meter_free(m, s->accumulators[0], s->row_bytes);
    vt_meter_free(m, s->accumulators[1], s->row_bytes);
    vt_meter_free(m, s->output, s->output_bytes);
    free(s);
}
