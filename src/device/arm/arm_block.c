/* Preparing the predecoded records for arm_run, once per program, after
 * decoding: straight-line blocks and specialised forms.
 *
 * A record ends its block when running it may need what arm_run's fast path
 * skips: a branch or any other PC write, a read of r15, an exception, a
 * syscall, a change of instruction set or of the IT state. Every record
 * learns how many records, itself and the block's last one included, lie
 * between it and that end, so that arm_run executes all but the last
 * without fetching through the pc. The count is a byte: a longer stretch is
 * cut into blocks of at most 255, so that a block's last record always has
 * run 1 and the chained path's budget check at a block's entry covers all
 * of it.
 *
 * A record that does not end a block gets, where one exists, the
 * specialised form of its op (arm_ops.def, ARM_OPS_FAST): the same result
 * without the checks its flags, operand form and addressing mode make
 * needless. */
#include "arm_insn.h"
#include "arm_exec_branch.h"

/* Register fields an op ignores but the T32 decoder leaves as the
 * encoding's 1111: Rd of TST.W and the other tests, Rn of MOV.W and MVN.W,
 * Ra of MUL and SMULxy. */
static int arm_ignores_rd(uint32_t op)
{
    switch (op) {
#define ARM_TEST_FORMS(n) case ARM_OP_##n##_IMM: case ARM_OP_##n##_REG: case ARM_OP_##n##_RSR:
    ARM_TEST_FORMS(TST) ARM_TEST_FORMS(TEQ) ARM_TEST_FORMS(CMP) ARM_TEST_FORMS(CMN)
#undef ARM_TEST_FORMS
        return 1;
    default:
        return 0;
    }
}

static int arm_ignores_rn(uint32_t op)
{
    switch (op) {
    case ARM_OP_MOV_IMM: case ARM_OP_MOV_REG: case ARM_OP_MOV_RSR:
    case ARM_OP_MVN_IMM: case ARM_OP_MVN_REG: case ARM_OP_MVN_RSR:
    case ARM_OP_MUL: case ARM_OP_SMULXY: case ARM_OP_SMULWY:
        return 1;
    default:
        return 0;
    }
}

static int arm_names_pc(const arm_insn_t *in)
{
    return (in->rd == 15 && !arm_ignores_rd(in->op)) || (in->rn == 15 && !arm_ignores_rn(in->op)) ||
           in->rm == 15 || in->rs == 15;
}

/* Conservative: a register field that holds 15 in a record that does not
 * use it, and that arm_names_pc does not know of, only shortens a block. */
int arm_ends_block(const arm_insn_t *in)
{
    uint32_t unit = arm_op_units[in->op];
    if (unit == ARM_UNIT_BR || unit == ARM_UNIT_SYS || in->op == ARM_OP_IT)
        return 1;
    if ((in->op == ARM_OP_LDM || in->op == ARM_OP_STM) && (in->imm & 0x8000u))
        return 1;
    return arm_names_pc(in);
}

/* Data processing that always sets flags (ARM_F_S): the _S forms. */
static uint16_t arm_fast_form_s(const arm_insn_t *in)
{
    switch (in->op) {
#define ARM_S_FORMS(n)                                                         \
    case ARM_OP_##n##_IMM:                                                     \
        return ARM_OP_##n##_IMM_S;                                             \
    case ARM_OP_##n##_REG:                                                     \
        return in->shift == ARM_SH_LSL ? ARM_OP_##n##_LSL_S : in->op;
        ARM_DP_ARITH_LIST(ARM_S_FORMS)
        ARM_DP_LOGIC_LIST(ARM_S_FORMS)
#undef ARM_S_FORMS
    default:
        return in->op;
    }
}

/* Loads and stores at rn + imm or rn + rm LSL n: plain, pre-indexed with
 * writeback, post-indexed, where arm_ops.def has the form (else the op). */
static uint16_t arm_fast_form_ls(const arm_insn_t *in)
{
    uint32_t pw = in->flags & (ARM_F_P | ARM_F_U | ARM_F_W), lsl = in->shift == ARM_SH_LSL;
    uint32_t form = pw == (ARM_F_P | ARM_F_U) ? 0u
                    : pw == (ARM_F_P | ARM_F_U | ARM_F_W) ? 1u
                    : pw == (ARM_F_U | ARM_F_W) ? 2u : 3u;
    if (form == 3u || (form != 0u && in->rn == in->rd))
        return in->op;
    switch (in->op) {
#define ARM_LS_FAST_FORMS(n, imm_forms, reg_forms)                             \
    case ARM_OP_##n##_IMM: {                                                   \
        static const uint16_t f[] = imm_forms;                                 \
        return f[form];                                                        \
    }                                                                          \
    case ARM_OP_##n##_REG: {                                                   \
        static const uint16_t f[] = reg_forms;                                 \
        return lsl ? f[form] : in->op;                                         \
    }
