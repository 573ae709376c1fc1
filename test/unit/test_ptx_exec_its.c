/* Independent thread scheduling (ptx_exec_its.h) and warps interleaved in
 * their CTA (ptx_cta.c): what code compiled for sm_70 on may rely on, and
 * what livelocked or answered differently under a reconvergence stack run
 * warp after warp: spin locks held by a lane of the same warp, flags one
 * lane or warp sets for another, barriers reached by parts of a warp,
 * bar.warp.sync between diverged lanes, a read of what another warp
 * writes without a barrier. Expected values are computed here in C. */
#include "test_ptx_exec_fixture.h"

/* Every thread takes the lock in a CAS loop (as nvcc compiles
 * `while (atomicCAS(&lock, 0, 1) != 0);`), bumps a counter it reads and
 * writes plainly, records the value it saw, and releases. LOCK and CNT
 * are the lock's and the counter's addresses (shared or global). */
#define SPIN_LOCK(SPACE, LOCK, CNT)                                                                 \
    "SPIN:\n"                                                                                       \
    "atom." SPACE ".cas.b32 %r1, [" LOCK "], 0, 1;\n"                                               \
    "setp.ne.u32 %p1, %r1, 0;\n"                                                                   \
    "@%p1 bra SPIN;\n"                                                                             \
    "ld.volatile." SPACE ".u32 %r2, [" CNT "];\n"                                                   \
    "add.u32 %r3, %r2, 1;\n"                                                                       \
    "st.volatile." SPACE ".u32 [" CNT "], %r3;\n"                                                   \
    "atom." SPACE ".exch.b32 %r4, [" LOCK "], 0;\n"                                                 \
    "st.global.u32 [%rd2], %r2;\n"                                                                 \
    "ret;"

/* Each thread saw a distinct count: 0..n-1 in some order. */
static void expect_tickets(te_t *t, uint32_t n)
{
    uint64_t seen[4] = {0};
    for (uint32_t i = 0; i < n; i++) {
        uint32_t v = te_u32(t, i);
        cr_assert(v < n, "thread %u saw %u", i, v);
        cr_assert(!(seen[v / 64] >> (v % 64) & 1u), "count %u seen twice", v);
        seen[v / 64] |= 1ull << (v % 64);
    }
}

Test(ptx_its, spin_lock_shared)
{
    for (uint32_t threads = 32; threads <= 128; threads *= 4) {
        int rc;
        te_t *t = te_run(".shared .align 4 .u32 lk;\n.shared .align 4 .u32 cnt;\n", TE_REGS SPIN_LOCK("shared", "lk", "cnt"),
                         1, threads, &rc);
        cr_assert_eq(rc, 0, "%u threads: fault %u at line %u", threads, t->f.code, t->f.line);
        expect_tickets(t, threads);
        te_free(t);
    }
}

Test(ptx_its, spin_lock_global)
{
    int rc;
    /* the lock and the counter in global memory after the 64 results */
    te_t *t = te_run("", TE_REGS "add.u64 %rd5, %rd0, 512;\nadd.u64 %rd6, %rd0, 516;\n"
                     SPIN_LOCK("global", "%rd5", "%rd6"), 2, 32, &rc);
    cr_assert_eq(rc, 0, "fault %u at line %u", t->f.code, t->f.line);
    cr_assert_eq(te_u32(t, 129), 64, "count %u", te_u32(t, 129));
    te_free(t);
}

/* Lane 0 waits for a flag that lane 31 sets after writing the value; the
 * lanes in between do nothing. Lane 0's path runs first. */
