/* Cooperative grids (ptx_run_coop.c) at PTX level: grid.sync as nvcc 13
 * emits it (the workspace from %envreg1:%envreg2, atom.add.release on its
 * barrier word, an ld.acquire spin), between phases that read what other
 * CTAs wrote; a hand-written spin on a flag that only the last CTA sets (the
 * quantum's turns); and a grid.sync that one CTA never reaches, which is a
 * barrier fault instead of a hang. Each on 1, 2 and 4 host threads (4: some
 * threads hold one CTA, some two). */
#include "test_ptx_exec_fixture.h"
#include "host/ptx/ptx_run_cpu.h"

#define NCTA 6

/* %rd5: the barrier word (workspace + 4); %r30: %ctaid.x; %r31: %nctaid.x */
#define COOP_REGS \
    TE_REGS "mov.u32 %r1, %envreg1;\nmov.u32 %r2, %envreg2;\nmov.b64 %rd5, {%r2, %r1};\nadd.u64 %rd5, %rd5, 4;\n" \
            "mov.u32 %r30, %ctaid.x;\nmov.u32 %r31, %nctaid.x;\n"

/* cooperative_groups' sync_grids, as nvcc 13 emits it for sm_70 on */
#define GRID_SYNC(n) \
    "bar.sync 0;\nsetp.ne.u32 %p1, %r0, 0;\n@%p1 bra WAITED" #n ";\n" \
    "setp.eq.u32 %p2, %r30, 0;\nsub.u32 %r5, -2147483647, %r31;\nselp.b32 %r6, %r5, 1, %p2;\n" \
    "atom.add.release.gpu.u32 %r7, [%rd5], %r6;\n" \
    "SPIN" #n ":\nld.acquire.gpu.u32 %r8, [%rd5];\nxor.b32 %r9, %r8, %r7;\nsetp.gt.s32 %p3, %r9, -1;\n" \
    "@%p3 bra SPIN" #n ";\nWAITED" #n ":\nbar.sync 0;\n"

/* Runs k(out = data) as a cooperative grid of NCTA CTAs of `block` threads
 * on `threads` host threads, the workspace at data + 4096. */
static int run_coop(te_t *t, uint32_t block, int threads, ptx_grid_result_t *r)
{
    te_param_u64(t, t->data);
    int k = ptx_find_func(t->m, "k");
    cr_assert(k >= 0);
    ptx_grid_t g = {.prog = t->p, .kernel = (uint32_t)k, .grid = {NCTA, 1, 1}, .block = {block, 1, 1},
                    .params = t->params, .param_size = t->nparams, .gridid = 1, .nsm = 4, .warps_per_sm = 48,
                    .insn_limit = 10000000, .grid_ws = t->data + 4096};
    g.gmem = (ptx_gmem_t){t->arena, PTX_GMEM_LO, TE_ARENA};
    ptx_sched_t s = {.nsm = 4, .ctas_per_sm = 2, .nctas = NCTA};
    ptx_run_coop(&g, &s, threads, r);
    cr_assert(!r->error);
    cr_assert_eq(r->threads, threads);
    return r->faulted ? -1 : 0;
}

static void grid_sync_phases(int threads)
{
    char *text = te_kernel("", COOP_REGS
        /* 1: out[c] = c + 1 (thread 0) */
        "mul.wide.u32 %rd6, %r30, 4;\nadd.u64 %rd7, %rd0, %rd6;\n"
        "add.u32 %r10, %r30, 1;\n"
        "setp.eq.u32 %p4, %r0, 0;\n@%p4 st.global.u32 [%rd7], %r10;\n"
        GRID_SYNC(1)
        /* 2: out[16 + c] = out[(c + 1) % n] * 10, written by another CTA */
        "add.u32 %r11, %r30, 1;\nrem.u32 %r11, %r11, %r31;\nmul.wide.u32 %rd8, %r11, 4;\nadd.u64 %rd9, %rd0, %rd8;\n"
        "ld.global.u32 %r12, [%rd9];\nmul.lo.u32 %r12, %r12, 10;\n"
        "@%p4 st.global.u32 [%rd7+64], %r12;\n"
        GRID_SYNC(2)
        /* 3: out[32 + c] = the sum of out[16..16+n) */
        "mov.u32 %r13, 0;\nmov.u32 %r14, 0;\nSUM:\nmul.wide.u32 %rd10, %r14, 4;\nadd.u64 %rd11, %rd0, %rd10;\n"
        "ld.global.u32 %r15, [%rd11+64];\nadd.u32 %r13, %r13, %r15;\nadd.u32 %r14, %r14, 1;\n"
        "setp.lt.u32 %p5, %r14, %r31;\n@%p5 bra SUM;\n"
        "@%p4 st.global.u32 [%rd7+128], %r13;\n"
        "ret;");
    te_t *t = te_new(text);
    free(text);
    ptx_grid_result_t r;
    int rc = run_coop(t, 64, threads, &r);
    cr_assert_eq(rc, 0, "fault %u at CTA %u line %u", r.fault.code, r.fault.cta, r.fault.line);
    cr_assert_eq(r.ctas_run, NCTA);
    uint32_t total = 0;
    for (uint32_t c = 0; c < NCTA; c++) {
        cr_assert_eq(te_u32(t, 16 + c), ((c + 1) % NCTA + 1) * 10, "phase 2 of CTA %u", c);
        total += ((c + 1) % NCTA + 1) * 10;
    }
    for (uint32_t c = 0; c < NCTA; c++)
        cr_assert_eq(te_u32(t, 32 + c), total, "phase 3 of CTA %u", c);
    cr_assert_eq(te_u32(t, 1024 + 1), 0, "two syncs: the barrier word back at 0 (+0x80000000 each)");
    ptx_grid_result_free(&r);
    te_free(t);
}

