/* Data processing: the barrel shifter and the semantics of the 17
 * operations of arm_ops.def's ARM_DP_LIST, each one row below, for their
 * three operand forms and their fast forms (fast/arm_fast.def). */
#ifndef ARM_EXEC_DATAPROC_H
#define ARM_EXEC_DATAPROC_H

#include "arm_exec_base.h"

/* (result, carry_out) = Shift_C(value, type, amount, carry_in), amount 0..255.
 * Amount 0 leaves value and carry; >= 32 follows the manual's LSL_C/LSR_C/ASR_C
 * on the widened value; ROR by a multiple of 32 returns value, carry = bit 31. */
SIM_INLINE uint32_t arm_shift_c(uint32_t v, uint32_t type, uint32_t n, uint32_t cin,
                                uint32_t *cout)
{
    if (type == ARM_SH_RRX) {
        *cout = v & 1u;
        return (cin << 31) | (v >> 1);
    }
    if (n == 0) {
        *cout = cin;
        return v;
    }
    switch (type) {
    case ARM_SH_LSL:
        *cout = n < 32u ? (v >> (32u - n)) & 1u : n == 32u ? v & 1u : 0u;
        return n < 32u ? v << n : 0u;
    case ARM_SH_LSR:
        *cout = n < 32u ? (v >> (n - 1u)) & 1u : n == 32u ? v >> 31 : 0u;
        return n < 32u ? v >> n : 0u;
    case ARM_SH_ASR:
        *cout = n < 32u ? (v >> (n - 1u)) & 1u : v >> 31;
        return (uint32_t)((int32_t)v >> (n < 32u ? n : 31u));
    default: {
        uint32_t r = arm_ror(v, n);
        *cout = r >> 31;
        return r;
    }
    }
}

/* Shift(value, type, amount) without the carry, for LSR, ASR (amount
 * 1..32) and ROR (1..31) by an immediate: the _SH_NF forms. The shifts
 * are 64-bit so that an amount of 32 needs no test of its own. */
SIM_INLINE uint32_t arm_lsr_imm_nc(uint32_t v, uint32_t n) { return (uint32_t)((uint64_t)v >> n); }
SIM_INLINE uint32_t arm_asr_imm_nc(uint32_t v, uint32_t n)
{
    return (uint32_t)((int64_t)(int32_t)v >> n);
}
SIM_INLINE uint32_t arm_shift_imm_nc(uint32_t v, uint32_t type, uint32_t n)
{
    return type == ARM_SH_LSR   ? arm_lsr_imm_nc(v, n)
           : type == ARM_SH_ASR ? arm_asr_imm_nc(v, n)
                                : arm_ror(v, n);
}

/* operand2 of the three forms, with the shifter carry-out in *sc */
SIM_INLINE uint32_t arm_op2_imm(const arm_ctx_t *c, const arm_insn_t *in, uint32_t *sc)
{
    *sc = (in->flags & ARM_F_IMMC) ? in->imm >> 31 : arm_cflag(c);
    return in->imm;
}

/* rm LSL #0..31, the common case of the _REG form */
SIM_INLINE uint32_t arm_op2_lsl(const arm_ctx_t *c, const arm_insn_t *in, uint32_t *sc)
{
    uint32_t v = c->r[in->rm], n = in->amount;
    *sc = n ? (v >> (32u - n)) & 1u : arm_cflag(c);
    return v << n;
}

SIM_INLINE uint32_t arm_op2_reg(const arm_ctx_t *c, const arm_insn_t *in, uint32_t *sc)
{
    if (SIM_LIKELY(in->shift == ARM_SH_LSL))
        return arm_op2_lsl(c, in, sc);
    return arm_shift_c(c->r[in->rm], in->shift, in->amount, arm_cflag(c), sc);
}

SIM_INLINE uint32_t arm_op2_rsr(const arm_ctx_t *c, const arm_insn_t *in, uint32_t *sc)
{
    return arm_shift_c(c->r[in->rm], in->shift, c->r[in->rs] & 0xffu, arm_cflag(c), sc);
}

/* Logical: result to Rd (unless a test), N Z from it, C from the shifter. */
SIM_INLINE void arm_dp_logic(arm_ctx_t *c, const arm_insn_t *in, uint32_t r, uint32_t sc,
                             uint32_t wr, uint32_t s)
{
    if (wr)
        arm_wr_alu(c, in, r);
    if (s)
        arm_set_nzc(c, r, sc);
}

/* (result, carry, overflow) = AddWithCarry(x, y, carry_in): the result,
 * N Z C V in *nzcv. The carry is read off the 32-bit result (it wrapped
 * past x, or back onto it with a carry in); the overflow is operands of one
 * sign giving a result of the other. Bit operations only: the lockstep
 * engine's loops vectorise it. */
SIM_INLINE uint32_t arm_add_with_carry(uint32_t x, uint32_t y, uint32_t cin, uint32_t *nzcv)
{
    uint32_t r = x + y + cin;
    uint32_t carry = cin ? r <= x : r < x;
    uint32_t ovf = ((x ^ r) & (y ^ r)) >> 31;
    *nzcv = arm_nz_of(r) | carry << 1 | ovf;
    return r;
}

