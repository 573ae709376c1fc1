/* The host's fast path: straight-line blocks chained one to the next, with
 * threaded dispatch. Included by arm_chained.c once per instruction set, with
 * ARM_CHAINED_NAME (the function) and ARM_CHAINED_T32 (0: A32 records, a
 * word each; 1: T32 records, a halfword each) defined; host only (GCC's
 * labels as values), the CUDA kernel runs arm_run_straight.
 *
 * Each case (of every op, arm_ops.def, and every fast form, arm_fast.def)
 * ends with its own copy of "next record, jump", so the host's branch
 * predictor sees one indirect jump per op instead of one for all. The jump
 * goes through the record's xop (arm_fast.h, arm_fast_prepare.c): its op or
 * its fast form (the flag-setting form of a T16 "flags outside IT blocks"
 * op; the form that sets no flags of an op whose flags are dead,
 * arm_flags_dead.c), in A32 for a conditional record through the copy of
 * the case that tests the condition first; on a block's last record, a
 * plain B, BL or BX (chained to the next block), an IT, an inline full
 * step of LDM with the pc, or else a full step out of line
 * (arm_step_record). An IT sets the IT state and chains to the next block,
 * whose records then run their xop's case under the IT block's condition
 * and advance the IT state (records that may lie in an IT block have an
 * xop that is right there, arm_block.c). After a block's last record, the next block is
 * fetched through the new pc (B and BL: at their target's record,
 * arm_target_record) and run if it fits the budget, which is so checked once
 * per block: entering one counts all its records; a core that stops early
 * gives back the ones not run.
 *
 * In: in, the record arm_fetch gives for *pcp on im, in ARM_CHAINED_T32's
 * instruction set and outside an IT block, with 1 <= run <= budget; m_in,
 * the memory with this core's window folded in (sim_mem_for_core). Returns the
 * records run, a faulting one included, and leaves in *pcp the pc to go on
 * from: the next block's, when it did not fit the budget or left the text
 * or the instruction set; the record's the core stopped on (as its full
 * step leaves r15, for a block's last record). */
/* Every case is here twice (arm_fast.h: the copy at ARM_XOP_LEN4 on).
 * T32: records are a halfword each, and an instruction's 2 or 4 bytes: had
 * each op's case advanced by arm_len(in), every record's address would wait on
 * a load from the one before, a chain of load latencies through the whole
 * run (A32 made to advance that way ran 35-54% slower, side by side). So
 * each copy advances by a constant, and the jump picks the copy with the
 * xop: the branch predictor supplies the length with the jump's target.
 * A32: the second copy of each case first tests the record's condition
 * (one jump to the case, not a jump to a shared test and a second one). */
#define ARM_CHAINED_LABELS (2 * ARM_XOP_COUNT)
#if ARM_CHAINED_T32
#define ARM_CHAINED_COPY_LABEL(op) arm_l4_##op
#else
#define ARM_CHAINED_COPY_LABEL(op) arm_lc_##op
#endif
#define ARM_THREADED_DISPATCH() goto *table[in->xop]
#if ARM_CHAINED_T32
#define ARM_CHAINED_RECS im.t32
#define ARM_CHAINED_NEXT_RECORD() arm_next_t32(in)
#define ARM_CHAINED_ADVANCE() (in = ARM_CHAINED_NEXT_RECORD())
#else
#define ARM_CHAINED_RECS im.a32
#define ARM_CHAINED_NEXT_RECORD() (in + 1)
#define ARM_CHAINED_ADVANCE() (in++)
#endif
/* The address of the record `in` runs: every record comes from the image's
 * array (arm_fetch), so the pc need not be kept up to date record by record.
 * The cases (ARM_EXEC_CASES) read `pc` only to report a fault: only loads
 * and stores can stop a core before its block's last record (arm_ends_block),
 * and only by a fault. So they report it at pc 0, and arm_stopped, where
 * every such stop goes, puts the record's address in its place: no hot path
 * computes it, nor keeps `in` for it. */
#define ARM_CHAINED_PC()                                                       \
    (im.text_lo + ((uint32_t)(in - ARM_CHAINED_RECS) << (ARM_CHAINED_T32 ? 1u : 2u)))
#define pc 0u
/* The index of the record after `in`. */
#define ARM_CHAINED_NEXT_INDEX()                                               \
    ((uint32_t)(in - ARM_CHAINED_RECS) + (ARM_CHAINED_T32 ? (uint32_t)arm_len(in) >> 1 : 1u))
