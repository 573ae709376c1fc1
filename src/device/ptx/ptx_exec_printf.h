/* Device printf (a call to the extern vprintf): each executing lane, in
 * lane order, appends a record to the CTA's ptx_out_t as ptx_grid.h lays
 * it out. The argument buffer's size comes from the format string: each
 * conversion takes an argument of 4 or 8 bytes at its natural alignment,
 * as nvcc lays the buffer out. The strings of %s conversions are copied
 * into the record after the arguments, as the call reads them: one in a
 * thread's local array is gone when ptx_printf.c formats the records after
 * the grid, where a GPU's printf has printed it. */
#ifndef PTX_EXEC_PRINTF_H
#define PTX_EXEC_PRINTF_H

#include "device/ptx/ptx_exec_mem.h"
#include "device/ptx/ptx_exec_simt.h"

#define PTX_PRINTF_MAX_ARGS 256u  /* bytes of arguments a record keeps */
#define PTX_PRINTF_MAX_FMT  4096u
#define PTX_PRINTF_MAX_STR  1024u /* bytes of one %s string a record keeps */

/* The size (4 or 8) of the conversion starting after '%' at f[*i], or 0 for
 * none ("%%"); *i moves past it. A '*' width or precision is an int of its
 * own: *star counts them. */
SIM_FN uint32_t ptx_printf_conv(const char *f, uint32_t n, uint32_t *i, uint32_t *star)
{
    uint32_t k = *i, longs = 0;
    *star = 0;
    while (k < n && (f[k] == '-' || f[k] == '+' || f[k] == ' ' || f[k] == '#' || f[k] == '0'))
        k++;
    for (int part = 0; part < 2; part++) {
        if (part == 1) {
            if (k >= n || f[k] != '.')
                break;
            k++;
        }
        if (k < n && f[k] == '*')
            (*star)++, k++;
        while (k < n && f[k] >= '0' && f[k] <= '9')
            k++;
    }
    while (k < n && (f[k] == 'h' || f[k] == 'l' || f[k] == 'L' || f[k] == 'z' || f[k] == 'j' || f[k] == 't')) {
        if (f[k] != 'h')
            longs++;
        k++;
    }
    char conv = k < n ? f[k] : 0;
    *i = k < n ? k + 1 : k;
    switch (conv) {
    case 'd': case 'i': case 'u': case 'x': case 'X': case 'o': case 'c':
        return longs ? 8 : 4;
    case 'f': case 'F': case 'e': case 'E': case 'g': case 'G': case 'a': case 'A':
    case 's': case 'p': case 'n':
        return 8;
    default:
        return 0;
    }
}

/* Bytes of the argument buffer a format string reads. */
SIM_FN uint32_t ptx_printf_args_size(const char *f, uint32_t n)
{
    uint32_t off = 0, i = 0;
    while (i < n) {
        if (f[i++] != '%')
            continue;
        uint32_t star, sz = ptx_printf_conv(f, n, &i, &star);
        off = (off + 3u) / 4u * 4u + 4u * star;
        if (sz)
            off = (off + sz - 1u) / sz * sz + sz;
    }
    return off;
}

/* The %s strings of a record (args: its asz bytes of arguments), each a
 * tag byte (1: the string and its NUL follow; 0: its address was not
 * readable), into dst if not NULL; the bytes they take. */
SIM_FN uint32_t ptx_printf_strings(ptx_ctx_t *c, const char *f, uint32_t n, const uint8_t *args, uint32_t asz,
                                   uint32_t t, uint8_t *dst)
{
    uint32_t off = 0, i = 0, out = 0;
    while (i < n) {
        if (f[i++] != '%')
            continue;
        uint32_t star, sz = ptx_printf_conv(f, n, &i, &star);
        off = (off + 3u) / 4u * 4u + 4u * star;
        if (!sz)
            continue;
        off = (off + sz - 1u) / sz * sz;
        if (f[i - 1] == 's' && off + 8u <= asz) {
            uint64_t a = 0;
            sim_memcpy(&a, args + off, 8);
            const uint8_t *h = a ? ptx_mem(c, PTX_MS_GENERIC, a, 1, t, 0) : NULL;
            if (dst)
                dst[out] = h ? 1 : 0;
            out++;
            for (uint32_t k = 0; h; k++) {
                h = k + 1 < PTX_PRINTF_MAX_STR ? ptx_mem(c, PTX_MS_GENERIC, a + k, 1, t, 0) : NULL;
                uint8_t ch = h ? *h : 0;
                if (dst)
                    dst[out] = ch;
                out++;
                if (!ch)
                    break;
            }
        }
        off += sz;
    }
    return out;
}

