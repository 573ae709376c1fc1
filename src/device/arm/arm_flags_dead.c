/* Flag writes nobody reads, found once per program for the host's chained
 * path. Compiled Thumb code sets the flags with most of its 16-bit data
 * processing (SUBS, ADDS, MOVS: the flag-setting encodings are the short
 * ones), and most of those flags are overwritten before any instruction
 * tests them. Setting NZCV costs the fast path about as much as the
 * operation itself, so a record whose flags are dead runs, on that path, as
 * its form that sets none (xop; its op stays as decoded for every other
 * path).
 *
 * Dead means: later in the same straight-line block, before any record
 * that reads them, each flag the record writes is written again. Nothing
 * counts as written again after the block's last record (its successors
 * are unknown) or after a record that may stop the core (a load or store
 * can fault, and the state at a fault must be exact), so that the flags are
 * right wherever the core can be seen: the chained path runs a block it
 * enters to its end unless the core stops, and a record's successors in
 * the block run on the chained path too (the IT state only ever ends within
 * a block).
 *
 * arm_prepare_records goes through the records backwards and asks, of
 * each, which flags are written again from it on (arm_flags_rewritten),
 * from the answer for the record after it: one pass, whatever the length
 * of the blocks (a scan forward from every flag setter cost 150 M host
 * instructions on a static glibc binary, whose data decode as long
 * blocks). */
#include "arm_insn.h"

/* NZCV as in the CPSR's bits 31..28, shifted down. */
#define ARM_FLAGS_NZCV 15u
#define ARM_FLAGS_NZ 12u
#define ARM_FLAGS_C 2u

/* The data-processing ops' forms, by what they do with the flags. */
#define ARM_DP_GENERIC_FORMS(n) case ARM_OP_##n##_IMM: case ARM_OP_##n##_REG: case ARM_OP_##n##_RSR:
#define ARM_DP_S_FORMS(n) case ARM_OP_##n##_IMM_S: case ARM_OP_##n##_LSL_S:
#define ARM_DP_NF_FORMS(n) case ARM_OP_##n##_IMM_NF: case ARM_OP_##n##_LSL_NF: case ARM_OP_##n##_SH_NF:

/* Whether the record that runs as op (an op, or a record's xop below
 * ARM_OP_COUNT) sets flags on the chained path: 1 or 0, -1 if it is not
 * data processing. A T16 op that sets flags only outside IT blocks does so
 * there: the chained path runs no IT block's record through its xop. */
static int arm_dp_sets_flags(uint32_t op, const arm_insn_t *in)
{
    switch (op) {
    ARM_DP_LIST(ARM_DP_GENERIC_FORMS)
        return (in->flags & (ARM_F_S | ARM_F_ITS)) != 0;
    ARM_DP_ARITH_LIST(ARM_DP_S_FORMS)
    ARM_DP_LOGIC_LIST(ARM_DP_S_FORMS)
        return 1;
    ARM_DP_WR_LIST(ARM_DP_NF_FORMS)
        return 0;
    default:
        return -1;
    }
}

/* The flags a flag-setting data-processing op surely overwrites: all four
 * for arithmetic; N and Z for logical ops, whose C may be the old one. */
static uint32_t arm_dp_kills(uint32_t op)
{
    switch (op) {
    ARM_DP_LOGIC_LIST(ARM_DP_GENERIC_FORMS)
    ARM_DP_LOGIC_LIST(ARM_DP_S_FORMS)
        return ARM_FLAGS_NZ;
    default:
        return ARM_FLAGS_NZCV;
    }
}

/* The flags a data-processing op's result depends on: C for ADC, SBC, RSC
 * and an RRX operand. */
static uint32_t arm_dp_reads(uint32_t op, const arm_insn_t *in)
{
    switch (op) {
    ARM_DP_GENERIC_FORMS(ADC) ARM_DP_GENERIC_FORMS(SBC) ARM_DP_GENERIC_FORMS(RSC)
    ARM_DP_S_FORMS(ADC) ARM_DP_S_FORMS(SBC) ARM_DP_S_FORMS(RSC)
    ARM_DP_NF_FORMS(ADC) ARM_DP_NF_FORMS(SBC) ARM_DP_NF_FORMS(RSC)
        return ARM_FLAGS_C;
    default:
        return in->shift == ARM_SH_RRX ? ARM_FLAGS_C : 0u;
    }
}

uint32_t arm_flags_rewritten(const arm_insn_t *in, uint32_t after)
{
    if (in->run < 2u || in->xop >= ARM_OP_COUNT || arm_op_may_stop(in->op))
        return 0u; /* the block's end, a condition test, or a possible stop */
    int sets = arm_dp_sets_flags(in->xop, in);
    if (sets < 0)
        return after; /* multiplies, extends...: read no NZCV; MULS's N, Z are not counted */
    return ~arm_dp_reads(in->xop, in) & ((sets ? arm_dp_kills(in->xop) : 0u) | after) &
           ARM_FLAGS_NZCV;
}

/* The op that does what op does but sets no flags: the _NF form of an
 * operation that writes Rd, NOP for a test; op itself where there is none
 * (an RRX or register-shifted operand). */
static uint32_t arm_dp_flagless_form(uint32_t op, const arm_insn_t *in)
{
    uint32_t lsl = in->shift == ARM_SH_LSL, rrx = in->shift == ARM_SH_RRX;
    switch (op) {
#define ARM_WR_FLAGLESS(n)                                                     \
    case ARM_OP_##n##_IMM: case ARM_OP_##n##_IMM_S:                            \
        return ARM_OP_##n##_IMM_NF;                                            \
    case ARM_OP_##n##_LSL_S:                                                   \
        return ARM_OP_##n##_LSL_NF;                                            \
    case ARM_OP_##n##_REG:                                                     \
        return lsl ? ARM_OP_##n##_LSL_NF : rrx ? op : ARM_OP_##n##_SH_NF;
    ARM_DP_WR_LIST(ARM_WR_FLAGLESS)
#undef ARM_WR_FLAGLESS
#define ARM_TEST_FLAGLESS(n)                                                   \
    case ARM_OP_##n##_IMM: case ARM_OP_##n##_IMM_S: case ARM_OP_##n##_LSL_S:   \
        return ARM_OP_NOP;                                                     \
    case ARM_OP_##n##_REG:                                                     \
        return rrx ? op : ARM_OP_NOP;
    ARM_TEST_FLAGLESS(TST) ARM_TEST_FLAGLESS(TEQ) ARM_TEST_FLAGLESS(CMP) ARM_TEST_FLAGLESS(CMN)
#undef ARM_TEST_FLAGLESS
    default:
        return op;
    }
}

uint8_t arm_flags_dead_xop(const arm_insn_t *in, uint32_t after)
{
    if (in->xop >= ARM_OP_COUNT || arm_dp_sets_flags(in->xop, in) != 1)
        return in->xop;
    uint32_t flagless = arm_dp_flagless_form(in->xop, in);
    /* What it may write: a logical op's C comes from its shifter. */
    uint32_t writes = arm_dp_kills(in->xop) == ARM_FLAGS_NZ ? ARM_FLAGS_NZ | ARM_FLAGS_C
                                                           : ARM_FLAGS_NZCV;
    if (flagless == in->xop || in->run < 2u || (writes & ~after) != 0u)
        return in->xop;
    return (uint8_t)flagless;
}
