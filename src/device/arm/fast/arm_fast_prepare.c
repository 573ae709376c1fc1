/* Choosing each record's dispatch for the host's chained path (xop,
 * arm_fast.h): the fast form of its op where its shape allows one
 * (arm_fast.def), the chained path's own kinds at a block's end, and what
 * the branches and IT blocks read there. Called by arm_prepare_range. */
#include "arm_fast.h"
#include "../arm_exec_branch.h"

int arm_fop_find(uint32_t base, uint32_t kind)
{
    switch (base * 8u + kind) {
#define ARM_FOP(name, base_op, fkind, stop, exec) \
    case ARM_OP_##base_op * 8u + ARM_FK_##fkind: return ARM_FOP_##name;
        ARM_FAST_TABLE
#undef ARM_FOP
    }
    return -1;
}

uint32_t arm_fop_kind(uint32_t fop)
{
    static const uint8_t kinds[ARM_FOP_COUNT] = {
#define ARM_FOP(name, base, kind, stop, exec) ARM_FK_##kind,
        ARM_FAST_TABLE
#undef ARM_FOP
    };
    return kinds[fop];
}

uint32_t arm_xop_base(uint32_t xop)
{
    static const uint16_t bases[ARM_FOP_COUNT] = {
#define ARM_FOP(name, base, kind, stop, exec) ARM_OP_##base,
        ARM_FAST_TABLE
#undef ARM_FOP
    };
    return xop >= ARM_XOP_FAST && xop < ARM_XOP_FAST + ARM_FOP_COUNT ? bases[xop - ARM_XOP_FAST] : xop;
}

/* The dispatch of form `kind` of the record's op, or its op if none. */
static uint32_t arm_form(const arm_insn_t *in, uint32_t kind)
{
    int f = arm_fop_find(in->op, kind);
    return f < 0 ? in->op : ARM_XOP_FAST + (uint32_t)f;
}

/* Whether the record's operand 2 or offset is a register: its fast forms
 * need it shifted LSL (loads and stores, and the _NF and _S data
 * processing), or LSR, ASR or ROR (_SH_NF). */
static int arm_reg_operand(const arm_insn_t *in)
{
    return arm_op_fmts[in->op] == ARM_FMT_DP_REG || arm_op_fmts[in->op] == ARM_FMT_LS_REG;
}

/* A load or store at rn + imm or rn + rm LSL n: plain, pre-indexed with
 * writeback, post-indexed. */
static uint32_t arm_form_ls(const arm_insn_t *in)
{
    uint32_t pw = in->flags & (ARM_F_P | ARM_F_U | ARM_F_W);
    uint32_t kind = pw == (ARM_F_P | ARM_F_U) ? ARM_FK_OFF
                    : pw == (ARM_F_P | ARM_F_U | ARM_F_W) ? ARM_FK_PRE
                    : pw == (ARM_F_U | ARM_F_W) ? ARM_FK_POST : ~0u;
    if (kind == ~0u || (kind != ARM_FK_OFF && in->rn == in->rd) ||
        (arm_reg_operand(in) && in->shift != ARM_SH_LSL))
        return in->op;
    return arm_form(in, kind);
}

/* Data processing that always sets flags (ARM_F_S): the _S forms. */
static uint32_t arm_form_s(const arm_insn_t *in)
{
    if (arm_reg_operand(in) && in->shift != ARM_SH_LSL)
        return in->op;
    return arm_form(in, ARM_FK_S);
}

/* A record that does not end its block: the form its shape allows. A T16
 * op that sets flags only outside IT blocks has none (the generic case
 * asks), but for the flags-always form where it cannot lie in one. */
static uint32_t arm_fast_form(const arm_insn_t *in, int in_it)
{
    if (arm_op_has(in->op, ARM_P_LOAD | ARM_P_STORE))
        return arm_form_ls(in);
    if (in->flags & ARM_F_ITS)
        return in_it ? in->op : arm_form_s(in);
    if (in->flags & ARM_F_S)
        return arm_form_s(in);
    if (!arm_reg_operand(in) || in->shift == ARM_SH_LSL)
        return arm_form(in, ARM_FK_NF);
    return in->shift == ARM_SH_RRX ? in->op : arm_form(in, ARM_FK_NF_SH);
}

/* The host's chained path dispatches on xop: a plain B, BL or BX Rm (not
 * the PC) chains to its target's block, an IT to the next one; LDM with the
 * pc takes an inline full step; any other last record of a block, or an
 * unprepared one (run 0), takes a full step out of line; any other record
 * runs its fast form, or its op (a conditional A32 record through its
 * copy that tests the condition first: arm_fast_prepare_flow). */
uint32_t arm_thread_op(const arm_insn_t *in, int in_it)
{
    if (in->op == ARM_OP_B)
        return ARM_XOP_BRANCH;
    if (in->op == ARM_OP_BL)
        return ARM_XOP_CALL;
    if (in->op == ARM_OP_BX && in->rm != 15)
        return ARM_XOP_BX;
    if (in->op == ARM_OP_LDM && (in->imm & 0x8000u))
        return ARM_XOP_POP;
    if (in->op == ARM_OP_IT)
        return ARM_XOP_IT;
    if (in->run < 2u)
        return ARM_XOP_STEP;
    return arm_fast_form(in, in_it);
}

