/* The host's lockstep engine for IA-32 (issue 30), as arm_lockstep.h's for
 * ARM: the cores of a chunk that are at the same pc run each record
 * together, one fetch and one dispatch for all of them; the common integer
 * records (moves, ALU, shifts, IMUL, loads, stores, the stack, branches,
 * calls and returns, at 32 bits) run as loops over the lanes' registers
 * side by side, the rest through x86_exec lane by lane. Host only.
 *
 *   x86_lockstep_chunk(soa, cores, n, code, mem, budget, limit, &stats)
 *
 * runs each of the n cores (at most LOCKSTEP_LANES) for up to `budget`
 * instructions, as x86_run_staged would one after the other: the same
 * final state, counts and stops. */
#ifndef X86_LOCKSTEP_H
#define X86_LOCKSTEP_H

#include "../../lockstep/lockstep.h"
#include "../../sim_mem.h"
#include "../../sim_soa.h"
#include "../x86_ctx.h"

#if defined(__GNUC__) && !defined(__CUDACC__)
/* Returns the instructions executed by the n cores together. */
uint64_t x86_lockstep_chunk(const sim_soa_t *s, const uint32_t *cores, uint32_t n, const x86_code_t *code,
                            const sim_mem_t *m, uint64_t budget, uint64_t limit, lockstep_stats_t *st);
#endif

#endif