/* AddWithCarry with N Z C V set, the result returned. Where carry_in is a
 * constant, the host may do better (arm_add_const_cin, arm_flags.h): the
 * same bits. */
SIM_INLINE uint32_t arm_add_flags(arm_ctx_t *c, uint32_t x, uint32_t y, uint32_t cin)
{
    uint32_t nzcv, r;
#ifdef ARM_ADD_CONST_CIN
    if (__builtin_constant_p(cin) && cin <= 1u) {
        r = arm_add_const_cin(x, y, cin, &nzcv);
        c->nzcv = nzcv;
        return r;
    }
#endif
    r = arm_add_with_carry(x, y, cin, &nzcv);
    c->nzcv = nzcv;
    return r;
}

SIM_INLINE void arm_dp_arith(arm_ctx_t *c, const arm_insn_t *in, uint32_t x, uint32_t y,
                             uint32_t cin, uint32_t wr, uint32_t s)
{
    uint32_t r = s ? arm_add_flags(c, x, y, cin) : x + y + cin;
    if (wr)
        arm_wr_alu(c, in, r);
}

/* name, result from a (Rn) and b (operand2), writes Rd, the result is b */
#define ARM_DP_LOGIC_OPS(_)                                                    \
    _(AND, a & b, 1, 0) _(EOR, a ^ b, 1, 0) _(TST, a & b, 0, 0) _(TEQ, a ^ b, 0, 0) \
    _(ORR, a | b, 1, 0) _(MOV, b, 1, 1) _(BIC, a & ~b, 1, 0) _(MVN, ~b, 1, 0)    \
    _(ORN, a | ~b, 1, 0)

/* name, AddWithCarry operands, writes Rd (cf = C flag in) */
#define ARM_DP_ARITH_OPS(_)                                                    \
    _(SUB, a, ~b, 1u, 1) _(RSB, b, ~a, 1u, 1) _(ADD, a, b, 0u, 1)               \
    _(ADC, a, b, cf, 1) _(SBC, a, ~b, cf, 1) _(RSC, b, ~a, cf, 1)               \
    _(CMP, a, ~b, 1u, 0) _(CMN, a, b, 0u, 0)

/* arm_dp_val_<op>(a, b, cf): the result alone, what the _NF forms store;
 * arm_dp_<op>: the whole operation, Rd and flags. Both from one row. */
#define ARM_DP_LOGIC_VAL(n, expr, wr, is_b)                                          \
    SIM_INLINE uint32_t arm_dp_val_##n(uint32_t a, uint32_t b, uint32_t cf)    \
    {                                                                          \
        (void)a;                                                               \
        (void)cf;                                                              \
        return expr;                                                           \
    }
#define ARM_DP_ARITH_VAL(n, x, y, cin, wr)                                     \
    SIM_INLINE uint32_t arm_dp_val_##n(uint32_t a, uint32_t b, uint32_t cf)    \
    {                                                                          \
        (void)cf;                                                              \
        return (x) + (y) + (cin);                                              \
    }
#define ARM_DP_LOGIC_FN(n, expr, wr, is_b)                                           \
    SIM_INLINE void arm_dp_##n(arm_ctx_t *c, const arm_insn_t *in, uint32_t a, \
                               uint32_t b, uint32_t sc, uint32_t s)            \
    {                                                                          \
        arm_dp_logic(c, in, arm_dp_val_##n(a, b, 0u), sc, wr, s);              \
    }
#define ARM_DP_ARITH_FN(n, x, y, cin, wr)                                      \
    SIM_INLINE void arm_dp_##n(arm_ctx_t *c, const arm_insn_t *in, uint32_t a, \
                               uint32_t b, uint32_t sc, uint32_t s)            \
    {                                                                          \
        uint32_t cf = arm_cflag(c);                                            \
        (void)cf;                                                              \
        (void)sc;                                                              \
        arm_dp_arith(c, in, x, y, cin, wr, s);                                 \
    }
ARM_DP_LOGIC_OPS(ARM_DP_LOGIC_VAL)
ARM_DP_ARITH_OPS(ARM_DP_ARITH_VAL)
ARM_DP_LOGIC_OPS(ARM_DP_LOGIC_FN)
ARM_DP_ARITH_OPS(ARM_DP_ARITH_FN)
#undef ARM_DP_LOGIC_VAL
#undef ARM_DP_ARITH_VAL
#undef ARM_DP_LOGIC_FN
#undef ARM_DP_ARITH_FN

/* The body of an operation in one operand form: the rows of arm_ops.def.
 * (Bodies are macro arguments there: no comma outside parentheses.) */
#define ARM_DP_EXEC(n, form)                                                   \
    {                                                                          \
        uint32_t sc_;                                                          \
        uint32_t b_ = arm_op2_##form(c, in, &sc_);                             \
        arm_dp_##n(c, in, c->r[in->rn], b_, sc_, arm_setflags(c, in));         \
    }
