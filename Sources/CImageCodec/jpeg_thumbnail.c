// A focused decoder for the case that dominates an image pipeline: a large baseline JPEG
// shrunk to a thumbnail. libjpeg-turbo's DCT scaling skips IDCT work but not entropy
// decoding, and on a detailed photo the Huffman decoding is most of the time, so a
// thumbnail was only ~2.5x faster than a full decode. This file:
//
//  - decodes the Huffman stream with a 64-bit bit reader and a table that decodes up to two
//    symbols a look-up;
//  - folds the reduced IDCT into it: each coefficient adds its weight to the means of the
//    block's 4x4-pixel quadrants (2x2 samples; 4x4 of 2x2 pixels for 4:2:0 chroma; the DC
//    term alone at 1/8): the exact box average of the block's pixels, which is what
//    libjpeg's reduced IDCT computes too, so no 64-coefficient block is stored or cleared;
//  - shares the work with a helper thread when asked, in memory that does not grow with the
//    image: the main decoder decodes and places MCUs from the scan's start, and the helper
//    decodes stretches of the scan ahead of it into a fixed ring of records, each stretch from
//    a guessed state. Huffman codes resynchronise after a few symbols, and from the first MCU
//    start where the main decoder and a stretch are at the same bit, the stretch holds exactly
//    the main decoder's MCUs (the DC predictions aside, which is why a record holds DC
//    differences and the predictions are summed when the MCU is placed). The main decoder
//    then only places records, catches up, takes the helper's bit reader over where they end,
//    and the helper leaps ahead again; the main decoder never waits for the helper
//    (vt_helper says how).
//
// Everything unusual (progressive, arithmetic, restart markers, 12-bit, odd sampling, CMYK,
// a bad code, a cut) is declined and goes to libjpeg-turbo, which also reports the error.
#include "jpeg_thumbnail.h"
#include "jpeg_jump_error.h"

#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

enum { VT_LUT_BITS = 9, VT_FAST_BITS = 11, VT_MAX_BLOCKS = 6 };
enum { VT_PAIR_SLOW = 63u << 8, VT_PAIR_END = 1u << 14 }; // see vt_huffman

/// A scan smaller than this is not worth a thread (the fuzz build lowers both).
#ifndef VT_HELPER_MIN_SCAN_BYTES
#define VT_HELPER_MIN_SCAN_BYTES (64u << 10)
#endif
#ifndef VT_HELPER_MIN_MCUS
#define VT_HELPER_MIN_MCUS 512
#endif

/// A Huffman table: a direct look-up for codes up to VT_LUT_BITS long, canonical ranges above.
/// A look-up entry is 0 for longer codes, else length | size << 5 | run << 9 (DC: run 0).
///
/// Both kinds also have a `fast` look-up of the next VT_FAST_BITS bits that takes codes
/// with their extra bits: the decoder's chain of dependent look-ups is what bounds its
/// speed, and a detailed photo spends about five bits a symbol. A DC entry is the bits the
/// code and its extra bits take (5), and the difference from bit 16 (signed); 0 when they
/// do not fit. An AC entry decodes up to two symbols and says, from bit 0:
/// - the bits both symbols take (4);
/// - the first symbol's run of zeros (4);
/// - `skip` (6): how far past the first coefficient the second lands: 1 + its run; 0 when
///   there is no second symbol, 1 for an end of block. VT_PAIR_SLOW (63) when the first
///   symbol does not fit, which no block has room for;
/// - VT_PAIR_END (1): one of the two is the end of block;
/// - three spare bits, then the two values (7 bits each, signed; 0 for none).
/// So a look-up's work is the same whatever it found, and the loop has no branch on what
/// the second symbol is: on a noisy photo that branch went wrong about a third of the time.
typedef struct {
    uint32_t fast[1 << VT_FAST_BITS];
    uint16_t lut[1 << VT_LUT_BITS];
    int32_t maxcode[18];
    int32_t valoffset[18];
    uint8_t values[256];
} vt_huffman;

/// Four floats in the vector extension: four of a block's reduced samples.
typedef float vt_float4 __attribute__((vector_size(16)));
typedef int16_t vt_short4 __attribute__((vector_size(8)));
typedef int32_t vt_int4 __attribute__((vector_size(16)));

/// A record is one MCU as int16 values: the blocks' DC differences, then each block's reduced
/// samples without the DC part (side x side of them, in eighths of a level), at its offset.
typedef int16_t vt_record;

enum { VT_MAX_RECORD = VT_MAX_BLOCKS + 4 * 4 + 2 * 4 * 4 }; // 4:2:0 at 1/4: 4 luma 2x2, 2 chroma 4x4

typedef struct {
    int components;             // 1 (grey) or 3 (YCbCr)
    int blocks;                 // blocks in an MCU
    int block_component[VT_MAX_BLOCKS];
    int block_x[VT_MAX_BLOCKS], block_y[VT_MAX_BLOCKS]; // block position inside its component's MCU part
    int block_offset[VT_MAX_BLOCKS]; // where the block's samples start in a record
    int record_size;            // values a record
    int h[3], v[3];             // sampling factors by component (luma first)
    int hmax, vmax;
    int mcus_x, mcus_y;
    // Samples a block becomes on each side, by component: 8 / denominator for luma, and for
    // 4:2:0 chroma twice that, as libjpeg-turbo does (its chroma then needs no upsampling);
    // 4:2:2 and 4:4:0 chroma are repeated along the subsampled axis, as libjpeg's plain
    // upsampling does.
    int side[3];
    int out_width, out_height;  // the scaled image: ceil(width / denominator) ...
    int32_t dc_quant[3];
    const vt_huffman *dc[3], *ac[3];
    // Sample weights by zigzag index, side * side / 4 vectors each (none at side 1), packed so
    // the hot ones stay in the L1 cache with the Huffman tables; components with the same
    // quantisation table and side share theirs.
    const vt_float4 *weights[3];
    vt_float4 weight_storage[3][64 * 4];
    const uint8_t *scan;        // first byte of the entropy-coded data
    size_t scan_size;           // to the end of the file
} vt_thumbnail_plan;

// MARK: - Bits

/// A left-aligned 64-bit bit buffer over stuffed JPEG bytes. Positions count unstuffed bits
/// from the start of the scan, so two readers started at different bytes can compare them.
typedef struct {
    const uint8_t *p, *end;
    uint64_t buf;
    int bits;
    uint64_t loaded;  // unstuffed bytes put into buf, zeros after the end included
    uint64_t base;    // position of the first byte
    uint64_t end_bit; // position where the data ends (a marker or the end of the file)
} vt_bits;

static void vt_bits_start(vt_bits *r, const uint8_t *from, const uint8_t *end, uint64_t base) {
    memset(r, 0, sizeof *r);
    r->p = from;
    r->end = end;
    r->base = base;
    r->end_bit = UINT64_MAX;
}

static inline uint64_t vt_position(const vt_bits *r) { return r->base + r->loaded * 8 - (uint64_t)r->bits; }

static inline uint64_t vt_load_be64(const uint8_t *p) {
    uint64_t w;
    memcpy(&w, p, 8);
    return __builtin_bswap64(w);
}

static __attribute__((noinline)) void vt_refill_slow(vt_bits *r) {
    while (r->bits <= 56) {
        unsigned c = 0;
        if (r->end_bit == UINT64_MAX) {
            if (r->p < r->end && r->p[0] != 0xFF) {
                c = *r->p++;
            } else if (r->p + 1 < r->end && r->p[1] == 0x00) {
                c = 0xFF;
                r->p += 2;
            } else {
                r->end_bit = r->base + r->loaded * 8; // a marker, or no more bytes: zeros follow
            }
        }
        r->buf |= (uint64_t)c << (56 - r->bits);
        r->bits += 8;
        r->loaded++;
    }
}

/// Tops the buffer up to at least 57 bits. Eight bytes without 0xFF go in with one load; the
/// bits below the valid ones are then the stream's next bits, which later loads OR in again.
static inline void vt_refill(vt_bits *r) {
    if (r->end - r->p >= 8) {
        const uint64_t w = vt_load_be64(r->p);
        const uint64_t inverted = ~w;
        const uint64_t ff = (inverted - 0x0101010101010101ULL) & ~inverted & 0x8080808080808080ULL;
        const int room = (64 - r->bits) >> 3;
        if (!ff) {
            r->buf |= w >> r->bits;
            r->p += room;
            r->loaded += (uint64_t)room;
            r->bits += room * 8;
            return;
        }
        // The bytes before the first 0xFF (the highest flagged byte) go in alone, masked:
        // the stuffed zero after it is no data.
        const int before = __builtin_clzll(ff) >> 3, n = before < room ? before : room;
        if (n > 0) {
            r->buf |= (w & ~(UINT64_MAX >> (8 * n))) >> r->bits;
            r->p += n;
            r->loaded += (uint64_t)n;
            r->bits += n * 8;
        }
        if (r->bits > 56) return;
    }
    // Through a copy, so the caller's reader never has its address taken and stays in registers.
    vt_bits copy = *r;
    vt_refill_slow(&copy);
    *r = copy;
}

