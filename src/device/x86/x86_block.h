/* Straight-line blocks and the control flow the host's decoder follows
 * (x86_block.c). Host only. */
#ifndef X86_BLOCK_H
#define X86_BLOCK_H

#include "x86_insn.h"

/* Whether a record ends a straight-line block. */
int x86_ends_block(const x86_insn_t *in);
/* The run field of the decoded records [lo, hi) of an array of one record
 * per text byte; a block ends at hi. */
void x86_prepare_range(x86_insn_t *recs, uint32_t lo, uint32_t hi);
/* Whether execution may continue with the next instruction. */
int x86_falls_through(const x86_insn_t *in);
/* A direct branch's absolute target, ~0 for any other record. */
uint32_t x86_direct_target(const x86_insn_t *in);

#endif