/* Go on at the block of record `rec` (of address `at`, evaluated only on
 * return) if it fits the budget (`left` of it), with `go` at its first
 * record; else return. Every record of the array is prepared (run >= 1,
 * arm_block.c), and left, at most the budget, stays below 2^63: a block
 * that does not fit takes it below 0, and is then given back. */
#define ARM_CHAINED_ENTER_RECORD(rec, at, go)                                  \
    do {                                                                       \
        const arm_insn_t *rec_ = (rec);                                        \
        left -= rec_->run;                                                     \
        if (SIM_UNLIKELY((int64_t)left < 0)) {                                 \
            left += rec_->run;                                                 \
            *pcp = at;                                                         \
            return budget - left;                                              \
        }                                                                      \
        in = rec_;                                                             \
        go;                                                                    \
    } while (0)
/* The same at record index `idx`, if it is in the array. B's and BL's
 * targets and the records after B, BL and LDM with the pc are known to be
 * (arm_block.c): the branches enter them by ARM_CHAINED_ENTER_RECORD. */
#define ARM_CHAINED_ENTER_INDEX(idx, at, go)                                   \
    do {                                                                       \
        uint32_t idx_ = (idx);                                                 \
        if (idx_ >= nrecs) {                                                   \
            *pcp = at;                                                         \
            return budget - left;                                              \
        }                                                                      \
        ARM_CHAINED_ENTER_RECORD(&ARM_CHAINED_RECS[idx_], at, go);             \
    } while (0)
/* Run record `in`, under the IT state `in_it` (T32; 0 outside IT blocks). */
#define ARM_CHAINED_GO(in_it)                                                  \
    do {                                                                       \
        if (ARM_CHAINED_T32 && (in_it))                                        \
            goto arm_it_record;                                                \
        ARM_THREADED_DISPATCH();                                               \
    } while (0)
/* Go on at the block of address `at`, under the IT state `in_it`. */
#define ARM_CHAINED_ENTER(at, in_it)                                           \
    ARM_CHAINED_ENTER_INDEX(arm_fetch_index(im, at, ARM_CHAINED_T32), at, ARM_CHAINED_GO(in_it))

