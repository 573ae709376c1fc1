/* Moving one ARM core's context between the machine's structure-of-arrays
 * store and a staging struct (a stack local on the CPU, a shared-memory slot
 * on the GPU, as seed 002 stages contexts), and running it for a quantum.
 * Both backends call arm_run_staged, so the staging logic the CUDA kernel
 * relies on is exercised by every CPU test. */
#ifndef ARM_SOA_H
#define ARM_SOA_H

#include "arm_step.h"

#define ARM_CTX_FIELD(name) ((uint32_t)(offsetof(arm_ctx_t, name) / sizeof(uint32_t)))

SIM_INLINE uint32_t *arm_soa_field(uint32_t *soa, uint32_t ncores, uint32_t field, uint32_t core)
{
    SIM_ASSERT(field < ARM_CTX_WORDS && core < ncores);
    return &soa[(uint64_t)field * ncores + core];
}

SIM_INLINE void arm_ctx_load(arm_ctx_t *c, const uint32_t *soa, uint32_t ncores, uint32_t core)
{
    uint32_t *w = (uint32_t *)c;
    for (uint32_t f = 0; f < (uint32_t)ARM_CTX_WORDS; f++)
        w[f] = soa[(uint64_t)f * ncores + core];
}

SIM_INLINE void arm_ctx_store(const arm_ctx_t *c, uint32_t *soa, uint32_t ncores, uint32_t core)
{
    const uint32_t *w = (const uint32_t *)c;
    for (uint32_t f = 0; f < (uint32_t)ARM_CTX_WORDS; f++)
        soa[(uint64_t)f * ncores + core] = w[f];
}

/* The key regrouping sorts cores by, so that the cores a host warp runs
 * together fetch the same instruction: running cores by pc (the Thumb bit
 * keeps the two instruction sets apart), all others last. */
SIM_INLINE uint32_t arm_group_key(const uint32_t *soa, uint32_t ncores, uint32_t core)
{
    if (soa[(uint64_t)ARM_CTX_FIELD(sys.status) * ncores + core] != SIM_RUNNING)
        return 0xffffffffu;
    return soa[(uint64_t)ARM_CTX_FIELD(r[15]) * ncores + core] | soa[(uint64_t)ARM_CTX_FIELD(thumb) * ncores + core];
}

/* Run core `core` for at most `budget` instructions; stop early at
 * `limit` total instructions (0 = no limit), which faults the core.
 * Returns the instructions executed. A core that is not running is left
 * untouched and costs one load. */
SIM_FN uint64_t arm_run_staged(arm_ctx_t *stage, uint32_t *soa, uint32_t ncores, uint32_t core,
                               const arm_image_t *img, const sim_mem_t *m, uint64_t budget,
                               uint64_t limit)
{
    if (soa[(uint64_t)ARM_CTX_FIELD(sys.status) * ncores + core] != SIM_RUNNING)
        return 0;
    arm_ctx_load(stage, soa, ncores, core);
    uint64_t done = sim_icount(&stage->sys);
    if (limit && done + budget > limit)
        budget = limit > done ? limit - done : 0;
    uint64_t n = arm_run(stage, img, m, core, budget);
    if (limit && sim_icount(&stage->sys) >= limit && stage->sys.status == SIM_RUNNING)
        sim_fault(&stage->sys, SIM_FAULT_INSN_LIMIT, stage->r[15], 0);
    arm_ctx_store(stage, soa, ncores, core);
    return n;
}

#endif
