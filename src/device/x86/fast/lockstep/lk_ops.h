/* Register operations for every slot of the group at once, at 32 bits:
 * the values from the same helpers x86_exec's bodies use (x86_alu_value,
 * x86_unary_value, x86_shift_value, x86_imul2_value, x86_cond_v: one
 * source), in loops over all NL slots masked by the group (gm) that the
 * compiler vectorises where the operation is a constant (the callers'
 * switches). A part of x86_lockstep.c, included there once. */

/* Slot s's lazy flags (op, res, a, b) where the mask m (all ones or none). */
static inline __attribute__((always_inline)) void lk_set_cc(lockstep_t *S, uint32_t s, uint32_t m, uint32_t op,
                                                            uint32_t r, uint32_t a, uint32_t b)
{
    S->CC[CC_OP][s] = lk_sel(m, op, S->CC[CC_OP][s]);
    S->CC[CC_RES][s] = lk_sel(m, r, S->CC[CC_RES][s]);
    S->CC[CC_A][s] = lk_sel(m, a, S->CC[CC_A][s]);
    S->CC[CC_B][s] = lk_sel(m, b, S->CC[CC_B][s]);
}

/* The group's lazy-flag kind (cc_op) where all its slots have one, else
 * ~0: then the flags' formulas are loop constants (the state dump keeps
 * each slot's, so this decides nothing but speed). */
static inline uint32_t lk_cc_op(const lockstep_t *S)
{
    uint32_t op0 = ~0u, diff = 0;
    for (uint32_t s = 0; s < NL; s++)
        op0 &= S->CC[CC_OP][s] | ~S->gm[s];
    for (uint32_t s = 0; s < NL; s++)
        diff |= (S->CC[CC_OP][s] ^ op0) & S->gm[s];
    return diff ? ~0u : op0;
}

/* Each group slot's CF (x86_cf_v), for ADC, SBB, INC and DEC. */
static inline __attribute__((always_inline)) void lk_cf_k(const lockstep_t *S, uint32_t w, uint32_t *cf,
                                                          const uint32_t KIND)
{
    for (uint32_t s = 0; s < NL; s++)
        cf[s] = x86_cf_of_v(KIND, w, S->CC[CC_A][s], S->CC[CC_B][s], S->CC[CC_RES][s]) & X86_CF;
}

static inline void lk_cf(const lockstep_t *S, uint32_t g, uint32_t *cf)
{
    const uint32_t op = lk_cc_op(S), w = op & 3u;
    switch (op == ~0u ? ~0u : op & ~3u) {
    case X86_CC_ADD: lk_cf_k(S, w, cf, X86_CC_ADD); return;
    case X86_CC_SUB: lk_cf_k(S, w, cf, X86_CC_SUB); return;
    case X86_CC_LOGIC: lk_cf_k(S, w, cf, X86_CC_LOGIC); return;
    case X86_CC_INC: lk_cf_k(S, w, cf, X86_CC_INC); return;
    case X86_CC_DEC: lk_cf_k(S, w, cf, X86_CC_DEC); return;
    default: /* mixed kinds, or EFLAGS: a slot at a time */
        for (uint32_t s = 0; s < NL; s++)
            cf[s] = 0;
        FOR_SLOTS(s, g)
            cf[s] = x86_cf_v(S->CC[CC_OP][s], S->CC[CC_A][s], S->CC[CC_B][s], S->CC[CC_RES][s],
                             S->ctx[S->lane[s]].eflags);
    }
}

/* Each group slot's condition CC (x86_cond_v) as a mask (all ones or none;
 * slots outside the group none), where the group has one flag kind op:
 * x86_cond_v's fast paths as vector loops; 1 where none serves. */
static inline __attribute__((always_inline)) uint32_t lk_cond_k(const lockstep_t *S, uint32_t op, uint32_t *ok,
                                                                const uint32_t CC)
{
    const uint32_t kind = op & ~3u, w = op & 3u;
    const uint32_t *a = S->CC[CC_A], *b = S->CC[CC_B], *res = S->CC[CC_RES];
    if (op == X86_CC_SUB + X86_W32 && x86_cond_sub32_serves(CC)) {
        uint32_t sbb = 0;
        for (uint32_t s = 0; s < NL; s++)
            sbb |= (a[s] - b[s] - res[s]) & S->gm[s];
        if (!sbb) {
            for (uint32_t s = 0; s < NL; s++)
                ok[s] = S->gm[s] & (0u - x86_cond_sub32(a[s], b[s], CC));
            return 0;
        }
    }
    if (kind != X86_CC_EFLAGS && ((CC >> 1) == 2u || (CC >> 1) == 4u)) {
        for (uint32_t s = 0; s < NL; s++)
            ok[s] = S->gm[s] & (0u - x86_cond_zs(x86_res_signed_v(res[s], w), CC));
        return 0;
    }
    if (kind == X86_CC_LOGIC && (CC >> 1) != 5u) {
        for (uint32_t s = 0; s < NL; s++)
            ok[s] = S->gm[s] & (0u - x86_cond_logic(x86_res_signed_v(res[s], w), CC));
        return 0;
    }
    return 1;
}

