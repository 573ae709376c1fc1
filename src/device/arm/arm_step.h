/* The ARM step loop: fetch the predecoded record, test its condition, run
 * its semantics (one switch over arm_op_t; families in arm_exec_*.h), count.
 * Single source: the CPU backend and the CUDA kernel both call arm_run.
 *
 *   arm_run(&ctx, &image, &mem, core, 100000);   // until halt, fault or 100000
 *
 * Between steps c->r[15] is the address of the next instruction. */
#ifndef ARM_STEP_H
#define ARM_STEP_H

#include "arm_exec_base.h"
#include "arm_exec_dataproc.h"
#include "arm_exec_mul.h"
#include "arm_exec_bits.h"
#include "arm_exec_media.h"
#include "arm_exec_dsp.h"
#include "arm_exec_loadstore.h"
#include "arm_exec_atomic.h"
#include "arm_exec_branch.h"
#include "arm_exec_sys.h"
#include "arm_exec_vfp_mem.h"
#include "arm_exec_neon_arith.h"
#include "arm_exec_neon_elem.h"
#include "arm_kuser.h"
#include "../sim_xmap.h"

#define ARM_KUSER_LO 0xffff0f60u

/* Records come only from the decoders, whose ops are rows of the table: on
 * the host, saying so drops the jump table's range check from every step. */
#if defined(__GNUC__) && !defined(__CUDA_ARCH__)
#define ARM_OP_OUT_OF_RANGE(fallback) __builtin_unreachable()
#else
#define ARM_OP_OUT_OF_RANGE(fallback) fallback
#endif

/* Every op's semantics is one case, generated from its row of the table
 * (arm_ops.def: the stop and exec columns) with ARM_OP_BEGIN(op) ...
 * ARM_OP_END(stopped): arm_exec expands them as the cases of a switch that
 * returns `stopped`; the host's chained fast path (fast/arm_chained.h) as
 * labels that go on to the next record. A case reports whether the core
 * may have stopped: the ones that can fault, halt or wait from the status
 * (STATUS) or from what their body returns (RET: LDM, STM and the loads
 * and stores, whose inline paths answer with a constant), every other case
 * says no at compile time (NONE), so the fast path tests the status only
 * after the former. */
#define ARM_SWITCH_BEGIN(op) case ARM_OP_##op:
#define ARM_SWITCH_END(stopped) return (stopped);
#define ARM_OP_BEGIN ARM_SWITCH_BEGIN
#define ARM_OP_END ARM_SWITCH_END
#define ARM_CASE_NONE(op, body)                                                \
    ARM_OP_BEGIN(op)                                                           \
        body;                                                                  \
        ARM_OP_END(0)
#define ARM_CASE_STATUS(op, body)                                              \
    ARM_OP_BEGIN(op)                                                           \
        body;                                                                  \
        ARM_OP_END(c->sys.status != SIM_RUNNING)
#define ARM_CASE_RET(op, body)                                                 \
    ARM_OP_BEGIN(op)                                                           \
        ARM_OP_END(body)

/* Execute the record `in` for the instruction at pc; r15 and npc are set.
 * icount: instructions retired before this one; only the SVC needs it in
 * the context (the virtual clock), so it is stored there and nowhere else. */
SIM_INLINE uint32_t arm_exec(arm_ctx_t *c, const arm_insn_t *in, const sim_mem_t *m,
                             uint32_t core, uint32_t pc, uint64_t icount)
{
    switch (in->op) {
#define ARM_OP(name, unit, fmt, mn, props, stop, exec) ARM_CASE_##stop(name, exec)
        ARM_OP_TABLE
#undef ARM_OP
    default:
        ARM_OP_OUT_OF_RANGE(arm_undef(c, in, pc));
        return 1;
    }
}

#ifndef __CUDA_ARCH__
/* The record of the instruction at offset off of core `core`'s window (an
 * ARM_OP_UNDECODED one, which waits for the decoder when run), or NULL
 * when its page must be decoded (again): never fetched from in this
 * instruction set, or decoded before the core's last cache flush or
 * mapping change (sys.code_gen). Such code runs a step at a time. */
