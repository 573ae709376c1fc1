/* Data processing: the barrel shifter and the 17 operations x 3 operand
 * forms of ARM_DP_LIST. Each operation is one row below; the executor's
 * switch gets its 51 cases from ARM_DP_CASES. */
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

/* (result, carry, overflow) = AddWithCarry(x, y, carry_in): N Z C V set,
 * the result returned. The carry is read off the 32-bit result (it wrapped
 * past x, or back onto it with a carry in); the overflow is operands of one
 * sign giving a result of the other. Where carry_in is a constant, the host
 * may do better (arm_add_const_cin, arm_flags.h): the same bits. */
SIM_INLINE uint32_t arm_add_flags(arm_ctx_t *c, uint32_t x, uint32_t y, uint32_t cin)
{
#ifdef ARM_ADD_CONST_CIN
    if (__builtin_constant_p(cin) && cin <= 1u) {
        uint32_t nzcv, r = arm_add_const_cin(x, y, cin, &nzcv);
        c->nzcv = nzcv;
        return r;
    }
#endif
    uint32_t r = x + y + cin;
    uint32_t carry = cin ? r <= x : r < x;
    uint32_t ovf = ((x ^ r) & (y ^ r)) >> 31;
    arm_set_nzcv(c, r, carry, ovf);
    return r;
}

SIM_INLINE void arm_dp_arith(arm_ctx_t *c, const arm_insn_t *in, uint32_t x, uint32_t y,
                             uint32_t cin, uint32_t wr, uint32_t s)
{
    uint32_t r = s ? arm_add_flags(c, x, y, cin) : x + y + cin;
    if (wr)
        arm_wr_alu(c, in, r);
}

/* name, result from a (Rn) and b (operand2), writes Rd */
#define ARM_DP_LOGIC_OPS(_)                                                    \
    _(AND, a & b, 1) _(EOR, a ^ b, 1) _(TST, a & b, 0) _(TEQ, a ^ b, 0)         \
    _(ORR, a | b, 1) _(MOV, b, 1) _(BIC, a & ~b, 1) _(MVN, ~b, 1) _(ORN, a | ~b, 1)

/* name, AddWithCarry operands, writes Rd (cf = C flag in) */
#define ARM_DP_ARITH_OPS(_)                                                    \
    _(SUB, a, ~b, 1u, 1) _(RSB, b, ~a, 1u, 1) _(ADD, a, b, 0u, 1)               \
    _(ADC, a, b, cf, 1) _(SBC, a, ~b, cf, 1) _(RSC, b, ~a, cf, 1)               \
    _(CMP, a, ~b, 1u, 0) _(CMN, a, b, 0u, 0)

/* arm_dp_val_<op>(a, b, cf): the result alone, what the _NF forms store;
 * arm_dp_<op>: the whole operation, Rd and flags. Both from one row. */
#define ARM_DP_LOGIC_VAL(n, expr, wr)                                          \
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
#define ARM_DP_LOGIC_FN(n, expr, wr)                                           \
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

/* One case per operation and operand form, for the executor's switch. */
#define ARM_DP_CASE_FORM(n, form)                                              \
    ARM_OP_BEGIN(n##_##form) {                                                \
        uint32_t sc_, b_ = arm_op2_##form(c, in, &sc_);                        \
        arm_dp_##n(c, in, c->r[in->rn], b_, sc_, arm_setflags(c, in));         \
        ARM_OP_END(0)                                                          \
    }
#define arm_op2_IMM arm_op2_imm
#define arm_op2_REG arm_op2_reg
#define arm_op2_RSR arm_op2_rsr
#define ARM_DP_CASE(n) ARM_DP_CASE_FORM(n, IMM) ARM_DP_CASE_FORM(n, REG) ARM_DP_CASE_FORM(n, RSR)
/* The specialised forms (arm_ops.def): no flags, Rd is not the PC. The C
 * flag is loaded only by the operations that read it. */
