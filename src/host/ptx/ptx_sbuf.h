/* A growing text buffer for the module printer. */
#ifndef PTX_SBUF_H
#define PTX_SBUF_H

#include <stddef.h>

typedef struct ptx_sbuf {
    char *s;
    size_t len, cap;
    int oom;
} ptx_sbuf_t;

void ptx_sb_printf(ptx_sbuf_t *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void ptx_sb_puts(ptx_sbuf_t *b, const char *s);

#endif
