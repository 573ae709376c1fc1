/* The launch file reader's state and its word readers (numbers, sizes,
 * values of a type, buffer references), shared by ptx_launch_parse.c and
 * ptx_launch_lex.c. Every reader takes the word's index on the line and
 * what was expected there, and on a bad word fails with one line
 * "FILE:LINE: expected WHAT, found 'WORD'". */
#ifndef PTX_LAUNCH_LEX_H
#define PTX_LAUNCH_LEX_H

#include <stddef.h>
#include <stdint.h>

#include "host/ptx/ptx_launch.h"

typedef struct lparse {
    ptx_launch_t *l;
    const char *name, *dir;
    int line;
    char **w;               /* this line's words */
    int nw;
    uint32_t repeat;        /* from a `repeat` line, for the next kernel; 0 none */
    int repeat_line;
    char *err;
    size_t errlen;
} lparse_t;

/* "NAME:LINE: " and the message in p->err; returns -1. */
int fail(lparse_t *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

int lx_is_name(const char *s);
/* Does s start as a number does (a digit, or a sign or '.' and a digit)? */
int lx_is_number(const char *s);
/* A non-negative integer: decimal or 0x hex. */
int lx_u64(lparse_t *p, int i, uint64_t *v, const char *what);
/* The same with a K (2^10) or M (2^20) suffix. */
int lx_size(lparse_t *p, int i, uint64_t *v, const char *what);
/* A float as C writes it (strtod: inf, nan, hex floats too). */
int lx_real(lparse_t *p, int i, double *v, const char *what);
/* A value of type t, in range for it. */
int lx_value(lparse_t *p, int i, ptx_elem_t t, ptx_value_t *v, const char *what);
/* NAME or NAME+BYTES, NAME a buffer declared above. */
int lx_buffer_ref(lparse_t *p, int i, uint32_t *buffer, uint64_t *offset);

#endif
