/* The IA-32 step loop: fetch the predecoded record by pc (one record per
 * text byte), run its semantics (one switch over x86_op_t, generated from
 * x86_ops.def; the families in x86_exec_*.h), count. Single source: the CPU
 * backend and the CUDA kernel both call x86_run.
 *
 * Between steps c->eip is the address of the next instruction. */
#ifndef X86_STEP_H
#define X86_STEP_H

#include "x86_exec_alu.h"
#include "x86_exec_mul.h"
#include "x86_exec_move.h"
#include "x86_exec_bits.h"
#include "x86_exec_atomic.h"
#include "x86_exec_string.h"
#include "x86_exec_flow.h"
#include "x86_exec_sys.h"
#include "x86_exec_sse.h"
#include "../sim_xmap.h"

#if defined(__GNUC__) && !defined(__CUDA_ARCH__)
#define X86_OP_OUT_OF_RANGE() __builtin_unreachable()
#else
#define X86_OP_OUT_OF_RANGE() ((void)0)
#endif

/* Execute record `in`, the instruction at pc, EIP already past it (the
 * flow ops overwrite it). Returns whether the core may have stopped: only
 * the rows marked X86_P_STOP look at the status, the others answer 0 at
 * compile time. icount: instructions retired before this one. */
SIM_INLINE uint32_t x86_exec(x86_ctx_t *c, const x86_insn_t *in, const sim_mem_t *m, uint32_t core, uint32_t pc,
                             uint64_t icount)
{
    (void)icount;
    switch (in->op) {
#define X86_OP(name, unit, fmt, mn, props, exec)                                                   \
    case X86_OP_##name: {                                                                          \
        exec;                                                                                      \
        return ((props) & X86_P_STOP) ? c->sys.status != SIM_RUNNING : 0u;                         \
    }
        X86_OP_TABLE
#undef X86_OP
    default:
        X86_OP_OUT_OF_RANGE();
        x86_undef(c, in, pc);
        return 1;
    }
}

/* The record of the instruction at pc, NULL outside the text. The image
 * comes by value so that its fields stay in host registers. */
SIM_INLINE const x86_insn_t *x86_fetch(x86_code_t img, uint32_t pc)
{
    uint32_t off = pc - img.text_lo;
    return off < img.text_size ? &img.recs[off] : (const x86_insn_t *)0;
}

/* One full step of the record at pc. */
SIM_INLINE void x86_step_record(x86_ctx_t *c, const x86_insn_t *in, const sim_mem_t *m, uint32_t core, uint32_t pc,
                                uint64_t icount)
{
    c->eip = pc + x86_len(in);
    x86_exec(c, in, m, core, pc, icount);
}

#ifndef __CUDA_ARCH__
/* The record of the instruction at offset off of core `core`'s window, or
 * NULL when the host must decode it (again): not decoded yet, or the
 * core's bytes under it are no longer those it was decoded from. Comparing
 * the bytes at fetch, rather than counting stores into code, costs the
 * stores nothing and misses none (string, x87, SSE, atomics, system calls,
 * a new mapping). An undefined encoding depends on all the bytes the
 * decoder read. */
SIM_INLINE const x86_insn_t *x86_fetch_win(const x86_code_t *img, const sim_mem_t *m, uint32_t core, uint32_t off)
{
    const x86_win_page_t *p = img->win[(uint64_t)core * img->win_pages + off / X86_CODE_PAGE];
    uint32_t o = off % X86_CODE_PAGE;
    if (!p || p->recs[o].op == X86_OP_UNDECODED)
        return (const x86_insn_t *)0;
    const x86_insn_t *in = &p->recs[o];
    uint32_t n = in->op == X86_OP_UNDEF ? X86_MAX_LEN : x86_len(in);
    for (uint32_t i = 0; i < n && off + i < m->priv_size; i++)
        if (sim_priv_ld8(m, core, off + i) != p->seen[o + i])
            return (const x86_insn_t *)0;
    return in;
}

/* A step of code in the window. A page that is not executable faults the
 * fetch (SIGSEGV, as Linux), at the first byte an instruction has there. */
SIM_COLD void x86_step_win(x86_ctx_t *c, const x86_code_t *img, const sim_mem_t *m, uint32_t core, uint32_t pc,
                           uint64_t icount)
{
    const x86_insn_t *in = (const x86_insn_t *)0;
    uint32_t next_page = (pc | (X86_CODE_PAGE - 1u)) + 1u;
    if (!sim_xmap_exec(m, core, pc))
        x86_fault(c, SIM_FAULT_FETCH, pc, pc);
    else if (!(in = x86_fetch_win(img, m, core, pc - m->priv_base)))
        x86_wait_decode(c, pc);
    else if (in->op != X86_OP_UNDEF && next_page - pc < x86_len(in) && !sim_xmap_exec(m, core, next_page))
        x86_fault(c, SIM_FAULT_FETCH, pc, next_page);
    else
        x86_step_record(c, in, m, core, pc, icount);
}
#endif

