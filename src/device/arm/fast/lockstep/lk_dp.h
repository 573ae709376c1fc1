/* Data processing and the value ops (multiplies, saturating arithmetic,
 * bit operations, extends), every slot at once, in loops the compiler
 * vectorises. A part of arm_lockstep.c, included there once. */

/* ---- data processing, every slot at once -------------------------------- */

/* The group's slots (0..n-1) whose condition passes, as a mask per slot
 * (all ones or none): the condition is the record's, so each has a loop of
 * its own (arm_cond_bits: no per-slot shift or table), which vectorises.
 * AL is the group's mask itself (S->gm). */
static inline const uint32_t *cond_mask(const lockstep_t *S, uint32_t cond, uint32_t *ok)
{
    switch (cond) {
#define CM(k)                                                                  \
    case k:                                                                    \
        for (uint32_t s = 0; s < NL; s++)                                      \
            ok[s] = S->gm[s] & -arm_cond_bits(k, S->NZCV[s]);                  \
        return ok;
        CM(0) CM(1) CM(2) CM(3) CM(4) CM(5) CM(6) CM(7) CM(8) CM(9) CM(10) CM(11) CM(12) CM(13)
#undef CM
    default:
        return S->gm;
    }
}

/* Operand 2 of one slot, v its Rm and cf its C flag, with the shifter's
 * carry in *sc: arm_shift_c's cases, each for the amounts op2_kind gave
 * it (k is a constant where this inlines). */
static inline __attribute__((always_inline)) uint32_t op2_lane(uint32_t k, const arm_insn_t *in, uint32_t v,
                                                               uint32_t cf, uint32_t *sc)
{
    const uint32_t n = in->amount;
    switch (k) {
    case OP2_IMM:
        *sc = in->flags & ARM_F_IMMC ? in->imm >> 31 : cf;
        return in->imm;
    case OP2_RM:
        *sc = cf;
        return v;
    case OP2_LSL:
        *sc = (v >> (32u - n)) & 1u;
        return v << n;
    case OP2_LSR:
        *sc = (v >> (n - 1u)) & 1u;
        return v >> n;
    case OP2_LSR32:
        *sc = v >> 31;
        return 0;
    case OP2_ASR:
        *sc = (v >> (n - 1u)) & 1u;
        return (uint32_t)((int32_t)v >> n);
    case OP2_ASR32:
        *sc = v >> 31;
        return (uint32_t)((int32_t)v >> 31);
    case OP2_ROR: {
        uint32_t r = (v >> n) | (v << (32u - n));
        *sc = r >> 31;
        return r;
    }
    case OP2_RRX:
        *sc = v & 1u;
        return cf << 31 | v >> 1;
    default:
        return arm_shift_c(v, in->shift, n, cf, sc);
    }
}

/* One loop for the group: operand 2, the operation's value and flags, and
 * the commit where the slot's mask is set (Rd if the op writes it, the
 * flags if it sets them), as selects. The rows of Rd, Rn and Rm may be one:
 * each slot reads its own before it writes it, so no iteration depends on
 * another (ivdep). VAL(a, b, cf, sc, &nf) gives the result and the flags. */
#define DP_LOOP(K, WR, SETF, VAL)                                              \
    _Pragma("GCC ivdep") for (uint32_t s = 0; s < NL; s++)                     \
    {                                                                          \
        uint32_t f = S->NZCV[s], cf = (f >> 1) & 1u, sc, nf;                   \
        uint32_t b = op2_lane(K, in, rm[s], cf, &sc), a = ra[s];               \
        uint32_t res = VAL;                                                    \
        uint32_t m = ok[s];                                                    \
        (void)a, (void)nf, (void)sc;                                           \
        if (WR)                                                                \
            rd[s] = lk_sel(m, res, rd[s]);                                     \
        if (SETF)                                                              \
            S->NZCV[s] = lk_sel(m, nf, f);                                     \
    }