static inline void vt_consume(vt_bits *r, int n) {
    r->buf <<= n;
    r->bits -= n;
}

/// The signed value of `size` (1...15) extra bits: a leading 0 bit means negative (F.2.2.1).
/// Branch-free, because the sign of a coefficient is a coin toss to a branch predictor.
static inline int32_t vt_extend(uint32_t value, int size) {
    const int32_t negative = ((int32_t)(value << (32 - size)) >> 31) + 1; // 1 when the top bit is 0
    return (int32_t)value - (negative & 1) * ((1 << size) - 1);
}

/// Canonical decoding (F.2.2.3) of the code at the top of the `count` low bits of `bits`,
/// trying code lengths from `shortest` up: the symbol, its length in `*length`; or -1.
static inline int vt_canonical(const vt_huffman *h, uint64_t bits, int count, int shortest, int *length) {
    for (int l = shortest; l <= 16 && l <= count; l++) {
        const int32_t code = (int32_t)(bits >> (count - l));
        if (code <= h->maxcode[l]) { // maxcode is -1 for a length without codes
            *length = l;
            return h->values[(h->valoffset[l] + code) & 0xFF];
        }
    }
    return -1;
}

/// Decodes one symbol; needs 16 bits in the buffer. Returns the symbol and its code length
/// as entry-style bits (length | size << 5 | run << 9), or 0 for a code the table lacks.
static inline uint32_t vt_symbol(const vt_huffman *h, const vt_bits *r, int dc) {
    const uint32_t entry = h->lut[r->buf >> (64 - VT_LUT_BITS)];
    if (entry) return entry;
    int length;
    const int symbol = vt_canonical(h, r->buf, 64, VT_LUT_BITS + 1, &length); // the table has the shorter
    if (symbol < 0) return 0;
    return (uint32_t)length | (uint32_t)(symbol & 15) << 5 | (dc ? 0 : (uint32_t)(symbol >> 4) << 9);
}

// MARK: - Tables

/// For the pair table: the AC symbol at the top of the `count` low bits of `bits` (codes from
/// the canonical ranges), if it and its extra bits fit and its value fits 7 signed bits.
/// End of block comes back as run 0, value 0; sixteen zeros as run 15, value 0.
static int vt_fast_symbol(const vt_huffman *h, uint32_t bits, int count, int *used, int *run, int *value) {
    int length;
    const int symbol = vt_canonical(h, bits, count, 1, &length);
    if (symbol < 0) return 0;
    const int size = symbol & 15;
    if (length + size > count) return 0;
    *used = length + size;
    *run = symbol >> 4;
    *value = size ? vt_extend((bits >> (count - length - size)) & ((1u << size) - 1), size) : 0;
    if (!size && *run != 0 && *run != 15) return 0; // not a symbol JPEG defines
    return *value >= -64 && *value <= 63;
}

static int vt_huffman_build(vt_huffman *h, const JHUFF_TBL *table, int dc) {
    if (!table) return 0;
    memset(h, 0, sizeof *h);
    int count = 0;
    for (int length = 1; length <= 16; length++) count += table->bits[length];
    if (count > 256) return 0;
    int32_t code = 0;
    int k = 0;
    for (int length = 1; length <= 16; length++) {
        h->valoffset[length] = k - code;
        for (int i = 0; i < table->bits[length]; i++, k++, code++) {
            if (code >= (1 << length)) return 0; // more codes than this length has room for
            const uint8_t symbol = table->huffval[k];
            if (dc && symbol > 15) return 0;
            if (length <= VT_LUT_BITS) {
                const uint16_t entry =
                    (uint16_t)(length | (symbol & 15) << 5 | (dc ? 0 : (symbol >> 4) << 9));
                const int shift = VT_LUT_BITS - length;
                for (int fill = code << shift; fill < (code + 1) << shift; fill++) h->lut[fill] = entry;
            }
        }
        // As libjpeg checks it: the last code of a length may not be all ones.
        if (table->bits[length] && code >= (1 << length)) return 0;
        h->maxcode[length] = table->bits[length] ? code - 1 : -1;
        code <<= 1;
    }
    memcpy(h->values, table->huffval, 256);
    if (dc) {
        for (int bits = 0; bits < (1 << VT_FAST_BITS); bits++) {
            int length;
            const int size = vt_canonical(h, (uint32_t)bits, VT_FAST_BITS, 1, &length);
            if (size < 0 || length + size > VT_FAST_BITS) continue;
            const uint32_t extra = ((uint32_t)bits >> (VT_FAST_BITS - length - size)) & ((1u << size) - 1);
            const int32_t difference = size ? vt_extend(extra, size) : 0;
            h->fast[bits] = (uint32_t)(length + size) | (uint32_t)difference << 16;
        }
    } else {
        for (int bits = 0; bits < (1 << VT_FAST_BITS); bits++) {
            int first_bits, first_run, first_value;
            if (!vt_fast_symbol(h, (uint32_t)bits, VT_FAST_BITS, &first_bits, &first_run, &first_value)) {
                h->fast[bits] = VT_PAIR_SLOW;
                continue;
            }
            const int end_of_block = first_run == 0 && first_value == 0;
            uint32_t total = (uint32_t)first_bits, skip = 0, second_value = 0, end = end_of_block;
            const int rest = VT_FAST_BITS - first_bits;
            int second_bits, second_run, value;
            if (!end_of_block && rest > 0 &&
                vt_fast_symbol(h, (uint32_t)bits & ((1u << rest) - 1), rest, &second_bits, &second_run, &value)) {
                total += (uint32_t)second_bits;
                end = second_run == 0 && value == 0;
                skip = end ? 1 : (uint32_t)(1 + second_run); // an end of block: see vt_decode_ac
                second_value = (uint32_t)value & 0x7F;
            }
            h->fast[bits] = total | (uint32_t)first_run << 4 | skip << 8 | end << 14 |
                            ((uint32_t)first_value & 0x7F) << 18 | second_value << 25;
        }
    }
    return 1;
}

static const uint8_t vt_zigzag_to_natural[64] = {
    0,  1,  8,  16, 9,  2,  3,  10, 17, 24, 32, 25, 18, 11, 4,  5,  12, 19, 26, 33, 40, 48,
    41, 34, 27, 20, 13, 6,  7,  14, 21, 28, 35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23,
    30, 37, 44, 51, 58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63};

/// Weight of frequency `u` in the mean of segment `a` of `side` equal segments of an 8-point
/// IDCT's output: c(u)/2 * mean over x in the segment of cos((2x + 1) u pi / 16).
static double vt_segment_weight(int u, int a, int side) {
    const int length = 8 / side;
    double sum = 0;
    for (int x = a * length; x < (a + 1) * length; x++) sum += cos((2 * x + 1) * u * M_PI / 16);
    return (u == 0 ? M_SQRT1_2 : 1.0) / 2 * sum / length;
}

/// The weight of each AC coefficient (dequantised) in each of the block's side x side means,
/// in eighths of a level as the records keep them: side * side / 4 vectors a coefficient,
/// sample (row a, column b) in lane a * side + b of them. Side 1 needs none (the mean of the
/// whole block is its DC term).
static void vt_sample_weights(vt_float4 *weights, const JQUANT_TBL *quant, int side) {
    const int vectors = side * side / 4;
    memset(weights, 0, 64 * 4 * sizeof(vt_float4));
    if (side == 1) return;
    double segment[8][4]; // by frequency and segment: a few cosines, not one per coefficient
    for (int u = 0; u < 8; u++)
        for (int a = 0; a < side; a++) segment[u][a] = vt_segment_weight(u, a, side);
    for (int k = 1; k < 64; k++) {
        const int natural = vt_zigzag_to_natural[k], u = natural / 8, v = natural % 8;
        float lanes[16] = {0};
        for (int a = 0; a < side; a++) {
            for (int b = 0; b < side; b++) {
                const double w = 8.0 * quant->quantval[natural] * segment[u][a] * segment[v][b];
                lanes[a * side + b] = (float)(fabs(w) < 1e-9 ? 0 : w);
            }
        }
        memcpy(weights + k * vectors, lanes, (size_t)vectors * sizeof(vt_float4));
    }
}

// MARK: - Decoding

/// Rounds a vector of sample sums (eighths of a level) to the records' 16 bits.
static inline void vt_store_samples(vt_record *out, vt_float4 sum) {
    const vt_float4 low = {-32768.0f, -32768.0f, -32768.0f, -32768.0f}, high = {32767.0f, 32767.0f, 32767.0f, 32767.0f};
    const vt_float4 clamped = __builtin_elementwise_min(__builtin_elementwise_max(sum, low), high);
    // Round half up, on a positive value (a conversion truncates).
    const vt_int4 rounded = __builtin_convertvector(clamped + 32768.5f, vt_int4) - 32768;
    const vt_short4 samples = __builtin_convertvector(rounded, vt_short4);
    memcpy(out, &samples, sizeof samples);
}

