/* The device side's one switch over the ISA: what a backend runs a core
 * with, whatever its ISA. The CPU backend's threads and the CUDA kernel call
 * these, so neither names an ISA; adding an ISA adds a case here, a member
 * to each union, and its folder.
 *
 *   sim_stage_t   room for one core's staged context, of any ISA
 *   sim_code_t    the predecoded program, of any ISA
 *   sim_run_staged, sim_group_key, sim_regs_words, sim_stage_words */
#ifndef SIM_RUN_H
#define SIM_RUN_H

#include "sim_isa.h"
#include "arm/arm.h"
#include "x86/x86.h"

typedef union sim_stage {
    arm_ctx_t arm;
    x86_ctx_t x86;
} sim_stage_t;

typedef union sim_code {
    arm_code_t arm;
    x86_code_t x86;
} sim_code_t;

/* The words of one core's staged context of the ISA (its registers and
 * sim_sys_t): the CUDA kernel sizes its shared-memory slots by it, so that
 * a small context is not staged in the room of the largest. */
SIM_FN uint32_t sim_stage_words(uint32_t isa)
{
    switch (isa) {
    case SIM_ISA_ARM: return (uint32_t)(sizeof(arm_ctx_t) / sizeof(uint32_t));
    case SIM_ISA_X86: return (uint32_t)(sizeof(x86_ctx_t) / sizeof(uint32_t));
    }
    return (uint32_t)(sizeof(sim_stage_t) / sizeof(uint32_t));
}

/* Register words per core of the ISA (sim_soa_t.regs_words); 0 if none. */
SIM_FN uint32_t sim_regs_words(uint32_t isa)
{
    switch (isa) {
    case SIM_ISA_ARM: return ARM_REGS_WORDS;
    case SIM_ISA_X86: return X86_REGS_WORDS;
    }
    return 0;
}

/* Run core `core` for a quantum: its ISA's run_staged (arm.h), every
 * instruction going to the timing model tm if not NULL (the timing seam,
 * sim_trace.h). */
SIM_FN uint64_t sim_run_staged(uint32_t isa, sim_stage_t *stage, const sim_soa_t *s, uint32_t core,
                               const sim_code_t *code, const sim_mem_t *m, uint64_t budget,
                               uint64_t limit, const sim_timing_t *tm)
{
    switch (isa) {
    case SIM_ISA_ARM: return arm_run_staged(&stage->arm, s, core, &code->arm, m, budget, limit, tm);
    case SIM_ISA_X86: return x86_run_staged(&stage->x86, s, core, &code->x86, m, budget, limit, tm);
    }
    return 0;
}

SIM_FN uint32_t sim_group_key(uint32_t isa, const sim_soa_t *s, uint32_t core)
{
    switch (isa) {
    case SIM_ISA_ARM: return arm_group_key(s, core);
    case SIM_ISA_X86: return x86_group_key(s, core);
    }
    return 0xffffffffu;
}

#endif