/* A fetch outside the text: a step of code in the core's window (never on
 * the GPU: win is NULL there), else a fault. Such code runs a step at a
 * time: it is meant to be correct, not fast. */
SIM_COLD void x86_fetch_miss(x86_ctx_t *c, const x86_code_t *img, const sim_mem_t *m, uint32_t core, uint32_t pc,
                             uint64_t icount)
{
#ifndef __CUDA_ARCH__
    if (img->win && pc - m->priv_base < m->priv_size) {
        x86_step_win(c, img, m, core, pc, icount);
        return;
    }
#endif
    x86_fault(c, SIM_FAULT_FETCH, pc, pc);
}

SIM_FN void x86_step(x86_ctx_t *c, const x86_code_t *img, const sim_mem_t *m, uint32_t core)
{
    uint32_t pc = c->eip;
    const x86_insn_t *in = x86_fetch(*img, pc);
    if (!in)
        x86_fetch_miss(c, img, m, core, pc, sim_icount(&c->sys));
    else
        x86_step_record(c, in, m, core, pc, sim_icount(&c->sys));
}

/* The host's fast path, blocks chained with threaded dispatch
 * (fast/x86_chained.c): from record `first` (the one at *pcp, 1 <= run <=
 * budget) on, over m_in with this core's window folded in (its accesses
 * then add nothing for the core's number core_id, which only the system
 * calls need). Returns the records run, a stopping one included, and
 * leaves in *pcp the pc to go on from. x86_chained_off:
 * WARPSIM_X86_SWITCH set, the switch path only. */
#if defined(__GNUC__) && !defined(__CUDACC__)
#define X86_CHAINED_PARAMS                                                                         \
    x86_ctx_t *c, const x86_insn_t *first, x86_code_t im, const sim_mem_t *m_in, uint32_t core_id, \
        uint32_t *pcp, uint64_t budget, uint64_t icount0
uint64_t x86_run_chained(X86_CHAINED_PARAMS);
extern int x86_chained_off;
#endif

/* Run until the core stops or max_steps instructions; adds the executed
 * count to the icount and returns it. An instruction that faults, waits
 * for the decoder, or makes a system call that must be retried after the
 * host (WAIT_HOST, EIP left on it) is not counted. Each pass fetches one
 * record through the pc. On the host, over the CPU layout of private
 * memory, whole blocks that fit the budget go to the chained path, which
 * returns only when the core stops or the next block does not fit or
 * leaves the text. Otherwise (the CUDA kernel, a block cut by the budget)
 * the pass runs the records of its block that fit the budget, each as a
 * full step (EIP past it first): one call of x86_exec, so that the
 * kernel has one copy of the op switch, not two (a copy for the block's
 * straight-line records without the EIP store doubled ptxas's work on
 * the largest function of the kernel). A pc outside the text is a step
 * of writable code or a fault (x86_fetch_miss). */
SIM_FN uint64_t x86_run(x86_ctx_t *c, const x86_code_t *img, const sim_mem_t *m, uint32_t core, uint64_t max_steps)
{
    uint64_t start = sim_icount(&c->sys), n = 0;
    uint32_t pc = c->eip;
    const x86_code_t im = *img;
    const sim_mem_t mm = sim_mem_for_core(m, core);
    while (n < max_steps && SIM_LIKELY(c->sys.status == SIM_RUNNING)) {
        const x86_insn_t *in = x86_fetch(im, pc);
        if (SIM_UNLIKELY(in == 0)) {
            n++;
            x86_fetch_miss(c, &im, &mm, core, pc, start + n - 1u);
            pc = c->eip;
            continue;
        }
#if defined(__GNUC__) && !defined(__CUDACC__)
        if (in->run != 0u && in->run <= max_steps - n && mm.stride_word == 1u && !x86_chained_off) {
            n += x86_run_chained(c, in, im, &mm, core, &pc, max_steps - n, start + n);
            continue;
        }
#endif
        uint64_t room = max_steps - n;
        uint32_t k = in->run ? in->run : 1u;
        if (k > room)
            k = (uint32_t)room;
        for (;;) {
            n++;
            c->eip = pc + x86_len(in);
            uint32_t stopped = x86_exec(c, in, &mm, core, pc, start + n - 1u);
            pc = c->eip;
            if (SIM_UNLIKELY(stopped) || --k == 0u)
                break;
            in += x86_len(in);
        }
    }
    c->eip = pc;
    if (n && (c->sys.status == SIM_FAULTED || c->sys.status == SIM_WAIT_HOST || c->sys.status == SIM_WAIT_DECODE))
        n--;
    sim_set_icount(&c->sys, start + n);
    return n;
}

#endif