/// Decodes the AC coefficients of one block, adding each to the block's `vectors` vectors of
/// sample sums (0: just skip them). `vectors` is a constant where this is inlined. Returns 0,
/// or -1 for a code the table lacks or a run past the block's end.
static inline __attribute__((always_inline)) int vt_decode_ac(vt_bits *r, const vt_huffman *ac,
                                                              const vt_float4 *weights, vt_record *out,
                                                              const int vectors) {
    // Two sets of sums, so the two additions of a look-up do not wait on each other.
    vt_float4 sum0 = {0, 0, 0, 0}, sum1 = sum0, sum2 = sum0, sum3 = sum0;
    vt_float4 alt0 = sum0, alt1 = sum0, alt2 = sum0, alt3 = sum0;
#define VT_ADD(set, k, value)                                                                                    \
    do {                                                                                                         \
        if (vectors >= 1) {                                                                                      \
            const float x = (float)(value);                                                                      \
            set##0 += weights[(k) * vectors] * x;                                                                \
            if (vectors == 4) {                                                                                  \
                set##1 += weights[(k) * 4 + 1] * x;                                                              \
                set##2 += weights[(k) * 4 + 2] * x;                                                              \
                set##3 += weights[(k) * 4 + 3] * x;                                                              \
            }                                                                                                    \
        }                                                                                                        \
    } while (0)
    for (int k = 1; k < 64;) {
        // A refill leaves at least 57 bits and four look-ups take at most 44: one refill for
        // four of them, and no test of the buffer in between.
        vt_refill(r);
        int one_at_a_time = 0;
        for (int n = 0; n < 4 && k < 64; n++) {
            const uint32_t pair = ac->fast[r->buf >> (64 - VT_FAST_BITS)];
            const int first_at = k + (int)((pair >> 4) & 15);
            const int second_at = first_at + (int)((pair >> 8) & 63);
            if (__builtin_expect(second_at > 63, 0)) {
                one_at_a_time = 1;
                break;
            }
            // Both symbols in this block. A missing second adds 0 at `first_at`, an end of
            // block 0 one further (which is how one that comes after coefficient 63, and so
            // belongs to the next block, lands past 63 and on the slow path).
            vt_consume(r, pair & 15);
            VT_ADD(sum, first_at, (int32_t)(pair << 7) >> 25);
            VT_ADD(alt, second_at, (int32_t)pair >> 25);
            k = second_at + 1;
            if (pair & VT_PAIR_END) goto end_of_block;
        }
        if (!one_at_a_time) continue;
        if (r->bits < 32) vt_refill(r);
        // One symbol at a time: a long code, or a pair that would not fit in the block (a
        // run past its end is then an error, sixteen zeros past it end it, as in libjpeg).
        const uint32_t entry = vt_symbol(ac, r, 0);
        if (!entry) {
            vt_consume(r, 1);
            return -1;
        }
        const int length = entry & 31, size = (entry >> 5) & 15, run = (int)(entry >> 9);
        if (!size) {
            vt_consume(r, length);
            if (run != 15) break; // end of block
            k += 16;
            continue;
        }
        k += run;
        if (k > 63) {
            vt_consume(r, length);
            return -1;
        }
        const int32_t value = vt_extend((uint32_t)((r->buf << length) >> (64 - size)), size);
        vt_consume(r, length + size);
        VT_ADD(sum, k, value);
        k++;
    }
end_of_block:
#undef VT_ADD
    sum0 += alt0;
    sum1 += alt1;
    sum2 += alt2;
    sum3 += alt3;
    if (vectors == 1) vt_store_samples(out, sum0);
    if (vectors == 4) {
        vt_store_samples(out, sum0);
        vt_store_samples(out + 4, sum1);
        vt_store_samples(out + 8, sum2);
        vt_store_samples(out + 12, sum3);
    }
    return 0;
}

/// Decodes one MCU into `record`. The reader lives in a local (registers) meanwhile. Returns
/// 0, or -1 when the data is off (the reader has then moved on by at least one bit).
static int vt_decode_mcu(const vt_thumbnail_plan *plan, vt_bits *state, vt_record *record) {
    vt_bits r = *state;
    int status = 0;
    for (int b = 0; b < plan->blocks && status == 0; b++) {
        const int c = plan->block_component[b];
        if (r.bits < 32) vt_refill(&r);
        const uint32_t fast = plan->dc[c]->fast[r.buf >> (64 - VT_FAST_BITS)];
        int32_t diff = (int32_t)fast >> 16;
        if (fast) {
            vt_consume(&r, fast & 31);
        } else {
            const uint32_t entry = vt_symbol(plan->dc[c], &r, 1);
            if (!entry) {
                vt_consume(&r, 1);
                status = -1;
                break;
            }
            const int length = entry & 31, size = (entry >> 5) & 15;
            if (size) diff = vt_extend((uint32_t)((r.buf << length) >> (64 - size)), size);
            vt_consume(&r, length + size);
        }
        record[b] = (int16_t)diff; // |diff| < 2^15: size is at most 15
        vt_record *samples = record + plan->block_offset[b];
        switch (plan->side[c]) {
        case 1: status = vt_decode_ac(&r, plan->ac[c], plan->weights[c], samples, 0); break;
        case 2: status = vt_decode_ac(&r, plan->ac[c], plan->weights[c], samples, 1); break;
        default: status = vt_decode_ac(&r, plan->ac[c], plan->weights[c], samples, 4); break;
        }
    }
    *state = r;
    return status;
}

// MARK: - The helper thread

/// The helper's ring of records holds at most this many bytes (positions included), and no
/// more than the decode holds already, so two threads need at most twice the memory of one;
/// at most VT_RING_MAX_MCUS MCUs (the fuzz build lowers it so small inputs take many turns),
/// and at least VT_RING_MIN_MCUS, or the helper is not worth it.
enum { VT_RING_BYTES = 128 << 10 };
#ifndef VT_RING_MAX_MCUS
#define VT_RING_MAX_MCUS 4096
#endif
enum { VT_RING_MIN_MCUS = VT_RING_MAX_MCUS < 64 ? VT_RING_MAX_MCUS : 64 };

/// The helper publishes its count every VT_PUBLISH_MCUS records; the main decoder hands
/// slots back every VT_HAND_BACK_MCUS records (both fewer for a small ring); a thread about
/// to wait checks VT_SPINS times before it sleeps.
enum { VT_PUBLISH_MCUS = 8, VT_HAND_BACK_MCUS = 32, VT_LEAD_MCUS = 32, VT_SPINS = 512 };

static const uint64_t vt_failed = 1ULL << 63;

/// The words of a published bit reader: the `seq` of the record it would decode next, then
/// its state (its `p` as an offset into the scan).
enum { VT_SNAP_SEQ, VT_SNAP_P, VT_SNAP_BUF, VT_SNAP_BITS, VT_SNAP_LOADED, VT_SNAP_BASE, VT_SNAP_END_BIT, VT_SNAP_WORDS };

/// The helper thread and what the two threads share.
///
/// The main decoder leads: it decodes MCUs from the scan's start and places them. The helper
/// starts a *run* some way ahead (`leap_bytes`: half a ring of MCUs at the scan's mean size),
/// from a guessed state, and stores each MCU it decodes in the ring: its start position (the
/// top bit set when it failed to decode or ran past the data) and its record. Once at the
/// run's start, the main decoder looks for a record that starts where its own next MCU does:
/// from that *meeting* on, the run holds exactly the MCUs it would have decoded, and it only
/// places them (about a fifth of the work), so it catches up. With each count the helper
/// publishes its bit reader there; having placed every published record, the main decoder
/// takes that reader and leads again, and tells the helper, which leaps ahead of it to start
/// a new run. A run whose published records all lie behind it (a helper held up), or that it
/// cannot meet within `patience` MCUs (one that has not resynchronised), it gives up, and
/// tells the helper the same way: the helper leaps ahead of it. So the main decoder
/// never waits for the helper, both threads stay busy, and the ring is all the memory the
/// helper adds, whatever the image's size.
///
/// Records are `seq`-numbered across runs; record `seq` lives in slot seq & mask. The helper
/// writes a slot only while fewer than `capacity` records lie between it and `consumed`, so
/// the main decoder reads any record below the published `count` it has not handed back.
///
/// In step (tests, the fuzzer), a run ends after `capacity` records, and the main decoder
/// waits for a run to end before it looks for a meeting and for the next run to be announced
/// after it has told the helper, so where every meeting falls depends on the file alone.
typedef struct {
    const vt_thumbnail_plan *plan;
    int in_step;
    uint64_t *positions;   // capacity of them, then the records
    vt_record *records;
    uint64_t capacity, mask;
    size_t ring_bytes;
    uint64_t leap_bytes;   // how far ahead of both decoders a run starts
    uint64_t publish;      // VT_PUBLISH_MCUS, or fewer for a small ring
    uint64_t hand_back;    // VT_HAND_BACK_MCUS, or fewer for a small ring
    uint64_t patience;     // MCUs the main decoder decodes past a run's start before it gives up on it
    pthread_t thread;
    pthread_mutex_t lock;  // with the two conditions: sleeping until the other thread acts
    pthread_cond_t main_wake, helper_wake;

    // Written by the main decoder (each on a cache line of its own from the helper's).
    _Alignas(64) _Atomic uint64_t notices;   // runs the main decoder is done with
    atomic_int quit;
    atomic_int main_waiting;
    // Every VT_LEAD_MCUS MCUs while it leads: the offset in the scan of the byte its reader
    // reads next (0 once it has seen the data's end). A helper that was held up leaps from
    // there rather than from the notice.
    _Atomic uint64_t lead;
    // Set before each notice: the byte the main decoder's reader reads next (NULL once it has
    // seen the data's end) and its position.
    const uint8_t *notice_p;
    uint64_t notice_position;
    _Alignas(64) _Atomic uint64_t consumed;  // records the main decoder is done with

    // Written by the helper.
    _Alignas(64) _Atomic uint64_t count;     // records published
    _Atomic uint64_t snapshot_version;       // odd while `snapshot` is being written
    _Atomic uint64_t snapshot[VT_SNAP_WORDS];
    _Alignas(64) _Atomic uint64_t runs;      // runs announced after the first
    atomic_int running;                      // the latest run may still publish records
    atomic_int helper_waiting;
    _Atomic uint64_t space_wanted;           // while it sleeps for slots: the `consumed` it waits for
    // Set before a run is announced (the first: before the thread starts): where it starts,
    // and the `seq` of its first record. run_start is UINT64_MAX when there is none.
    uint64_t run_start, run_first;
    vt_bits reader;        // the first run's; the helper's last once it has ended
} vt_helper;

