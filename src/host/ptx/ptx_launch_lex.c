/* The launch file's words: numbers, sizes, values of a type, buffer
 * references (ptx_launch_lex.h). */
#include "host/ptx/ptx_launch_lex.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int fail(lparse_t *p, const char *fmt, ...)
{
    va_list ap;
    int k = snprintf(p->err, p->errlen, "%s:%d: ", p->name, p->line);
    va_start(ap, fmt);
    if (k >= 0 && (size_t)k < p->errlen)
        vsnprintf(p->err + k, p->errlen - (size_t)k, fmt, ap);
    va_end(ap);
    return -1;
}

/* The word at i, or a complaint that `what` was expected there. */
static const char *word_at(lparse_t *p, int i, const char *what)
{
    if (i < p->nw)
        return p->w[i];
    fail(p, "expected %s", what);
    return NULL;
}

int lx_is_name(const char *s)
{
    if (!isalpha((unsigned char)*s) && *s != '_')
        return 0;
    while (*++s)
        if (!isalnum((unsigned char)*s) && *s != '_')
            return 0;
    return 1;
}

int lx_is_number(const char *s)
{
    if (*s == '-' || *s == '+')
        s++;
    if (*s == '.')
        s++;
    return isdigit((unsigned char)*s) || !strncasecmp(s, "inf", 3) || !strncasecmp(s, "nan", 3);
}

/* strtoull's whole word, signs refused; *end the first unread byte. */
static int read_u64(const char *s, uint64_t *v, char **end)
{
    errno = 0;
    if (!isdigit((unsigned char)*s))
        return -1;
    *v = strtoull(s, end, 0);
    return errno ? -1 : 0;
}

int lx_u64(lparse_t *p, int i, uint64_t *v, const char *what)
{
    const char *s = word_at(p, i, what);
    char *end;
    if (!s)
        return -1;
    if (read_u64(s, v, &end) || *end)
        return fail(p, "expected %s, found '%s'", what, s);
    return 0;
}

int lx_size(lparse_t *p, int i, uint64_t *v, const char *what)
{
    const char *s = word_at(p, i, what);
    char *end;
    if (!s)
        return -1;
    if (read_u64(s, v, &end))
        return fail(p, "expected %s, found '%s'", what, s);
    unsigned shift = *end == 'K' || *end == 'k' ? 10 : *end == 'M' || *end == 'm' ? 20 : 0;
    end += shift != 0;
    if (*end || *v > (UINT64_MAX >> shift))
        return fail(p, "expected %s, found '%s'", what, s);
    *v <<= shift;
    return 0;
}

int lx_real(lparse_t *p, int i, double *v, const char *what)
{
    const char *s = word_at(p, i, what);
    char *end;
    if (!s)
        return -1;
    errno = 0;
    *v = strtod(s, &end);
    /* ERANGE on underflow keeps the (denormal or zero) value: 1e-320 is a fine f64 */
    if (end == s || *end || (errno == ERANGE && isinf(*v)))
        return fail(p, "expected %s, found '%s'", what, s);
    return 0;
}

/* An integer of t's width and signedness, two's complement in v->u. */
static int read_int(lparse_t *p, const char *s, ptx_elem_t t, ptx_value_t *v, const char *what)
{
    unsigned bits = 8 * ptx_elem_size(t);
    int neg = *s == '-';
    uint64_t mag;
    char *end;
    if (read_u64(s + neg, &mag, &end) || *end)
        return fail(p, "expected %s, found '%s'", what, s);
    uint64_t umax = bits == 64 ? UINT64_MAX : (1ull << bits) - 1;
    uint64_t limit = ptx_elem_is_signed(t) ? (umax >> 1) + neg : neg ? 0 : umax;
    if (mag > limit)
        return fail(p, "expected %s in range, found '%s'", what, s);
    v->u = neg ? (uint64_t)0 - mag : mag;
    v->f = neg ? -(double)mag : (double)mag;
    return 0;
}

int lx_value(lparse_t *p, int i, ptx_elem_t t, ptx_value_t *v, const char *what)
{
    const char *s = word_at(p, i, what);
    if (!s)
        return -1;
    char expect[64];
    snprintf(expect, sizeof expect, "a value of type %s", what);
    if (!ptx_elem_is_float(t))
        return read_int(p, s, t, v, expect);
    if (lx_real(p, i, &v->f, expect))
        return -1;
    v->u = 0;
    return 0;
}

int lx_buffer_ref(lparse_t *p, int i, uint32_t *buffer, uint64_t *offset)
{
    const char *s = word_at(p, i, "a buffer name");
    if (!s)
        return -1;
    char name[256];
    size_t n = strcspn(s, "+");
    if (n >= sizeof name)
        return fail(p, "expected a buffer name, found '%s'", s);
    memcpy(name, s, n);
    name[n] = 0;
    int b = ptx_launch_buffer(p->l, name);
    if (b < 0)
        return fail(p, "expected a buffer declared above, found '%s'", name);
    *buffer = (uint32_t)b;
    *offset = 0;
    if (!s[n])
        return 0;
    char *end;
    if (read_u64(s + n + 1, offset, &end) || *end)
        return fail(p, "expected NAME+BYTES, found '%s'", s);
    if (*offset > ptx_buffer_bytes(&p->l->buffers[b]))
        return fail(p, "expected an offset within %s's %llu bytes, found %llu", name,
                    (unsigned long long)ptx_buffer_bytes(&p->l->buffers[b]), (unsigned long long)*offset);
    return 0;
}