uint64_t ARM_CHAINED_NAME(ARM_CHAINED_PARAMS)
{
/* The chained kinds past the forms, in arm_fast.h's order: one copy serves
 * both lengths (A32 never uses the second). */
#define ARM_XOP_LABELS                                                         \
    &&arm_step, &&arm_branch, &&arm_call, &&arm_bx, &&arm_pop, &&arm_it, &&arm_it_plain
#define ARM_OP(name, unit, fmt, mn, props, stop, exec) &&arm_l_##name,
#define ARM_FOP(name, base, kind, stop, exec) &&arm_l_##name,
#define ARM_OP2(name) &&ARM_CHAINED_COPY_LABEL(name),
    static const void *const arm_labels[ARM_CHAINED_LABELS] = {
        ARM_OP_TABLE ARM_FAST_TABLE ARM_XOP_LABELS,
#undef ARM_OP
#undef ARM_FOP
#define ARM_OP(name, unit, fmt, mn, props, stop, exec) ARM_OP2(name)
#define ARM_FOP(name, base, kind, stop, exec) ARM_OP2(name)
        ARM_OP_TABLE ARM_FAST_TABLE ARM_XOP_LABELS
    };
#undef ARM_OP
#undef ARM_FOP
#undef ARM_OP2
#undef ARM_XOP_LABELS
    const void *const *table = arm_labels;
    /* _SH_NF's copies per shift type (ARM_SH_NF_SPLIT, below), in both
     * copies of the cases */
#define ARM_SH_NF_TABLES(n, t, L)                                              \
    static const void *const t##n[4] = {&&L(n##_SH_NF_ANY), &&L(n##_SH_NF_LSR), &&L(n##_SH_NF_ASR), \
                                        &&L(n##_SH_NF_ROR)};
#define ARM_SH_NF_COPY1(n) ARM_SH_NF_TABLES(n, arm_sh_, ARM_CHAINED_LABEL)
#define ARM_SH_NF_COPY2(n) ARM_SH_NF_TABLES(n, arm_sh2_, ARM_CHAINED_COPY_LABEL)
#define ARM_CHAINED_LABEL(op) arm_l_##op
    ARM_DP_WR_LIST(ARM_SH_NF_COPY1)
#if ARM_CHAINED_T32
    ARM_DP_WR_LIST(ARM_SH_NF_COPY2)
#endif
#undef ARM_SH_NF_TABLES
#undef ARM_SH_NF_COPY1
#undef ARM_SH_NF_COPY2
#undef ARM_CHAINED_LABEL
#if ARM_CHAINED_T32
#define ARM_ALL_LABELS(label) {[0 ... ARM_CHAINED_LABELS - 1] = &&label}
    static const void *const arm_it_labels[ARM_CHAINED_LABELS] = ARM_ALL_LABELS(arm_it_next);
    static const void *const arm_it_plain_labels[ARM_CHAINED_LABELS] =
        ARM_ALL_LABELS(arm_it_plain_record);
    static const void *const arm_it_done_labels[ARM_CHAINED_LABELS] =
        ARM_ALL_LABELS(arm_it_one_done);
    static const void *const arm_it_skip_labels[ARM_CHAINED_LABELS] =
        ARM_ALL_LABELS(arm_it_one_skip);
#undef ARM_ALL_LABELS
    uint32_t plain = 1u; /* in a plain IT block: its records that run yet, bit 0 first, over a 1 */
#endif
    /* m has this core's window folded in (sim_mem_for_core): the cases'
     * accesses name core 0 of it, which spares them a multiply. The cases
     * read it through a copy that no store to the core's registers can
     * alias, so that GCC may keep its fields where it likes (here, 0.1 host
     * instructions fewer per simulated one than through m_in). */
    const uint32_t core = 0u;
    const sim_mem_t m_local = *m_in, *const m = &m_local;
    uint32_t to, it = 0;   /* it: c->it, while in an IT block */
    if (budget > (uint64_t)INT64_MAX) /* (ARM_CHAINED_ENTER_RECORD's sign test) */
        budget = (uint64_t)INT64_MAX;
    uint64_t left = budget - in->run; /* the records not yet entered */
    const uint32_t nrecs = im.text_size >> (ARM_CHAINED_T32 ? 1u : 2u);
    ARM_THREADED_DISPATCH();
#undef ARM_OP_BEGIN
#undef ARM_OP_END
/* _SH_NF: a copy of the case per shift type, chosen by one jump on the
 * record's shift (1..3: LSR, ASR, ROR; arm_fast_prepare.c). Type 0, which
 * is never chosen for this form, goes to the case that chooses at run
 * time, as the switch paths do for every type. */
#undef ARM_SH_NF_SPLIT
#define ARM_SH_NF_SPLIT(n)                                                     \
    goto *ARM_SH_NF_TABLE(n)[in->shift];                                       \
    ARM_OP_LABEL_ONLY(n##_SH_NF_LSR)                                           \
        ARM_DP_NF_EXEC(n, arm_lsr_imm_nc(c->r[in->rm], in->amount));           \
        ARM_OP_END(0)                                                          \
    ARM_OP_LABEL_ONLY(n##_SH_NF_ASR)                                           \
        ARM_DP_NF_EXEC(n, arm_asr_imm_nc(c->r[in->rm], in->amount));           \
        ARM_OP_END(0)                                                          \
    ARM_OP_LABEL_ONLY(n##_SH_NF_ROR)                                           \
        ARM_DP_NF_EXEC(n, arm_ror(c->r[in->rm], in->amount));                  \
        ARM_OP_END(0)                                                          \
    ARM_OP_LABEL_ONLY(n##_SH_NF_ANY)
/* ARM_CASE_STEP: records from one instruction to the next */
#define ARM_OP_END(stopped)                                                    \
    {                                                                          \
        if (stopped)                                                           \
            goto arm_stopped;                                                  \
        in += ARM_CASE_STEP;                                                   \
        ARM_THREADED_DISPATCH();                                               \
    }
#define ARM_OP(name, unit, fmt, mn, props, stop, exec) ARM_CASE_##stop(name, exec)
#define ARM_FOP(name, base, kind, stop, exec) ARM_CASE_##stop(name, exec)
#define ARM_CASE_STEP 1
#define ARM_OP_LABEL_ONLY(op) arm_l_##op:
#define ARM_SH_NF_TABLE(n) arm_sh_##n
#if ARM_CHAINED_T32
#define ARM_OP_BEGIN(op) arm_l_##op:
#else
/* A32: the conditional copy, then the case */
#define ARM_OP_BEGIN(op)                                                       \
    ARM_CHAINED_COPY_LABEL(op):                                                \
    if (!arm_cond_pass(in->cond, c->nzcv)) {                                   \
        ARM_CHAINED_ADVANCE();                                                 \
        ARM_THREADED_DISPATCH();                                               \
    }                                                                          \
    arm_l_##op:
#endif
    ARM_OP_TABLE ARM_FAST_TABLE
#if ARM_CHAINED_T32
#undef ARM_OP_BEGIN
#undef ARM_OP_LABEL_ONLY
#undef ARM_SH_NF_TABLE
#undef ARM_CASE_STEP
#define ARM_OP_BEGIN(op) ARM_CHAINED_COPY_LABEL(op):
#define ARM_OP_LABEL_ONLY(op) ARM_CHAINED_COPY_LABEL(op):
#define ARM_SH_NF_TABLE(n) arm_sh2_##n
#define ARM_CASE_STEP 2
    ARM_OP_TABLE ARM_FAST_TABLE
#endif
#undef ARM_OP
#undef ARM_FOP
#undef ARM_CASE_STEP
#undef ARM_OP_BEGIN
#undef ARM_OP_LABEL_ONLY
#undef ARM_SH_NF_TABLE
#undef ARM_OP_END
#undef ARM_SH_NF_SPLIT
#define ARM_SH_NF_SPLIT(n)
#define ARM_OP_BEGIN ARM_SWITCH_BEGIN
#define ARM_OP_END ARM_SWITCH_END
#if ARM_CHAINED_T32
    /* Inside an IT block: the block's condition, the base op (a T16 op sets
     * flags or not by c->it), then ITAdvance. A record that ends a block
     * takes the full step, which advances the IT state itself. */
arm_it_next:
    c->it = it = arm_it_advance(it);
    if (!it) {
        table = arm_labels;
        ARM_THREADED_DISPATCH();
    }
arm_it_record:
    table = arm_it_labels;
    if (in->run < 2u) {
        table = arm_labels;
        goto arm_step;
    }
    if (arm_cond_pass(it >> 4, c->nzcv))
        goto *arm_labels[in->xop];
    ARM_CHAINED_ADVANCE();
    goto arm_it_next;
arm_it_plain:
    /* An IT block whose records set no flags and cannot stop (arm_block.c):
     * which of them run is known here, from the first condition. c->it is
     * what a T16 op reads to set no flags, set while one runs; it also
     * leaves the IT block to arm_run if the next block does not fit (set
     * as the pc's expression is evaluated, on that return alone). Nothing
     * can see that it does not advance record by record. */
    {
        uint32_t state = in->imm & 0xffu, how = arm_cond_pass(state >> 4, c->nzcv) ? in->rd : in->rn;
        /* The next block starts at the record after this one, which exists
         * (arm_block.c): only the budget is left to check. */
        ARM_CHAINED_ENTER_RECORD(in + 1, (c->it = state, ARM_CHAINED_PC() + 2u), (void)0);
        if (how & ARM_IT_ONE) {
            /* IT or ITE (`in` is now the block's first record): the one
             * record that runs, if any, returns through `table` to
             * arm_it_one_done, or to arm_it_one_skip past the other. */
            in = (const arm_insn_t *)((const char *)in + (how & ARM_IT_ONE_AT));
            if (!(how & ARM_IT_ONE_RUNS))
                ARM_THREADED_DISPATCH();
            c->it = state;
            table = (how & ARM_IT_ONE_SKIP) ? arm_it_skip_labels
                                            : arm_it_done_labels;
            goto *arm_labels[in->xop];
        }
        c->it = state;
        plain = how;
    }
    table = arm_it_plain_labels;
arm_it_plain_record:
    /* the ops of the records that run dispatch back here through `table` */
    if (plain == 1u)
        goto arm_it_one_done;
    if (plain & 1u) {
        plain >>= 1;
        goto *arm_labels[in->xop];
    }
    plain >>= 1;
    ARM_CHAINED_ADVANCE();
    goto arm_it_plain_record;
arm_it_one_skip:
    ARM_CHAINED_ADVANCE();
arm_it_one_done:
    c->it = 0u;
    table = arm_labels;
    ARM_THREADED_DISPATCH();
#else
arm_it_record: /* A32 has no IT: these two are named for T32 only */
arm_it_plain:
    goto arm_step;
#endif
arm_branch:
    /* Never inside an IT block (those records run through arm_it_record),
     * so the next block starts outside one too. */
    if (arm_row_passes(arm_branch_row(in), c->nzcv))
        ARM_CHAINED_ENTER_RECORD(arm_target_record(in), in->imm,
                                 ARM_THREADED_DISPATCH());
arm_branch_not_taken:
    /* (B, BL, or LDM with the pc) */
    ARM_CHAINED_ENTER_RECORD(ARM_CHAINED_NEXT_RECORD(), ARM_CHAINED_PC() + arm_len(in),
                             ARM_THREADED_DISPATCH());
arm_it:
    /* IT ends its block; the next one runs under it (arm_it_record). */
    c->it = it = in->imm & 0xffu;
    /* The next block starts at the next halfword's record: no address to
     * look up. */
    ARM_CHAINED_ENTER_INDEX(ARM_CHAINED_NEXT_INDEX(), ARM_CHAINED_PC() + 2u, goto arm_it_record);
arm_call:
    /* BL, like B: outside IT blocks, and neither stops the core nor leaves
     * the instruction set; 4 bytes long in both (T16 has no BL). */
    if (arm_record_passes(c, in)) {
        c->r[14] = arm_link_to(ARM_CHAINED_PC() + 4u, ARM_CHAINED_T32);
        ARM_CHAINED_ENTER_RECORD(arm_target_record(in), in->imm,
                                 ARM_THREADED_DISPATCH());
    }
    goto arm_branch_not_taken;
arm_bx:
    /* BX Rm (not the PC): stops nothing, may leave the instruction set. */
    to = arm_bx_next(c, in, ARM_CHAINED_PC());
    if (c->thumb != ARM_CHAINED_T32) {
        *pcp = to;
        return budget - left;
    }
    ARM_CHAINED_ENTER(to, 0);
arm_pop:
    /* LDM with the pc, the return that ends many blocks; never inside an IT
     * block (those records run through arm_it_record). Where no word can
     * fault and the return stays in this instruction set, on to the next
     * block from here; else a full step as arm_step_record does it. A
     * failed condition goes on as a branch not taken. */
    if (!arm_record_passes(c, in))
        goto arm_branch_not_taken;
    {
        uint32_t list = arm_lsm_list(in), wb, a = arm_lsm_start(c, in, &wb);
        if (SIM_LIKELY(arm_lsm_fast(m, a, arm_lsm_bytes(in)))) {
            to = arm_ldm_window(c, m, core, list, a);
            arm_ldm_writeback(c, in, list, wb);
            if ((to & 1u) == ARM_CHAINED_T32)
                ARM_CHAINED_ENTER(to & (ARM_CHAINED_T32 ? ~1u : ~3u), 0);
            arm_bx_write_pc(c, to);
            *pcp = c->npc;
            return budget - left;
        }
    }
    c->npc = ARM_CHAINED_PC() + arm_len(in);
    c->r[15] = ARM_CHAINED_PC() + (ARM_CHAINED_T32 ? 4u : 8u);
    arm_ldm(c, in, m, core, ARM_CHAINED_PC());
    to = c->npc;
    goto arm_stepped;
arm_step:
    /* A block's last record (run 1), counted: icount + the records entered
     * but this one were retired before it. */
    arm_step_record_host(c, in, m, core_id, ARM_CHAINED_PC(), icount + (budget - left) - 1u);
    to = c->r[15];
arm_stepped:
    if (SIM_UNLIKELY(c->sys.status != SIM_RUNNING) || c->thumb != ARM_CHAINED_T32) {
        *pcp = to;
        return budget - left;
    }
    it = c->it;
    ARM_CHAINED_ENTER(to, it);
arm_stopped:
    /* On a record before its block's last, by a fault reported at pc 0
     * (`pc` above): the rest of the block was counted on entry and is given
     * back. */
    *pcp = c->sys.fault_pc = c->npc = ARM_CHAINED_PC();
    return budget - left - (in->run - 1u);
}

#undef ARM_THREADED_DISPATCH
#undef ARM_CHAINED_COPY_LABEL
#undef ARM_CHAINED_LABELS
#undef ARM_CHAINED_ADVANCE
#undef ARM_CHAINED_RECS
#undef pc
#undef ARM_CHAINED_PC
#undef ARM_CHAINED_ENTER
#undef ARM_CHAINED_ENTER_INDEX
#undef ARM_CHAINED_ENTER_RECORD
#undef ARM_CHAINED_NEXT_RECORD
#undef ARM_CHAINED_GO
#undef ARM_CHAINED_NEXT_INDEX
#undef ARM_CHAINED_NAME
#undef ARM_CHAINED_T32
