/* The host's chained fast paths (arm_chained.h), compiled once here rather
 * than in every file that runs cores: A32 and T32. arm_run enters them only
 * on the CPU layout of private memory (stride_word 1), which this file's
 * accesses then take as given. */
#define SIM_PRIV_CONTIGUOUS
#include "../arm_step.h"
#include "arm_fast.h"

#if defined(__GNUC__) && !defined(__CUDACC__)
static __attribute__((noinline)) void arm_step_record_host(arm_ctx_t *c, const arm_insn_t *in,
                                                           const sim_mem_t *m, uint32_t core,
                                                           uint32_t pc, uint64_t icount)
{
    arm_step_record(c, in, m, core, pc, icount);
}

#define ARM_CHAINED_NAME arm_run_a32_chained
#define ARM_CHAINED_T32 0
#include "arm_chained.h"
#define ARM_CHAINED_NAME arm_run_t32_chained
#define ARM_CHAINED_T32 1
#include "arm_chained.h"
#endif
