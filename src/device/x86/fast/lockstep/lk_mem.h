/* Loads and stores for every slot of the group at once. A part of
 * x86_lockstep.c, included there once.
 *
 * An access is shared where every group slot's falls in its own window
 * (and, on the interleaved layout, inside one word: a word's bytes are one
 * core's, the next word is the next row): then it is a host access a slot
 * at lk_host, or, where every slot's offset is one and the chunk dense,
 * one row of NL host words. Aligned 32-bit loads from the shared region
 * (the cores' inputs: imatmul's matrices) are a gather from its base.
 * Anything else (another region, a word crossed, an access that faults)
 * is not shared: the caller runs the record lane by lane, which faults a
 * lane the same way; nothing has changed before these decide. */

/* An access's offsets in the windows, for every slot (0 outside the group,
 * an offset any window holds), and whether the group's are shared (ok)
 * and all one (lo, then, the offset). */
typedef struct lk_where {
    uint32_t po[NL] __attribute__((aligned(64)));
    uint32_t ok, one, lo;
} lk_where_t;

static inline __attribute__((always_inline)) void lk_where(const lockstep_t *S, const uint32_t *a, const uint32_t SIZE,
                                                           lk_where_t *w)
{
    const uint32_t base0 = S->mem[0].priv_base, fit = S->mem[0].priv_fit; /* every lane's */
    const uint32_t split = S->swb != 4u;
    uint32_t lo = ~0u, hi = 0, cross = 0;
    for (uint32_t s = 0; s < NL; s++) { /* vector code */
        uint32_t o = (a[s] - base0) & S->gm[s];
        w->po[s] = o;
        lo = (o | ~S->gm[s]) < lo ? o | ~S->gm[s] : lo;
        hi = o > hi ? o : hi;
        cross |= SIZE == 4u ? o : SIZE == 2u ? o & (o >> 1) : 0u; /* (o & 3) + SIZE > 4 */
    }
    w->ok = hi <= fit && !(split & ((cross & (SIZE == 4u ? 3u : 1u)) != 0u));
    w->one = lo == hi;
    w->lo = lo;
}

/* SIZE-byte loads (zero-extended, or sign-extended where SIGN) at w into
 * v, for the group's slots (others 0). */
static inline __attribute__((always_inline)) void lk_ld(const lockstep_t *S, uint32_t g, const lk_where_t *w,
                                                        uint32_t *v, const uint32_t SIZE, const uint32_t SIGN)
{
    const uint32_t lane_mask = SIZE == 4u ? ~0u : (1u << (8u * SIZE)) - 1u;
    if (S->dense && w->one) {
        const uint32_t *row = S->dense + (uint64_t)(w->lo >> 2) * S->sw, sh = (w->lo & 3u) * 8u;
        for (uint32_t s = 0; s < NL; s++)
            v[s] = (row[s] >> sh) & lane_mask;
    } else {
        for (uint32_t s = 0; s < NL; s++)
            v[s] = 0;
        FOR_SLOTS(s, g) { /* the gather: a host load a slot */
            const uint8_t *p = lk_host(S, s, w->po[s]);
            if (SIZE == 4u)
                __builtin_memcpy(&v[s], p, 4u);
            else if (SIZE == 2u) {
                uint16_t h;
                __builtin_memcpy(&h, p, 2u);
                v[s] = h;
            } else
                v[s] = *p;
        }
    }
    if (SIGN)
        for (uint32_t s = 0; s < NL; s++)
            v[s] = x86_sext(v[s], SIZE == 1u ? X86_W8 : X86_W16);
}

/* SIZE-byte stores of v (their low bytes) at w for the group's slots. */
static inline __attribute__((always_inline)) void lk_st(lockstep_t *S, uint32_t g, const lk_where_t *w,
                                                        const uint32_t *v, const uint32_t SIZE)
{
    if (S->dense && w->one) {
        /* one offset, NL consecutive cores: one row (words of slots outside
         * the group are written back as they were, by this thread alone:
         * the chunk's cores) */
        uint32_t *row = S->dense + (uint64_t)(w->lo >> 2) * S->sw, sh = (w->lo & 3u) * 8u;
        const uint32_t lane_mask = SIZE == 4u ? ~0u : (1u << (8u * SIZE)) - 1u;
        for (uint32_t s = 0; s < NL; s++) {
            uint32_t old = row[s], x = SIZE == 4u ? v[s] : (old & ~(lane_mask << sh)) | ((v[s] & lane_mask) << sh);
            row[s] = lk_sel(S->gm[s], x, old);
        }
    } else
        FOR_SLOTS(s, g)
            __builtin_memcpy(lk_host(S, s, w->po[s]), &v[s], SIZE); /* little-endian: the low bytes */
}

/* A load of SIZE bytes at every group slot's address a into v: 0 where it
 * was shared, 1 where the record must run lane by lane. */
static inline __attribute__((always_inline)) uint32_t lk_load(const lockstep_t *S, uint32_t g, const uint32_t *a,
                                                              uint32_t *v, const uint32_t SIZE, const uint32_t SIGN)
{
    lk_where_t w;
    lk_where(S, a, SIZE, &w);
    if (SIM_LIKELY(w.ok)) {
        lk_ld(S, g, &w, v, SIZE, SIGN);
        return 0;
    }
    if (SIZE != 4u)
        return 1;
    /* words of the shared region, aligned, as sim_ld32_beyond reads them */
    const sim_mem_t *m0 = &S->mem[0];
    uint32_t so[NL] __attribute__((aligned(64))), bad = 0;
    for (uint32_t s = 0; s < NL; s++) {
        uint32_t o = a[s] - m0->shared_base;
        so[s] = o & S->gm[s];
        bad |= S->gm[s] & ((o >= m0->shared_size) | (o & 3u) | (a[s] - m0->ro_base < m0->ro_size));
    }
    if (bad)
        return 1;
    for (uint32_t s = 0; s < NL; s++)
        v[s] = 0;
    FOR_SLOTS(s, g)
        v[s] = *(volatile const uint32_t *)(m0->shared + so[s]);
    return 0;
}

/* The 32-bit load of the record's memory operand (no prefixes). */
static inline uint32_t lk_load_m32(const lockstep_t *S, uint32_t g, const x86_insn_t *in, uint32_t *v)
{
    uint32_t a[NL] __attribute__((aligned(64)));
    lk_lea(S, in, a);
    return lk_load(S, g, a, v, 4u, 0u);
}

/* A store of SIZE bytes of v at every group slot's address a: 0 where
 * shared. */
static inline __attribute__((always_inline)) uint32_t lk_store(lockstep_t *S, uint32_t g, const uint32_t *a,
                                                               const uint32_t *v, const uint32_t SIZE)
{
    lk_where_t w;
    lk_where(S, a, SIZE, &w);
    if (SIM_UNLIKELY(!w.ok))
        return 1;
    lk_st(S, g, &w, v, SIZE);
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
