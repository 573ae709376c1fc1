/* The lockstep engine's state (arm_lockstep.c): lanes, slots and groups,
 * each slot's registers side by side, and the moves between a slot and its
 * lane's context. A part of arm_lockstep.c, included there once. */

typedef struct lockstep {
    /* by slot */
    uint32_t R[16][NL] __attribute__((aligned(64))); /* R[15]: never read (the pc is PC) */
    uint32_t NZCV[NL] __attribute__((aligned(64)));
    LK_STATE(arm_ctx_t)
} lockstep_t;

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

/* The group machinery's hooks (lk_groups.h). */
#define LK_CODE arm_code_t

static inline uint64_t lk_key(const lockstep_t *S, uint32_t s)
{
    const arm_ctx_t *c = &S->ctx[S->lane[s]];
    return (uint64_t)S->PC[s] << 9 | c->thumb << 8 | c->it;
}

static inline void lk_enter(lockstep_t *S, uint32_t s, const arm_ctx_t *c)
{
    for (uint32_t r = 0; r < 15; r++)
        S->R[r][s] = c->r[r];
    S->NZCV[s] = c->nzcv;
    S->PC[s] = c->r[15];
}

static inline void lk_leave(lockstep_t *S, uint32_t s)
{
    slot_to_ctx(S, s, all_regs, 0);
    S->ctx[S->lane[s]].r[15] = S->PC[s];
}

#define lk_ctx_pc(c) ((c)->r[15])
#define lk_close(c) ((c)->npc = 0) /* as arm_run_staged */
