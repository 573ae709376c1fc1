/* The growing text buffer (ptx_sbuf.h). Out of memory sticks: the text is
 * then dropped by ptx_module_text. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host/ptx/ptx_sbuf.h"

static int reserve(ptx_sbuf_t *b, size_t more)
{
    if (b->oom)
        return 0;
    if (b->len + more + 1 <= b->cap)
        return 1;
    size_t cap = b->cap ? b->cap : 4096;
    while (cap < b->len + more + 1)
        cap *= 2;
    char *s = realloc(b->s, cap);
    if (!s) {
        b->oom = 1;
        return 0;
    }
    b->s = s;
    b->cap = cap;
    return 1;
}

void ptx_sb_printf(ptx_sbuf_t *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (k < 0 || !reserve(b, (size_t)k))
        return;
    va_start(ap, fmt);
    vsnprintf(b->s + b->len, (size_t)k + 1, fmt, ap);
    va_end(ap);
    b->len += (size_t)k;
}

void ptx_sb_puts(ptx_sbuf_t *b, const char *s)
{
    size_t k = strlen(s);
    if (!reserve(b, k))
        return;
    memcpy(b->s + b->len, s, k + 1);
    b->len += k;
}
