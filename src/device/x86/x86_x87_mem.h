/* The x87's memory operands through sim_mem.h: 2, 4, 8 and 10 bytes and
 * the environment images. A read faults before the instruction changes
 * anything; a store checks its whole range first, so that a faulting
 * store writes nothing (the seam's rule). */
#ifndef X86_X87_MEM_H
#define X86_X87_MEM_H

#include "x86_x87_state.h"

/* The memory side of one instruction: where, and the fault if any. */
typedef struct {
    const sim_mem_t *m;
    uint32_t core;
    uint32_t ea;
    uint32_t *fault_addr;
} x87_mem_t;

/* Whether [a, a + n) may be written: wholly in the private window or in
 * the shared region (what sim_st_slow accepts byte by byte). */
SIM_INLINE int x87_writable(const sim_mem_t *m, uint32_t a, uint32_t n)
{
    uint32_t po = a - m->priv_base, so = a - m->shared_base;
    return (n <= m->priv_size && po <= m->priv_size - n) || (n <= m->shared_size && so <= m->shared_size - n);
}

/* Loads n = 2, 4 or 8 bytes at ea + off; 0, or 1 with the fault noted. */
SIM_FN int x87_mld(const x87_mem_t *x, uint32_t off, uint32_t n, uint64_t *v)
{
    uint32_t a = x->ea + off, lo = 0, hi = 0;
    int bad = n == 2 ? sim_ld16(x->m, x->core, a, &lo) : sim_ld32(x->m, x->core, a, &lo);
    if (!bad && n == 8) {
        a += 4u;
        bad = sim_ld32(x->m, x->core, a, &hi);
    }
    if (bad) { /* the first inaccessible byte */
        uint32_t b;
        while (sim_ld8(x->m, x->core, a, &b) == 0)
            a++;
        *x->fault_addr = a;
        return 1;
    }
    *v = (uint64_t)hi << 32 | lo;
    return 0;
}

SIM_FN int x87_mld80(const x87_mem_t *x, uint32_t off, fp80_t *v)
{
    uint64_t se;
    if (x87_mld(x, off, 8, &v->mant) || x87_mld(x, off + 8u, 2, &se))
        return 1;
    v->sexp = (uint16_t)se;
    return 0;
}

/* Stores after a successful x87_check; cannot fault then. */
SIM_FN void x87_mst(const x87_mem_t *x, uint32_t off, uint32_t n, uint64_t v)
{
    uint32_t a = x->ea + off;
    if (n == 2) {
        sim_st16(x->m, x->core, a, (uint32_t)v);
        return;
    }
    sim_st32(x->m, x->core, a, (uint32_t)v);
    if (n == 8)
        sim_st32(x->m, x->core, a + 4u, (uint32_t)(v >> 32));
}

SIM_FN void x87_mst80(const x87_mem_t *x, uint32_t off, fp80_t v)
{
    x87_mst(x, off, 8, v.mant);
    x87_mst(x, off + 8u, 2, v.sexp);
}

/* 0 when n bytes at ea may be written, else 1 with the fault noted (the
 * first address that cannot be). */
SIM_FN int x87_check(const x87_mem_t *x, uint32_t n)
{
    if (x87_writable(x->m, x->ea, n))
        return 0;
    uint32_t i = 0;
    while (i < n - 1u && x87_writable(x->m, x->ea + i, 1))
        i++;
    *x->fault_addr = x->ea + i;
    return 1;
}

#endif
