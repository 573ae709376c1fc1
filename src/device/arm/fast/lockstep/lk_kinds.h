/* How a record runs for a group (arm_lockstep.c's head comment): its kind
 * and operand-2 shape, worked out once a record for the run (the plans).
 * A part of arm_lockstep.c, included there once. */

/* How a record runs for a group (the file's head comment). */
enum { LK_DP, LK_VALUE, LK_LS, LK_LSM, LK_B, LK_IT, LK_EXCL, LK_FIELDS, LK_ALL };

/* The formats whose bodies read and write only the registers their fields
 * (rd, rn, rm, rs) name, the flags, and state the contexts keep (cpsr,
 * thumb, it): a lane's step needs those registers and no more (NONE's
 * ops, NOP, DMB, CLREX, UNDEF, touch none). */
static uint32_t fmt_fields_only(uint32_t fmt)
{
    switch (fmt) {
    case ARM_FMT_DP_IMM: case ARM_FMT_DP_REG: case ARM_FMT_DP_RSR: case ARM_FMT_MUL: case ARM_FMT_MLA:
    case ARM_FMT_MULL: case ARM_FMT_QARITH: case ARM_FMT_DIV: case ARM_FMT_RR: case ARM_FMT_XT:
    case ARM_FMT_XTA: case ARM_FMT_BFX: case ARM_FMT_SAT: case ARM_FMT_RRR: case ARM_FMT_MOVI:
    case ARM_FMT_LS_IMM: case ARM_FMT_LS_REG: case ARM_FMT_LIT: case ARM_FMT_PKH: case ARM_FMT_SMUL:
    case ARM_FMT_SMLA: case ARM_FMT_SMLAL: case ARM_FMT_NONE:
        return 1;
    default:
        return 0;
    }
}

/* The single loads and stores the lane loop runs (arm_ops.def's
 * ARM_LOAD_LIST and ARM_STORE_LIST): size, sign, whether a load. */
typedef struct ls_op { uint8_t size, sign, load, valid; } ls_op_t;
static const ls_op_t ls_ops[ARM_OP_COUNT] = {
#define LS_LOAD(n, mn, size, sign) [ARM_OP_##n##_IMM] = {size, sign, 1, 1}, [ARM_OP_##n##_REG] = {size, sign, 1, 1},
#define LS_STORE(n, mn, size, sign) [ARM_OP_##n##_IMM] = {size, 0, 0, 1}, [ARM_OP_##n##_REG] = {size, 0, 0, 1},
    ARM_LOAD_LIST(LS_LOAD) ARM_STORE_LIST(LS_STORE)
#undef LS_LOAD
#undef LS_STORE
};

/* The ops whose values come from arm_exec_mul.h's and arm_exec_bits.h's
 * value helpers (the ones their bodies use): Rd, with RdHi for the long
 * multiplies, the flags where the op sets them, and Q where it saturates. */
#define LK_VALUE_OPS(_)                                                        \
    _(MUL) _(MLA) _(MLS) _(UMULL) _(SMULL) _(UMLAL) _(SMLAL) _(UMAAL) _(SMULXY) _(SMULWY) \
    _(QADD) _(QSUB) _(QDADD) _(QDSUB) _(CLZ) _(RBIT) _(REV) _(REV16) _(REVSH) \
    _(SXTB) _(SXTH) _(UXTB) _(UXTH) _(SXTB16) _(UXTB16) _(SXTAB) _(SXTAH) _(UXTAB) _(UXTAH) \
    _(SXTAB16) _(UXTAB16) _(NOP)

static const uint8_t lk_value_op[ARM_OP_COUNT] = {
#define LK_VALUE_ROW(n) [ARM_OP_##n] = 1,
    LK_VALUE_OPS(LK_VALUE_ROW)
#undef LK_VALUE_ROW
};

/* The data-processing ops that write Rd (the tests' rd field names no
 * register: T32's TST, TEQ, CMP and CMN have 15 there). */
static const uint8_t lk_dp_writes[ARM_OP_COUNT] = {
#define LK_DP_LOGIC_W(n, expr, wr, is_b) [ARM_OP_##n##_IMM] = wr, [ARM_OP_##n##_REG] = wr,
#define LK_DP_ARITH_W(n, x, y, cin, wr) [ARM_OP_##n##_IMM] = wr, [ARM_OP_##n##_REG] = wr,
    ARM_DP_LOGIC_OPS(LK_DP_LOGIC_W) ARM_DP_ARITH_OPS(LK_DP_ARITH_W)
#undef LK_DP_LOGIC_W
#undef LK_DP_ARITH_W
};

