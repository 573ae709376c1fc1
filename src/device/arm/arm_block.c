/* Preparing the predecoded records for arm_run, page by page as they are
 * decoded: straight-line blocks, and the host's dispatch (fast/).
 *
 * A record ends its block when running it may need what arm_run's fast path
 * skips: a branch or any other PC write, a read of r15, an exception, a
 * syscall, a change of instruction set or of the IT state (the table's
 * ARM_P_END ops, and any naming the PC). Every record learns how many
 * records, itself and the block's last one included, lie between it and
 * that end, so that arm_run executes all but the last without fetching
 * through the pc. The count is a byte: a longer stretch is cut into blocks
 * of at most 255, so that a block's last record always has run 1 and the
 * chained path's budget check at a block's entry covers all of it. A block
 * also ends at the end of the page being prepared, whose successor may not
 * be decoded yet. */
#include "arm_insn.h"
#include "fast/arm_fast.h"

static int arm_names_pc(const arm_insn_t *in)
{
    /* NEON rows name D registers; their core registers are never the PC
     * (the decoders refuse Rt and Rn = 15; Rm = 15 means no write-back) */
    if (arm_op_fmts[in->op] == ARM_FMT_NEON_ARITH || arm_op_fmts[in->op] == ARM_FMT_NEON_ELEM)
        return 0;
    return (in->rd == 15 && !arm_op_has(in->op, ARM_P_NORD)) ||
           (in->rn == 15 && !arm_op_has(in->op, ARM_P_NORN)) || in->rm == 15 || in->rs == 15;
}

/* Conservative: a register field that holds 15 in a record that does not
 * use it, and that the table does not mark unused, only shortens a block. */
int arm_ends_block(const arm_insn_t *in)
{
    if (arm_op_has(in->op, ARM_P_END))
        return 1;
    if ((in->op == ARM_OP_LDM || in->op == ARM_OP_STM) && (in->imm & 0x8000u))
        return 1;
    return arm_names_pc(in);
}

/* Whether T32 record i may lie in an IT block: an IT among the 8 halfword
 * records before it (an IT covers at most 4 instructions, 16 bytes); those
 * before lo by it_before (bit k - 1: the record k before lo is an IT).
 * Such records dispatch to forms that are right inside IT blocks too: the
 * chained path runs IT blocks' records by their xop (fast/arm_chained.h). */
static int arm_may_be_in_it(const arm_insn_t *recs, uint32_t lo, uint32_t i, uint32_t it_before)
{
    for (uint32_t k = 1; k <= 8u && k <= i; k++)
        if (i - k < lo ? (it_before >> (lo - (i - k) - 1u)) & 1u : recs[i - k].op == ARM_OP_IT)
            return 1;
    return 0;
}

uint32_t arm_its_before(const arm_insn_t *recs, uint32_t lo)
{
    uint32_t bits = 0;
    for (uint32_t k = 1; k <= 8u && k <= lo; k++)
        bits |= (uint32_t)(recs[lo - k].op == ARM_OP_IT) << (k - 1u);
    return bits;
}

void arm_prepare_range(arm_insn_t *recs, uint32_t n, uint32_t lo, uint32_t hi, uint32_t shift,
                       uint32_t text_lo, uint32_t it_before)
{
    /* arm_flags_rewritten of the next record and of the one after: a
     * record's successor is one or (a 32-bit T32 encoding) two on. */
    uint32_t rewritten[2] = {0u, 0u};
    for (uint32_t i = hi; i-- > lo;) {
        arm_insn_t *in = &recs[i];
        uint32_t step = arm_len(in) >> shift, next = i + step;
        if (next >= hi || arm_ends_block(in) || recs[next].run == 255u)
            in->run = 1;
        else
            in->run = (uint8_t)(recs[next].run + 1u);
        int in_it = shift == 1u && arm_may_be_in_it(recs, lo, i, it_before);
        in->xop = (uint16_t)arm_thread_op(in, in_it);
        uint32_t after = in->run > 1u && step - 1u < 2u ? rewritten[step - 1u] : 0u;
        if (!in_it)
            in->xop = (uint16_t)arm_flags_dead_xop(in, after);
        rewritten[1] = rewritten[0];
        rewritten[0] = arm_flags_rewritten(in, after);
    }
    for (uint32_t i = hi; i-- > lo;)
        arm_fast_prepare_flow(recs, n, i, hi, shift, text_lo);
}

void arm_prepare_records(arm_insn_t *recs, uint32_t n, uint32_t shift, uint32_t text_lo)
{
    uint32_t page = ARM_PAGE_BYTES >> shift;
    for (uint32_t lo = 0; lo < n; lo += page)
        arm_prepare_range(recs, n, lo, lo + page < n ? lo + page : n, shift, text_lo,
                          arm_its_before(recs, lo));
}
