/* Straight-line blocks and the control flow the host's decoder follows
 * (x86_block.c). Host only. */
#ifndef X86_BLOCK_H
#define X86_BLOCK_H

#include "x86_insn.h"

/* Whether a record ends a straight-line block. */
int x86_ends_block(const x86_insn_t *in);
/* The run field and len's chained-path marks (X86_LEN_FLAGS_DEAD,
 * X86_LEN_BLOCK_LAST, X86_LEN_W32) of the decoded records [lo, hi) of an
 * array of one record per text byte; a block ends at hi. */
void x86_prepare_range(x86_insn_t *recs, uint32_t lo, uint32_t hi);
/* Flag liveness (fast/x86_flags_dead.c), from whether the flags after
 * record `in` may be read (1 after its block's last record): whether they
 * may be before it, and whether `in` may leave its own unset. */
uint32_t x86_flags_live_before(const x86_insn_t *in, uint32_t live_after);
uint32_t x86_flags_dead(const x86_insn_t *in, uint32_t live_after);
/* Whether execution may continue with the next instruction. */
int x86_falls_through(const x86_insn_t *in);
/* A direct branch's absolute target, ~0 for any other record. */
uint32_t x86_direct_target(const x86_insn_t *in);

#endif