static inline void vt_pause(void) {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    __asm__ __volatile__("yield");
#endif
}

/// Where the next byte a reader will read starts, valid while it has not met the data's end.
static inline uint64_t vt_next_byte_position(const vt_bits *r) { return r->base + r->loaded * 8; }

/// Starts a run `leap_bytes` past the reader `from` (whose end is not yet in sight). Returns
/// 0, leaving `run` alone, when the data ends first or a marker comes before that point: the
/// main decoder stops at a marker, so bits past it would not mean the same to both.
static int vt_leap(const vt_bits *from, uint64_t leap_bytes, vt_bits *run) {
    if (from->end_bit != UINT64_MAX || (uint64_t)(from->end - from->p) <= leap_bytes + 16) return 0;
    const uint8_t *start = from->p + leap_bytes;
    while (start < from->end && start[-1] == 0xFF) start++; // not between 0xFF and its stuffed zero
    uint64_t stuffed = 0; // every 0xFF before `start` carries a stuffed zero
    for (const uint8_t *p = from->p; p < start;) {
        const uint8_t *ff = memchr(p, 0xFF, (size_t)(start - p));
        if (!ff) break;
        if (ff + 1 >= start || ff[1] != 0x00) return 0;
        stuffed++;
        p = ff + 2;
    }
    vt_bits_start(run, start, from->end, vt_next_byte_position(from) + ((uint64_t)(start - from->p) - stuffed) * 8);
    return 1;
}

/// Moves a reader that has not started decoding on to byte `to`, which the main decoder's
/// reader has passed (so no marker comes before it): the stuffed zeros on the way do not
/// count as bits. Leaves it where it is when `to` is not ahead of it.
static void vt_move_on(vt_bits *r, const uint8_t *to) {
    if (to <= r->p || to > r->end) return;
    uint64_t stuffed = 0;
    for (const uint8_t *p = r->p; p < to;) {
        const uint8_t *ff = memchr(p, 0xFF, (size_t)(to - p));
        if (!ff) break;
        if (ff + 1 >= to || ff[1] != 0x00) return;
        stuffed++;
        p = ff + 2;
    }
    vt_bits_start(r, to, r->end, vt_next_byte_position(r) + ((uint64_t)(to - r->p) - stuffed) * 8);
}

/// The helper wakes the main decoder if it sleeps. Follows a store the main decoder may be
/// waiting for: both that store and `main_waiting` are sequentially consistent, so either the
/// sleeper sees the store or this sees the sleeper (no lost wake-up).
static void vt_wake_main(vt_helper *h) {
    if (!atomic_load(&h->main_waiting)) return;
    pthread_mutex_lock(&h->lock);
    pthread_cond_broadcast(&h->main_wake);
    pthread_mutex_unlock(&h->lock);
}

/// The same the other way round, after a store to `notices` or `quit`, or to `consumed`
/// (`consumed`: its new value; it wakes a helper only once a quarter of the ring is free).
static void vt_wake_helper(vt_helper *h, uint64_t consumed) {
    if (!atomic_load(&h->helper_waiting) || consumed < atomic_load(&h->space_wanted)) return;
    pthread_mutex_lock(&h->lock);
    pthread_cond_broadcast(&h->helper_wake);
    pthread_mutex_unlock(&h->lock);
}

/// Whether the helper has work: a notice, the end, or the slots it waits for.
static int vt_helper_may_go(vt_helper *h, uint64_t noticed) {
    return atomic_load(&h->quit) || atomic_load(&h->notices) != noticed ||
           atomic_load(&h->consumed) >= atomic_load(&h->space_wanted);
}

/// Sleeps until there is a notice or the end, or (`for_space`, the ring full with `consumed`
/// handed back) a quarter of the ring is free: not a slot at a time, or a main decoder that
/// is held up would wake it for each. While records of the last run hold the slots, until
/// they are handed back (in step, the main decoder hands back no more before a run has ended).
static void vt_helper_sleep(vt_helper *h, uint64_t noticed, int for_space, uint64_t count, uint64_t consumed,
                            uint64_t run_first) {
    uint64_t wanted = count - h->capacity + (h->capacity + 3) / 4;
    if (run_first > consumed && run_first < wanted) wanted = run_first;
    pthread_mutex_lock(&h->lock);
    atomic_store(&h->space_wanted, for_space ? wanted : UINT64_MAX);
    atomic_store(&h->helper_waiting, 1);
    while (!vt_helper_may_go(h, noticed)) pthread_cond_wait(&h->helper_wake, &h->lock);
    atomic_store(&h->helper_waiting, 0);
    pthread_mutex_unlock(&h->lock);
}

/// Publishes the records below `count` and the reader that would decode record `count`: the
/// reader first, so a main decoder that has placed every record it knows of finds it there.
static void vt_publish(vt_helper *h, uint64_t count, const vt_bits *r) {
    const uint64_t version = atomic_load_explicit(&h->snapshot_version, memory_order_relaxed);
    atomic_store_explicit(&h->snapshot_version, version + 1, memory_order_relaxed);
    atomic_thread_fence(memory_order_release);
    const uint64_t words[VT_SNAP_WORDS] = {count, (uint64_t)(r->p - h->plan->scan), r->buf, (uint64_t)r->bits,
                                           r->loaded, r->base, r->end_bit};
    for (int i = 0; i < VT_SNAP_WORDS; i++) atomic_store_explicit(&h->snapshot[i], words[i], memory_order_relaxed);
    atomic_store_explicit(&h->snapshot_version, version + 2, memory_order_release);
    atomic_store(&h->count, count);
    vt_wake_main(h);
}

/// Reads the latest published reader into `r`; returns the `seq` of the record it would
/// decode next. Every record below that is there to read.
static uint64_t vt_read_snapshot(vt_helper *h, vt_bits *r) {
    uint64_t words[VT_SNAP_WORDS];
    for (;;) {
        const uint64_t version = atomic_load_explicit(&h->snapshot_version, memory_order_acquire);
        for (int i = 0; i < VT_SNAP_WORDS; i++) words[i] = atomic_load_explicit(&h->snapshot[i], memory_order_relaxed);
        atomic_thread_fence(memory_order_acquire);
        if (!(version & 1) && atomic_load_explicit(&h->snapshot_version, memory_order_relaxed) == version) break;
        vt_pause();
    }
    vt_bits_start(r, h->plan->scan + words[VT_SNAP_P], h->plan->scan + h->plan->scan_size, words[VT_SNAP_BASE]);
    r->buf = words[VT_SNAP_BUF];
    r->bits = (int)words[VT_SNAP_BITS];
    r->loaded = words[VT_SNAP_LOADED];
    r->end_bit = words[VT_SNAP_END_BIT];
    return words[VT_SNAP_SEQ];
}

