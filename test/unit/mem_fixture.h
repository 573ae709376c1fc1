/* One core's memory view over a test's own private words, as the CPU
 * backend lays it out (contiguous: stride_word 1), for the tests that run
 * ARM code directly; and an executable-page map over a view's windows. */
#ifndef MEM_FIXTURE_H
#define MEM_FIXTURE_H

#include <string.h>

#include "device/sim_xmap.h"

static inline sim_mem_t one_core_mem(uint32_t *priv, uint32_t base, uint32_t size)
{
    sim_mem_t m;
    memset(&m, 0, sizeof m);
    m.priv = priv;
    m.stride_word = 1;
    m.stride_core = size / 4;
    m.priv_base = base;
    m.priv_size = size;
    m.ncores = 1;
    return m;
}

/* x over m's windows, with bits (room for every core's words, zeroed here)
 * and window pages [first_lo, first_hi) executable at the start. */
static inline void fixture_xmap(sim_mem_t *m, sim_xmap_t *x, uint32_t *bits, uint32_t first_lo, uint32_t first_hi)
{
    memset(x, 0, sizeof *x);
    x->words = sim_xmap_words(m->priv_size);
    x->bits = bits;
    memset(bits, 0, (size_t)x->words * m->ncores * sizeof *bits);
    x->first_lo[0] = first_lo;
    x->first_hi[0] = first_hi;
    m->xmap = x;
}

#endif
