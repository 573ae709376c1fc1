/* The ARM ISA's entry: what the backends and the host reach ARM through
 * (src/device/sim_run.h and src/host/isa.c switch over the ISA to here).
 *
 *   arm_ctx_init     a core's first context
 *   arm_run_staged   run a core for a quantum out of the machine's arrays
 *   arm_group_key    the key --regroup sorts cores by
 *
 * The registers for the state dump are the context's words in order
 * (arm_ctx.h); the system-call ABI is arm_syscall.h. */
#ifndef ARM_H
#define ARM_H

#include "../sim_soa.h"
#include "../timing/timing.h"
#include "arm_step.h"
#if !defined(__CUDACC__)
#include "arm_trace.h"
#define ARM_TRACED_RUNS 1 /* the timing seam: on the host (arm_trace.h) */
#endif

#define ARM_REG_FIELD(name) ((uint32_t)(offsetof(arm_ctx_t, name) / sizeof(uint32_t)))

/* A core's context before its first instruction: at entry (bit 0: Thumb),
 * with stack pointer sp, in user mode, the exclusive monitor clear. */
SIM_FN void arm_ctx_init(arm_ctx_t *c, uint32_t entry, uint32_t sp)
{
    for (uint32_t w = 0; w < ARM_REGS_WORDS; w++)
        ((uint32_t *)c)[w] = 0;
    c->r[13] = sp;
    c->r[15] = entry & ~1u;
    c->thumb = entry & 1u;
    c->cpsr = 0x10; /* user mode */
    c->excl_addr = ~0u;
}

/* The key regrouping sorts cores by, so that the cores a host warp runs
 * together fetch the same instruction: running cores by pc (the Thumb bit
 * keeps the two instruction sets apart), all others last. */
SIM_INLINE uint32_t arm_group_key(const sim_soa_t *s, uint32_t core)
{
    if (!sim_soa_running(s, core))
        return 0xffffffffu;
    return *sim_soa_reg(s, ARM_REG_FIELD(r[15]), core) | *sim_soa_reg(s, ARM_REG_FIELD(thumb), core);
}

/* Run core `core` for at most `budget` instructions; stop early at
 * `limit` total instructions (0 = no limit), which faults the core.
 * Returns the instructions executed. A core that is not running is left
 * untouched and costs one load. With a timing model tm, every instruction
 * goes to it (arm_run_traced); without one (NULL), arm_run's fast paths
 * run, which know nothing of the seam. */
SIM_FN uint64_t arm_run_staged(arm_ctx_t *stage, const sim_soa_t *s, uint32_t core,
                               const arm_code_t *code, const sim_mem_t *m, uint64_t budget,
                               uint64_t limit, const sim_timing_t *tm)
{
    if (!sim_soa_running(s, core))
        return 0;
    sim_stage_load((uint32_t *)stage, s, core);
    uint64_t done = sim_icount(&stage->sys);
    if (limit && done + budget > limit)
        budget = limit > done ? limit - done : 0;
#ifdef ARM_TRACED_RUNS
    uint64_t n = tm ? arm_run_traced(stage, code, m, core, budget, tm) : arm_run(stage, code, m, core, budget);
#else
    (void)tm;
    uint64_t n = arm_run(stage, code, m, core, budget);
#endif
    if (limit && sim_icount(&stage->sys) >= limit && stage->sys.status == SIM_RUNNING)
        sim_fault(&stage->sys, SIM_FAULT_INSN_LIMIT, stage->r[15], 0);
    /* npc is scratch within a step: a core's state between quanta keeps
     * none, so that every path and engine (the chained one sets no npc, the
     * lockstep one sets it each step) leaves the same state to dump. */
    stage->npc = 0;
    sim_stage_store((const uint32_t *)stage, s, core);
    return n;
}

#endif