SIM_INLINE const arm_insn_t *arm_fetch_win(const arm_ctx_t *c, const arm_code_t *img, uint32_t core, uint32_t off)
{
    const arm_win_page_t *p = img->win[(uint64_t)core * img->win_pages + off / ARM_CODE_PAGE];
    uint32_t t = c->thumb ? 1u : 0u, o = off % ARM_CODE_PAGE;
    if (!p || p->gen[t] != c->sys.code_gen)
        return NULL;
    return t ? &p->t32[o / 2u] : &p->a32[o / 4u];
}

/* One step of code in the window (below: out of line, the executor once more). */
SIM_COLD void arm_step_win(arm_ctx_t *c, const arm_code_t *img, const sim_mem_t *m, uint32_t core,
                           uint32_t pc, uint64_t icount);
#endif

/* A fetch outside the text: code in the core's window (never on the GPU:
 * win is NULL there), a kuser helper, or a fault. */
SIM_FN void arm_fetch_miss(arm_ctx_t *c, const arm_code_t *img, const sim_mem_t *m, uint32_t core,
                           uint32_t pc, uint64_t icount)
{
#ifndef __CUDA_ARCH__
    if (img->win && pc - m->priv_base < m->priv_size && (pc & (c->thumb ? 1u : 3u)) == 0) {
        arm_step_win(c, img, m, core, pc, icount);
        return;
    }
#endif
    if (pc >= ARM_KUSER_LO && !c->thumb && (pc & 3u) == 0) {
        arm_kuser(c, m, core, pc);
    } else {
        sim_fault(&c->sys, SIM_FAULT_FETCH, pc, pc);
    }
}

/* After an instruction inside an IT block: ITAdvance, unless it did not
 * complete (a fault, an SVC left to be retried, a record to decode). */
SIM_FN void arm_it_after(arm_ctx_t *c, uint32_t pc)
{
    uint32_t st = c->sys.status;
    if (st != SIM_FAULTED && st != SIM_WAIT_DECODE && !(st == SIM_WAIT_HOST && c->npc == pc))
        c->it = arm_it_advance(c->it);
}

/* The condition record `in` runs under in IT state it (not 0): the IT
 * block's, but for a record not decoded yet, which must not be skipped
 * (its length is not known) and waits for the decoder. */
SIM_FN uint32_t arm_it_cond(uint32_t it, const arm_insn_t *in)
{
    return in->op == ARM_OP_UNDECODED ? ARM_COND_AL : it >> 4;
}

/* The record of the instruction at pc, or NULL outside the text. The index
 * carries the misaligned bits rotated to the top, so one compare checks
 * bounds and alignment. The image comes by value: its fields stay in host
 * registers instead of being reloaded after every store to target memory
 * (which may alias them). */
SIM_INLINE uint32_t arm_fetch_index(arm_code_t img, uint32_t pc, uint32_t thumb)
{
    uint32_t off = pc - img.text_lo;
    return SIM_LIKELY(!thumb) ? (off >> 2) | (off << 30) : (off >> 1) | (off << 31);
}

SIM_INLINE const arm_insn_t *arm_fetch(const arm_ctx_t *c, arm_code_t img, uint32_t pc)
{
    uint32_t idx = arm_fetch_index(img, pc, c->thumb);
    if (SIM_LIKELY(!c->thumb))
        return idx < img.text_size >> 2 ? &img.a32[idx] : NULL;
    return idx < img.text_size >> 1 ? &img.t32[idx] : NULL;
}

/* Condition and execution of record `in`, the instruction at pc, with all
 * of a step's bookkeeping: r15 reads as pc + 8 (A32) or + 4 (T32), npc is
 * where execution goes on, and in Thumb state the IT condition overrides
 * the record's. */
