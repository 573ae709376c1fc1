/* The SIMT stack: lanes part at divergent branches and meet again at the
 * immediate post-dominator (activemask there is the whole warp again),
 * through nested if/else, loops with break and continue, partial exit,
 * brx.idx, and the instruction counts of a diverged warp. */
#include "test_ptx_exec_fixture.h"

Test(ptx_simt, nested_if_else_reconverges)
{
    int rc;
    te_t *t = te_run("", TE_REGS
        "and.b32 %r1, %r0, 1;\n"
        "setp.eq.u32 %p1, %r1, 0;\n"
        "@%p1 bra EVEN;\n"
        "and.b32 %r2, %r0, 2;\n"
        "setp.eq.u32 %p2, %r2, 0;\n"
        "@%p2 bra ODD_A;\n"
        "mov.u32 %r3, 1;\n"
        "activemask.b32 %r4;\n"
        "bra ODD_DONE;\n"
        "ODD_A:\n"
        "mov.u32 %r3, 2;\n"
        "activemask.b32 %r4;\n"
        "ODD_DONE:\n"
        "activemask.b32 %r5;\n"
        "bra JOIN;\n"
        "EVEN:\n"
        "mov.u32 %r3, 3;\n"
        "activemask.b32 %r4;\n"
        "mov.u32 %r5, 0;\n"
        "JOIN:\n"
        "activemask.b32 %r6;\n"
        "mul.wide.u32 %rd3, %r0, 16;\n"
        "add.u64 %rd4, %rd0, %rd3;\n"
        "st.global.v4.u32 [%rd4], {%r3, %r4, %r5, %r6};\n"
        "ret;", 1, 32, &rc);
    cr_assert_eq(rc, 0);
    for (uint32_t i = 0; i < 32; i++) {
        uint32_t odd = i & 1, v = odd ? ((i & 2) ? 1 : 2) : 3;
        uint32_t group = odd ? ((i & 2) ? 0x88888888u : 0x22222222u) : 0x55555555u;
        cr_assert_eq(te_u32(t, 4 * i), v);
        cr_assert_eq(te_u32(t, 4 * i + 1), group, "lane %u: active %08x", i, te_u32(t, 4 * i + 1));
        cr_assert_eq(te_u32(t, 4 * i + 2), odd ? 0xaaaaaaaau : 0, "the odd lanes meet first");
        cr_assert_eq(te_u32(t, 4 * i + 3), 0xffffffffu, "then the whole warp");
    }
    te_free(t);
}

/* sum of i in [0, tid) skipping 7, stopping after 20 */
Test(ptx_simt, loop_break_continue)
{
    int rc;
    te_t *t = te_run("", TE_REGS
        "mov.u32 %r1, 0;\n"        /* i */
        "mov.u32 %r2, 0;\n"        /* sum */
        "mov.u32 %r5, 0;\n"        /* iterations */
        "LOOP:\n"
        "setp.ge.u32 %p1, %r1, %r0;\n"
        "@%p1 bra DONE;\n"
        "add.u32 %r5, %r5, 1;\n"
        "setp.eq.u32 %p2, %r1, 7;\n"
        "@%p2 bra NEXT;\n"
        "setp.gt.u32 %p3, %r1, 20;\n"
        "@%p3 bra DONE;\n"
        "add.u32 %r2, %r2, %r1;\n"
        "NEXT:\n"
        "add.u32 %r1, %r1, 1;\n"
        "bra LOOP;\n"
        "DONE:\n"
        "activemask.b32 %r3;\n"
        "mul.wide.u32 %rd3, %r0, 12;\n"
        "add.u64 %rd4, %rd0, %rd3;\n"
        "st.global.u32 [%rd4], %r2;\n"
        "st.global.u32 [%rd4+4], %r3;\n"
        "st.global.u32 [%rd4+8], %r5;\n"
        "ret;", 1, 32, &rc);
    cr_assert_eq(rc, 0);
    for (uint32_t tid = 0; tid < 32; tid++) {
        uint32_t sum = 0, it = 0;
        for (uint32_t i = 0; i < tid; i++) {
            it++;
            if (i == 7)
                continue;
            if (i > 20)
                break;
            sum += i;
        }
        cr_assert_eq(te_u32(t, 3 * tid), sum, "tid %u", tid);
        cr_assert_eq(te_u32(t, 3 * tid + 1), 0xffffffffu, "reconverged after the loop");
        cr_assert_eq(te_u32(t, 3 * tid + 2), it);
    }
    te_free(t);
}

/* Lanes below 10 exit; the rest go on alone, and a barrier counts only
 * the threads still there (two warps). */
Test(ptx_simt, partial_exit)
{
    int rc;
    te_t *t = te_run("", TE_REGS
        "and.b32 %r1, %r0, 31;\n"
        "setp.lt.u32 %p1, %r1, 10;\n"
        "@%p1 exit;\n"
        "bar.sync 0;\n"
        "activemask.b32 %r2;\n"
        "st.global.u32 [%rd2], %r2;\n"
        "ret;", 1, 64, &rc);
    cr_assert_eq(rc, 0, "fault %u", t->f.code);
    for (uint32_t i = 0; i < 64; i++)
        cr_assert_eq(te_u32(t, i), (i % 32) < 10 ? 0u : 0xfffffc00u, "thread %u", i);
    te_free(t);
}

/* A guarded ret in the kernel is an exit of those lanes. */
Test(ptx_simt, guarded_ret_and_counts)
{
    int rc;
    te_t *t = te_run("", TE_REGS
        "setp.ge.u32 %p1, %r0, 8;\n"
        "@%p1 ret;\n"
        "st.global.u32 [%rd2], 5;\n"
        "ret;", 1, 32, &rc);
    cr_assert_eq(rc, 0);
    for (uint32_t i = 0; i < 32; i++)
        cr_assert_eq(te_u32(t, i), i < 8 ? 5u : 0u);
    /* 4 + setp + @ret on 32 lanes, st and ret on 8 */
    cr_assert_eq(t->st.warp_insns, 8);
    cr_assert_eq(t->st.thread_insns, 6 * 32 + 2 * 8);
    te_free(t);
}

Test(ptx_simt, brx_idx_switch)
{
    int rc;
    te_t *t = te_run("", TE_REGS
        "and.b32 %r1, %r0, 3;\n"
        "ts: .branchtargets C0, C1, C2, C3;\n"
        "brx.idx %r1, ts;\n"
        "C0: mov.u32 %r2, 100; bra J;\n"
        "C1: mov.u32 %r2, 101; bra J;\n"
        "C2: mov.u32 %r2, 102; bra J;\n"
        "C3: mov.u32 %r2, 103;\n"
        "J: activemask.b32 %r3;\n"
        "add.u32 %r2, %r2, %r3;\n"
        "st.global.u32 [%rd2], %r2;\n"
        "ret;", 1, 32, &rc);
    cr_assert_eq(rc, 0, "fault %u line %u", t->f.code, t->f.line);
    for (uint32_t i = 0; i < 32; i++)
        cr_assert_eq(te_u32(t, i), 100 + (i & 3) + 0xffffffffu, "lane %u", i);
    te_free(t);
}