static uint32_t lockstep_kind(const arm_insn_t *in)
{
    uint32_t op = in->op, fmt = arm_op_fmts[op], norn = arm_op_has(op, ARM_P_NORN) != 0;
    if ((fmt == ARM_FMT_DP_IMM || fmt == ARM_FMT_DP_REG) && (in->rd != 15 || !lk_dp_writes[op]) &&
        (fmt == ARM_FMT_DP_IMM || in->rm != 15) && (in->rn != 15 || norn))
        return LK_DP;
    if (lk_value_op[op] && in->rd != 15 && (in->rn != 15 || norn) && in->rm != 15 && in->rs != 15)
        return LK_VALUE;
    if (op == ARM_OP_IT)
        return LK_IT;
    if (ls_ops[op].valid && in->rd != 15 && in->rn != 15 && (fmt == ARM_FMT_LS_IMM || in->rm != 15))
        return LK_LS;
    if ((op == ARM_OP_LDM || (op == ARM_OP_STM && !(arm_lsm_list(in) & 0x8000u))) && in->rn != 15)
        return LK_LSM;
    if (op == ARM_OP_B)
        return LK_B;
    if (fmt == ARM_FMT_LDREX)
        return LK_EXCL;
    return fmt_fields_only(fmt) ? LK_FIELDS : LK_ALL;
}


/* Operand 2's shape (arm_op2_imm, arm_op2_reg: an immediate shift of Rm),
 * the record's, so that each is a loop of straight-line code: arm_shift_c's
 * tests of the type and the amount are made once, here. */
enum { OP2_IMM, OP2_RM, OP2_LSL, OP2_LSR, OP2_LSR32, OP2_ASR, OP2_ASR32, OP2_ROR, OP2_RRX, OP2_ANY };

static uint32_t op2_kind(const arm_insn_t *in)
{
    uint32_t n = in->amount;
    if (arm_op_fmts[in->op] == ARM_FMT_DP_IMM)
        return OP2_IMM;
    switch (in->shift) {
    case ARM_SH_LSL: return n == 0 ? OP2_RM : n < 32u ? OP2_LSL : OP2_ANY;
    case ARM_SH_LSR: return n == 0 ? OP2_RM : n < 32u ? OP2_LSR : n == 32u ? OP2_LSR32 : OP2_ANY;
    case ARM_SH_ASR: return n == 0 ? OP2_RM : n < 32u ? OP2_ASR : OP2_ASR32;
    case ARM_SH_ROR: return n == 0 ? OP2_RM : n < 32u ? OP2_ROR : OP2_ANY;
    default: return OP2_RRX;
    }
}

/* Each record's plan: its kind and, for data processing, its operand-2
 * shape, a byte a record of the text (kind + 1, shape << 4; 0: not worked
 * out yet), kept from its first run (lockstep_kind and op2_kind were a
 * tenth of compute.arm's host instructions, a record run 32 times a
 * hundred thousand times). One table for the run, both builds and every
 * thread: a byte is only ever written with the one value its record
 * gives, atomically. Undecoded records (lazy decode fills them in later)
 * and IT blocks' copies are worked out each time. */
typedef struct lk_plans {
    const arm_insn_t *a32, *t32;
    uint32_t na, nt;
    uint8_t *pa, *pt;
} lk_plans_t;
extern lk_plans_t arm_lockstep_plan_table;
#ifndef LK_BUILD_V3
lk_plans_t arm_lockstep_plan_table;

int arm_lockstep_plans(const arm_code_t *code)
{
    lk_plans_t *P = &arm_lockstep_plan_table;
    free(P->pa);
    free(P->pt);
    memset(P, 0, sizeof *P);
    if (!code)
        return 0;
    uint32_t na = code->a32 ? code->text_size >> 2 : 0u, nt = code->t32 ? code->text_size >> 1 : 0u;
    uint8_t *pa = (uint8_t *)calloc(na + 1u, 1), *pt = (uint8_t *)calloc(nt + 1u, 1);
    if (!pa || !pt) {
        free(pa);
        free(pt);
        return -1;
    }
    *P = (lk_plans_t){code->a32, code->t32, na, nt, pa, pt};
    return 0;
}
#endif

/* The plan of record `in`, of the text's records of the instruction set
 * `thumb` or a copy (lk_plan_kind, lk_plan_shape). */
static inline uint32_t lk_plan(const arm_insn_t *in, uint32_t thumb)
{
    const lk_plans_t *P = &arm_lockstep_plan_table;
    uint8_t *b = NULL;
    uintptr_t i = ((uintptr_t)in - (uintptr_t)(thumb ? P->t32 : P->a32)) / sizeof *in;
    if (i < (thumb ? P->nt : P->na))
        b = &(thumb ? P->pt : P->pa)[i];
    uint32_t v = b ? __atomic_load_n(b, __ATOMIC_RELAXED) : 0u;
    if (SIM_LIKELY(v))
        return v;
    uint32_t k = lockstep_kind(in);
    v = (k + 1u) | (k == LK_DP ? op2_kind(in) << 4 : 0u);
    if (b && in->op != ARM_OP_UNDECODED)
        __atomic_store_n(b, (uint8_t)v, __ATOMIC_RELAXED);
    return v;
}
static inline uint32_t lk_plan_kind(uint32_t v) { return (v & 15u) - 1u; }
static inline uint32_t lk_plan_shape(uint32_t v) { return v >> 4; }