static void *vt_helper_main(void *argument) {
    vt_helper *h = argument;
    const vt_thumbnail_plan *plan = h->plan;
    const int record_size = plan->record_size;
    vt_bits reader = h->reader; // local: the struct's cache lines are read by the main decoder
    uint64_t count = 0, published = 0, consumed = 0, noticed = 0, run_first = 0;
    int running = 1;
    for (;;) {
        if (atomic_load_explicit(&h->quit, memory_order_relaxed)) break;
        // Acquire: the notice's fields, and what the main decoder read of the last run.
        const uint64_t notices = atomic_load_explicit(&h->notices, memory_order_acquire);
        if (notices != noticed) {
            // The main decoder is done with this run: start a new one ahead of both readers
            // (in step, of where the main decoder told it was: that is the file's doing).
            noticed = notices;
            vt_bits from = reader;
            if (h->notice_p) {
                vt_bits main_reader;
                vt_bits_start(&main_reader, h->notice_p, plan->scan + plan->scan_size, h->notice_position);
                const uint64_t lead = atomic_load_explicit(&h->lead, memory_order_relaxed);
                if (!h->in_step && lead) vt_move_on(&main_reader, plan->scan + lead);
                if (reader.end_bit != UINT64_MAX ||
                    vt_next_byte_position(&reader) < vt_next_byte_position(&main_reader)) {
                    from = main_reader;
                }
            }
            running = vt_leap(&from, h->leap_bytes, &reader);
            h->run_start = running ? vt_position(&reader) : UINT64_MAX;
            h->run_first = run_first = count;
            atomic_store(&h->running, running);
            atomic_store(&h->runs, noticed);
            vt_wake_main(h);
            continue;
        }
        const uint64_t position = vt_position(&reader);
        if (running && (position >= reader.end_bit || (h->in_step && count - run_first >= h->capacity))) {
            // The run ends: at the end of the data, or (in step) after a ring of records.
            running = 0;
            vt_publish(h, published = count, &reader);
            atomic_store(&h->running, 0);
            vt_wake_main(h);
        }
        int full = count - consumed >= h->capacity;
        if (full) {
            consumed = atomic_load_explicit(&h->consumed, memory_order_acquire);
            full = count - consumed >= h->capacity;
        }
        if (!running || full) {
            if (published != count) vt_publish(h, published = count, &reader);
            vt_helper_sleep(h, noticed, running, count, consumed, run_first);
            continue;
        }
        const size_t slot = count & h->mask;
        const int failed = vt_decode_mcu(plan, &reader, h->records + slot * (size_t)record_size) != 0 ||
                           vt_position(&reader) > reader.end_bit;
        h->positions[slot] = position | (failed ? vt_failed : 0);
        count++;
        if (count - published >= h->publish) vt_publish(h, published = count, &reader);
    }
    h->reader = reader;
    return NULL;
}

/// Allocates the ring and starts the helper on its first run. Returns 0 (no helper) when the
/// ring would be too small or the scan too short to leap into, or memory or a thread is not
/// to be had.
static int vt_helper_start(vt_helper *h, const vt_thumbnail_plan *plan, uint64_t total, int in_step,
                           vt_meter *meter) {
    memset(h, 0, sizeof *h);
    h->plan = plan;
    h->in_step = in_step;
    const size_t per_mcu = sizeof(uint64_t) + (size_t)plan->record_size * sizeof(vt_record);
    const size_t budget = meter && meter->current < VT_RING_BYTES ? meter->current : VT_RING_BYTES;
    h->capacity = 1;
    while (h->capacity * 2 <= VT_RING_MAX_MCUS && h->capacity * 2 * per_mcu <= budget) h->capacity *= 2;
    if (h->capacity < VT_RING_MIN_MCUS || h->capacity * per_mcu > budget) return 0;
    h->mask = h->capacity - 1;
    // Half a ring ahead, so what the helper decodes before the main decoder arrives fits
    // (about 1.25 times the MCUs between them: decoding alone is about 4/5 of the work).
    uint64_t leap_mcus = h->capacity / 2;
    if (leap_mcus > total / 4) leap_mcus = total / 4 ? total / 4 : 1;
    h->leap_bytes = plan->scan_size * leap_mcus / total;
    const uint64_t eighth = h->capacity / 8 ? h->capacity / 8 : 1;
    h->publish = eighth < VT_PUBLISH_MCUS ? eighth : VT_PUBLISH_MCUS;
    h->hand_back = eighth < VT_HAND_BACK_MCUS ? eighth : VT_HAND_BACK_MCUS;
    h->patience = eighth;
    vt_bits scan;
    vt_bits_start(&scan, plan->scan, plan->scan + plan->scan_size, 0);
    if (!vt_leap(&scan, h->leap_bytes, &h->reader)) return 0;
    h->run_start = vt_position(&h->reader);
    h->ring_bytes = (size_t)h->capacity * per_mcu;
    uint8_t *ring = vt_meter_alloc(meter, h->ring_bytes);
    if (!ring) return 0;
    h->positions = (uint64_t *)ring;
    h->records = (vt_record *)(ring + (size_t)h->capacity * sizeof(uint64_t));
    atomic_init(&h->running, 1);
    int started = 0;
    if (pthread_mutex_init(&h->lock, NULL) == 0) {
        if (pthread_cond_init(&h->main_wake, NULL) == 0) {
            if (pthread_cond_init(&h->helper_wake, NULL) == 0) {
                started = pthread_create(&h->thread, NULL, vt_helper_main, h) == 0;
                if (!started) pthread_cond_destroy(&h->helper_wake);
            }
            if (!started) pthread_cond_destroy(&h->main_wake);
        }
        if (!started) pthread_mutex_destroy(&h->lock);
    }
    if (!started) vt_meter_free(meter, ring, h->ring_bytes);
    return started;
}

/// Ends the helper thread and frees the ring.
static void vt_helper_stop(vt_helper *h, vt_meter *meter) {
    atomic_store(&h->quit, 1);
    vt_wake_helper(h, UINT64_MAX);
    pthread_join(h->thread, NULL);
    pthread_cond_destroy(&h->helper_wake);
    pthread_cond_destroy(&h->main_wake);
    pthread_mutex_destroy(&h->lock);
    vt_meter_free(meter, h->positions, h->ring_bytes);
}

/// In step only, the main decoder waits: for the latest run to end (`runs` UINT64_MAX), or
/// for a run after `runs` to be announced.
static int vt_helper_ready(vt_helper *h, uint64_t runs) {
    if (runs == UINT64_MAX) return !atomic_load(&h->running);
    return atomic_load(&h->runs) != runs;
}

static void vt_main_wait(vt_helper *h, uint64_t runs) {
    for (int spin = 0; spin < VT_SPINS; spin++) {
        if (vt_helper_ready(h, runs)) return;
        vt_pause();
    }
    pthread_mutex_lock(&h->lock);
    atomic_store(&h->main_waiting, 1);
    while (!vt_helper_ready(h, runs)) pthread_cond_wait(&h->main_wake, &h->lock);
    atomic_store(&h->main_waiting, 0);
    pthread_mutex_unlock(&h->lock);
}

/// Hands the helper's records before `seq` back to it.
static void vt_hand_back(vt_helper *h, uint64_t seq) {
    atomic_store(&h->consumed, seq);
    vt_wake_helper(h, seq);
}

/// Tells the helper that the main decoder is done with the current run and reads on from
/// `reader`: the helper starts a new one ahead.
static void vt_notify(vt_helper *h, const vt_bits *reader, uint64_t *notices) {
    h->notice_p = reader->end_bit == UINT64_MAX ? reader->p : NULL;
    h->notice_position = vt_next_byte_position(reader);
    atomic_store(&h->notices, ++*notices);
    vt_wake_helper(h, UINT64_MAX);
}

enum { VT_NOT_YET, VT_MET, VT_BEHIND };

/// Looks among the current run's published records, from `*next` on, for one that starts at
/// `position`, where the main decoder's next MCU starts: VT_MET, with `*next` its `seq`.
/// Records that start earlier are skipped for good. VT_BEHIND when none is left: the helper
/// has fallen behind (or, in step, the run has ended), and whatever it decodes next this
/// decoder would decode first.
static int vt_helper_meet(vt_helper *h, uint64_t position, uint64_t *next) {
    if (h->in_step) vt_main_wait(h, UINT64_MAX);
    const uint64_t count = atomic_load_explicit(&h->count, memory_order_acquire);
    uint64_t i = *next;
    while (i < count && (h->positions[i & h->mask] & ~vt_failed) < position) i++;
    if (i != *next) vt_hand_back(h, *next = i);
    if (i < count) return (h->positions[i & h->mask] & ~vt_failed) == position ? VT_MET : VT_NOT_YET;
    return VT_BEHIND;
}

// MARK: - Placing MCUs and emitting rows

typedef struct {
    const vt_thumbnail_plan *plan;
    uint8_t *planes[3];     // one MCU row of each component, already reduced
    int plane_width[3];
    uint8_t *rgba;          // one output row
    int32_t prediction[3];  // DC prediction by component
    int chroma_shift_x, chroma_shift_y; // log2 of luma samples a chroma sample spans
    vt_box_scaler *scaler;
} vt_rows;

/// Branch-free (conditional moves): a noisy photo clamps often and unpredictably.
static inline uint8_t vt_clamp_byte(int32_t value) {
    value = value < 0 ? 0 : value;
    value = value > 255 ? 255 : value;
    return (uint8_t)value;
}

typedef uint8_t vt_byte4 __attribute__((vector_size(4)));
typedef uint8_t vt_byte8 __attribute__((vector_size(8)));
typedef uint8_t vt_byte16 __attribute__((vector_size(16)));
typedef int16_t vt_short8 __attribute__((vector_size(16)));
typedef int32_t vt_int8 __attribute__((vector_size(32)));

