/* Checks: exact is the same bits; tol is |got - want| <= abs + rel * |want|,
 * NaN matching NaN only (a kernel that should give NaN and gives 0 fails). */
#include "host/ptx/ptx_launch_check.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static uint64_t load_le(const uint8_t *p, uint32_t n)
{
    uint64_t v = 0;
    for (uint32_t i = 0; i < n; i++)
        v |= (uint64_t)p[i] << (8 * i);
    return v;
}

double ptx_elem_number(ptx_elem_t t, const uint8_t *p)
{
    uint32_t size = ptx_elem_size(t);
    uint64_t u = load_le(p, size);
    if (t == PTX_E_F32) {
        float f;
        uint32_t b = (uint32_t)u;
        memcpy(&f, &b, 4);
        return f;
    }
    if (t == PTX_E_F64) {
        double d;
        memcpy(&d, &u, 8);
        return d;
    }
    if (ptx_elem_is_signed(t) && size < 8 && (u >> (8 * size - 1)))
        u |= ~0ull << (8 * size);
    return ptx_elem_is_signed(t) ? (double)(int64_t)u : (double)u;
}

void ptx_elem_text(ptx_elem_t t, const uint8_t *p, char *buf, size_t n)
{
    uint32_t size = ptx_elem_size(t);
    uint64_t u = load_le(p, size);
    if (ptx_elem_is_float(t))
        snprintf(buf, n, "%.*g", t == PTX_E_F32 ? 9 : 17, ptx_elem_number(t, p));
    else if (ptx_elem_is_signed(t))
        snprintf(buf, n, "%lld", (long long)ptx_elem_number(t, p));
    else
        snprintf(buf, n, "%llu", (unsigned long long)u);
}

static int element_ok(const ptx_check_decl_t *c, ptx_elem_t t, const uint8_t *g, const uint8_t *w, double gv,
                      double wv)
{
    if (c->exact)
        return !memcmp(g, w, ptx_elem_size(t));
    if (isnan(wv) || isnan(gv))
        return isnan(wv) && isnan(gv);
    if (gv == wv) /* infinities of the same sign */
        return 1;
    return fabs(gv - wv) <= c->abs + c->rel * fabs(wv);
}

void ptx_check_compare(const ptx_check_decl_t *c, ptx_elem_t t, uint64_t count, const uint8_t *got,
                       const uint8_t *want, ptx_check_result_t *r)
{
    uint32_t size = ptx_elem_size(t);
    memset(r, 0, sizeof *r);
    for (uint64_t i = 0; i < count; i++) {
        const uint8_t *g = got + i * size, *w = want + i * size;
        double gv = ptx_elem_number(t, g), wv = ptx_elem_number(t, w);
        double e = gv == wv ? 0 : fabs(gv - wv);
        if (isnan(e) && !(isnan(gv) && isnan(wv)))
            r->max_err = NAN;
        else if (e > r->max_err)
            r->max_err = e;
        if (element_ok(c, t, g, w, gv, wv))
            continue;
        if (!r->ndiff++) {
            r->first = i;
            r->got = gv;
            r->want = wv;
        }
    }
    r->pass = r->ndiff == 0;
}
