/* The lockstep engine's state (arm_lockstep.c): lanes, slots and groups,
 * each slot's registers side by side, and the moves between a slot and its
 * lane's context. A part of arm_lockstep.c, included there once. */

#define NL ARM_LANES

typedef struct lockstep {
    /* by slot */
    uint32_t R[16][NL] __attribute__((aligned(64))); /* R[15]: never read (the pc is PC) */
    uint32_t NZCV[NL] __attribute__((aligned(64)));
    uint32_t gm[NL] __attribute__((aligned(64))); /* the group as a mask a slot: all ones or none */
    uint32_t PC[NL];
    uint8_t *W[NL]; /* the first byte of the lane's window (its word 0: lk_host) */
    uint64_t done[NL]; /* instructions run (arm_run's n), before the current group's */
    uint64_t left[NL]; /* budget still to run, likewise */
    uint8_t lane[NL];
    uint32_t live; /* the slots still running in this call, a bit each */
    uint64_t rest_lo; /* the lowest key of the live slots outside the group (group_form) */
    /* the layout (sim_mem.h): words a window's word is from the next
     * (stride_word: 1, or ncores interleaved), that in bytes, and, when
     * interleaved with slot s the lane of core core[0] + s for all NL
     * slots, slot 0's word 0 (slot s's word w at dense[w * sw + s]); NULL
     * otherwise */
    uint64_t sw, swb;
    uint32_t *dense;
    /* by lane */
    arm_ctx_t ctx[NL];
    sim_mem_t mem[NL]; /* each lane's view (sim_mem_for_core) */
    uint32_t core[NL];
    uint64_t start[NL]; /* icount at entry */
    uint64_t ran[NL];   /* instructions run, once the lane has left */
} lockstep_t;

/* Each slot s of the set g (a bit a slot), lowest first. */
#define FOR_SLOTS(s, g)                                                        \
    for (uint32_t s##_m = (g), s = 0; s##_m && (s = (uint32_t)__builtin_ctz(s##_m), 1); s##_m &= s##_m - 1u)

/* x where the mask m (all ones or none) is set, else y: vector code in
 * the lane loops. */
static inline uint32_t lk_sel(uint32_t m, uint32_t x, uint32_t y)
{
    return (x & m) | (y & ~m);
}

/* The host byte of offset po of slot s's window, on either layout: on the
 * interleaved one only for an access that stays in po's word. */
static inline uint8_t *lk_host(const lockstep_t *S, uint32_t s, uint32_t po)
{
    return S->W[s] + (uint64_t)(po >> 2) * S->swb + (po & 3u);
}

/* The registers of slot s to and from its lane's context, with the flags
 * (and, back, the pc): all of r0-r14 (nf = 0), or the nf registers the
 * record's fields name (f: rd, rn, rm, rs; a field naming r15 moves the
 * unused row R[15], and the step sets r15 after). */
static inline void slot_to_ctx(lockstep_t *S, uint32_t s, const uint8_t *f, uint32_t nf)
{
    arm_ctx_t *c = &S->ctx[S->lane[s]];
    if (nf) {
        /* the fields in locals first: the stores could alias f */
        uint32_t f0 = f[0], f1 = f[1], f2 = f[2], f3 = f[3];
        c->r[f0] = S->R[f0][s];
        c->r[f1] = S->R[f1][s];
        c->r[f2] = S->R[f2][s];
        c->r[f3] = S->R[f3][s];
    } else
        for (uint32_t r = 0; r < 15; r++)
            c->r[r] = S->R[r][s];
    c->nzcv = S->NZCV[s];
}

static inline void slot_from_ctx(lockstep_t *S, uint32_t s, const uint8_t *f, uint32_t nf)
{
    const arm_ctx_t *c = &S->ctx[S->lane[s]];
    if (nf) {
        uint32_t f0 = f[0], f1 = f[1], f2 = f[2], f3 = f[3];
        S->R[f0][s] = c->r[f0];
        S->R[f1][s] = c->r[f1];
        S->R[f2][s] = c->r[f2];
        S->R[f3][s] = c->r[f3];
    } else
        for (uint32_t r = 0; r < 15; r++)
            S->R[r][s] = c->r[r];
    S->NZCV[s] = c->nzcv;
    S->PC[s] = c->r[15];
}

static const uint8_t *const all_regs = NULL;
