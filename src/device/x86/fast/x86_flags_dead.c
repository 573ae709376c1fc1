/* Flag writes nobody reads, found where the host prepares a page's blocks
 * (x86_block.c), for the chained path (x86_chained.c). Compiled i686 code
 * sets the flags with nearly every ALU op, and the next ALU op overwrites
 * them before anything tests them; each setter stores four words of lazy
 * state (x86_flags.h). A record whose flags are dead gets len's
 * X86_LEN_FLAGS_DEAD bit, and the chained path then runs its op's copy
 * that stores none (the X86_P_NF rows of x86_ops.def); every other path
 * masks the bit off and sets all flags, as before.
 *
 * The lazy state is one thing: a setter stores all of it or none, so
 * liveness is one bit, "the flags may be read from here on". Read from
 * the op table's props, so that a new row is never silently wrong:
 *   X86_P_RF    reads them (Jcc, SETcc, ADC, INC's CF, PUSHF, x87...): live;
 *   X86_P_KILL  writes all six, whatever its operands: dead before it;
 *   any other   (a partial writer: BT, a shift by a count that may be 0,
 *               SAHF...; or no flags at all) passes liveness through.
 * Live, too: after a block's last record (its successors are unknown) and
 * before a record that may stop the core (X86_P_STOP, X86_P_END). A load
 * or store can fault, and a fault shows the state as it was before the
 * faulting instruction: in the report, the core dump, a signal handler's
 * context; so, as on ARM, no write after a possible stop makes an earlier
 * one dead. The chained path runs a block it enters to its end unless the
 * core stops (the budget is counted per block), so a record's successors
 * in its block do run after it. Dead flags are never a record's that
 * stores: a store might one day stop the core after it is done (a write
 * into code), when its flags would show. */
#include "../x86_block.h"

uint32_t x86_flags_live_before(const x86_insn_t *in, uint32_t live_after)
{
    uint32_t p = x86_op_props[in->op];
    if (p & (X86_P_RF | X86_P_STOP | X86_P_END))
        return 1u;
    return (p & X86_P_KILL) ? 0u : live_after;
}

uint32_t x86_flags_dead(const x86_insn_t *in, uint32_t live_after)
{
    uint32_t p = x86_op_props[in->op];
    /* the chained path has flagless copies for lengths 1..7 (x86_chained.c) */
    return !live_after && (p & (X86_P_NF | X86_P_STORE)) == X86_P_NF && x86_len(in) <= 7u;
}
