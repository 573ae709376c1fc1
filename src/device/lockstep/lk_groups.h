/* The lockstep engines' groups (lk_base.h): which slots run together, how
 * long, and a chunk's run from staging to the lanes' final counts. One for
 * every ISA. Before it, the engine defines its state lockstep_t (its
 * registers by slot and LK_STATE) and:
 *   LK_CODE                  its predecoded program's type
 *   lk_key(S, s)             slot s's key: where it is (pc and mode bits)
 *   lk_enter(S, s, c)        slot s's registers and PC from its context c
 *   lk_leave(S, s)           and back, the pc included
 *   lk_close(c)              a lane's context at the chunk's end (scratch)
 *   lk_ctx_pc(c)             the pc of a lane's context
 *   group_run                (declared: defined after, the engine's records)
 * Lowest key first: where a group splits, the lanes ahead usually wait at
 * a higher pc, after a loop or an if, for the others to come, and merge
 * there (Fung et al.'s reconvergence heuristic, which the GPU's scheduler
 * approximates too). Nothing depends on the order but speed. */

/* group_run's answer in *whole: GROUP_WHOLE where the group's lanes cannot
 * have parted (a block that fell through, a branch all took one way),
 * GROUP_SPLIT where they did, GROUP_ASK where group_whole must look. */
enum { GROUP_SPLIT, GROUP_WHOLE, GROUP_ASK };

/* Run the group (the slots of g, at one key) for at most budget (>= 1)
 * instructions: until its block ends, a lane stops, or the budget is
 * used. Leaves each slot's pc in PC; returns the instructions run. */
static uint64_t group_run(lockstep_t *S, uint32_t g, const LK_CODE *code, uint64_t budget, lockstep_stats_t *st,
                          uint32_t *whole);

/* The group to run: the live slots at the lowest key (where the others
 * tend to come back to), as a set, its mask a slot in S->gm; and rest_lo,
 * the lowest key outside it. Slots stay where they are: a group is a set,
 * not a prefix, so forming one moves no state (sorting 32 slots' rows cost
 * imatmul a third of its time). */
static uint32_t group_form(lockstep_t *S)
{
    uint64_t key[NL], lo = ~0ull;
    uint32_t g = 0;
    FOR_SLOTS(s, S->live) {
        key[s] = lk_key(S, s);
        lo = key[s] < lo ? key[s] : lo;
    }
    FOR_SLOTS(s, S->live)
        g |= (uint32_t)(key[s] == lo) << s;
    S->rest_lo = ~0ull;
    FOR_SLOTS(s, S->live & ~g)
        S->rest_lo = key[s] < S->rest_lo ? key[s] : S->rest_lo;
    for (uint32_t s = 0; s < NL; s++)
        S->gm[s] = 0u - (g >> s & 1u);
    return g;
}

/* Whether the group's slots are all still running and at one key (after a
 * block that did not split them). */
static inline uint32_t group_whole(const lockstep_t *S, uint32_t g)
{
    uint64_t k0 = lk_key(S, (uint32_t)__builtin_ctz(g));
    uint32_t same = 1;
    FOR_SLOTS(s, g)
        same &= (lk_key(S, s) == k0) & (S->ctx[S->lane[s]].sys.status == SIM_RUNNING);
    return same;
}

/* The group's slots after it ran k instructions: their counts, and the ones
 * that stopped or used their budget leave (as the per-core run, an
 * instruction that faulted or must be retried is not counted), their
 * registers back in their contexts. */
static void group_settle(lockstep_t *S, uint32_t g, uint64_t k)
{
    FOR_SLOTS(s, g) {
        S->done[s] += k;
        S->left[s] -= k;
        uint32_t st = S->ctx[S->lane[s]].sys.status;
        if (st == SIM_RUNNING && S->left[s])
            continue;
        uint64_t n = S->done[s];
        if (n && (st == SIM_FAULTED || st == SIM_WAIT_HOST || st == SIM_WAIT_DECODE))
            n--;
        S->ran[S->lane[s]] = n;
        lk_leave(S, s);
        S->live &= ~(1u << s);
    }
}

