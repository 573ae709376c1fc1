/* The IA-32 ISA's entry: what the backends and the host reach it through
 * (src/device/sim_run.h and src/host/isa.c switch over the ISA to here).
 *
 *   x86_ctx_init     a core's first context
 *   x86_run_staged   run a core for a quantum out of the machine's arrays
 *   x86_group_key    the key --regroup sorts cores by
 *
 * The registers for the state dump are the context's words in order
 * (x86_ctx.h); the system-call ABI is x86_syscall.h. */
#ifndef X86_H
#define X86_H

#include "../sim_soa.h"
#include "../timing/timing.h"
#include "x86_step.h"
#if !defined(__CUDACC__)
#include "x86_trace.h"
#define X86_TRACED_RUNS 1 /* the timing seam: on the host (x86_trace.h) */
#endif

#define X86_REG_FIELD(name) ((uint32_t)(offsetof(x86_ctx_t, name) / sizeof(uint32_t)))

/* A core's context before its first instruction: at entry with stack
 * pointer sp, the other registers 0 (what Linux's ELF loader leaves: EDX 0,
 * no exit handler), EFLAGS 0x202, the x87 unit as FNINIT leaves it, MXCSR 0x1f80. */
SIM_FN void x86_ctx_init(x86_ctx_t *c, uint32_t entry, uint32_t sp)
{
    for (uint32_t w = 0; w < X86_REGS_WORDS; w++)
        ((uint32_t *)c)[w] = 0;
    c->r[4] = sp;
    c->eip = entry;
    c->eflags = X86_FLAGS_FIXED;
    c->cc_op = X86_CC_EFLAGS;
    x86_x87_init(&c->x87);
    x86_sse_init(&c->sse);
}

/* Running cores by pc, so that a host warp's cores fetch the same record;
 * all others last. */
SIM_INLINE uint32_t x86_group_key(const sim_soa_t *s, uint32_t core)
{
    if (!sim_soa_running(s, core))
        return 0xffffffffu;
    return *sim_soa_reg(s, X86_REG_FIELD(eip), core);
}

SIM_FN uint64_t x86_run_staged(x86_ctx_t *stage, const sim_soa_t *s, uint32_t core, const x86_code_t *code,
                               const sim_mem_t *m, uint64_t budget, uint64_t limit, const sim_timing_t *tm)
{
    if (!sim_soa_running(s, core))
        return 0;
    sim_stage_load((uint32_t *)stage, s, core);
    uint64_t done = sim_icount(&stage->sys);
    if (limit && done + budget > limit)
        budget = limit > done ? limit - done : 0;
#ifdef X86_TRACED_RUNS
    uint64_t n = tm ? x86_run_traced(stage, code, m, core, budget, tm) : x86_run(stage, code, m, core, budget);
#else
    (void)tm;
    uint64_t n = x86_run(stage, code, m, core, budget);
#endif
    if (limit && sim_icount(&stage->sys) >= limit && stage->sys.status == SIM_RUNNING)
        sim_fault(&stage->sys, SIM_FAULT_INSN_LIMIT, stage->eip, 0);
    sim_stage_store((const uint32_t *)stage, s, core);
    return n;
}

#endif
