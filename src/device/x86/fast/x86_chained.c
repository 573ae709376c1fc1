/* The host's fast path for IA-32: straight-line blocks (x86_block.c) chained
 * one to the next with threaded dispatch, over the same predecoded records
 * and the same op table (x86_ops.def) as the switch path (x86_step.h), whose
 * cases it expands once more here: semantics stay single-source. Host only
 * (GCC's labels as values); x86_run enters it on the CPU layout of private
 * memory (stride_word 1), which this file's accesses take as given. The
 * CUDA kernel and WARPSIM_X86_SWITCH=1 (x86_chained_env) run the switch
 * path instead.
 *
 * What it saves over the switch path (bench/RESULTS.md has the counts):
 * every case ends with its own copy of "next record, jump", so the host's
 * branch predictor sees one indirect jump per op rather than one for all
 * and no loop around it; the budget is checked once per block (entering a
 * block counts all its records; a core that stops early gives back those
 * not run); EIP is written only before the ops that read or write it (the
 * X86_P_END rows, each a block's last record); a record's address and its
 * retired count are derived from the record pointer only where a case
 * asks (a fault, CALL's return address, RDTSC). After a block's last
 * record, the next block is fetched through EIP and run if it fits. */
#define SIM_PRIV_CONTIGUOUS
#include "../x86_step.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#if defined(__GNUC__) && !defined(__CUDACC__)

int x86_chained_off;

/* WARPSIM_X86_SWITCH=1 runs every IA-32 core through the switch path, so
 * that both paths stay testable on the host (test/diff/diff_x86.mk). */
__attribute__((constructor)) static void x86_chained_env(void)
{
    const char *s = getenv("WARPSIM_X86_SWITCH");
    x86_chained_off = s && *s && strcmp(s, "0") != 0;
}

/* The address of record `rp`, and the instructions retired before it
 * (those entered, less the rest of its block, itself included): names the
 * cases of x86_ops.def read, evaluated only where they use them. */
#define pc (im.text_lo + (uint32_t)(rp - recs))
#define icount (icount0 + (budget - left) - rp->run)

/* Go on at the block of address `at` if it is in the text and fits the
 * budget; else return with the pc to go on from. A record with run 0 (not
 * prepared) goes back to x86_run too. */
#define X86_CHAINED_ENTER(at)                                                                      \
    do {                                                                                           \
        uint32_t at_ = (at), idx_ = at_ - im.text_lo;                                              \
        if (SIM_UNLIKELY(idx_ >= im.text_size)) {                                                  \
            *pcp = at_;                                                                            \
            return budget - left;                                                                  \
        }                                                                                          \
        const x86_insn_t *rec_ = recs + idx_;                                                      \
        left -= rec_->run;                                                                         \
        if (SIM_UNLIKELY((int64_t)left < 0 || rec_->run == 0u)) {                                  \
            left += rec_->run;                                                                     \
            *pcp = at_;                                                                            \
            return budget - left;                                                                  \
        }                                                                                          \
        rp = rec_;                                                                                 \
        X86_CHAINED_DISPATCH();                                                                    \
    } while (0)

/* The direct branches chain to their targets' records without going
 * through EIP: their own cases below (the tests fold at compile time). */
