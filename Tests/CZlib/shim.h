#ifndef VITRINE_CZLIB_SHIM_H
#define VITRINE_CZLIB_SHIM_H
#include <zlib.h>

/* deflateInit2 is a macro (it passes the library's version and the stream's size), which
   Swift cannot call. windowBits 31 writes a gzip member; -15 raw deflate blocks. */
static inline int vitrine_deflate_init(z_stream *stream, int level, int window_bits) {
    return deflateInit2(stream, level, Z_DEFLATED, window_bits, 9, Z_DEFAULT_STRATEGY);
}

#endif
