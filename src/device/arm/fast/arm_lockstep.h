/* The host's lockstep engine (issue 30): the cores of a chunk that are at
 * the same pc run each record together, one fetch, one decode and one
 * dispatch for all of them, the op's semantics (arm_ops.def's exec column,
 * the same bodies arm_exec runs) in a loop over the lanes inside the op's
 * case. Host only; the CUDA backend gets the same sharing from the warp.
 *
 *   arm_lockstep_chunk(soa, cores, n, code, mem, budget, limit, &stats)
 *
 * runs each of the n cores (at most LOCKSTEP_LANES) for up to `budget`
 * instructions, as arm_run_staged would one after the other: the same
 * final state, counts and stops. Cores that are not running are skipped.
 * Cores at different pcs form different groups, which run a block at a time
 * in turn (the lowest pc first, where the others tend to come back to) and
 * merge when their pcs meet. */
#ifndef ARM_LOCKSTEP_H
#define ARM_LOCKSTEP_H

#include "../../sim_mem.h"
#include "../../sim_soa.h"
#include "../../lockstep/lockstep.h"
#include "../arm_ctx.h"

#if defined(__GNUC__) && !defined(__CUDACC__)
/* Before a run's first chunk (on one thread): room for each record's plan
 * (its kind and operand shape, worked out on its first run); NULL after
 * the run frees it. Returns 0, or -1 out of memory (the engine then works
 * each record's plan out every time). */
int arm_lockstep_plans(const arm_code_t *code);
/* Returns the instructions executed by the n cores together. */
uint64_t arm_lockstep_chunk(const sim_soa_t *s, const uint32_t *cores, uint32_t n, const arm_code_t *code,
                            const sim_mem_t *m, uint64_t budget, uint64_t limit, lockstep_stats_t *st);
#endif

#endif