#define X86_CHAINED_OWN(name)                                                                      \
    if (X86_OP_##name == X86_OP_JCC)                                                               \
        goto x86_jcc;                                                                              \
    if (X86_OP_##name == X86_OP_JMP)                                                               \
        goto x86_jmp;

/* The dispatch: the record's op and length, its first two bytes, index the
 * label table, so that a hot op's case for one length (X86_CHAINED_HOT)
 * steps to the next record by a constant: the next record's address then
 * waits on no load (each record's on its predecessor's len was a chain of
 * load latencies through the whole block), the branch predictor supplies
 * the length with the jump's target. len's X86_LEN_FLAGS_DEAD bit (a
 * record whose flags are dead, x86_flags_dead.c) selects rows 16..31,
 * where the X86_P_NF ops run a copy that sets no flags; its
 * X86_LEN_BLOCK_LAST bit (a block's last record, x86_block.c) rows
 * 32..63, every op's own case, the only ones that look for the block's
 * end: the copies, which never run a block's last record, step on with
 * no test (a per-block countdown kept on the stack had been a chain of
 * store-to-load latencies through every record); its X86_LEN_W32 bit (a
 * plain 32-bit record) rows 64..127, the copies again, compiled for that
 * width (X86_CHAINED_RECORD). */
SIM_INLINE uint32_t x86_op_len(const x86_insn_t *in)
{
    uint16_t ol;
    memcpy(&ol, in, sizeof ol);
    return ol; /* op | len << 8 (x86_insn_t's first two bytes, little-endian) */
}
SIM_STATIC_ASSERT(offsetof(x86_insn_t, op) == 0 && offsetof(x86_insn_t, len) == 1, x86_op_len_layout);
#define X86_CHAINED_DISPATCH() goto *table[x86_op_len(rp)]

/* The core's number as the cases see it: the system calls' (SYS rows),
 * which the Linux layer needs (stdin's core); 0 for every other, whose
 * accesses through m, the window folded in, then add nothing (a core
 * number in a register would cost each a multiply and a load). */
#define X86_CHAINED_CORE(unit)                                                                     \
    const uint32_t core __attribute__((unused)) = SIM_UNIT_##unit == SIM_UNIT_SYS ? core_id : 0u

/* The record as the cases see it (`in`): rp's; for a plain 32-bit record
 * (X86_LEN_W32: no prefix, width X86_W32), a copy whose wf is that
 * constant, so that the width tests of its case fold away at compile time. */
#define X86_CHAINED_RECORD(w32)                                                                    \
    x86_insn_t in_w32_ __attribute__((unused));                                                    \
    if (w32) {                                                                                     \
        in_w32_ = *rp;                                                                             \
        in_w32_.wf = X86_W32;                                                                      \
    }                                                                                              \
    const x86_insn_t *const in __attribute__((unused)) = (w32) ? &in_w32_ : rp

/* One case per op (label x86_l_<op>, stepping by the record's len) and,
 * for the hot ops, per length L in 1..7 (x86_l_<op>_L, stepping by L): the
 * END rows get EIP (the next instruction's address) first and go on
 * through it; the others step to the next record, and (may_end: the own
 * cases, which rows 32..63 reach) to the next block after their block's
 * last; the STOP rows test the status. */
#define X86_CHAINED_BODY(label, name, unit, props, exec, step, may_end, w32)                       \
    label: __attribute__((unused));                                                                \
    X86_CHAINED_OWN(name)                                                                          \
    if ((props) & X86_P_END)                                                                       \
        c->eip = pc + x86_len(rp);                                                                 \
    {                                                                                              \
        X86_CHAINED_CORE(unit);                                                                    \
        X86_CHAINED_RECORD(w32);                                                                   \
        exec;                                                                                      \
    }                                                                                              \
    if ((props) & X86_P_END)                                                                       \
        goto x86_flow;                                                                             \
    if (((props) & X86_P_STOP) && SIM_UNLIKELY(c->sys.status != SIM_RUNNING))                      \
        goto x86_stopped;                                                                          \
    if ((may_end) && SIM_UNLIKELY(rp->run == 1u)) {                                                \
        rp += (step);                                                                              \
        goto x86_next_block;                                                                       \
    }                                                                                              \
    rp += (step);                                                                                  \
    X86_CHAINED_DISPATCH();
#define X86_CHAINED_CASE(name, unit, fmt, mn, props, exec)                                         \
    X86_CHAINED_BODY(x86_l_##name, name, unit, props, exec, x86_len(rp), 1, 0)

/* The ops with a copy per length: the commonest in compiled i686 code
 * (moves, the ALU's register and memory forms, LEA, PUSH/POP, INC/DEC,
 * shifts, IMUL, extensions). None ends a block. */
#define X86_CHAINED_HOT(_, L)                                                                      \
    _(MOV_RR, L) _(MOV_RM, L) _(MOV_MR, L) _(MOV_RI, L) _(MOV_MI, L) _(LEA, L) _(PUSH_R, L)       \
    _(POP_R, L) _(PUSH_I, L) _(ADD_RR, L) _(ADD_RI, L) _(ADD_RM, L) _(ADD_MR, L) _(ADD_MI, L)     \
    _(SUB_RR, L) _(SUB_RI, L) _(SUB_RM, L) _(CMP_RR, L) _(CMP_RI, L) _(CMP_RM, L) _(CMP_MR, L)    \
    _(CMP_MI, L) _(AND_RR, L) _(AND_RI, L) _(OR_RR, L) _(OR_RI, L) _(XOR_RR, L) _(XOR_RI, L)      \
    _(ADC_RR, L) _(SBB_RR, L) _(TEST_RR, L) _(TEST_RI, L) _(UNARY_R, L) _(SHIFT_RI, L)            \
    _(IMUL_RR, L) _(IMUL_RM, L) _(IMUL_RRI, L) _(MOVZX_RR, L) _(MOVZX_RM, L) _(MOVSX_RR, L)        \
    _(MOVSX_RM, L) _(CMOV_RR, L) _(SETCC_R, L) _(NOP, L)
/* The label table, [len << 8 | op]: every op's own case in every row; over
 * them (hence the override warning's silence) the hot ops' copies for
 * length L in row L and the NF ops' flagless copies for L in row 16 + L,
 * and their 32-bit copies 64 rows on (X86_LEN_FLAGS_DEAD is set only where
 * len is 7 or less, and never with X86_LEN_BLOCK_LAST: a block's last
 * record's flags are live). */
#define X86_CHAINED_HOT_ENTRY(name, L)                                                             \
    [L][X86_OP_##name] = &&x86_l_##name##_##L, [X86_LEN_W32 + L][X86_OP_##name] = &&x86_l_##name##_w_##L,
#define X86_CHAINED_NF_ENTRY(name, props, L)                                                       \
    [X86_LEN_FLAGS_DEAD + L][X86_OP_##name] = (props) & X86_P_NF ? &&x86_l_##name##_nf_##L : &&x86_l_##name, \
    [X86_LEN_W32 + X86_LEN_FLAGS_DEAD + L][X86_OP_##name] =                                        \
        (props) & X86_P_NF ? &&x86_l_##name##_nfw_##L : &&x86_l_##name,
#define X86_OP(name, unit, fmt, mn, props, exec)                                                   \
    [0 ... 127][X86_OP_##name] = &&x86_l_##name, X86_CHAINED_NF_ENTRY(name, props, 1)              \
    X86_CHAINED_NF_ENTRY(name, props, 2) X86_CHAINED_NF_ENTRY(name, props, 3)                      \
    X86_CHAINED_NF_ENTRY(name, props, 4) X86_CHAINED_NF_ENTRY(name, props, 5)                      \
    X86_CHAINED_NF_ENTRY(name, props, 6) X86_CHAINED_NF_ENTRY(name, props, 7)

uint64_t x86_run_chained(X86_CHAINED_PARAMS)
{
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Woverride-init"
    static const void *const labels[128][256] = {
        X86_OP_TABLE X86_CHAINED_HOT(X86_CHAINED_HOT_ENTRY, 1) X86_CHAINED_HOT(X86_CHAINED_HOT_ENTRY, 2)
            X86_CHAINED_HOT(X86_CHAINED_HOT_ENTRY, 3) X86_CHAINED_HOT(X86_CHAINED_HOT_ENTRY, 4)
                X86_CHAINED_HOT(X86_CHAINED_HOT_ENTRY, 5) X86_CHAINED_HOT(X86_CHAINED_HOT_ENTRY, 6)
                    X86_CHAINED_HOT(X86_CHAINED_HOT_ENTRY, 7)};
#pragma GCC diagnostic pop
#undef X86_OP
    SIM_STATIC_ASSERT(X86_LEN_FLAGS_DEAD == 16u && X86_LEN_BLOCK_LAST == 32u && X86_LEN_W32 == 64u,
                      x86_chained_rows);
    const void *const *const table = &labels[0][0]; /* [len << 8 | op] */
    const x86_insn_t *const recs = im.recs;
    /* m has this core's window folded in (sim_mem_for_core, stride_core 0:
     * the cases' accesses name core 0, X86_CHAINED_CORE), read through a
     * copy no store to the context can alias */
    const sim_mem_t m_local = *m_in, *const m = &m_local;
    if (budget > (uint64_t)INT64_MAX)
        budget = (uint64_t)INT64_MAX;
    const x86_insn_t *rp = first;     /* the record running */
    uint64_t left = budget - rp->run; /* the records not yet entered */
    X86_CHAINED_DISPATCH();

#define X86_OP X86_CHAINED_CASE
    X86_OP_TABLE
#undef X86_OP
    /* the copies per length (unreferenced ones are dropped as unreachable),
     * then the flagless ones */
#include "x86_chained_copy.h"
#define X86_CHAINED_NF
#include "x86_chained_copy.h"
#define X86_CHAINED_W32
#include "x86_chained_copy.h"
#undef X86_CHAINED_NF
#include "x86_chained_copy.h"
#undef X86_CHAINED_W32

x86_jcc:
    if (x86_cond(c, rp->aux))
        X86_CHAINED_ENTER(rp->imm);
    X86_CHAINED_ENTER(pc + x86_len(rp));
x86_jmp:
    X86_CHAINED_ENTER(rp->imm);
x86_next_block:
    /* `rp` is the record after a block's last, which ended its block for
     * lack of room or of decoded successors */
    X86_CHAINED_ENTER(pc);
x86_flow:
    /* after an END row, a block's last record */
    if (SIM_UNLIKELY(c->sys.status != SIM_RUNNING)) {
        *pcp = c->eip;
        return budget - left;
    }
    X86_CHAINED_ENTER(c->eip);
x86_stopped:
    /* before its block's last record: EIP is on it (x86_fault), the rest
     * of the block was counted on entry and is given back */
    *pcp = c->eip;
    return budget - left - (rp->run - 1u);
}

#undef X86_CHAINED_CASE
#undef X86_CHAINED_BODY
#undef X86_CHAINED_DISPATCH
#undef X86_CHAINED_HOT
#undef X86_CHAINED_HOT_ENTRY
#undef X86_CHAINED_NF_ENTRY
#undef X86_CHAINED_OWN
#undef X86_CHAINED_ENTER
#undef pc
#undef icount

#endif
