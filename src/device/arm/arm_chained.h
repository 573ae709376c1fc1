/* The host's fast path: straight-line blocks chained one to the next, with
 * threaded dispatch. Included by arm_chained.c once per instruction set, with
 * ARM_CHAINED_NAME (the function) and ARM_CHAINED_T32 (0: A32 records, a
 * word each; 1: T32 records, a halfword each) defined; host only (GCC's
 * labels as values), the CUDA kernel runs arm_run_straight.
 *
 * Each op's case (ARM_EXEC_CASES) ends with its own copy of "next record,
 * jump", so the host's branch predictor sees one indirect jump per op
 * instead of one for all. The jump goes through the record's xop
 * (arm_thread_op): its op; a test of its condition first; the flag-setting
 * form of a T16 "flags outside IT blocks" op; on a block's last record, a
 * plain B, inline full steps of BL, BX and LDM with the pc, or else a full
 * step out of line (arm_step_record). Records inside an IT block run their
 * op's case under the block's condition, then advance the IT state. After
 * a block's last record, the next block is fetched through the new pc and
 * run if it fits the budget, which is so checked once per block: entering
 * one counts all its records; a core that stops early gives back the ones
 * not run.
 *
 * In: in, the record at *pcp, in ARM_CHAINED_T32's instruction set and
 * outside an IT block, with 1 <= run <= budget. Returns the records run, a
 * faulting one included, and leaves in *pcp the pc to go on from: the next
 * block's, when it did not fit the budget or left the text or the
 * instruction set; the record's the core stopped on (as its full step
 * leaves r15, for a block's last record). */
#define ARM_THREADED_DISPATCH() goto *arm_labels[in->xop]
/* The record after in: A32 records are words, T32 ones halfwords. */
#if ARM_CHAINED_T32
#define ARM_CHAINED_ADVANCE()                                                  \
    do {                                                                       \
        uint32_t len_ = in->len;                                               \
        pc += len_;                                                            \
        in += len_ >> 1;                                                       \
    } while (0)
#else
#define ARM_CHAINED_ADVANCE()                                                  \
    do {                                                                       \
        pc += 4u;                                                              \
        in++;                                                                  \
    } while (0)
#endif
/* A full step of a block's last record, inline: what arm_step_record does
 * outside an IT block, for the calls and returns that end most blocks. */
#define ARM_CHAINED_STEP(label, call)                                          \
    label:                                                                     \
    c->npc = pc + in->len;                                                     \
    if (in->cond == ARM_COND_AL || arm_cond_pass(in->cond, c->cpsr)) {         \
        c->r[15] = pc + (ARM_CHAINED_T32 ? 4u : 8u);                           \
        call;                                                                  \
    }                                                                          \
    to = c->npc;                                                               \
    goto arm_stepped;

uint64_t ARM_CHAINED_NAME(ARM_CHAINED_PARAMS)
{
#define ARM_OP(name, unit, fmt, mn) &&arm_l_##name,
    static const void *const arm_labels[ARM_XOP_COUNT] = {
        ARM_OP_TABLE(ARM_OP) &&arm_step, &&arm_cond, &&arm_branch, &&arm_call, &&arm_bx,
        &&arm_pop};
#undef ARM_OP
    uint32_t pc = *pcp, to, it = 0; /* it: c->it, while in an IT block */
    uint64_t n = in->run;
    const arm_insn_t *next;
    ARM_THREADED_DISPATCH();
#undef ARM_OP_BEGIN
#undef ARM_OP_END
#define ARM_OP_BEGIN(op) arm_l_##op:
#define ARM_OP_END(stopped)                                                    \
    {                                                                          \
        if (stopped)                                                           \
            goto arm_stopped;                                                  \
        ARM_CHAINED_ADVANCE();                                                 \
        if (ARM_CHAINED_T32 && SIM_UNLIKELY(it))                               \
            goto arm_it_next;                                                  \
        ARM_THREADED_DISPATCH();                                               \
    }
    ARM_EXEC_CASES
#undef ARM_OP_BEGIN
#undef ARM_OP_END
#define ARM_OP_BEGIN ARM_SWITCH_BEGIN
#define ARM_OP_END ARM_SWITCH_END
    /* Inside an IT block (T32 only): the block's condition, the base op (a
     * T16 op sets flags or not by c->it), then ITAdvance. A record that ends
     * a block takes the full step, which advances the IT state itself. */
arm_it_next:
    c->it = it = arm_it_advance(it);
    if (!it)
        ARM_THREADED_DISPATCH();
arm_it_record:
    if (in->run < 2u)
        goto arm_step;
    if (arm_cond_pass(it >> 4, c->cpsr))
        goto *arm_labels[in->op];
    ARM_CHAINED_ADVANCE();
    goto arm_it_next;
arm_cond:
    if (arm_cond_pass(in->cond, c->cpsr))
        goto *arm_labels[in->op];
    ARM_CHAINED_ADVANCE();
    ARM_THREADED_DISPATCH();
arm_branch:
    to = arm_b_next(c, in, pc);
    goto arm_chain;
    ARM_CHAINED_STEP(arm_call, arm_branch(c, in, ARM_OP_BL))
    ARM_CHAINED_STEP(arm_bx, arm_bx(c, in, ARM_OP_BX))
    ARM_CHAINED_STEP(arm_pop, arm_ldm(c, in, m, core, pc))
arm_step:
    /* A block's last record (run 1), counted in n: icount + n - 1 were
     * retired before it. */
    arm_step_record_host(c, in, m, core, pc, icount + n - 1u);
    to = c->r[15];
arm_stepped:
    if (SIM_UNLIKELY(c->sys.status != SIM_RUNNING) || c->thumb != ARM_CHAINED_T32) {
        *pcp = to;
        return n;
    }
arm_chain:
    next = arm_fetch(c, im, to);
    if (next == NULL || next->run == 0u || next->run > budget - n) {
        *pcp = to;
        return n;
    }
    n += next->run;
    in = next;
    pc = to;
    if (ARM_CHAINED_T32 && SIM_UNLIKELY(c->it)) {
        it = c->it;
        goto arm_it_record;
    }
    ARM_THREADED_DISPATCH();
arm_stopped:
    *pcp = pc;
    return n - (in->run - 1u);
}

#undef ARM_THREADED_DISPATCH
#undef ARM_CHAINED_ADVANCE
#undef ARM_CHAINED_STEP
#undef ARM_CHAINED_NAME
#undef ARM_CHAINED_T32
