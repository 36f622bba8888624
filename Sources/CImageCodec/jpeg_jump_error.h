// A libjpeg error manager that longjmps back to the caller's setjmp; private to this target.
#ifndef VITRINE_JPEG_JUMP_ERROR_H
#define VITRINE_JPEG_JUMP_ERROR_H

#include <stdio.h>
#include <jpeglib.h>
#include <setjmp.h>

/// Set `jump` with setjmp before any libjpeg call: every libjpeg error longjmps to it.
typedef struct {
    struct jpeg_error_mgr base;
    jmp_buf jump;
} vt_jpeg_jump_error;

static inline void vt_jpeg_jump_error_exit(j_common_ptr cinfo) { longjmp(((vt_jpeg_jump_error *)cinfo->err)->jump, 1); }

#endif