Test(ptx_its, flag_between_lanes)
{
    int rc;
    te_t *t = te_run(".shared .align 4 .u32 flag;\n.shared .align 4 .u32 val;\n", TE_REGS
        "setp.eq.u32 %p1, %r0, 31;\n"
        "@%p1 bra PRODUCE;\n"
        "setp.ne.u32 %p2, %r0, 0;\n"
        "@%p2 bra DONE;\n"
        "WAIT:\n"
        "ld.volatile.shared.u32 %r1, [flag];\n"
        "setp.eq.u32 %p3, %r1, 0;\n"
        "@%p3 bra WAIT;\n"
        "ld.volatile.shared.u32 %r2, [val];\n"
        "st.global.u32 [%rd0], %r2;\n"
        "bra DONE;\n"
        "PRODUCE:\n"
        "st.volatile.shared.u32 [val], 1234;\n"
        "st.volatile.shared.u32 [flag], 1;\n"
        "DONE:\n"
        "activemask.b32 %r3;\n"
        "st.global.u32 [%rd2+128], %r3;\n"
        "ret;", 1, 32, &rc);
    cr_assert_eq(rc, 0, "fault %u at line %u", t->f.code, t->f.line);
    cr_assert_eq(te_u32(t, 0), 1234);
    for (uint32_t l = 0; l < 32; l++)
        cr_assert_eq(te_u32(t, 32 + l), 0xffffffffu, "lane %u: the warp meets again at DONE (%08x)", l,
                     te_u32(t, 32 + l));
    te_free(t);
}

/* Thread 0 (warp 0) waits for a flag thread 32 (warp 1) sets, with no
 * barrier: warps take turns at loops' back edges. */
Test(ptx_its, flag_between_warps)
{
    int rc;
    te_t *t = te_run(".shared .align 4 .u32 flag;\n", TE_REGS
        "setp.eq.u32 %p1, %r0, 32;\n"
        "@%p1 st.volatile.shared.u32 [flag], 7;\n"
        "setp.ne.u32 %p2, %r0, 0;\n"
        "@%p2 bra DONE;\n"
        "WAIT:\n"
        "ld.volatile.shared.u32 %r1, [flag];\n"
        "setp.eq.u32 %p3, %r1, 0;\n"
        "@%p3 bra WAIT;\n"
        "st.global.u32 [%rd0], %r1;\n"
        "DONE:\n"
        "ret;", 1, 64, &rc);
    cr_assert_eq(rc, 0, "fault %u at line %u", t->f.code, t->f.line);
    cr_assert_eq(te_u32(t, 0), 7);
    te_free(t);
}

/* Issue 31's reproducer: 64 threads each add 1 to their element (a[i] =
 * i), then thread 0 sums all 64 with no barrier between. Warps
 * interleaving at loops' back edges, as on a GPU and under GPGPU-Sim,
 * give 2016 + 64 = 2080; warp 0 run to its end first gave 2048. */
Test(ptx_its, unsynchronised_sum_sees_other_warps)
{
    int rc;
    char *text = te_kernel("", TE_REGS
        "ld.global.u32 %r1, [%rd2];\n"
        "add.u32 %r1, %r1, 1;\n"
        "st.global.u32 [%rd2], %r1;\n"
        "setp.ne.u32 %p1, %r0, 0;\n"
        "@%p1 bra DONE;\n"
        "mov.u32 %r2, 0;\nmov.u32 %r3, 0;\nmov.u64 %rd3, %rd0;\n"
        "SUM:\n"
        "ld.global.u32 %r4, [%rd3];\n"
        "add.u32 %r2, %r2, %r4;\n"
        "add.u64 %rd3, %rd3, 4;\n"
        "add.u32 %r3, %r3, 1;\n"
        "setp.lt.u32 %p2, %r3, 64;\n"
        "@%p2 bra SUM;\n"
        "st.global.u32 [%rd0+256], %r2;\n"
        "DONE:\n"
        "ret;");
    te_t *t = te_new(text);
    free(text);
    te_param_u64(t, t->data);
    for (uint32_t i = 0; i < 64; i++)
        memcpy(te_ptr(t, t->data + 4 * i), &i, 4);
    rc = te_launch(t, "k", 1, 64);
    cr_assert_eq(rc, 0, "fault %u", t->f.code);
    cr_assert_eq(te_u32(t, 64), 2080, "sum %u", te_u32(t, 64));
    te_free(t);
}

/* Lanes below 16 and the others reach bar.sync at different
 * instructions: the barrier counts threads (both warps' halves), and
 * after it every thread sees every other's write. */
