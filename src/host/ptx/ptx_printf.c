/* Formatting the device printf records of a CTA (ptx_grid.h's ptx_out_t)
 * on the host, as CUDA's printf does after a kernel: the format string is
 * read from target memory (the global arena or the .const bank), the
 * arguments and the %s strings from the record (ptx_exec_printf.h), each conversion handed to the C
 * library's printf with its flags, width, precision and length. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "device/ptx/ptx_exec_printf.h"
#include "host/ptx/ptx_printf.h"

/* A NUL-terminated string at generic address a, or NULL. */
static const char *target_string(const ptx_prog_t *p, const ptx_gmem_t *gm, uint64_t a)
{
    const char *s = NULL;
    uint64_t room = 0;
    if (a - gm->lo < gm->size)
        s = (const char *)gm->base + (a - gm->lo), room = gm->size - (a - gm->lo);
    else if (a - PTX_WIN_CONST < p->cbank_size)
        s = (const char *)p->cbank + (a - PTX_WIN_CONST), room = p->cbank_size - (a - PTX_WIN_CONST);
    return s && memchr(s, 0, room) ? s : NULL;
}

typedef struct args {
    const uint8_t *b;
    uint32_t n, off;
    const uint8_t *str;        /* the record's %s strings, each after its tag byte */
    uint32_t str_n, str_off;
} args_t;

/* The next %s string of the record, or NULL where the call could not read it. */
static const char *take_string(args_t *a)
{
    if (a->str_off >= a->str_n || !a->str[a->str_off]) {
        a->str_off++;
        return NULL;
    }
    const char *s = (const char *)a->str + a->str_off + 1;
    const void *end = memchr(s, 0, a->str_n - a->str_off - 1);
    a->str_off = end ? (uint32_t)((const uint8_t *)end - a->str) + 1 : a->str_n;
    return end ? s : NULL;
}

static uint64_t take(args_t *a, uint32_t size)
{
    uint64_t v = 0;
    a->off = (a->off + size - 1) / size * size;
    if (a->off + size <= a->n)
        memcpy(&v, a->b + a->off, size);
    a->off += size;
    return v;
}

/* One conversion: spec is "%...X" (NUL-terminated), sz its argument size. */
static void convert(const ptx_prog_t *p, const ptx_gmem_t *gm, FILE *out, char *spec, size_t len, uint32_t sz,
                    args_t *a, const int *stars, uint32_t nstars)
{
    char conv = spec[len - 1];
    char fmt[64];
    /* the length modifiers go: the value is passed at its real width */
    size_t k = 0;
    for (size_t i = 0; i < len - 1 && k < sizeof fmt - 4; i++)
        if (!strchr("hlLzjt", spec[i]))
            fmt[k++] = spec[i];
    int w0 = nstars > 0 ? stars[0] : 0, w1 = nstars > 1 ? stars[1] : 0;
    if (strchr("diuxXoc", conv)) {
        int sgn = conv == 'd' || conv == 'i';
        uint64_t v = take(a, sz);
        if (conv == 'c') {
            fmt[k++] = 'c', fmt[k] = 0;
        } else {
            const char *ll = sgn ? PRId64 : conv == 'u' ? PRIu64 : conv == 'o' ? PRIo64 : conv == 'x' ? PRIx64 : PRIX64;
            strcpy(fmt + k, ll);
        }
        int64_t sv = sz == 4 ? (int64_t)(int32_t)v : (int64_t)v;
        uint64_t uv = sz == 4 ? (uint32_t)v : v;
        if (conv == 'c')
            nstars == 2 ? fprintf(out, fmt, w0, w1, (int)v) : nstars == 1 ? fprintf(out, fmt, w0, (int)v) : fprintf(out, fmt, (int)v);
        else if (sgn)
            nstars == 2 ? fprintf(out, fmt, w0, w1, sv) : nstars == 1 ? fprintf(out, fmt, w0, sv) : fprintf(out, fmt, sv);
        else
            nstars == 2 ? fprintf(out, fmt, w0, w1, uv) : nstars == 1 ? fprintf(out, fmt, w0, uv) : fprintf(out, fmt, uv);
    } else if (strchr("fFeEgGaA", conv)) {
        uint64_t v = take(a, 8);
        double d;
        memcpy(&d, &v, 8);
        fmt[k++] = conv, fmt[k] = 0;
        nstars == 2 ? fprintf(out, fmt, w0, w1, d) : nstars == 1 ? fprintf(out, fmt, w0, d) : fprintf(out, fmt, d);
    } else if (conv == 's') {
        uint32_t at = (a->off + 7u) / 8u * 8u;
        uint64_t v = take(a, 8);
        const char *s = at + 8u <= a->n ? take_string(a) : NULL;
        fmt[k++] = 's', fmt[k] = 0;
        if (!s)
            s = v ? "(bad string)" : "(null)";
        nstars == 2 ? fprintf(out, fmt, w0, w1, s) : nstars == 1 ? fprintf(out, fmt, w0, s) : fprintf(out, fmt, s);
    } else if (conv == 'p') {
        fprintf(out, "0x%" PRIx64, take(a, 8));
    } else if (conv == 'n') {
        take(a, 8);
    } else {
        fputs(spec, out); /* not a conversion: as written */
    }
}

static void format_one(const ptx_prog_t *p, const ptx_gmem_t *gm, const char *f, args_t *a, FILE *out)
{
    uint32_t n = (uint32_t)strlen(f), i = 0;
    while (i < n) {
        if (f[i] != '%') {
            fputc(f[i++], out);
            continue;
        }
        if (i + 1 < n && f[i + 1] == '%') {
            fputc('%', out);
            i += 2;
            continue;
        }
        uint32_t start = i++, star;
        uint32_t sz = ptx_printf_conv(f, n, &i, &star);
        char spec[64];
        size_t len = i - start < sizeof spec - 1 ? i - start : sizeof spec - 1;
        memcpy(spec, f + start, len);
        spec[len] = 0;
        int stars[2] = {0, 0};
        for (uint32_t s = 0; s < star && s < 2; s++)
            stars[s] = (int)(int32_t)take(a, 4);
        convert(p, gm, out, spec, len, sz ? sz : 4, a, stars, star < 2 ? star : 2);
    }
}

int ptx_printf_format(const ptx_prog_t *p, const ptx_gmem_t *gm, const ptx_out_t *o, FILE *out)
{
    int count = 0;
    for (uint32_t pos = 0; pos + 16 <= o->len;) {
        const uint8_t *rec = o->buf + pos;
        uint32_t bytes, asz;
        uint64_t fmt;
        memcpy(&bytes, rec, 4);
        memcpy(&fmt, rec + 4, 8);
        memcpy(&asz, rec + 12, 4);
        if (bytes < 16 || pos + bytes > o->len)
            break;
        const char *f = target_string(p, gm, fmt);
        if (16u + asz > bytes)
            break;
        args_t a = {rec + 16, asz, 0, rec + 16 + asz, bytes - 16u - asz, 0};
        if (f)
            format_one(p, gm, f, &a, out);
        else
            fprintf(out, "(printf: format at 0x%" PRIx64 " is not readable)\n", fmt);
        count++;
        pos += bytes;
    }
    return o->overflow ? -1 : count;
}
