/* Loads and stores for every slot of the group at once, the IA-32
 * records' (lockstep/lk_access.h says when an access is shared). A part
 * of x86_lockstep.c, included there once. */

/* SIZE-byte loads (zero-extended, or sign-extended where SIGN) at w into
 * v, for the group's slots (others 0). */
static inline __attribute__((always_inline)) void lk_ld(const lockstep_t *S, uint32_t g, const lk_where_t *w,
                                                        uint32_t *v, const uint32_t SIZE, const uint32_t SIGN)
{
    lk_ld_at(S, g, w, v, SIZE);
    if (SIGN)
        for (uint32_t s = 0; s < NL; s++)
            v[s] = x86_sext(v[s], SIZE == 1u ? X86_W8 : X86_W16);
}

/* A load of SIZE bytes at every group slot's address a into v: 0 where it
 * was shared, 1 where the record must run lane by lane. */
static inline __attribute__((always_inline)) uint32_t lk_load(const lockstep_t *S, uint32_t g, const uint32_t *a,
                                                              uint32_t *v, const uint32_t SIZE, const uint32_t SIGN)
{
    lk_where_t w;
    lk_where(S, a, S->gm, SIZE, &w);
    if (SIM_LIKELY(w.ok)) {
        lk_ld(S, g, &w, v, SIZE, SIGN);
        return 0;
    }
    return SIZE != 4u || lk_ld_shared(S, g, S->gm, a, v);
}

/* The 32-bit load of the record's memory operand (no prefixes). */
static inline uint32_t lk_load_m32(const lockstep_t *S, uint32_t g, const x86_insn_t *in, uint32_t *v)
{
    uint32_t a[NL] __attribute__((aligned(64)));
    lk_lea(S, in, a);
    return lk_load(S, g, a, v, 4u, 0u);
}

/* The 32-bit memory operand of a read-modify-write record into v, and
 * where it is (w, for the store back): 1 where it is not shared in the
 * window (the shared region's, atomic or not, run lane by lane). */
static inline uint32_t lk_rmw_load(const lockstep_t *S, uint32_t g, const x86_insn_t *in, lk_where_t *w, uint32_t *v)
{
    uint32_t a[NL] __attribute__((aligned(64)));
    lk_lea(S, in, a);
    lk_where(S, a, S->gm, 4u, w);
    if (!w->ok)
        return 1;
    lk_ld(S, g, w, v, 4u, 0u);
    return 0;
}

/* A store of SIZE bytes of v at every group slot's address a: 0 where
 * shared. */
static inline __attribute__((always_inline)) uint32_t lk_store(lockstep_t *S, uint32_t g, const uint32_t *a,
                                                               const uint32_t *v, const uint32_t SIZE)
{
    lk_where_t w;
    lk_where(S, a, S->gm, SIZE, &w);
    if (SIM_UNLIKELY(!w.ok))
        return 1;
    lk_st_at(S, g, S->gm, &w, v, SIZE);
    return 0;
}

/* PUSH of v (32 bits): the store at ESP - 4, then ESP moves (x86_push). */
static inline uint32_t lk_push(lockstep_t *S, uint32_t g, const uint32_t *v)
{
    uint32_t a[NL] __attribute__((aligned(64)));
    for (uint32_t s = 0; s < NL; s++)
        a[s] = S->R[4][s] - 4u;
    if (lk_store(S, g, a, v, 4u))
        return 1;
    lk_put(S, 4, a, S->gm);
    return 0;
}

/* POP into v (32 bits), ESP past it and past extra bytes more (RET imm16);
 * the caller writes v where it goes (POP ESP: the popped value wins). */
static inline uint32_t lk_pop(lockstep_t *S, uint32_t g, uint32_t *v, uint32_t extra)
{
    if (lk_load(S, g, S->R[4], v, 4u, 0u))
        return 1;
    uint32_t *sp = S->R[4];
    for (uint32_t s = 0; s < NL; s++)
        sp[s] = lk_sel(S->gm[s], sp[s] + 4u + extra, sp[s]);
    return 0;
}