/// Each lane clamped to 0...255.
static inline vt_int4 vt_clamp4(vt_int4 v) {
    const vt_int4 zero = {0, 0, 0, 0}, top = {255, 255, 255, 255};
    return __builtin_elementwise_min(__builtin_elementwise_max(v, zero), top);
}

/// Four samples: ((base + sample) >> 3) + 128, clamped to a byte.
static inline void vt_samples_to_bytes(const vt_record *samples, int32_t base, uint8_t bytes[4]) {
    vt_short4 loaded;
    memcpy(&loaded, samples, sizeof loaded);
    const vt_int4 v = vt_clamp4(((__builtin_convertvector(loaded, vt_int4) + base) >> 3) + 128);
    const vt_byte4 packed = __builtin_convertvector(v, vt_byte4);
    memcpy(bytes, &packed, 4);
}

/// Writes MCU `x` of the current row into the planes. Returns -1 when a DC value leaves the
/// 16-bit range libjpeg stores it in (a damaged file: declined).
static int vt_place_mcu(vt_rows *rows, int mcu_x, const vt_record *record) {
    const vt_thumbnail_plan *plan = rows->plan;
    for (int b = 0; b < plan->blocks; b++) {
        const int c = plan->block_component[b], side = plan->side[c];
        const int32_t dc = rows->prediction[c] + record[b];
        if (dc < -32768 || dc > 32767) return -1;
        rows->prediction[c] = dc;
        // Sample = DC * q / 8 + AC part, rounded: in eighths, (DC * q + AC + 4) >> 3.
        const int32_t base = dc * plan->dc_quant[c] + 4;
        const size_t width = (size_t)rows->plane_width[c];
        uint8_t *out = rows->planes[c] + (size_t)(plan->block_y[b] * side) * width +
                       (size_t)((mcu_x * plan->h[c] + plan->block_x[b]) * side);
        if (side == 1) {
            out[0] = vt_clamp_byte((base >> 3) + 128);
            continue;
        }
        const vt_record *samples = record + plan->block_offset[b];
        // Four samples at a time in the vector extension (SSE2 or NEON): a 2x2 block, or a
        // row of a 4x4 one.
        for (int v = 0; v < (side == 4 ? 4 : 1); v++) {
            uint8_t bytes[4];
            vt_samples_to_bytes(samples + 4 * v, base, bytes);
            if (side == 4) {
                memcpy(out + (size_t)v * width, bytes, 4);
            } else {
                memcpy(out, bytes, 2);
                memcpy(out + width, bytes + 2, 2);
            }
        }
    }
    return 0;
}

/// One YCbCr pixel to RGBA with the integer arithmetic of libjpeg's tables (jdcolor.c).
static inline void vt_ycc_to_rgba1(int l, int cb, int cr, uint8_t rgba[4]) {
    const int b = cb - 128, r = cr - 128;
    rgba[0] = vt_clamp_byte(l + ((91881 * r + 32768) >> 16));
    rgba[1] = vt_clamp_byte(l + ((-22554 * b - 46802 * r + 32768) >> 16));
    rgba[2] = vt_clamp_byte(l + ((116130 * b + 32768) >> 16));
    rgba[3] = 255;
}

/// Eight YCbCr pixels to RGBA in the vector extension, with the arithmetic of
/// vt_ycc_to_rgba1 (the same bytes; vt_test_ycc_to_rgba_check tries every input): each constant is
/// split so its product needs 16 bits a factor (91881 r = 65536 r + 26345 r, 116130 b =
/// 131072 b - 14942 b, -46802 r = -65536 r + 18734 r), and the sums stay in 16 bits.
static inline void vt_ycc_to_rgba8(const uint8_t *luma, const uint8_t *cb, const uint8_t *cr, uint8_t *rgba) {
    const vt_short8 zero = {0}, top = {255, 255, 255, 255, 255, 255, 255, 255};
    const vt_byte8 opaque = {255, 255, 255, 255, 255, 255, 255, 255};
    vt_byte8 l8, b8, r8;
    memcpy(&l8, luma, 8);
    memcpy(&b8, cb, 8);
    memcpy(&r8, cr, 8);
    const vt_short8 l = __builtin_convertvector(l8, vt_short8);
    const vt_short8 b = __builtin_convertvector(b8, vt_short8) - 128;
    const vt_short8 r = __builtin_convertvector(r8, vt_short8) - 128;
    const vt_int8 b32 = __builtin_convertvector(b, vt_int8), r32 = __builtin_convertvector(r, vt_int8);
    const vt_short8 red_part = __builtin_convertvector((26345 * r32 + 32768) >> 16, vt_short8) + r;
    const vt_short8 green_part = __builtin_convertvector((-22554 * b32 + 18734 * r32 + 32768) >> 16, vt_short8) - r;
    const vt_short8 blue_part = __builtin_convertvector((-14942 * b32 + 32768) >> 16, vt_short8) + 2 * b;
    const vt_byte8 red =
        __builtin_convertvector(__builtin_elementwise_min(__builtin_elementwise_max(l + red_part, zero), top), vt_byte8);
    const vt_byte8 green = __builtin_convertvector(
        __builtin_elementwise_min(__builtin_elementwise_max(l + green_part, zero), top), vt_byte8);
    const vt_byte8 blue =
        __builtin_convertvector(__builtin_elementwise_min(__builtin_elementwise_max(l + blue_part, zero), top), vt_byte8);
    // Interleaved to R, G, B, A: byte pairs, then pairs of pairs.
    const vt_byte16 rg = __builtin_shufflevector(red, green, 0, 8, 1, 9, 2, 10, 3, 11, 4, 12, 5, 13, 6, 14, 7, 15);
    const vt_byte16 ba = __builtin_shufflevector(blue, opaque, 0, 8, 1, 9, 2, 10, 3, 11, 4, 12, 5, 13, 6, 14, 7, 15);
    const vt_short8 low = __builtin_shufflevector((vt_short8)rg, (vt_short8)ba, 0, 8, 1, 9, 2, 10, 3, 11);
    const vt_short8 high = __builtin_shufflevector((vt_short8)rg, (vt_short8)ba, 4, 12, 5, 13, 6, 14, 7, 15);
    memcpy(rgba, &low, 16);
    memcpy(rgba + 16, &high, 16);
}

/// Converts the finished MCU row `mcu_y` to RGBA and feeds its rows to the scaler.
static void vt_emit_rows(vt_rows *rows, int mcu_y) {
    const vt_thumbnail_plan *plan = rows->plan;
    const int rows_per_mcu = plan->vmax * plan->side[0];
    for (int y = 0; y < rows_per_mcu; y++) {
        const int output_row = mcu_y * rows_per_mcu + y;
        if (output_row >= plan->out_height) break;
        const uint8_t *luma = rows->planes[0] + (size_t)y * (size_t)rows->plane_width[0];
        uint8_t *p = rows->rgba;
        if (plan->components == 1) {
            for (int x = 0; x < plan->out_width; x++, p += 4) {
                p[0] = p[1] = p[2] = luma[x];
                p[3] = 255;
            }
        } else {
            // A chroma sample covers 1 or 2 luma samples on each axis (rows->chroma_shift_*).
            const int shift_x = rows->chroma_shift_x, shift_y = rows->chroma_shift_y;
            const uint8_t *cb = rows->planes[1] + (size_t)(y >> shift_y) * (size_t)rows->plane_width[1];
            const uint8_t *cr = rows->planes[2] + (size_t)(y >> shift_y) * (size_t)rows->plane_width[2];
            int x = 0;
            if (shift_x == 0) {
                for (; x + 8 <= plan->out_width; x += 8, p += 32) vt_ycc_to_rgba8(luma + x, cb + x, cr + x, p);
            }
            for (; x < plan->out_width; x++, p += 4) vt_ycc_to_rgba1(luma[x], cb[x >> shift_x], cr[x >> shift_x], p);
        }
        vt_box_scaler_push(rows->scaler, output_row, rows->rgba);
    }
}

// MARK: - The plan