Test(ptx_its, barrier_in_divergent_code)
{
    int rc;
    te_t *t = te_run(".shared .align 4 .u32 s[64];\n", TE_REGS
        "and.b32 %r1, %r0, 31;\n"
        "mov.u32 %r5, s;\n"
        "shl.b32 %r6, %r0, 2;\n"
        "add.u32 %r6, %r5, %r6;\n"
        "add.u32 %r7, %r0, 1;\n"
        "st.shared.u32 [%r6], %r7;\n"
        "setp.lt.u32 %p1, %r1, 16;\n"
        "@%p1 bra LOW;\n"
        "bar.sync 0;\n"
        "mov.u32 %r2, 2;\n"
        "bra JOIN;\n"
        "LOW:\n"
        "bar.sync 0;\n"
        "mov.u32 %r2, 1;\n"
        "JOIN:\n"
        "add.u32 %r3, %r0, 33;\n"
        "rem.u32 %r3, %r3, 64;\n"
        "shl.b32 %r3, %r3, 2;\n"
        "add.u32 %r3, %r5, %r3;\n"
        "ld.shared.u32 %r4, [%r3];\n"
        "add.u32 %r4, %r4, %r2;\n"
        "st.global.u32 [%rd2], %r4;\n"
        "ret;", 1, 64, &rc);
    cr_assert_eq(rc, 0, "fault %u at line %u", t->f.code, t->f.line);
    for (uint32_t i = 0; i < 64; i++)
        cr_assert_eq(te_u32(t, i), (i + 33) % 64 + 1 + ((i & 31) < 16 ? 1 : 2), "thread %u: %u", i, te_u32(t, i));
    te_free(t);
}

/* Diverged halves each write, bar.warp.sync (at different
 * instructions), then read the other half's value. */
Test(ptx_its, warp_sync_between_diverged_halves)
{
    int rc;
    te_t *t = te_run(".shared .align 4 .u32 s[32];\n", TE_REGS
        "mov.u32 %r5, s;\n"
        "shl.b32 %r6, %r0, 2;\n"
        "add.u32 %r6, %r5, %r6;\n"
        "add.u32 %r7, %r0, 100;\n"
        "setp.lt.u32 %p1, %r0, 16;\n"
        "@%p1 bra LOW;\n"
        "st.shared.u32 [%r6], %r7;\n"
        "bar.warp.sync -1;\n"
        "ld.shared.u32 %r2, [%r6+-64];\n"
        "bra JOIN;\n"
        "LOW:\n"
        "st.shared.u32 [%r6], %r7;\n"
        "bar.warp.sync -1;\n"
        "ld.shared.u32 %r2, [%r6+64];\n"
        "JOIN:\n"
        "st.global.u32 [%rd2], %r2;\n"
        "ret;", 1, 32, &rc);
    cr_assert_eq(rc, 0, "fault %u at line %u", t->f.code, t->f.line);
    for (uint32_t i = 0; i < 32; i++)
        cr_assert_eq(te_u32(t, i), (i ^ 16) + 100, "lane %u read %u", i, te_u32(t, i));
    te_free(t);
}

/* A loop whose trip count differs per lane and that touches no memory
 * (it makes progress) never lets the lanes that left it run ahead: they
 * meet the others after it, and the warp instruction count is the
 * converged one. */
Test(ptx_its, progressing_loop_reconverges)
{
    int rc;
    te_t *t = te_run("", TE_REGS
        "mov.u32 %r1, 0;\n"
        "LOOP:\n"
        "add.u32 %r1, %r1, 1;\n"
        "setp.lt.u32 %p1, %r1, %r0;\n"
        "@%p1 bra LOOP;\n"
        "activemask.b32 %r2;\n"
        "st.global.u32 [%rd2], %r2;\n"
        "ret;", 1, 32, &rc);
    cr_assert_eq(rc, 0);
    for (uint32_t i = 0; i < 32; i++)
        cr_assert_eq(te_u32(t, i), 0xffffffffu, "lane %u", i);
    /* 5 before the loop (TE_REGS's 4 and a mov), 3 an iteration for lane 31's 31, 3 after */
    cr_assert_eq(t->st.warp_insns, 5 + 3 * 31 + 3, "%llu warp instructions", (unsigned long long)t->st.warp_insns);
    te_free(t);
}