SIM_INLINE void arm_step_record(arm_ctx_t *c, const arm_insn_t *in, const sim_mem_t *m,
                                uint32_t core, uint32_t pc, uint64_t icount)
{
    uint32_t it = c->thumb ? c->it : 0u, cond = SIM_UNLIKELY(it) ? arm_it_cond(it, in) : in->cond;
    c->r[15] = pc + (c->thumb ? 4u : 8u);
    c->npc = pc + arm_len(in);
    if (cond == ARM_COND_AL || arm_cond_pass(cond, c->nzcv))
        arm_exec(c, in, m, core, pc, icount);
    if (SIM_UNLIKELY(it != 0))
        arm_it_after(c, pc);
    c->r[15] = c->npc;
}

#ifndef __CUDA_ARCH__
/* A page that is not executable faults the fetch (SIGSEGV, as Linux), so
 * does a 32-bit Thumb instruction whose second half lies on one. */
SIM_COLD void arm_step_win(arm_ctx_t *c, const arm_code_t *img, const sim_mem_t *m, uint32_t core,
                           uint32_t pc, uint64_t icount)
{
    const arm_insn_t *in = NULL;
    if (!sim_xmap_exec(m, core, pc))
        sim_fault(&c->sys, SIM_FAULT_FETCH, pc, pc);
    else if (!(in = arm_fetch_win(c, img, core, pc - m->priv_base)))
        arm_wait_decode(c, pc);
    else if (arm_len(in) == 4u && pc % ARM_CODE_PAGE == ARM_CODE_PAGE - 2u && !sim_xmap_exec(m, core, pc + 2u))
        sim_fault(&c->sys, SIM_FAULT_FETCH, pc, pc + 2u);
    else
        arm_step_record(c, in, m, core, pc, icount);
}
#endif

SIM_INLINE void arm_step_inline(arm_ctx_t *c, arm_code_t img, const sim_mem_t *m,
                                uint32_t core, uint64_t icount)
{
    uint32_t pc = c->r[15];
    const arm_insn_t *in = arm_fetch(c, img, pc);
    if (SIM_UNLIKELY(in == NULL))
        arm_fetch_miss(c, &img, m, core, pc, icount);
    else
        arm_step_record(c, in, m, core, pc, icount);
}

/* Execute one instruction of core `core` (arm_run does the counting). */
SIM_FN void arm_step(arm_ctx_t *c, const arm_code_t *img, const sim_mem_t *m, uint32_t core)
{
    arm_step_inline(c, *img, m, core, sim_icount(&c->sys));
}

/* The fast path: k records from *inp on, none of which ends its block
 * (arm_block.c), so none writes or reads the PC, changes the instruction
 * set or the IT state: no fetch check and no r15/npc bookkeeping. Outside
 * IT blocks a Thumb record's condition is AL. Advances *inp and *pcp past
 * the records run; stops after one that faulted, leaving both on it.
 * Returns the records run, the faulting one included. */
SIM_INLINE uint32_t arm_run_straight(arm_ctx_t *c, const arm_insn_t **inp, uint32_t thumb,
                                     const sim_mem_t *m, uint32_t core, uint32_t *pcp,
                                     uint32_t k, uint64_t icount)
{
    const arm_insn_t *in = *inp;
    uint32_t pc = *pcp, j;
    for (j = 0; j < k; j++) {
        if (arm_record_passes(c, in)) {
            /* icount: only an SVC reads it, and an SVC ends its block. */
            if (SIM_UNLIKELY(arm_exec(c, in, m, core, pc, icount))) {
                j++;
                break;
            }
        }
        /* A branch, not a select: in A32 the next record's address must not
         * wait for this record's len to load. */
        if (SIM_LIKELY(!thumb)) {
            pc += 4u;
            in++;
        } else {
            pc += arm_len(in);
            in = arm_next_t32(in);
        }
    }
    *inp = in;
    *pcp = pc;
    return j;
}