static int vt_thumbnail_plan_make(vt_thumbnail_plan *plan, vt_huffman tables[2][4],
                                  struct jpeg_decompress_struct *cinfo, const uint8_t *data, size_t size,
                                  int denominator) {
    if (denominator != 4 && denominator != 8) return 0;
    if (cinfo->progressive_mode || cinfo->arith_code || cinfo->data_precision != 8) return 0;
    if (cinfo->restart_interval != 0) return 0;
    // A sequential scan covers the whole spectrum at full precision (libjpeg warns otherwise).
    if (cinfo->Ss != 0 || cinfo->Se != 63 || cinfo->Ah != 0 || cinfo->Al != 0) return 0;
    const int n = cinfo->num_components;
    if (cinfo->comps_in_scan != n) return 0;
    if (n == 1) {
        if (cinfo->jpeg_color_space != JCS_GRAYSCALE) return 0;
    } else if (n == 3) {
        if (cinfo->jpeg_color_space != JCS_YCbCr) return 0;
    } else {
        return 0;
    }
    memset(plan, 0, sizeof *plan);
    plan->components = n;
    const int side = 8 / denominator;
    if (n == 1) {
        plan->h[0] = plan->v[0] = 1;
    } else {
        for (int c = 0; c < 3; c++) {
            const jpeg_component_info *component = &cinfo->comp_info[c];
            plan->h[c] = component->h_samp_factor;
            plan->v[c] = component->v_samp_factor;
            if (cinfo->cur_comp_info[c] != component) return 0; // scan order = frame order
        }
        if (plan->h[0] < 1 || plan->h[0] > 2 || plan->v[0] < 1 || plan->v[0] > 2) return 0;
        for (int c = 1; c < 3; c++)
            if (plan->h[c] != 1 || plan->v[c] != 1) return 0;
    }
    plan->hmax = plan->h[0];
    plan->vmax = plan->v[0];
    for (int c = 0; c < n; c++) plan->side[c] = c > 0 && plan->hmax == 2 && plan->vmax == 2 ? 2 * side : side;
    plan->record_size = 0;
    const int width = (int)cinfo->image_width, height = (int)cinfo->image_height;
    plan->mcus_x = (width + 8 * plan->hmax - 1) / (8 * plan->hmax);
    plan->mcus_y = (height + 8 * plan->vmax - 1) / (8 * plan->vmax);
    plan->out_width = (width + denominator - 1) / denominator;
    plan->out_height = (height + denominator - 1) / denominator;
    for (int c = 0; c < n; c++) {
        const jpeg_component_info *component = cinfo->cur_comp_info[c];
        const JQUANT_TBL *quant = component->quant_tbl_no >= 0 && component->quant_tbl_no < NUM_QUANT_TBLS
                                      ? cinfo->quant_tbl_ptrs[component->quant_tbl_no]
                                      : NULL;
        if (!quant) return 0;
        for (int i = 0; i < 64; i++)
            if (quant->quantval[i] == 0 || quant->quantval[i] > 255) return 0;
        plan->dc_quant[c] = quant->quantval[0];
        plan->weights[c] = plan->weight_storage[c];
        for (int earlier = 0; earlier < c; earlier++) {
            if (cinfo->cur_comp_info[earlier]->quant_tbl_no == component->quant_tbl_no &&
                plan->side[earlier] == plan->side[c]) {
                plan->weights[c] = plan->weights[earlier];
            }
        }
        if (plan->weights[c] == plan->weight_storage[c]) vt_sample_weights(plan->weight_storage[c], quant, plan->side[c]);
        const int dc = component->dc_tbl_no, ac = component->ac_tbl_no;
        if (dc < 0 || dc >= NUM_HUFF_TBLS || ac < 0 || ac >= NUM_HUFF_TBLS) return 0;
        if (!vt_huffman_build(&tables[0][dc], cinfo->dc_huff_tbl_ptrs[dc], 1)) return 0;
        if (!vt_huffman_build(&tables[1][ac], cinfo->ac_huff_tbl_ptrs[ac], 0)) return 0;
        plan->dc[c] = &tables[0][dc];
        plan->ac[c] = &tables[1][ac];
        for (int y = 0; y < plan->v[c]; y++) {
            for (int x = 0; x < plan->h[c]; x++) {
                plan->block_component[plan->blocks] = c;
                plan->block_x[plan->blocks] = x;
                plan->block_y[plan->blocks] = y;
                plan->block_offset[plan->blocks] = plan->record_size; // shifted past the DCs below
                plan->record_size += plan->side[c] == 1 ? 0 : plan->side[c] * plan->side[c];
                plan->blocks++;
            }
        }
    }
    for (int b = 0; b < plan->blocks; b++) plan->block_offset[b] += plan->blocks;
    plan->record_size += plan->blocks;
    const uint8_t *scan = cinfo->src->next_input_byte;
    if (scan < data || scan > data + size) return 0;
    plan->scan = scan;
    plan->scan_size = (size_t)(data + size - scan);
    return 1;
}

/// Whether the entropy-coded bytes from `p` on end at an EOI marker (fill bytes allowed).
static int vt_ends_in_eoi(const uint8_t *p, const uint8_t *end) {
    while (p + 1 < end) {
        if (p[0] != 0xFF || p[1] == 0x00) {
            p += p[0] == 0xFF ? 2 : 1;
        } else if (p[1] == 0xFF) {
            p++; // a fill byte before a marker
        } else {
            return p[1] == 0xD9;
        }
    }
    return 0;
}

// MARK: - Entry point

/// A plan and its tables (about 90 KiB): on the heap, not on a pool thread's stack.
typedef struct {
    vt_thumbnail_plan plan;
    vt_huffman tables[2][4];
} vt_plan_storage;

vt_thumbnail_outcome vt_jpeg_thumbnail_decode(struct jpeg_decompress_struct *cinfo, const uint8_t *data,
                                              size_t size, int denominator, int threads,
                                              const vt_decode_request *request, vt_meter *meter,
                                              uint8_t **pixels, int *used_helper) {
    *used_helper = 0;
    vt_plan_storage *storage = malloc(sizeof *storage);
    if (!storage) return VT_THUMBNAIL_NO_MEMORY;
    if (!vt_thumbnail_plan_make(&storage->plan, storage->tables, cinfo, data, size, denominator)) {
        free(storage);
        return VT_THUMBNAIL_DECLINED;
    }
    const vt_thumbnail_plan *const plan = &storage->plan;

    vt_rows rows;
    memset(&rows, 0, sizeof rows);
    rows.plan = plan;
    size_t plane_bytes[3] = {0, 0, 0};
    int failed = 0, out_of_memory = 0; // failed: before decoding starts, for any reason
    for (int c = 0; c < plan->components; c++) {
        rows.plane_width[c] = plan->mcus_x * plan->h[c] * plan->side[c];
        plane_bytes[c] = (size_t)rows.plane_width[c] * (size_t)(plan->v[c] * plan->side[c]);
        rows.planes[c] = vt_meter_alloc(meter, plane_bytes[c]);
        failed |= rows.planes[c] == NULL;
    }
    const size_t rgba_bytes = (size_t)plan->out_width * 4;
    rows.rgba = vt_meter_alloc(meter, rgba_bytes);
    failed |= rows.rgba == NULL;
    out_of_memory = failed;
    double crop_x, crop_y, crop_w, crop_h;
    vt_centred_crop(request, (int)cinfo->image_width, (int)cinfo->image_height, plan->out_width, plan->out_height,
                    &crop_x, &crop_y, &crop_w, &crop_h);
    if (!failed) {
        const vt_status status = vt_box_scaler_create(meter, plan->out_width, plan->out_height, crop_x, crop_y, crop_w,
                                                      crop_h, request->out_width, request->out_height, &rows.scaler);
        failed = status != VT_OK;
        out_of_memory = status == VT_ERR_NO_MEMORY; // any other status: libjpeg's path reports it
    }

    const uint64_t total = (uint64_t)plan->mcus_x * (uint64_t)plan->mcus_y;
    vt_helper helper;
    int helper_running = 0;
    if (!failed && threads >= 2 && plan->scan_size >= VT_HELPER_MIN_SCAN_BYTES && total >= VT_HELPER_MIN_MCUS) {
        int in_step = request->helper_in_step;
#ifdef VT_FUZZ_WAIT_FOR_HELPER
        in_step = 1;
#endif
        helper_running = vt_helper_start(&helper, plan, total, in_step, meter);
    }

    if (plan->components == 3) {
        rows.chroma_shift_x = plan->hmax * plan->side[0] / plan->side[1] == 2;
        rows.chroma_shift_y = plan->vmax * plan->side[0] / plan->side[1] == 2;
    }
    vt_record own[VT_MAX_RECORD];
    vt_bits reader;
    vt_bits_start(&reader, plan->scan, plan->scan + plan->scan_size, 0);
    int declined = failed, used_helper_records = 0;
    int draining = 0;     // the MCUs come from the helper's records, `next` the next of them
    uint64_t next = 0;    // the helper's records before this one are done with
    uint64_t known = 0;   // records known to be published (draining)
    uint64_t runs = 0;    // runs announced that this decoder has taken up
    uint64_t notices = 0; // runs this decoder is done with
    uint64_t run_start = helper_running ? helper.run_start : UINT64_MAX; // the run to meet; none
    uint64_t tries = 0;   // MCUs decoded past the run's start without meeting it
    for (uint64_t m = 0; m < total && !declined; m++) {
        const vt_record *record = own;
        if (helper_running && !draining) {
            if (notices != runs && atomic_load_explicit(&helper.runs, memory_order_acquire) != runs) {
                // The run announced after the last notice: meet it from its first record.
                runs = notices;
                run_start = helper.run_start;
                vt_hand_back(&helper, next = helper.run_first);
                tries = 0;
            }
            if (vt_position(&reader) >= run_start) {
                const int meeting = vt_helper_meet(&helper, vt_position(&reader), &next);
                if (meeting == VT_MET) {
                    draining = 1;
                    known = next;
                } else if (meeting == VT_BEHIND || ++tries > helper.patience) {
                    vt_notify(&helper, &reader, &notices); // give it up
                    run_start = UINT64_MAX;
                }
            }
        }
        if (draining && next == known) {
            // The reader is published before the count, so `known` may be ahead of `count`.
            const uint64_t count = atomic_load_explicit(&helper.count, memory_order_acquire);
            if (count > known) known = count;
            if (next == known) {
                // Every published record placed: take the helper's reader there and lead again.
                vt_bits published;
                known = vt_read_snapshot(&helper, &published); // never behind `next`
                if (next == known) {
                    reader = published;
                    draining = 0;
                    vt_hand_back(&helper, next);
                    vt_notify(&helper, &reader, &notices);
                    run_start = UINT64_MAX;
                }
            }
        }
        if (helper_running && helper.in_step && notices != runs) vt_main_wait(&helper, runs);
        if (draining) {
            // From the meeting on, the helper decoded exactly what this loop would have.
            if (helper.positions[next & helper.mask] & vt_failed) {
                declined = 1; // damaged here, or the data ran out: libjpeg decides
                break;
            }
            record = helper.records + (size_t)(next & helper.mask) * (size_t)plan->record_size;
            next++;
            used_helper_records = 1;
        } else {
            if (helper_running && m % VT_LEAD_MCUS == 0) {
                const uint64_t lead = reader.end_bit == UINT64_MAX ? (uint64_t)(reader.p - plan->scan) : 0;
                atomic_store_explicit(&helper.lead, lead, memory_order_relaxed);
            }
            if (vt_decode_mcu(plan, &reader, own) != 0 || vt_position(&reader) > reader.end_bit) {
                // A code off, or the data ran out (zeros since): the file is libjpeg's to judge.
                declined = 1;
                break;
            }
        }
        const int mcu_x = (int)(m % (uint64_t)plan->mcus_x);
        if (vt_place_mcu(&rows, mcu_x, record) != 0) {
            declined = 1;
            break;
        }
        if (draining && next % helper.hand_back == 0) vt_hand_back(&helper, next);
        if (mcu_x == plan->mcus_x - 1) vt_emit_rows(&rows, (int)(m / (uint64_t)plan->mcus_x));
    }
    if (helper_running) vt_helper_stop(&helper, meter);
    if (!declined) {
        // The data must end in EOI after the last MCU (as libjpeg-turbo requires: a file
        // without it is reported truncated). Where the helper decoded the last MCU, its
        // reader has read on from there in the same run.
        const vt_bits *last = draining ? &helper.reader : &reader;
        declined = !vt_ends_in_eoi(last->p, last->end);
    }
    for (int c = 0; c < plan->components; c++) vt_meter_free(meter, rows.planes[c], plane_bytes[c]);
    vt_meter_free(meter, rows.rgba, rgba_bytes);
    if (declined) {
        vt_box_scaler_destroy(rows.scaler);
        free(storage);
        return out_of_memory ? VT_THUMBNAIL_NO_MEMORY : VT_THUMBNAIL_DECLINED;
    }
    *pixels = vt_box_scaler_finish(rows.scaler);
    *used_helper = used_helper_records;
    vt_box_scaler_destroy(rows.scaler);
    free(storage);
    return VT_THUMBNAIL_DONE;
}