#define ARM_DP_NF_CASE(n)                                                      \
    ARM_OP_BEGIN(n##_IMM_NF)                                                  \
        c->r[in->rd] = arm_dp_val_##n(c->r[in->rn], in->imm, arm_cflag(c));    \
        ARM_OP_END(0)                                                          \
    ARM_OP_BEGIN(n##_LSL_NF)                                                  \
        c->r[in->rd] = arm_dp_val_##n(c->r[in->rn], c->r[in->rm] << in->amount, \
                                      arm_cflag(c));                           \
        ARM_OP_END(0)                                                          \
    ARM_OP_BEGIN(n##_SH_NF)                                                   \
        ARM_SH_NF_SPLIT(n)                                                     \
        ARM_DP_NF_SHIFTED(n, arm_shift_imm_nc(c->r[in->rm], in->shift, in->amount))
#define ARM_DP_NF_SHIFTED(n, b)                                                \
    c->r[in->rd] = arm_dp_val_##n(c->r[in->rn], (b), arm_cflag(c));            \
    ARM_OP_END(0)
/* _SH_NF chooses its shift at run time (arm_shift_imm_nc). The host's
 * chained path instead jumps on the shift type to a copy of the case per
 * type, 2 host instructions (load, jump) against 4 to 7 for the choice,
 * though one data read more (the jump's table; bench/RESULTS.md, sixth
 * session: no time change that host could resolve): it defines
 * ARM_SH_NF_SPLIT so; elsewhere it is nothing. */
#ifndef ARM_SH_NF_SPLIT
#define ARM_SH_NF_SPLIT(n)
#endif

/* _IMM_S and _LSL_S: an operation that sets flags, Rd is not the PC. */
#define ARM_DP_S_ARITH_FORM(n, x, y, cin, wr, form)                            \
    ARM_OP_BEGIN(n##_##form##_S) {                                            \
        uint32_t sc_, a = c->r[in->rn], b = arm_op2_##form(c, in, &sc_);       \
        uint32_t cf = arm_cflag(c);                                            \
        uint32_t r_ = arm_add_flags(c, x, y, cin);                             \
        (void)cf;                                                              \
        (void)sc_;                                                             \
        if (wr)                                                                \
            c->r[in->rd] = r_;                                                 \
        ARM_OP_END(0)                                                          \
    }
#define ARM_DP_S_LOGIC_FORM(n, expr, wr, form)                                 \
    ARM_OP_BEGIN(n##_##form##_S) {                                            \
        uint32_t sc_, a = c->r[in->rn], b = arm_op2_##form(c, in, &sc_);       \
        uint32_t r_ = arm_dp_val_##n(a, b, 0u);                                \
        (void)sc_;                                                             \
        /* (reads Rm: before Rd's write) */                                    \
        arm_logic_flags_##form(c, in, r_, ARM_OP_##n##_LSL_S == ARM_OP_MOV_LSL_S); \
        if (wr)                                                                \
            c->r[in->rd] = r_;                                                 \
        ARM_OP_END(0)                                                          \
    }
#define arm_op2_LSL arm_op2_lsl

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

/* mov: the op is MOV, whose r is Rm LSL n, whose flags arm_lsl_nzc has
 * in one go where the host helps (MOVS Rd, Rm, LSL #n is Thumb's bit test). */
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
#define ARM_DP_S_CASE(n, x, y, cin, wr)                                        \
    ARM_DP_S_ARITH_FORM(n, x, y, cin, wr, IMM) ARM_DP_S_ARITH_FORM(n, x, y, cin, wr, LSL)
#define ARM_DP_S_LOGIC_CASE(n, expr, wr)                                       \
    ARM_DP_S_LOGIC_FORM(n, expr, wr, IMM) ARM_DP_S_LOGIC_FORM(n, expr, wr, LSL)
#define ARM_DP_CASES                                                           \
    ARM_DP_LIST(ARM_DP_CASE) ARM_DP_WR_LIST(ARM_DP_NF_CASE) ARM_DP_ARITH_OPS(ARM_DP_S_CASE)   \
    ARM_DP_LOGIC_OPS(ARM_DP_S_LOGIC_CASE)

#endif
