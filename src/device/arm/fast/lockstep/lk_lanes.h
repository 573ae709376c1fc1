/* The records no shared path takes: each lane's registers to its context,
 * arm_exec's body on it, and back. A part of arm_lockstep.c, included
 * there once. */

/* ---- the other paths --------------------------------------------------- */

/* Slot s's record as arm_step_record runs it outside an IT block, with its
 * registers regs (nr of them) in its context; 1 if the lane stopped. */
#define LANE_STEP_BEGIN(s_)                                                    \
    uint32_t l_ = S->lane[s_];                                                 \
    arm_ctx_t *c = &S->ctx[l_];                                                \
    const sim_mem_t *m = &S->mem[l_];                                          \
    uint32_t core = S->core[l_];                                               \
    uint64_t icount = S->start[l_] + S->done[s_] + k;                          \
    (void)m;                                                                   \
    (void)core;                                                                \
    (void)icount;                                                              \
    slot_to_ctx(S, s_, regs, nr);                                              \
    c->r[15] = r15;                                                            \
    c->npc = npc;

/* Every slot of the group through arm_exec's body of the record's op, the
 * switch outside the loop over the slots. Returns whether a lane stopped. */
static uint32_t lockstep_lanes(lockstep_t *S, uint32_t g, const arm_insn_t *rec, uint32_t pc, uint32_t thumb,
                               uint64_t k, const uint8_t *regs, uint32_t nr)
{
    const arm_insn_t r = *rec, *in = &r;
    const uint32_t r15 = pc + (thumb ? 4u : 8u), npc = pc + arm_len(in), cond = in->cond;
    uint32_t stopped = 0;
#define LANE_LOOP(body)                                                        \
    FOR_SLOTS(s, g) {                                                          \
        LANE_STEP_BEGIN(s)                                                     \
        if (cond == ARM_COND_AL || arm_cond_pass(cond, c->nzcv)) {             \
            body;                                                              \
        }                                                                      \
        c->r[15] = c->npc;                                                     \
        slot_from_ctx(S, s, regs, nr);                                         \
        stopped |= c->sys.status != SIM_RUNNING;                               \
    }
#define LANE_NONE(op, body)                                                    \
    case ARM_OP_##op:                                                          \
        LANE_LOOP(body)                                                        \
        break;
#define LANE_STATUS LANE_NONE
#define LANE_RET(op, body) LANE_NONE(op, (void)(body))
    switch (in->op) {
#define ARM_OP(name, unit, fmt, mn, props, stop, exec) LANE_##stop(name, exec)
        ARM_OP_TABLE
#undef ARM_OP
    default:
        LANE_LOOP(arm_undef(c, in, pc))
        break;
    }
#undef LANE_LOOP
#undef LANE_NONE
#undef LANE_STATUS
#undef LANE_RET
    return stopped;
}