// MARK: - For tests

static void vt_check_silence(j_common_ptr cinfo, int level) {
    (void)cinfo;
    (void)level;
}

/// What the thumbnail decoder should have made of one block: its samples from libjpeg's
/// coefficients (natural order) through the plan's weights, summed in double precision and
/// rounded as vt_store_samples rounds. `*slack` is how far the decoder's float sum may
/// stray: at most 64 roundings, each within 2^-24 of the magnitudes summed (0 for any
/// ordinary file; a few eighths when 15-bit values cancel out).
static int16_t vt_expected_sample(const vt_thumbnail_plan *plan, int component, const JCOEF *block, int lane,
                                  double *slack) {
    const int side = plan->side[component], vectors = side * side / 4;
    const float *weights = (const float *)plan->weights[component];
    double sum = 0, magnitude = 0;
    for (int k = 1; k < 64; k++) {
        const double term = (double)block[vt_zigzag_to_natural[k]] * weights[k * vectors * 4 + lane];
        sum += term;
        magnitude += fabs(term);
    }
    *slack = 64.0 * magnitude / 16777216.0;
    sum = sum > 32767 ? 32767 : (sum < -32768 ? -32768 : sum);
    return (int16_t)((int32_t)(sum + 32768.5) - 32768);
}

vt_status vt_test_jpeg_thumbnail_check(const uint8_t *data, size_t size, int denominator, size_t *blocks,
                                       size_t *mismatches, int *largest_difference) {
    *blocks = 0;
    *mismatches = 0;
    *largest_difference = 0;
    vt_plan_storage *storage = malloc(sizeof *storage);
    if (!storage) return VT_ERR_NO_MEMORY;
    struct jpeg_decompress_struct cinfo;
    memset(&cinfo, 0, sizeof cinfo); // destroying it is safe even if creating it failed
    vt_jpeg_jump_error error;
    cinfo.err = jpeg_std_error(&error.base);
    error.base.error_exit = vt_jpeg_jump_error_exit;
    error.base.emit_message = vt_check_silence;
    if (setjmp(error.jump)) {
        jpeg_destroy_decompress(&cinfo);
        free(storage);
        return VT_ERR_CORRUPT;
    }
    jpeg_create_decompress(&cinfo);
    jpeg_mem_src(&cinfo, data, (unsigned long)size);
    jpeg_read_header(&cinfo, TRUE);
    vt_status status = VT_OK;
    if (vt_thumbnail_plan_make(&storage->plan, storage->tables, &cinfo, data, size, denominator)) {
        const vt_thumbnail_plan *plan = &storage->plan;
        jvirt_barray_ptr *coefficients = jpeg_read_coefficients(&cinfo); // libjpeg's own decode
        vt_bits reader;
        vt_bits_start(&reader, plan->scan, plan->scan + plan->scan_size, 0);
        int32_t prediction[3] = {0, 0, 0};
        vt_record record[VT_MAX_RECORD];
        for (int mcu_y = 0; mcu_y < plan->mcus_y && status == VT_OK; mcu_y++) {
            for (int mcu_x = 0; mcu_x < plan->mcus_x && status == VT_OK; mcu_x++) {
                if (vt_decode_mcu(plan, &reader, record) != 0) {
                    status = VT_ERR_CORRUPT;
                    break;
                }
                for (int b = 0; b < plan->blocks; b++) {
                    // libjpeg keeps the blocks an interleaved scan pads each row out with.
                    const int c = plan->block_component[b];
                    const JDIMENSION row = (JDIMENSION)(mcu_y * plan->v[c] + plan->block_y[b]);
                    const JDIMENSION column = (JDIMENSION)(mcu_x * plan->h[c] + plan->block_x[b]);
                    JBLOCKARRAY rows = cinfo.mem->access_virt_barray((j_common_ptr)&cinfo, coefficients[c], row, 1, FALSE);
                    const JCOEF *block = rows[0][column];
                    int mismatch = record[b] != (int16_t)(block[0] - prediction[c]);
                    prediction[c] = block[0];
                    const int lanes = plan->side[c] > 1 ? plan->side[c] * plan->side[c] : 0;
                    for (int lane = 0; lane < lanes; lane++) {
                        double slack;
                        const int expected = vt_expected_sample(plan, c, block, lane, &slack);
                        const int difference = abs(record[plan->block_offset[b] + lane] - expected);
                        if (difference > *largest_difference) *largest_difference = difference;
                        mismatch |= difference > 1 + slack;
                    }
                    *blocks += 1;
                    *mismatches += (size_t)mismatch;
                }
            }
        }
    } else {
        status = VT_ERR_UNSUPPORTED;
    }
    jpeg_destroy_decompress(&cinfo);
    free(storage);
    return status;
}

size_t vt_test_ycc_to_rgba_check(void) {
    size_t mismatches = 0;
    uint8_t luma[256], cb[256], cr[256], rgba[256 * 4], expected[4];
    // Lane i holds (l + i, blue + 3i, i) mod 256: over all l and blue every triple comes once,
    // and neighbouring lanes differ in all three.
    for (int l = 0; l < 256; l++) {
        for (int blue = 0; blue < 256; blue++) {
            for (int i = 0; i < 256; i++) {
                luma[i] = (uint8_t)(l + i);
                cb[i] = (uint8_t)(blue + 3 * i);
                cr[i] = (uint8_t)i;
            }
            for (int x = 0; x < 256; x += 8) vt_ycc_to_rgba8(luma + x, cb + x, cr + x, rgba + 4 * x);
            for (int i = 0; i < 256; i++) {
                vt_ycc_to_rgba1(luma[i], cb[i], cr[i], expected);
                mismatches += memcmp(rgba + 4 * i, expected, 4) != 0;
            }
        }
    }
    return mismatches;
}