/* What the chained path's branches read of record i: B's and BL's target
 * record (arm_target_offset), in the same array, on a record boundary, or
 * none; B's condition row (arm_branch_row). A B, BL or LDM with the pc that
 * the chained path would run (xop) but whose target or next record is not
 * in the array takes a full step instead, so that those branches need not
 * check the index they go on at. */
static void arm_prepare_branch(arm_insn_t *in, uint32_t i, uint32_t n, uint32_t shift,
                               uint32_t text_lo)
{
    uint32_t off = in->imm - text_lo, idx = off >> shift;
    int chains = in->xop == ARM_XOP_BRANCH || in->xop == ARM_XOP_CALL || in->xop == ARM_XOP_POP;
    if (chains && (uint32_t)(arm_len(in) >> shift) >= n - i)
        in->xop = ARM_XOP_STEP;
    if (in->op != ARM_OP_B && in->op != ARM_OP_BL)
        return;
    if (in->op == ARM_OP_B) {
        uint16_t row = arm_cond_rows_host[in->cond & 15u];
        __builtin_memcpy(&in->shift, &row, sizeof row);
    }
    int64_t bytes = ((int64_t)idx - i) * (int64_t)sizeof *in;
    int32_t to = (int32_t)bytes;
    if ((off & ((1u << shift) - 1u)) != 0 || idx >= n || to != bytes || to == ARM_NO_TARGET) {
        to = ARM_NO_TARGET;
        if (chains)
            in->xop = ARM_XOP_STEP;
    }
    __builtin_memcpy(&in->rd, &to, sizeof to);
}

/* Whether a record an IT covers can run on the chained path with every
 * condition of its IT block decided at the IT: it cannot stop the core,
 * sets no flags inside an IT block (a T16 op that sets them outside one
 * does not), and is not its block's last. */
static int arm_runs_plain_in_it(const arm_insn_t *in)
{
    return in->run >= 2u && !arm_op_may_stop(in->op) &&
           (in->flags & (ARM_F_S | ARM_F_ITS)) != ARM_F_S;
}

/* An IT whose records all run plain (above) gets ARM_XOP_IT_PLAIN, and in
 * rd and rn what to do when its first condition passes and when it fails.
 * Only its own record changes: T32 records are decoded at every halfword,
 * so the ones after it may be another instruction's.
 *   IT and ITE, where either outcome runs at most one record (arm_it_one):
 *     ARM_IT_ONE, ARM_IT_ONE_RUNS if a record runs, ARM_IT_ONE_SKIP if one
 *     is left to skip after it, and in ARM_IT_ONE_AT where the record that
 *     runs lies, or else the one to go on at.
 *   Others: which records run, bit k for record k, and a bit above the
 *   last. */
static uint8_t arm_it_one(uint32_t runs, uint32_t halfwords, uint32_t skip)
{
    uint32_t at = halfwords * (uint32_t)sizeof(arm_insn_t);
    SIM_ASSERT((at & ~ARM_IT_ONE_AT) == 0u);
    return (uint8_t)(ARM_IT_ONE | (runs ? ARM_IT_ONE_RUNS : 0u) | (skip ? ARM_IT_ONE_SKIP : 0u) | at);
}

static void arm_prepare_it(arm_insn_t *recs, uint32_t n, uint32_t i)
{
    arm_insn_t *in = &recs[i];
    uint32_t state = in->imm & 0xffu, first = state >> 4, then = 0, k = 0, j = i + 1u;
    if (in->xop != ARM_XOP_IT || first >= ARM_COND_AL)
        return; /* AL and 1111 are not a pair of opposites */
    for (; state; state = arm_it_advance(state), k++) {
        if (j >= n || !arm_runs_plain_in_it(&recs[j]))
            return;
        then |= (uint32_t)((state >> 4) == first) << k;
        j += arm_len(&recs[j]) >> 1;
    }
    uint32_t second = arm_len(&recs[i + 1u]) >> 1u; /* halfwords from record 0 to 1 */
    in->xop = ARM_XOP_IT_PLAIN;
    if (k == 1u) {
        in->rd = arm_it_one(1, 0u, 0);
        in->rn = arm_it_one(0, second, 0);
    } else if (k == 2u && then == 1u) {
        in->rd = arm_it_one(1, 0u, 1);
        in->rn = arm_it_one(1, second, 0);
    } else {
        in->rd = (uint8_t)(then | 1u << k);
        in->rn = (uint8_t)((~then & ((1u << k) - 1u)) | 1u << k);
    }
}

/* The second copy of the chained path's cases (ARM_XOP_LEN4 on): T32's
 * for 4-byte instructions, and A32's for conditional records, whose copy
 * tests the condition before the case (arm_chained.h). A32's flow kinds
 * test their conditions themselves. */
static void arm_prepare_copy(arm_insn_t *in, uint32_t shift)
{
    int t32_wide = shift == 1u && arm_len(in) == 4u;
    int a32_cond = shift == 2u && in->cond != ARM_COND_AL && in->xop < ARM_XOP_STEP;
    if (t32_wide || a32_cond)
        in->xop = (uint16_t)(in->xop + ARM_XOP_LEN4);
}

void arm_fast_prepare_flow(arm_insn_t *recs, uint32_t n, uint32_t i, uint32_t hi, uint32_t shift,
                           uint32_t text_lo)
{
    (void)hi;
    arm_prepare_branch(&recs[i], i, n, shift, text_lo);
    arm_prepare_it(recs, n, i);
    arm_prepare_copy(&recs[i], shift);
}
