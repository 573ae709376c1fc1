/* The machine's per-core state as structure-of-arrays, and the staging of
 * one core's context out of it for a run of steps (a stack local on the
 * CPU, a shared-memory slot on the GPU, as seed 002 stages contexts).
 *
 * Two arrays: the ISA's registers (regs_words words a core) and the OS
 * state every core has (sim_sys_t, SIM_SYS_WORDS words). Word w of core c
 * lives at [w * ncores + c], so the cores of a host warp touch consecutive
 * words. A staged context is an ISA's context struct: its registers, then
 * a sim_sys_t as its last member (each ISA asserts that layout), so the
 * step code sees one struct while the host reads the OS state of any ISA. */
#ifndef SIM_SOA_H
#define SIM_SOA_H

#include "sim_core.h"

typedef struct sim_soa {
    uint32_t *regs;      /* the ISA's registers */
    uint32_t *sys;       /* sim_sys_t */
    uint32_t ncores;
    uint32_t regs_words; /* registers per core */
} sim_soa_t;

SIM_INLINE uint32_t *sim_soa_sys(const sim_soa_t *s, uint32_t field, uint32_t core)
{
    SIM_ASSERT(field < SIM_SYS_WORDS && core < s->ncores);
    return &s->sys[(uint64_t)field * s->ncores + core];
}

SIM_INLINE uint32_t *sim_soa_reg(const sim_soa_t *s, uint32_t word, uint32_t core)
{
    SIM_ASSERT(word < s->regs_words && core < s->ncores);
    return &s->regs[(uint64_t)word * s->ncores + core];
}

/* Copy core `core` into the staged context at w: regs_words register words,
 * then the sim_sys_t. */
SIM_INLINE void sim_stage_load(uint32_t *w, const sim_soa_t *s, uint32_t core)
{
    for (uint32_t f = 0; f < s->regs_words; f++)
        w[f] = s->regs[(uint64_t)f * s->ncores + core];
    for (uint32_t f = 0; f < SIM_SYS_WORDS; f++)
        w[s->regs_words + f] = s->sys[(uint64_t)f * s->ncores + core];
}

SIM_INLINE void sim_stage_store(const uint32_t *w, const sim_soa_t *s, uint32_t core)
{
    for (uint32_t f = 0; f < s->regs_words; f++)
        s->regs[(uint64_t)f * s->ncores + core] = w[f];
    for (uint32_t f = 0; f < SIM_SYS_WORDS; f++)
        s->sys[(uint64_t)f * s->ncores + core] = w[s->regs_words + f];
}

/* Whether core `core` can run (one load: the cores that cannot are skipped
 * without staging them). */
SIM_INLINE int sim_soa_running(const sim_soa_t *s, uint32_t core)
{
    return *sim_soa_sys(s, SIM_SYS_FIELD(status), core) == SIM_RUNNING;
}

#endif