#define arm_op2_IMM arm_op2_imm
#define arm_op2_REG arm_op2_reg
#define arm_op2_RSR arm_op2_rsr
#define arm_op2_LSL arm_op2_lsl

/* The bodies of the fast forms (fast/arm_fast.def): Rd is not the PC.
 * _NF: no flags; the C flag is loaded only by the operations that read it. */
#define ARM_DP_NF_EXEC(n, b) c->r[in->rd] = arm_dp_val_##n(c->r[in->rn], (b), arm_cflag(c))
/* _SH_NF chooses its shift at run time (arm_shift_imm_nc). The host's
 * chained path instead jumps on the shift type to a copy of the body per
 * type, 2 host instructions (load, jump) against 4 to 7 for the choice,
 * though one data read more (the jump's table): it defines ARM_SH_NF_SPLIT
 * so (fast/arm_chained.h). */
#define ARM_DP_SH_NF_EXEC(n)                                                   \
    ARM_SH_NF_SPLIT(n) ARM_DP_NF_EXEC(n, arm_shift_imm_nc(c->r[in->rm], in->shift, in->amount))
#ifndef ARM_SH_NF_SPLIT
#define ARM_SH_NF_SPLIT(n)
#endif

/* _S: the operation always sets flags (arm_dp_s_<op>: AddWithCarry's flags
 * and result; arm_dp_wr_<op>: whether it writes Rd). */
#define ARM_DP_S_ARITH_FN(n, x, y, cin, wr)                                    \
    SIM_INLINE uint32_t arm_dp_s_##n(arm_ctx_t *c, uint32_t a, uint32_t b)     \
    {                                                                          \
        uint32_t cf = arm_cflag(c);                                            \
        (void)cf;                                                              \
        return arm_add_flags(c, x, y, cin);                                    \
    }                                                                          \
    SIM_INLINE uint32_t arm_dp_wr_##n(void) { return wr; }
#define ARM_DP_WR_FN(n, expr, wr, is_b)                                        \
    SIM_INLINE uint32_t arm_dp_wr_##n(void) { return wr; }                     \
    SIM_INLINE uint32_t arm_dp_is_b_##n(void) { return is_b; }
ARM_DP_ARITH_OPS(ARM_DP_S_ARITH_FN)
ARM_DP_LOGIC_OPS(ARM_DP_WR_FN)
#undef ARM_DP_S_ARITH_FN
#undef ARM_DP_WR_FN
#define ARM_DP_S_ARITH_EXEC(n, form)                                           \
    {                                                                          \
        uint32_t sc_;                                                          \
        uint32_t a_ = c->r[in->rn];                                            \
        uint32_t b_ = arm_op2_##form(c, in, &sc_);                             \
        uint32_t r_ = arm_dp_s_##n(c, a_, b_);                                 \
        (void)sc_;                                                             \
        if (arm_dp_wr_##n())                                                   \
            c->r[in->rd] = r_;                                                 \
    }
/* (the flags read Rm: before Rd's write) */
#define ARM_DP_S_LOGIC_EXEC(n, form)                                           \
    {                                                                          \
        uint32_t sc_;                                                          \
        uint32_t a_ = c->r[in->rn];                                            \
        uint32_t b_ = arm_op2_##form(c, in, &sc_);                             \
        uint32_t r_ = arm_dp_val_##n(a_, b_, 0u);                              \
        (void)sc_;                                                             \
        arm_logic_flags_##form(c, in, r_, arm_dp_is_b_##n());                  \
        if (arm_dp_wr_##n())                                                   \
            c->r[in->rd] = r_;                                                 \
    }

/* The _S logical forms' flags: N and Z from r, C from the shifter where it
 * shifts one out (an immediate with a rotation, LSL by 1..31); elsewhere C
 * stays, and is then neither read nor written back. */
SIM_INLINE void arm_logic_flags_IMM(arm_ctx_t *c, const arm_insn_t *in, uint32_t r, uint32_t mov)
{
    (void)mov;
    if (in->flags & ARM_F_IMMC)
        arm_set_nzc(c, r, in->imm >> 31);
    else
        arm_set_nz(c, r);
}

/* mov: the op's result is its operand 2 (MOV), Rm LSL n, whose flags
 * arm_lsl_nzc has in one go where the host helps (MOVS Rd, Rm, LSL #n is
 * Thumb's bit test). */
SIM_INLINE void arm_logic_flags_LSL(arm_ctx_t *c, const arm_insn_t *in, uint32_t r, uint32_t mov)
{
    uint32_t n = in->amount;
    if (!n) {
        arm_set_nz(c, r);
        return;
    }
    if (mov) {
        uint32_t unused;
        c->nzcv = (c->nzcv & 1u) | arm_lsl_nzc(c->r[in->rm], n, &unused);
        return;
    }
    arm_set_nzc(c, r, (c->r[in->rm] >> (32u - n)) & 1u);
}
#endif