/* Each operand-2 shape, flags set or not: its own loop. */
#define DP_SHAPES(WR, VAL)                                                     \
    switch (shape) {                                                           \
    case OP2_IMM: DP_SETF(OP2_IMM, WR, VAL) break;                             \
    case OP2_RM: DP_SETF(OP2_RM, WR, VAL) break;                               \
    case OP2_LSL: DP_SETF(OP2_LSL, WR, VAL) break;                             \
    case OP2_LSR: DP_SETF(OP2_LSR, WR, VAL) break;                             \
    case OP2_LSR32: DP_SETF(OP2_LSR32, WR, VAL) break;                         \
    case OP2_ASR: DP_SETF(OP2_ASR, WR, VAL) break;                             \
    case OP2_ASR32: DP_SETF(OP2_ASR32, WR, VAL) break;                         \
    case OP2_ROR: DP_SETF(OP2_ROR, WR, VAL) break;                             \
    case OP2_RRX: DP_SETF(OP2_RRX, WR, VAL) break;                             \
    default: DP_SETF(OP2_ANY, WR, VAL) break;                                  \
    }
#define DP_SETF(K, WR, VAL)                                                    \
    if (setf) {                                                                \
        DP_LOOP(K, WR, 1, VAL)                                                 \
    } else {                                                                   \
        DP_LOOP(K, WR, 0, VAL)                                                 \
    }

/* One function per operation, from the rows of arm_exec_dataproc.h's
 * tables: logical ones set N Z from the result and C from the shifter,
 * arithmetic ones AddWithCarry's four. */
