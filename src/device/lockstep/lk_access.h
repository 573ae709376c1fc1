/* Loads and stores for a group's slots at once, for either ISA's engine
 * (after lk_base.h; the ISA's own records put them together: x86's
 * lk_mem.h, ARM's ls_run). mk: the slots that access, a mask row (the
 * group's S->gm, or those whose condition passes); masked slots' offsets
 * are 0, which every window holds.
 *
 * An access is shared where every slot's falls in its own window (and, on
 * the interleaved layout, inside one word: a word's bytes are one core's,
 * the next word is the next row): then it is a host access a slot at
 * lk_host, or, where every slot's offset is one and the chunk dense, one
 * row of NL host words. Aligned 32-bit loads from the shared region (the
 * cores' inputs: imatmul's matrices) are a gather from its base. Anything
 * else (another region, a word crossed, an access that faults) is not
 * shared: the caller runs the record lane by lane, which faults a lane
 * the same way; nothing has changed before these decide. */

/* Whether one SIZE-byte access at window offset po is a host access at
 * lk_host: in the window and, on the interleaved layout, inside one word
 * (lk_where asks the same of every slot at once). */
static inline uint32_t lk_fits(const lockstep_t *S, uint32_t po, const uint32_t SIZE)
{
    return po <= S->mem[0].priv_fit && !(S->swb != 4u && (po & 3u) + SIZE > 4u);
}

/* An access's offsets in the windows, for every slot, and whether they
 * are shared (ok) and all one (one; lo, then, the offset). */
typedef struct lk_where {
    uint32_t po[NL] __attribute__((aligned(64)));
    uint32_t ok, one, lo;
} lk_where_t;

/* Where the SIZE-byte accesses at a (for the slots of mk) fall: vector
 * code. Any outside the window: the highest is. */
static inline __attribute__((always_inline)) void lk_where(const lockstep_t *S, const uint32_t *a,
                                                           const uint32_t *mk, const uint32_t SIZE, lk_where_t *w)
{
    const uint32_t base0 = S->mem[0].priv_base, fit = S->mem[0].priv_fit; /* every lane's */
    const uint32_t split = S->swb != 4u;
    uint32_t lo = ~0u, hi = 0, cross = 0;
    for (uint32_t s = 0; s < NL; s++) {
        uint32_t o = (a[s] - base0) & mk[s];
        w->po[s] = o;
        lo = (o | ~mk[s]) < lo ? o | ~mk[s] : lo;
        hi = o > hi ? o : hi;
        cross |= SIZE == 4u ? o : SIZE == 2u ? o & (o >> 1) : 0u; /* (o & 3) + SIZE > 4 */
    }
    w->ok = hi <= fit && !(split & ((cross & (SIZE == 4u ? 3u : 1u)) != 0u));
    w->one = lo == hi;
    w->lo = lo;
}

/* The SIZE bytes at host byte p, zero-extended (little-endian). */
static inline __attribute__((always_inline)) uint32_t lk_host_ld(const uint8_t *p, const uint32_t SIZE)
{
    if (SIZE == 4u) {
        uint32_t x;
        __builtin_memcpy(&x, p, 4u);
        return x;
    }
    if (SIZE == 2u) {
        uint16_t h;
        __builtin_memcpy(&h, p, 2u);
        return h;
    }
    return *p;
}

/* Shared SIZE-byte loads at w, zero-extended, into v: every slot where the
 * chunk is dense and the offset one (a row), else the slots of g (others
 * 0). */
static inline __attribute__((always_inline)) void lk_ld_at(const lockstep_t *S, uint32_t g, const lk_where_t *w,
                                                           uint32_t *v, const uint32_t SIZE)
{
    const uint32_t lane_mask = SIZE == 4u ? ~0u : (1u << (8u * SIZE)) - 1u;
    if (S->dense && w->one) {
        const uint32_t *row = S->dense + (uint64_t)(w->lo >> 2) * S->sw, sh = (w->lo & 3u) * 8u;
        for (uint32_t s = 0; s < NL; s++)
            v[s] = (row[s] >> sh) & lane_mask;
        return;
    }
    for (uint32_t s = 0; s < NL; s++)
        v[s] = 0;
    FOR_SLOTS(s, g) /* the gather: a host load a slot */
        v[s] = lk_host_ld(lk_host(S, s, w->po[s]), SIZE);
}

/* Shared SIZE-byte stores of v (their low bytes) at w, for the slots of
 * g that mk holds. */
static inline __attribute__((always_inline)) void lk_st_at(lockstep_t *S, uint32_t g, const uint32_t *mk,
                                                           const lk_where_t *w, const uint32_t *v,
                                                           const uint32_t SIZE)
{
    if (S->dense && w->one) {
        /* one offset, NL consecutive cores: one row (words of slots outside
         * mk are written back as they were, by this thread alone: the
         * chunk's cores) */
        uint32_t *row = S->dense + (uint64_t)(w->lo >> 2) * S->sw, sh = (w->lo & 3u) * 8u;
        const uint32_t lane_mask = SIZE == 4u ? ~0u : (1u << (8u * SIZE)) - 1u;
        for (uint32_t s = 0; s < NL; s++) {
            uint32_t old = row[s], x = SIZE == 4u ? v[s] : (old & ~(lane_mask << sh)) | ((v[s] & lane_mask) << sh);
            row[s] = lk_sel(mk[s], x, old);
        }
    } else
        FOR_SLOTS(s, g)
            if (mk[s])
                __builtin_memcpy(lk_host(S, s, w->po[s]), &v[s], SIZE); /* little-endian: the low bytes */
}

/* Aligned 32-bit loads from the shared region at a, as sim_ld32_beyond
 * reads them, into v for the slots of g that mk holds (others 0): 0 where
 * every such slot's is one, else 1 and v untouched. */
static inline __attribute__((always_inline)) uint32_t lk_ld_shared(const lockstep_t *S, uint32_t g,
                                                                   const uint32_t *mk, const uint32_t *a,
                                                                   uint32_t *v)
{
    const sim_mem_t *m0 = &S->mem[0];
    uint32_t so[NL] __attribute__((aligned(64))), bad = 0;
    for (uint32_t s = 0; s < NL; s++) {
        uint32_t o = a[s] - m0->shared_base;
        so[s] = o & mk[s];
        bad |= mk[s] & ((o >= m0->shared_size) | (o & 3u) | (a[s] - m0->ro_base < m0->ro_size));
    }
    if (bad)
        return 1;
    for (uint32_t s = 0; s < NL; s++)
        v[s] = 0;
    FOR_SLOTS(s, g)
        if (mk[s])
            v[s] = *(volatile const uint32_t *)(m0->shared + so[s]);
    return 0;
}