/* One lane's record; -1 when its format or arguments are not readable. */
SIM_FN int ptx_printf_lane(ptx_ctx_t *c, const ptx_warp_t *w, uint64_t fmt, uint64_t args, uint32_t l)
{
    char f[PTX_PRINTF_MAX_FMT];
    uint32_t n = 0, t = w->index * 32 + l;
    for (;;) {
        const uint8_t *h = ptx_mem(c, PTX_MS_GENERIC, fmt + n, 1, t, 0);
        if (!h)
            return -1;
        if (!*h || n + 1 >= PTX_PRINTF_MAX_FMT)
            break;
        f[n++] = (char)*h;
    }
    uint32_t asz = ptx_printf_args_size(f, n);
    if (asz > PTX_PRINTF_MAX_ARGS)
        asz = PTX_PRINTF_MAX_ARGS;
    const uint8_t *a = asz ? ptx_mem(c, PTX_MS_GENERIC, args, asz, t, 0) : NULL;
    if (asz && !a)
        return -1;
    ptx_out_t *o = c->out;
    if (!o)
        return 0;
    uint32_t strs = ptx_printf_strings(c, f, n, a, asz, t, NULL);
    uint32_t bytes = (16u + asz + strs + 7u) & ~7u;
#ifdef __CUDA_ARCH__ /* the CTA's warps print at once: a record's room is reserved atomically */
    uint32_t at = atomicAdd(&o->len, bytes);
    if (at + bytes > o->cap) {
        o->overflow = 1;
        return 0;
    }
#else
    uint32_t at = o->len;
    if (at + bytes > o->cap) {
        o->overflow = 1;
        return 0;
    }
    o->len += bytes;
#endif
    uint8_t *rec = o->buf + at;
    sim_memcpy(rec, &bytes, 4);
    sim_memcpy(rec + 4, &fmt, 8);
    sim_memcpy(rec + 12, &asz, 4);
    if (asz)
        sim_memcpy(rec + 16, a, asz);
    ptx_printf_strings(c, f, n, a, asz, t, rec + 16 + asz);
    return 0;
}

SIM_FN int ptx_exec_printf(ptx_ctx_t *c, ptx_warp_t *w, const ptx_rec_t *r, uint32_t exec)
{
    const ptx_prog_t *p = c->p;
    const ptx_call_t *call = &p->calls[r->target];
    if (call->nargs != 2)
        return ptx_fault(c, w, r, PTX_FAULT_UNSUPPORTED, 0, 0);
    const ptx_carg_t *af = &p->cargs[call->first_arg], *aa = af + 1;
    for (uint32_t l = 0; l < 32; l++) {
        if (!(exec >> l & 1u))
            continue;
        uint64_t fmt = 0, args = 0;
        sim_memcpy(&fmt, ptx_carg_src(c, w, af, l), af->size < 8 ? af->size : 8);
        sim_memcpy(&args, ptx_carg_src(c, w, aa, l), aa->size < 8 ? aa->size : 8);
        if (ptx_printf_lane(c, w, fmt, args, l) < 0)
            return ptx_fault(c, w, r, PTX_FAULT_ADDRESS, l, fmt);
        for (uint32_t i = 0; i < call->nrets; i++) { /* vprintf's int: 0 */
            const ptx_carg_t *rr = &p->cargs[call->first_ret + i];
            uint64_t zero = 0;
            if (rr->from_frame)
                sim_memcpy(c->local + (size_t)(w->index * 32 + l) * c->local_per_lane + w->local_base + rr->off,
                           &zero, rr->size);
            else
                w->regs[(size_t)rr->off * 32 + l] = 0;
        }
    }
    return PTX_STEP_OK;
}

#endif