#define LS_DP_FN_HEAD(n)                                                       \
    static void lockstep_dp_##n(lockstep_t *S, const arm_insn_t *in, uint32_t setf, uint32_t shape) \
    {                                                                          \
        uint32_t okb[NL] __attribute__((aligned(64)));                         \
        const uint32_t *ok = cond_mask(S, in->cond, okb);                      \
        const uint32_t *ra = S->R[in->rn & 15u], *rm = S->R[in->rm & 15u];     \
        uint32_t *rd = S->R[in->rd & 15u];
#define LS_DP_LOGIC_FN(n, expr, wr, is_b)                                      \
    LS_DP_FN_HEAD(n)                                                           \
    DP_SHAPES(wr, (nf = arm_nzc_merge(f, arm_dp_val_##n(a, b, 0u), sc), arm_dp_val_##n(a, b, 0u))) \
    }
#define LS_DP_ARITH_FN(n, x, y, cin, wr)                                       \
    LS_DP_FN_HEAD(n)                                                           \
    DP_SHAPES(wr, arm_add_with_carry(x, y, cin, &nf))                          \
    }
ARM_DP_LOGIC_OPS(LS_DP_LOGIC_FN)
ARM_DP_ARITH_OPS(LS_DP_ARITH_FN)
#undef LS_DP_LOGIC_FN
#undef LS_DP_ARITH_FN
#undef LS_DP_FN_HEAD
#undef DP_SHAPES
#undef DP_SETF
#undef DP_LOOP

static void lockstep_dp(lockstep_t *S, const arm_insn_t *in, const arm_ctx_t *c0, uint32_t shape)
{
    uint32_t setf = arm_setflags(c0, in) != 0; /* the group shares its IT state (0 here) */
    switch (in->op) {
#define LS_DP_CASE(n, ...)                                                     \
    case ARM_OP_##n##_IMM:                                                     \
    case ARM_OP_##n##_REG:                                                     \
        lockstep_dp_##n(S, in, setf, shape);                                   \
        return;
        ARM_DP_LOGIC_OPS(LS_DP_CASE)
        ARM_DP_ARITH_OPS(LS_DP_CASE)
#undef LS_DP_CASE
    default:
        __builtin_unreachable();
    }
}

/* ---- multiplies, saturating and bit operations, every slot at once ----- */

/* One loop over the slots: r = the value (from a = Rm, b = Rs, acc = Rn),
 * kept where the slot's mask is set. */
#define VAL_LOOP(EXPR)                                                         \
    _Pragma("GCC ivdep") for (uint32_t s = 0; s < NL; s++)                     \
    {                                                                          \
        uint32_t a = rm[s], b = rs[s], acc = rn[s], m = ok[s], r = (EXPR);     \
        (void)a, (void)b, (void)acc;                                           \
        rd[s] = lk_sel(m, r, rd[s]);                                           \
    }

static void lockstep_value(lockstep_t *S, const arm_insn_t *in, const arm_ctx_t *c0)
{
    uint32_t okb[NL] __attribute__((aligned(64)));
    const uint32_t *ok = cond_mask(S, in->cond, okb);
    const uint32_t *rm = S->R[in->rm & 15u], *rs = S->R[in->rs & 15u], *rn = S->R[in->rn & 15u];
    uint32_t *rd = S->R[in->rd & 15u], setf = arm_setflags(c0, in) != 0, amount = in->amount;
    (void)amount;
    switch (in->op) {
    case ARM_OP_MUL:
    case ARM_OP_MLA:
        if (in->op == ARM_OP_MUL)
            VAL_LOOP(a * b)
        else
            VAL_LOOP(a * b + acc)
        if (setf)
            for (uint32_t s = 0; s < NL; s++)
                S->NZCV[s] = lk_sel(ok[s], arm_nz_merge(S->NZCV[s], rd[s]), S->NZCV[s]);
        return;
    case ARM_OP_MLS: VAL_LOOP(arm_mul_val(ARM_OP_MLS, a, b, acc)) return;
#define LK_MULL(n)                                                             \
    case ARM_OP_##n: {                                                         \
        uint32_t *hi = S->R[in->rn & 15u];                                     \
        for (uint32_t s = 0; s < NL; s++) {                                    \
            uint32_t m = ok[s], f = S->NZCV[s];                                \
            uint64_t r = arm_mull_val(ARM_OP_##n, rm[s], rs[s], rd[s], hi[s]); \
            rd[s] = lk_sel(m, (uint32_t)r, rd[s]);                              \
            hi[s] = lk_sel(m, (uint32_t)(r >> 32), hi[s]);                      \
            if (ARM_OP_##n != ARM_OP_UMAAL && setf)                            \
                S->NZCV[s] = lk_sel(m, arm_mull_nz(f, r), f);                   \
        }                                                                      \
        return;                                                                \
    }
        LK_MULL(UMULL) LK_MULL(SMULL) LK_MULL(UMLAL) LK_MULL(SMLAL) LK_MULL(UMAAL)
#undef LK_MULL
    case ARM_OP_SMULXY: VAL_LOOP((uint32_t)arm_hmul_val(ARM_OP_SMULXY, a, b, amount)) return;
    case ARM_OP_SMULWY: VAL_LOOP((uint32_t)arm_hmul_val(ARM_OP_SMULWY, a, b, amount)) return;
#define LK_Q(n)                                                                \
    case ARM_OP_##n: {                                                         \
        uint32_t q[NL] = {0};                                                  \
        for (uint32_t s = 0; s < NL; s++) {                                    \
            uint32_t r = arm_qarith_val(ARM_OP_##n, rm[s], rn[s], &q[s]);      \
            rd[s] = lk_sel(ok[s], r, rd[s]);                                   \
        }                                                                      \
        for (uint32_t s = 0; s < NL; s++)                                      \
            if (q[s] & ok[s])                                                  \
                arm_set_q(&S->ctx[S->lane[s]]);                                \
        return;                                                                \
    }
        LK_Q(QADD) LK_Q(QSUB) LK_Q(QDADD) LK_Q(QDSUB)
#undef LK_Q
#define LK_BIT(n)                                                              \
    case ARM_OP_##n: VAL_LOOP(arm_bitop_val(ARM_OP_##n, a)) return;
        LK_BIT(CLZ) LK_BIT(RBIT) LK_BIT(REV) LK_BIT(REV16) LK_BIT(REVSH)
#undef LK_BIT
#define LK_XT(n)                                                               \
    case ARM_OP_##n: VAL_LOOP(arm_extend_val(ARM_OP_##n, a, amount, acc)) return;
        LK_XT(SXTB) LK_XT(SXTH) LK_XT(UXTB) LK_XT(UXTH) LK_XT(SXTB16) LK_XT(UXTB16)
        LK_XT(SXTAB) LK_XT(SXTAH) LK_XT(UXTAB) LK_XT(UXTAH) LK_XT(SXTAB16) LK_XT(UXTAB16)
#undef LK_XT
    case ARM_OP_NOP:
        return;
    default:
        __builtin_unreachable();
    }
}
#undef VAL_LOOP
