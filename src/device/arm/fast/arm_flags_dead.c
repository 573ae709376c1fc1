/* Flag writes nobody reads, found once per program for the host's chained
 * path. Compiled Thumb code sets the flags with most of its 16-bit data
 * processing (SUBS, ADDS, MOVS: the flag-setting encodings are the short
 * ones), and most of those flags are overwritten before any instruction
 * tests them. Setting NZCV costs the fast path about as much as the
 * operation itself, so a record whose flags are dead runs, on that path, as
 * its form that sets none (xop; its op stays as decoded for every other
 * path). A conditional record reads the flags: no flag is counted as
 * written again across one, and its own are never made dead.
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
#include "arm_fast.h"

/* NZCV as in the CPSR's bits 31..28, shifted down. */
#define ARM_FLAGS_NZCV 15u
#define ARM_FLAGS_NZ 12u
#define ARM_FLAGS_C 2u

/* Whether the record that runs as xop sets flags on the chained path: 1
 * or 0, -1 if it is not data processing. A T16 op that sets flags only
 * outside IT blocks runs here as its flags-always form, or (where it may
 * lie in one) as itself, and is then never made flagless. */
static int arm_dp_sets_flags(uint32_t xop, const arm_insn_t *in)
{
    if (xop >= ARM_XOP_STEP || !arm_op_has(arm_xop_base(xop), ARM_P_DP))
        return -1;
    if (xop < ARM_XOP_FAST)
        return (in->flags & (ARM_F_S | ARM_F_ITS)) != 0;
    return arm_fop_kind(xop - ARM_XOP_FAST) == ARM_FK_S;
}

/* The flags a flag-setting data-processing op surely overwrites: all four
 * for arithmetic; N and Z for logical ops, whose C may be the old one. */
static uint32_t arm_dp_kills(uint32_t base)
{
    return arm_op_has(base, ARM_P_LOGIC) ? ARM_FLAGS_NZ : ARM_FLAGS_NZCV;
}

/* The flags a data-processing op's result depends on: C for ADC, SBC, RSC
 * and an RRX operand. */
static uint32_t arm_dp_reads(uint32_t base, const arm_insn_t *in)
{
    return arm_op_has(base, ARM_P_RC) || in->shift == ARM_SH_RRX ? ARM_FLAGS_C : 0u;
}

uint32_t arm_flags_rewritten(const arm_insn_t *in, uint32_t after)
{
    uint32_t xop = in->xop;
    if (in->run < 2u || xop >= ARM_XOP_STEP || in->cond != ARM_COND_AL || arm_op_may_stop(in->op))
        return 0u; /* the block's end, a condition test, or a possible stop */
    int sets = arm_dp_sets_flags(xop, in);
    if (sets < 0)
        return after; /* multiplies, extends...: read no NZCV; MULS's N, Z are not counted */
    uint32_t base = arm_xop_base(xop);
    return ~arm_dp_reads(base, in) & ((sets ? arm_dp_kills(base) : 0u) | after) & ARM_FLAGS_NZCV;
}

/* The dispatch that does what xop does but sets no flags: the _NF form of
 * an operation that writes Rd, NOP for a test; xop itself where there is
 * none (an RRX or register-shifted operand). */
static uint32_t arm_dp_flagless_form(uint32_t xop, const arm_insn_t *in)
{
    uint32_t base = arm_xop_base(xop), fmt = arm_op_fmts[base];
    if (fmt == ARM_FMT_DP_RSR || (fmt == ARM_FMT_DP_REG && in->shift == ARM_SH_RRX))
        return xop;
    if (arm_op_has(base, ARM_P_NORD))
        return ARM_OP_NOP;
    int f = arm_fop_find(base, fmt == ARM_FMT_DP_REG && in->shift != ARM_SH_LSL ? ARM_FK_NF_SH : ARM_FK_NF);
    return f < 0 ? xop : ARM_XOP_FAST + (uint32_t)f;
}

uint32_t arm_flags_dead_xop(const arm_insn_t *in, uint32_t after)
{
    uint32_t xop = in->xop;
    if (in->cond != ARM_COND_AL || arm_dp_sets_flags(xop, in) != 1)
        return xop;
    uint32_t base = arm_xop_base(xop), flagless = arm_dp_flagless_form(xop, in);
    /* What it may write: a logical op's C comes from its shifter. */
    uint32_t writes = arm_dp_kills(base) == ARM_FLAGS_NZ ? ARM_FLAGS_NZ | ARM_FLAGS_C : ARM_FLAGS_NZCV;
    if (flagless == xop || in->run < 2u || (writes & ~after) != 0u)
        return xop;
    return flagless;
}