/* A chunk: the n cores of cores (at most NL), each for up to budget
 * instructions (and no further than limit, if set), as the per-core run
 * would one after the other. Returns the instructions run. */
static uint64_t lk_chunk(lockstep_t *S, const sim_soa_t *soa, const uint32_t *cores, uint32_t n, const LK_CODE *code,
                         const sim_mem_t *m, uint64_t budget, uint64_t limit, lockstep_stats_t *st)
{
    uint32_t nl = 0;
    S->live = 0;
    for (uint32_t i = 0; i < n && i < NL; i++) {
        uint32_t core = cores[i];
        if (!sim_soa_running(soa, core))
            continue;
        uint32_t l = nl++;
        sim_stage_load((uint32_t *)&S->ctx[l], soa, core);
        S->core[l] = core;
        S->mem[l] = sim_mem_for_core(m, core);
        S->start[l] = sim_icount(&S->ctx[l].sys);
        S->ran[l] = 0;
        uint64_t b = budget;
        if (limit && S->start[l] + b > limit)
            b = limit > S->start[l] ? limit - S->start[l] : 0;
        if (!b || S->ctx[l].sys.status != SIM_RUNNING)
            continue;
        uint32_t s = l; /* a lane keeps its slot */
        S->live |= 1u << s;
        lk_enter(S, s, &S->ctx[l]);
        S->done[s] = 0;
        S->left[s] = b;
        S->lane[s] = (uint8_t)l;
        S->W[s] = (uint8_t *)sim_priv_word(&S->mem[l], core, 0u);
    }
    S->sw = m->stride_word;
    S->swb = m->stride_word * 4u;
    S->dense = NULL;
    if (m->stride_word != 1u && nl == NL) {
        uint32_t d = 1;
        for (uint32_t l = 0; l < NL; l++)
            d &= S->core[l] == S->core[0] + l;
        if (d)
            S->dense = m->priv + (uint64_t)S->core[0] * m->stride_core;
    }
    while (S->live) {
        uint32_t g = group_form(S);
        uint64_t b = ~0ull, k;
        uint32_t whole;
        FOR_SLOTS(s, g)
            b = S->left[s] < b ? S->left[s] : b;
        /* block after block while the group stays one and below the other
         * lanes' pcs (which do not move meanwhile): the group group_form
         * would form again, without its keys and group_settle's tests a
         * block (imatmul's 4 working lanes of 32 ran a block a form) */
        while ((k = group_run(S, g, code, b, st, &whole)) < b && whole != GROUP_SPLIT &&
               (whole == GROUP_WHOLE || group_whole(S, g)) && lk_key(S, (uint32_t)__builtin_ctz(g)) < S->rest_lo) {
            for (uint32_t s = 0; s < NL; s++) { /* the group's slots: vector code */
                uint64_t kg = k & (uint64_t)(int64_t)(int32_t)S->gm[s];
                S->done[s] += kg;
                S->left[s] -= kg;
            }
            b -= k;
        }
        group_settle(S, g, k);
    }
    uint64_t total = 0;
    for (uint32_t l = 0; l < nl; l++) {
        __typeof__(&S->ctx[0]) c = &S->ctx[l];
        sim_set_icount(&c->sys, S->start[l] + S->ran[l]);
        total += S->ran[l];
        if (limit && sim_icount(&c->sys) >= limit && c->sys.status == SIM_RUNNING)
            sim_fault(&c->sys, SIM_FAULT_INSN_LIMIT, lk_ctx_pc(c), 0);
        lk_close(c);
        sim_stage_store((const uint32_t *)c, soa, S->core[l]);
    }
    return total;
}

/* The record counts group_run adds to the stats at its returns (st may
 * alias S): recs records run for ng lanes. */
#define GROUP_RETURN(x)                                                        \
    do {                                                                       \
        st->records += recs;                                                   \
        st->lane_steps += recs * ng;                                           \
        return (x);                                                            \
    } while (0)