/* CTA 0 waits on a flag (a plain volatile loop, not grid.sync) that the last
 * CTA sets after a long computation: only turns let the last CTA run. */
static void flag_spin_needs_turns(int threads)
{
    char *text = te_kernel("", COOP_REGS
        "setp.ne.u32 %p4, %r0, 0;\n@%p4 bra DONE;\n"
        "add.u32 %r10, %r30, 1;\nsetp.ne.u32 %p5, %r10, %r31;\n@%p5 bra NOT_LAST;\n"
        "mov.u32 %r11, 0;\nmov.u32 %r12, 0;\nWORK:\nadd.u32 %r12, %r12, %r11;\nadd.u32 %r11, %r11, 1;\n"
        "setp.lt.u32 %p6, %r11, 20000;\n@%p6 bra WORK;\n"
        "st.volatile.global.u32 [%rd0+4], %r12;\nst.volatile.global.u32 [%rd0], 1;\nbra DONE;\n"
        "NOT_LAST:\nsetp.ne.u32 %p7, %r30, 0;\n@%p7 bra DONE;\n"
        "WAIT:\nld.volatile.global.u32 %r13, [%rd0];\nsetp.eq.u32 %p8, %r13, 0;\n@%p8 bra WAIT;\n"
        "ld.volatile.global.u32 %r14, [%rd0+4];\nst.global.u32 [%rd0+8], %r14;\n"
        "DONE:\nret;");
    te_t *t = te_new(text);
    free(text);
    ptx_grid_result_t r;
    int rc = run_coop(t, 32, threads, &r);
    cr_assert_eq(rc, 0, "fault %u at CTA %u", r.fault.code, r.fault.cta);
    uint32_t want = 0;
    for (uint32_t i = 0; i < 20000; i++)
        want += i;
    cr_assert_eq(te_u32(t, 2), want, "CTA 0 saw the last CTA's result");
    ptx_grid_result_free(&r);
    te_free(t);
}

/* CTA 2 returns before the grid.sync: the others would wait forever. */
static void grid_sync_never_completes(int threads)
{
    char *text = te_kernel("", COOP_REGS
        "setp.eq.u32 %p4, %r30, 2;\n@%p4 bra DONE;\n"
        GRID_SYNC(1)
        "st.global.u32 [%rd2], 1;\n"
        "DONE:\nret;");
    te_t *t = te_new(text);
    free(text);
    ptx_grid_result_t r;
    int rc = run_coop(t, 64, threads, &r);
    cr_assert_eq(rc, -1);
    cr_assert_eq(r.fault.code, PTX_FAULT_BARRIER, "fault %u", r.fault.code);
    cr_assert_eq(r.fault.warp, 0);
    cr_assert_eq(r.fault.lane, 0);
    cr_assert_eq(te_u32(t, 0), 0, "nobody got past the barrier");
    ptx_grid_result_free(&r);
    te_free(t);
}

Test(ptx_coop, grid_sync_phases) { grid_sync_phases(1), grid_sync_phases(2), grid_sync_phases(4); }
Test(ptx_coop, flag_spin_needs_turns) { flag_spin_needs_turns(1), flag_spin_needs_turns(2), flag_spin_needs_turns(4); }
Test(ptx_coop, grid_sync_never_completes)
{
    grid_sync_never_completes(1), grid_sync_never_completes(2), grid_sync_never_completes(4);
}