static inline void lk_cond(const lockstep_t *S, uint32_t g, uint32_t cc, uint32_t *ok)
{
    const uint32_t op = lk_cc_op(S);
    if (op != ~0u) {
        uint32_t slow;
        switch (cc) {
#define LK_COND_CASE(n)                                                        \
    case n: slow = lk_cond_k(S, op, ok, n); break;
        LK_COND_CASE(0) LK_COND_CASE(1) LK_COND_CASE(2) LK_COND_CASE(3) LK_COND_CASE(4) LK_COND_CASE(5)
        LK_COND_CASE(6) LK_COND_CASE(7) LK_COND_CASE(8) LK_COND_CASE(9) LK_COND_CASE(10) LK_COND_CASE(11)
        LK_COND_CASE(12) LK_COND_CASE(13) LK_COND_CASE(14) LK_COND_CASE(15)
#undef LK_COND_CASE
        default: slow = 1;
        }
        if (!slow)
            return;
    }
    for (uint32_t s = 0; s < NL; s++)
        ok[s] = 0;
    FOR_SLOTS(s, g)
        ok[s] = 0u - x86_cond_v(S->CC[CC_OP][s], S->CC[CC_A][s], S->CC[CC_B][s], S->CC[CC_RES][s],
                                S->ctx[S->lane[s]].eflags, cc);
}

/* ALU operation K at width W on a and b (cf: ADC's and SBB's carries)
 * into out for the group's slots (out may be a: the others keep theirs),
 * with the lazy flags where FL; CMP and TEST write nothing (out NULL). At
 * 8 and 16 bits (CMP and TEST only) a and b are the operands' parts
 * (x86_part), b masked. */
static inline __attribute__((always_inline)) void lk_alu_k(lockstep_t *S, const uint32_t *a, const uint32_t *b,
                                                           uint32_t *out, const uint32_t *cf, const uint32_t K,
                                                           const uint32_t W, const uint32_t FL)
{
    const uint32_t op = x86_alu_kind(K) + W;
    for (uint32_t s = 0; s < NL; s++) {
        uint32_t x = a[s], y = b[s], r = x86_alu_value(K, x, y, cf ? cf[s] : 0u) & x86_mask(W);
        if (out)
            out[s] = lk_sel(S->gm[s], r, out[s]);
        if (FL)
            lk_set_cc(S, s, S->gm[s], op, r, x, y);
    }
}

static inline __attribute__((always_inline)) void lk_alu_f(lockstep_t *S, uint32_t g, uint32_t k, const uint32_t *a,
                                                           const uint32_t *b, uint32_t *out, const uint32_t FL)
{
    uint32_t cf[NL] __attribute__((aligned(64)));
    switch (k) {
    case X86_ALU_ADD: lk_alu_k(S, a, b, out, NULL, X86_ALU_ADD, X86_W32, FL); break;
    case X86_ALU_OR: lk_alu_k(S, a, b, out, NULL, X86_ALU_OR, X86_W32, FL); break;
    case X86_ALU_ADC: lk_cf(S, g, cf); lk_alu_k(S, a, b, out, cf, X86_ALU_ADC, X86_W32, FL); break;
    case X86_ALU_SBB: lk_cf(S, g, cf); lk_alu_k(S, a, b, out, cf, X86_ALU_SBB, X86_W32, FL); break;
    case X86_ALU_AND: lk_alu_k(S, a, b, out, NULL, X86_ALU_AND, X86_W32, FL); break;
    case X86_ALU_SUB: lk_alu_k(S, a, b, out, NULL, X86_ALU_SUB, X86_W32, FL); break;
    case X86_ALU_XOR: lk_alu_k(S, a, b, out, NULL, X86_ALU_XOR, X86_W32, FL); break;
    default: lk_alu_k(S, a, b, NULL, NULL, X86_ALU_CMP, X86_W32, FL); break;
    }
}

/* ALU operation k (X86_ALU_*; CMP writes nothing), the lazy flags where
 * fl (0: the record's are dead, group_run's flags_wanted). */
static void lk_alu(lockstep_t *S, uint32_t g, uint32_t k, const uint32_t *a, const uint32_t *b, uint32_t *out,
                   uint32_t fl)
{
    if (fl)
        lk_alu_f(S, g, k, a, b, out, 1u);
    else
        lk_alu_f(S, g, k, a, b, out, 0u);
}

