// Area-averaging downscaler over streamed rows. Weights are in output-pixel units: a source
// pixel covering a fraction f of an output pixel adds f times its value, so the fractions
// reaching one output pixel sum to 1 and no division is needed at the end.
#include "codec_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

struct vt_box_scaler {
    vt_meter *meter;
    int src_width, src_height;
    double crop_y, scale_y;
    int out_width, out_height;
    int first_column, last_column; // source columns that touch the crop, inclusive
    int *column_index;             // output column of each source column's first part
    float *column_weight;          // weight of that part; the rest (scale_x - it) goes to index + 1
    float *column_rest;
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
    s->column_index = vt_meter_alloc(meter, columns * sizeof(int));
    s->column_weight = vt_meter_alloc(meter, columns * sizeof(float));
    s->column_rest = vt_meter_alloc(meter, columns * sizeof(float));
    s->row = vt_meter_alloc(meter, s->row_bytes);
    s->accumulators[0] = vt_meter_calloc(meter, s->row_bytes);
    s->accumulators[1] = vt_meter_calloc(meter, s->row_bytes);
    s->output = vt_meter_alloc(meter, s->output_bytes);
    if (!s->column_index || !s->column_weight || !s->column_rest || !s->row || !s->accumulators[0] ||
        !s->accumulators[1] || !s->output) {
        vt_box_scaler_destroy(s);
        return VT_ERR_NO_MEMORY;
    }
    const double scale_x = (double)out_width / crop_width;
    s->first_column = src_width;
    s->last_column = -1;
    for (int x = 0; x < src_width; x++) {
        double start = clampd((x - crop_x) * scale_x, 0, out_width);
        double end = clampd((x + 1 - crop_x) * scale_x, 0, out_width);
        if (end - start <= 0) {
            s->column_index[x] = -1;
            continue;
        }
        if (x < s->first_column) s->first_column = x;
        s->last_column = x;
        int index = (int)floor(start);
        if (index >= out_width) index = out_width - 1;
        double boundary = index + 1.0;
        s->column_index[x] = index;
        if (end <= boundary || index + 1 >= out_width) {
            s->column_weight[x] = (float)(end - start);
            s->column_rest[x] = 0;
        } else {
            s->column_weight[x] = (float)(boundary - start);
            s->column_rest[x] = (float)(end - boundary);
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
    // Horizontal pass: this row's contribution to each output column.
    float *row = s->row;
    memset(row, 0, s->row_bytes);
    const int last_out = s->out_width - 1;
    for (int x = s->first_column; x <= s->last_column; x++) {
        const int index = s->column_index[x];
        if (index < 0) continue;
        const uint8_t *p = rgba + (size_t)x * 4;
        const float w = s->column_weight[x];
        float *r = row + (size_t)index * 4;
        r[0] += p[0] * w; r[1] += p[1] * w; r[2] += p[2] * w; r[3] += p[3] * w;
        const float rest = s->column_rest[x];
        if (rest > 0 && index < last_out) {
            r[4] += p[0] * rest; r[5] += p[1] * rest; r[6] += p[2] * rest; r[7] += p[3] * rest;
        }
    }
    // Vertical pass: into output row o, and o + 1 when this row crosses the boundary.
    const double boundary = o + 1.0;
    const int count = s->out_width * 4;
    float wo = (float)((end < boundary ? end : boundary) - start);
    float *a = s->accumulators[o & 1];
    for (int i = 0; i < count; i++) a[i] += row[i] * wo;
    if (end > boundary + 1e-9 && o + 1 < s->out_height) {
        float wn = (float)(end - boundary);
        float *b = s->accumulators[(o + 1) & 1];
        for (int i = 0; i < count; i++) b[i] += row[i] * wn;
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
    const size_t columns = (size_t)s->src_width;
    vt_meter_free(m, s->column_index, columns * sizeof(int));
    vt_meter_free(m, s->column_weight, columns * sizeof(float));
    vt_meter_free(m, s->column_rest, columns * sizeof(float));
    vt_meter_free(m, s->row, s->row_bytes);
    vt_meter_free(m, s->accumulators[0], s->row_bytes);
    vt_meter_free(m, s->accumulators[1], s->row_bytes);
    vt_meter_free(m, s->output, s->output_bytes);
    free(s);
}
