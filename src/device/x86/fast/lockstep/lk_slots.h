/* The IA-32 lockstep engine's state (x86_lockstep.c): each slot's eight
 * registers and lazy flags side by side, and the moves between a slot and
 * its lane's context. A part of x86_lockstep.c, included there once. */

/* The lazy flags' rows (x86_flags.h): cc_op, cc_res, cc_a, cc_b. */
enum { CC_OP, CC_RES, CC_A, CC_B, CC_ROWS };

typedef struct lockstep {
    /* by slot: EAX..EDI, and R[X86_NOREG] all zero (an absent base or
     * index adds nothing, as the context's zero word) */
    uint32_t R[9][NL] __attribute__((aligned(64)));
    uint32_t CC[CC_ROWS][NL] __attribute__((aligned(64)));
    LK_STATE(x86_ctx_t)
} lockstep_t;

SIM_STATIC_ASSERT(X86_NOREG == 8u, x86_noreg_is_the_ninth_row);

/* Slot s's registers and lazy flags to and from its lane's context (and,
 * back, the pc: EIP). The rest of the context (EFLAGS' other bits,
 * segments, x87, SSE) lives in the context throughout. */
static inline void slot_to_ctx(lockstep_t *S, uint32_t s)
{
    x86_ctx_t *c = &S->ctx[S->lane[s]];
    for (uint32_t r = 0; r < 8; r++)
        c->r[r] = S->R[r][s];
    c->cc_op = S->CC[CC_OP][s];
    c->cc_res = S->CC[CC_RES][s];
    c->cc_a = S->CC[CC_A][s];
    c->cc_b = S->CC[CC_B][s];
}

static inline void slot_from_ctx(lockstep_t *S, uint32_t s)
{
    const x86_ctx_t *c = &S->ctx[S->lane[s]];
    for (uint32_t r = 0; r < 8; r++)
        S->R[r][s] = c->r[r];
    S->CC[CC_OP][s] = c->cc_op;
    S->CC[CC_RES][s] = c->cc_res;
    S->CC[CC_A][s] = c->cc_a;
    S->CC[CC_B][s] = c->cc_b;
    S->PC[s] = c->eip;
}

/* The group machinery's hooks (lk_groups.h). */
#define LK_CODE x86_code_t

static inline uint64_t lk_key(const lockstep_t *S, uint32_t s) { return S->PC[s]; }

static inline void lk_enter(lockstep_t *S, uint32_t s, const x86_ctx_t *c)
{
    for (uint32_t r = 0; r < 8; r++)
        S->R[r][s] = c->r[r];
    S->R[X86_NOREG][s] = 0;
    S->CC[CC_OP][s] = c->cc_op;
    S->CC[CC_RES][s] = c->cc_res;
    S->CC[CC_A][s] = c->cc_a;
    S->CC[CC_B][s] = c->cc_b;
    S->PC[s] = c->eip;
}

static inline void lk_leave(lockstep_t *S, uint32_t s)
{
    slot_to_ctx(S, s);
    S->ctx[S->lane[s]].eip = S->PC[s];
}

#define lk_ctx_pc(c) ((c)->eip)
#define lk_close(c) ((void)(c))