/* TEST: AND's flags, nothing written. */
static void lk_test(lockstep_t *S, const uint32_t *a, const uint32_t *b)
{
    lk_alu_k(S, a, b, NULL, NULL, X86_ALU_AND, X86_W32, 1u);
}

/* CMP (SUB's flags) or TEST (AND's) at 8 or 16 bits of a and b (parts). */
static void lk_compare_narrow(lockstep_t *S, uint32_t test, uint32_t w, const uint32_t *a, const uint32_t *b)
{
    if (test && w == X86_W8)
        lk_alu_k(S, a, b, NULL, NULL, X86_ALU_AND, X86_W8, 1u);
    else if (test)
        lk_alu_k(S, a, b, NULL, NULL, X86_ALU_AND, X86_W16, 1u);
    else if (w == X86_W8)
        lk_alu_k(S, a, b, NULL, NULL, X86_ALU_CMP, X86_W8, 1u);
    else
        lk_alu_k(S, a, b, NULL, NULL, X86_ALU_CMP, X86_W16, 1u);
}

/* INC DEC NOT NEG (K) of v into out (may be v), the flags where FL. */
static inline __attribute__((always_inline)) void lk_unary_k(lockstep_t *S, const uint32_t *v, uint32_t *out,
                                                             const uint32_t *cf, const uint32_t K, const uint32_t FL)
{
    const uint32_t op = x86_unary_kind(K) + X86_W32;
    for (uint32_t s = 0; s < NL; s++) {
        uint32_t x = v[s], r = x86_unary_value(K, X86_W32, x);
        out[s] = lk_sel(S->gm[s], r, out[s]);
        if (K != 2u && FL)
            lk_set_cc(S, s, S->gm[s], op, r, x86_unary_a(K, x), x86_unary_b(K, x, cf ? cf[s] : 0u));
    }
}

static inline __attribute__((always_inline)) void lk_unary_f(lockstep_t *S, uint32_t g, uint32_t k,
                                                             const uint32_t *v, uint32_t *out, const uint32_t FL)
{
    uint32_t cf[NL] __attribute__((aligned(64)));
    switch (k) { /* INC and DEC keep CF: read only where their flags are stored */
    case 0: if (FL) lk_cf(S, g, cf); lk_unary_k(S, v, out, FL ? cf : NULL, 0, FL); break;
    case 1: if (FL) lk_cf(S, g, cf); lk_unary_k(S, v, out, FL ? cf : NULL, 1, FL); break;
    case 2: lk_unary_k(S, v, out, NULL, 2, FL); break;
    default: lk_unary_k(S, v, out, NULL, 3, FL); break;
    }
}

/* The flags where fl (0: the record's are dead). */
static void lk_unary(lockstep_t *S, uint32_t g, uint32_t k, const uint32_t *v, uint32_t *out, uint32_t fl)
{
    if (fl)
        lk_unary_f(S, g, k, v, out, 1u);
    else
        lk_unary_f(S, g, k, v, out, 0u);
}

/* SHL/SAL, SHR, SAR (K 4..7) of R[reg] by each slot's count n (masked to
 * 5 bits; x86_shift: a count of 0 changes nothing, not even the flags). */
static inline __attribute__((always_inline)) void lk_shift_k(lockstep_t *S, uint32_t reg, const uint32_t *n,
                                                             const uint32_t K, const uint32_t FL)
{
    uint32_t *d = S->R[reg];
    const uint32_t op = x86_shift_kind(K) + X86_W32;
    for (uint32_t s = 0; s < NL; s++) {
        uint32_t c = n[s] & 31u, m = S->gm[s] & (0u - (c != 0u)), v = d[s], pre;
        uint32_t r = x86_shift_value(K, X86_W32, v, c ? c : 1u, &pre);
        d[s] = lk_sel(m, r, v);
        if (FL)
            lk_set_cc(S, s, m, op, r, pre, 0u);
    }
}

static inline __attribute__((always_inline)) void lk_shift_f(lockstep_t *S, uint32_t reg, uint32_t k,
                                                             const uint32_t *n, const uint32_t FL)
{
    switch (k) {
    case 5: lk_shift_k(S, reg, n, 5, FL); break;
    case 7: lk_shift_k(S, reg, n, 7, FL); break;
    default: lk_shift_k(S, reg, n, 4, FL); break; /* 4 SHL, 6 SAL */
    }
}

/* The flags where fl (0: the record's are dead). */
static void lk_shift(lockstep_t *S, uint32_t reg, uint32_t k, const uint32_t *n, uint32_t fl)
{
    if (fl)
        lk_shift_f(S, reg, k, n, 1u);
    else
        lk_shift_f(S, reg, k, n, 0u);
}

/* ROL ROR RCL RCR (k 0..3) of R[reg] by each slot's count n (masked to 5
 * bits; 0 changes nothing): they change CF and OF only, so the flags are
 * materialized (x86_rotate): a slot at a time, its EFLAGS in its context. */
