/* One core's memory view over a test's own private words, as the CPU
 * backend lays it out (contiguous: stride_word 1), for the tests that run
 * ARM code directly. */
#ifndef MEM_FIXTURE_H
#define MEM_FIXTURE_H

#include <string.h>

#include "device/sim_mem.h"

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

#endif