#define ARM_LS_FORMS3(a, b, c) {a, b, c}
#define ARM_LS_FAST6(n, mn)                                                    \
    ARM_LS_FAST_FORMS(n, ARM_LS_FORMS3(ARM_OP_##n##_OFF, ARM_OP_##n##_PRE, ARM_OP_##n##_POST), \
                      ARM_LS_FORMS3(ARM_OP_##n##_LSL, ARM_OP_##n##_PRE_LSL, ARM_OP_##n##_POST_LSL))
#define ARM_LS_FAST4(n, mn)                                                    \
    ARM_LS_FAST_FORMS(n, ARM_LS_FORMS3(ARM_OP_##n##_OFF, ARM_OP_##n##_PRE, ARM_OP_##n##_POST), \
                      ARM_LS_FORMS3(ARM_OP_##n##_LSL, ARM_OP_##n##_REG, ARM_OP_##n##_REG))
#define ARM_LS_FAST1(n, mn)                                                    \
    ARM_LS_FAST_FORMS(n, ARM_LS_FORMS3(ARM_OP_##n##_OFF, ARM_OP_##n##_IMM, ARM_OP_##n##_IMM), \
                      ARM_LS_FORMS3(ARM_OP_##n##_REG, ARM_OP_##n##_REG, ARM_OP_##n##_REG))
        ARM_LS_FAST6_LIST(ARM_LS_FAST6)
        ARM_LS_FAST4_LIST(ARM_LS_FAST4)
        ARM_LS_FAST1_LIST(ARM_LS_FAST1)
#undef ARM_LS_FAST1
#undef ARM_LS_FAST4
#undef ARM_LS_FAST6
#undef ARM_LS_FORMS3
#undef ARM_LS_FAST_FORMS
    default:
        return in->op;
    }
}

/* in: a decoded record that does not end its block. */
static uint16_t arm_fast_form(const arm_insn_t *in)
{
    if (arm_op_units[in->op] == ARM_UNIT_MEM)
        return arm_fast_form_ls(in);
    if (in->flags & ARM_F_ITS)
        return in->op;
    if (in->flags & ARM_F_S)
        return arm_fast_form_s(in);
    switch (in->op) {
    case ARM_OP_MUL:
        return ARM_OP_MUL_NF;
    case ARM_OP_MLA:
        return ARM_OP_MLA_NF;
#define ARM_NF_FORMS(n)                                                        \
    case ARM_OP_##n##_IMM:                                                     \
        return ARM_OP_##n##_IMM_NF;                                            \
    case ARM_OP_##n##_REG:                                                     \
        return in->shift == ARM_SH_LSL   ? ARM_OP_##n##_LSL_NF                \
               : in->shift == ARM_SH_RRX ? in->op                             \
                                         : ARM_OP_##n##_SH_NF;
        ARM_DP_WR_LIST(ARM_NF_FORMS)
#undef ARM_NF_FORMS
    default:
        return in->op;
    }
}

/* The host's chained path dispatches on xop: a plain B, BL or BX Rm (not
 * the PC) chains to its target's block, an IT to the next one; LDM with the
 * pc takes an inline full step; any other last record of a block, or an
 * unprepared one (run 0), takes a full step out of line; a conditional record tests its
 * condition before its op's case; a T16 op that sets flags outside IT
 * blocks runs as its _S form, since the chained path runs no IT block's
 * record through xop. */
uint8_t arm_thread_op(const arm_insn_t *in)
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
    if (in->cond != ARM_COND_AL)
        return ARM_XOP_COND;
    if (in->flags & ARM_F_ITS) /* the chained path steps IT blocks' records */
        return (uint8_t)arm_fast_form_s(in);
    return in->op;
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
    if (chains && (uint32_t)(in->len >> shift) >= n - i)
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
        j += recs[j].len >> 1;
    }
    uint32_t second = recs[i + 1u].len >> 1u; /* halfwords from record 0 to 1 */
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

/* recs: n records, one per 2^shift bytes of text (A32: shift 2, T32: 1). */
void arm_prepare_records(arm_insn_t *recs, uint32_t n, uint32_t shift, uint32_t text_lo)
{
    /* arm_flags_rewritten of the next record and of the one after: a
     * record's successor is one or (a 32-bit T32 encoding) two on. */
    uint32_t rewritten[2] = {0u, 0u};
    for (uint32_t i = n; i-- > 0;) {
        arm_insn_t *in = &recs[i];
        uint32_t step = in->len >> shift, next = i + step;
        int ends = arm_ends_block(in); /* of the decoded op, before specialising */
        if (!ends)
            in->op = (uint8_t)arm_fast_form(in);
        if (in->len == 0 || next >= n || ends || recs[next].run == 255u)
            in->run = 1;
        else
            in->run = (uint8_t)(recs[next].run + 1u);
        in->xop = arm_thread_op(in);
        uint32_t after = in->run > 1u && step - 1u < 2u ? rewritten[step - 1u] : 0u;
        in->xop = arm_flags_dead_xop(in, after);
        rewritten[1] = rewritten[0];
        rewritten[0] = arm_flags_rewritten(in, after);
        arm_prepare_branch(in, i, n, shift, text_lo);
        arm_prepare_it(recs, n, i);
    }
}