static void lk_rotate(lockstep_t *S, uint32_t g, uint32_t reg, uint32_t k, const uint32_t *n)
{
    FOR_SLOTS(s, g) {
        uint32_t c = n[s] & 31u;
        if (!c)
            continue;
        x86_ctx_t *x = &S->ctx[S->lane[s]];
        uint32_t old = x86_eflags_v(S->CC[CC_OP][s], S->CC[CC_A][s], S->CC[CC_B][s], S->CC[CC_RES][s], x->eflags);
        uint32_t f = old, set, r = x86_rotate_v(k, X86_W32, S->R[reg][s], c, &f, &set);
        S->R[reg][s] = r;
        if (set) {
            x->eflags = x86_set_eflags_v(old, f, X86_CF | X86_OF);
            S->CC[CC_OP][s] = X86_CC_EFLAGS;
        }
    }
}

/* SHLD (k 0) and SHRD (k 1) of R[dst] with bits from R[src] by each slot's
 * count n (masked to 5 bits; 0 changes nothing). */
static void lk_shxd(lockstep_t *S, uint32_t dst, uint32_t src, uint32_t k, const uint32_t *n)
{
    uint32_t *d = S->R[dst];
    const uint32_t *b = S->R[src], op = (k == 0 ? X86_CC_SHL : X86_CC_SHR) + X86_W32;
    for (uint32_t s = 0; s < NL; s++) {
        uint32_t c = n[s] & 31u, m = S->gm[s] & (0u - (c != 0u)), v = d[s], pre;
        uint32_t r = x86_shxd_value(k, X86_W32, v, b[s], c ? c : 1u, &pre);
        d[s] = lk_sel(m, r, v);
        lk_set_cc(S, s, m, op, r, pre, 0u);
    }
}

/* MUL (k 4) and IMUL (k 5) of EAX by v into EDX:EAX (x86_muldiv). */
static void lk_mul(lockstep_t *S, uint32_t k, const uint32_t *v)
{
    for (uint32_t s = 0; s < NL; s++) {
        uint32_t hi, of, lo = x86_mul_v(k, X86_W32, S->R[0][s], v[s], &hi, &of), m = S->gm[s];
        S->R[0][s] = lk_sel(m, lo, S->R[0][s]);
        S->R[2][s] = lk_sel(m, hi, S->R[2][s]);
        lk_set_cc(S, s, m, X86_CC_MUL + X86_W32, lo, 0u, of);
    }
}

/* IMUL's two- and three-operand forms: R[reg] = a * b, low half; the
 * flags where FL. */
static inline __attribute__((always_inline)) void lk_imul_k(lockstep_t *S, uint32_t reg, const uint32_t *a,
                                                            const uint32_t *b, const uint32_t FL)
{
    uint32_t *d = S->R[reg];
    for (uint32_t s = 0; s < NL; s++) {
        uint32_t of, lo = x86_imul2_value(X86_W32, a[s], b[s], &of);
        d[s] = lk_sel(S->gm[s], lo, d[s]);
        if (FL)
            lk_set_cc(S, s, S->gm[s], X86_CC_MUL + X86_W32, lo, 0u, of);
    }
}

static void lk_imul(lockstep_t *S, uint32_t reg, const uint32_t *a, const uint32_t *b, uint32_t fl)
{
    if (fl)
        lk_imul_k(S, reg, a, b, 1u);
    else
        lk_imul_k(S, reg, a, b, 0u);
}

/* R[reg] = v where mask m (the group's, or a condition's within it). */
static inline void lk_put(lockstep_t *S, uint32_t reg, const uint32_t *v, const uint32_t *m)
{
    uint32_t *d = S->R[reg];
    for (uint32_t s = 0; s < NL; s++)
        d[s] = lk_sel(m[s], v[s], d[s]);
}

/* The part of width w of register n (x86_part: AH..BH for 8-bit 4..7),
 * zero- or sign-extended (MOVZX, MOVSX). */
static inline void lk_part(const lockstep_t *S, uint32_t n, uint32_t w, uint32_t sign, uint32_t *v)
{
    const uint32_t *r = S->R[x86_reg_of(n, w)];
    for (uint32_t s = 0; s < NL; s++) {
        uint32_t x = x86_part(r[s], n, w);
        v[s] = sign ? x86_sext(x, w) : x;
    }
}

/* The memory operand's address without prefixes (x86_lea's). */
static inline void lk_lea(const lockstep_t *S, const x86_insn_t *in, uint32_t *a)
{
    const uint32_t *b = S->R[in->base], *x = S->R[x86_index(in)], sc = x86_scale(in), disp = in->disp;
    for (uint32_t s = 0; s < NL; s++)
        a[s] = b[s] + (x[s] << sc) + disp;
}