/* The host's fast path, blocks chained with threaded dispatch, one function
 * per instruction set (arm_chained.h, compiled once in arm_chained.c). */
#if defined(__GNUC__) && !defined(__CUDACC__)
#define ARM_CHAINED_PARAMS                                                     \
    arm_ctx_t *c, const arm_insn_t *in, arm_code_t im, const sim_mem_t *m_in, uint32_t core_id, \
        uint32_t *pcp, uint64_t budget, uint64_t icount
uint64_t arm_run_a32_chained(ARM_CHAINED_PARAMS);
uint64_t arm_run_t32_chained(ARM_CHAINED_PARAMS);
#endif

/* Run until c->sys.status != SIM_RUNNING or max_steps instructions; adds the
 * executed count to the icount and returns it. An instruction that faults,
 * or an SVC that must be retried after the host (WAIT_HOST with the PC left
 * on it), is not counted; a condition-failed one is. Each pass fetches one
 * record through the pc. On the host, over the CPU layout of private
 * memory, whole blocks that fit the budget go to the chained path, which
 * returns only when the core stops or the next block does not fit or
 * leaves the text. Otherwise (the CUDA kernel, an interleaved layout, a
 * block cut by the budget, an IT block) the pass runs the rest of the
 * block but the last record on the fast path, and then that last one: a
 * plain B (the loops' back edges) right here, anything else as a full
 * step. The pc stays in a local between passes; r15 holds it again on
 * return. */
SIM_FN uint64_t arm_run(arm_ctx_t *c, const arm_code_t *img, const sim_mem_t *m,
                        uint32_t core, uint64_t max_steps)
{
    uint64_t start = sim_icount(&c->sys), n = 0;
    uint32_t pc = c->r[15];
    const arm_code_t im = *img;
    /* A private copy of the memory layout: stores to target memory cannot
     * alias it, so its fields stay in host registers across steps. */
    const sim_mem_t mm = sim_mem_for_core(m, core);
    while (n < max_steps && SIM_LIKELY(c->sys.status == SIM_RUNNING)) {
        const arm_insn_t *in = arm_fetch(c, im, pc);
        if (SIM_UNLIKELY(in == NULL)) {
            c->r[15] = pc;
            arm_fetch_miss(c, &im, &mm, core, pc, start + n);
            pc = c->r[15];
            n++;
            continue;
        }
#if defined(__GNUC__) && !defined(__CUDACC__)
        if (!c->it && in->run != 0u && in->run <= max_steps - n && mm.stride_word == 1u) {
            if (c->thumb)
                n += arm_run_t32_chained(c, in, im, &mm, core, &pc, max_steps - n, start + n);
            else
                n += arm_run_a32_chained(c, in, im, &mm, core, &pc, max_steps - n, start + n);
            continue;
        }
#endif
        uint64_t room = max_steps - n - 1;
        uint32_t k = c->it || in->run < 2u ? 0u : in->run - 1u;
        if (k > room)
            k = (uint32_t)room;
        if (k) {
            /* The syscall layer's virtual clock reads the count, which must
             * not depend on where a quantum happened to start: it is passed on. */
            n += arm_run_straight(c, &in, c->thumb, &mm, core, &pc, k, start + n);
            if (SIM_UNLIKELY(c->sys.status != SIM_RUNNING))
                break;
        }
        n++;
        if (in->op == ARM_OP_B && !c->it) {
            pc = arm_b_next(c, in, pc);
            continue;
        }
        arm_step_record(c, in, &mm, core, pc, start + n - 1u);
        pc = c->r[15];
    }
    c->r[15] = pc;
    /* WAIT_HOST always leaves the SVC to be retried (arm_syscall.h), and
     * WAIT_DECODE the instruction to be fetched again. */
    if (n && (c->sys.status == SIM_FAULTED || c->sys.status == SIM_WAIT_HOST ||
              c->sys.status == SIM_WAIT_DECODE))
        n--;
    sim_set_icount(&c->sys, start + n);
    return n;
}

#endif
