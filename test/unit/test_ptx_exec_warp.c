/* Warp collectives under full and partial masks (shfl up/down/bfly/idx with
 * clamp and segments, vote, match, redux), barriers (bar.red, a named
 * barrier with a thread count, the deadlock fault) and atomics (every op,
 * shared and global, contended). Expected values are computed here in C. */
#include "test_ptx_exec_fixture.h"

/* Lanes >= 4 take part (a partial mask); each result at out[tid]. */
#define PARTIAL "setp.lt.u32 %p9, %r0, 4;\n@%p9 bra SKIP;\n"

static void check_shfl(const char *mode, uint32_t b, uint32_t c, int partial)
{
    char body[2048];
    snprintf(body, sizeof body, "%s%s"
             "mul.lo.u32 %%r1, %%r0, 3;\n"
             "activemask.b32 %%r5;\n"
             "shfl.sync.%s.b32 %%r2|%%p1, %%r1, %u, %u, %%r5;\n"
             "selp.u32 %%r3, 1000, 0, %%p1;\n"
             "add.u32 %%r4, %%r2, %%r3;\n"
             "st.global.u32 [%%rd2], %%r4;\n"
             "SKIP:\nret;", TE_REGS, partial ? PARTIAL : "", mode, b, c);
    int rc, src[32], in[32];
    uint64_t inactive = 0;
    te_t *t = te_run("", body, 1, 32, &rc);
    for (uint32_t lane = partial ? 4 : 0; lane < 32; lane++) {
        uint32_t seg = (c >> 8) & 31, cval = c & 31;
        int maxl = (int)((lane & seg) | (cval & ~seg)), minl = (int)(lane & seg), j;
        int p;
        if (!strcmp(mode, "up")) j = (int)lane - (int)b, p = j >= maxl;
        else if (!strcmp(mode, "down")) j = (int)lane + (int)b, p = j <= maxl;
        else if (!strcmp(mode, "bfly")) j = (int)(lane ^ b), p = j <= maxl;
        else j = minl | (int)(b & ~seg), p = j <= maxl;
        if (!p) j = (int)lane;
        src[lane] = j, in[lane] = p;
        inactive += partial && j < 4;
    }
    cr_assert_eq(rc, 0);
    for (uint32_t lane = partial ? 4 : 0; lane < 32; lane++) {
        /* lanes 0-3 sit out: a read of one gives 0 (ptx_exec_shfl) */
        uint32_t want = (partial && src[lane] < 4 ? 0 : (uint32_t)src[lane] * 3) + (in[lane] ? 1000 : 0);
        cr_assert_eq(te_u32(t, lane), want, "shfl.%s b=%u c=%#x lane %u: %u, want %u", mode, b, c, lane,
                     te_u32(t, lane), want);
    }
    cr_assert_eq(t->st.shfl_inactive, inactive, "shfl.%s b=%u c=%#x: %llu inactive reads, want %llu", mode, b, c,
                 (unsigned long long)t->st.shfl_inactive, (unsigned long long)inactive);
    te_free(t);
}

Test(ptx_warp, shfl_modes)
{
    static const char *modes[] = {"up", "down", "bfly", "idx"};
    static const uint32_t bs[] = {1, 2, 5, 16};
    static const uint32_t cs[] = {0x1f, 0, 0x181f, 0x1c1f, 0x1807};
    for (int m = 0; m < 4; m++)
        for (int i = 0; i < 4; i++)
            for (int k = 0; k < 5; k++) {
                uint32_t c = cs[k];
                if (!strcmp(modes[m], "up"))
                    c &= ~0x1fu; /* up: c's low bits are the minimum lane */
                check_shfl(modes[m], bs[i], c, (i + k) & 1);
            }
}

/* Every lane executes, but each half names only itself: lane l < 16 reads
 * lane l + 16, which executes the shfl outside l's membermask. What a card
 * returns is not known, so the read faults at the first such lane. */
Test(ptx_warp, shfl_outside_mask_active)
{
    int rc;
    te_t *t = te_run("", TE_REGS
        "setp.lt.u32 %p1, %r0, 16;\n"
        "selp.b32 %r5, 0xffff, 0xffff0000, %p1;\n"
        "shfl.sync.down.b32 %r2, %r0, 16, 0x1f, %r5;\n"
        "st.global.u32 [%rd2], %r2;\n"
        "ret;", 1, 32, &rc);
    cr_assert_eq(rc, -1);
    cr_assert_eq(t->f.code, PTX_FAULT_MEMBERMASK, "fault %u", t->f.code);
    cr_assert_eq(t->f.lane, 0u);
    cr_assert_eq(t->f.addr, 0xffffu);
    te_free(t);
}

Test(ptx_warp, vote_match_redux_partial)
{
    int rc;
    te_t *t = te_run("", TE_REGS PARTIAL
        "and.b32 %r1, %r0, 1;\n"
        "setp.eq.u32 %p1, %r1, 1;\n"
        "activemask.b32 %r9;\n"
        "vote.sync.ballot.b32 %r2, %p1, %r9;\n"
        "vote.sync.any.pred %p2, %p1, %r9;\n"
        "vote.sync.all.pred %p3, %p1, %r9;\n"
        "vote.sync.uni.pred %p4, %p1, %r9;\n"
        "vote.sync.all.pred %p5, !%p9, %r9;\n"
        "selp.u32 %r3, 1, 0, %p2;\n"
        "selp.u32 %r4, 2, 0, %p3;\n"
        "selp.u32 %r5, 4, 0, %p4;\n"
        "selp.u32 %r6, 8, 0, %p5;\n"
        "or.b32 %r3, %r3, %r4;\n"
        "or.b32 %r3, %r3, %r5;\n"
        "or.b32 %r3, %r3, %r6;\n"
        "shr.u32 %r10, %r0, 3;\n"
        "match.any.sync.b32 %r7, %r10, %r9;\n"
        "match.all.sync.b32 %r8|%p6, %r1, %r9;\n"
        "selp.u32 %r11, 16, 0, %p6;\n"
        "or.b32 %r3, %r3, %r11;\n"
        "redux.sync.add.u32 %r12, %r0, %r9;\n"
        "redux.sync.max.s32 %r13, %r0, %r9;\n"
        "redux.sync.or.b32 %r14, %r0, %r9;\n"
        "mul.wide.u32 %rd3, %r0, 32;\n"
        "add.u64 %rd4, %rd0, %rd3;\n"
        "st.global.v4.u32 [%rd4], {%r2, %r3, %r7, %r8};\n"
        "st.global.v4.u32 [%rd4+16], {%r12, %r13, %r14, %r9};\n"
        "SKIP:\nret;", 1, 32, &rc);
    cr_assert_eq(rc, 0);
    uint32_t act = 0xfffffff0u, sum = 0, orv = 0;
    for (uint32_t l = 4; l < 32; l++)
        sum += l, orv |= l;
    for (uint32_t l = 4; l < 32; l++) {
        const uint32_t *v = te_ptr(t, t->data + 32ull * l);
        cr_assert_eq(v[7], act);
        cr_assert_eq(v[0], 0xaaaaaaa0u, "ballot");
        cr_assert_eq(v[1], 1 | 8, "any, not all, not uni; all of !p9 over the active lanes");
        uint32_t grp = (0xffu << (l / 8 * 8)) & act;
        cr_assert_eq(v[2], grp, "match.any lane %u: %08x", l, v[2]);
        cr_assert_eq(v[3], 0, "match.all: values differ");
        cr_assert_eq(v[4], sum);
        cr_assert_eq(v[5], 31);
        cr_assert_eq(v[6], orv);
    }
    for (uint32_t l = 0; l < 4; l++)
        cr_assert_eq(te_u32(t, 8 * l + 7), 0, "lanes that skipped wrote nothing");
    te_free(t);
}

/* bar.red.popc over 96 threads, bar.red.and/or; and a named barrier with a
 * count that only two of three warps use. */
Test(ptx_warp, barriers)
{
    int rc;
    te_t *t = te_run("", TE_REGS
        "mov.u32 %r20, %tid.x;\n"
        "rem.u32 %r1, %r20, 3;\n"
        "setp.eq.u32 %p1, %r1, 0;\n"
        "bar.red.popc.u32 %r2, 0, %p1;\n"
        "bar.red.and.pred %p2, 1, %p1;\n"
        "setp.lt.u32 %p3, %r20, 200;\n"
        "bar.red.and.pred %p4, 2, %p3;\n"
        "bar.red.or.pred %p5, 3, %p1;\n"
        "selp.u32 %r3, 1, 0, %p2;\n"
        "selp.u32 %r4, 1, 0, %p4;\n"
        "selp.u32 %r5, 1, 0, %p5;\n"
        "mov.u32 %r6, 0;\n"
        "setp.ge.u32 %p6, %r20, 64;\n"
        "@%p6 bra NAMED_DONE;\n"
        "bar.sync 5, 64;\n"
        "mov.u32 %r6, 1;\n"
        "NAMED_DONE:\n"
        "mul.wide.u32 %rd3, %r20, 20;\n"
        "add.u64 %rd4, %rd0, %rd3;\n"
        "st.global.u32 [%rd4], %r2;\n"
        "st.global.u32 [%rd4+4], %r3;\n"
        "st.global.u32 [%rd4+8], %r4;\n"
        "st.global.u32 [%rd4+12], %r5;\n"
        "st.global.u32 [%rd4+16], %r6;\n"
        "ret;", 1, 96, &rc);
    cr_assert_eq(rc, 0, "fault %u line %u", t->f.code, t->f.line);
    for (uint32_t i = 0; i < 96; i++) {
        cr_assert_eq(te_u32(t, 5 * i), 32, "popc");
        cr_assert_eq(te_u32(t, 5 * i + 1), 0, "and");
        cr_assert_eq(te_u32(t, 5 * i + 2), 1, "and of all true");
        cr_assert_eq(te_u32(t, 5 * i + 3), 1, "or");
        cr_assert_eq(te_u32(t, 5 * i + 4), i < 64);
    }
    te_free(t);
}

Test(ptx_warp, barrier_deadlock_is_a_fault)
{
    int rc;
    te_t *t = te_run("", TE_REGS
        "setp.ge.u32 %p1, %r0, 32;\n"
        "@%p1 bra WAIT2;\n"
        "bar.sync 0;\n"
        "ret;\n"
        "WAIT2:\n"
        "bar.sync 1;\n"
        "ret;", 1, 64, &rc);
    cr_assert_eq(rc, -1);
    cr_assert_eq(t->f.code, PTX_FAULT_BARRIER);
    cr_assert(t->f.line == 18 || t->f.line == 21, "line %u", t->f.line);
    te_free(t);
}

/* Every atomic op on shared and global words, 64 threads contending on
 * one word each, then the result compared with the same ops in C. */
static void check_atomics(const char *space)
{
    static const struct { const char *op; int typ; } ops[] = {
        {"add.u32", 0}, {"min.s32", 1}, {"max.u32", 0}, {"inc.u32", 0}, {"dec.u32", 0}, {"and.b32", 0},
        {"or.b32", 0}, {"xor.b32", 0}, {"exch.b32", 0}, {"add.f32", 2}, {"add.u64", 3}, {"max.s64", 4},
    };
    for (size_t k = 0; k < sizeof ops / sizeof ops[0]; k++) {
        int wide = ops[k].typ >= 3;
        char decls[256], body[2048];
        snprintf(decls, sizeof decls, ".shared .align 8 .b64 sw;\n");
        const char *val = ops[k].typ == 2 ? "cvt.rn.f32.u32 %f1, %r0;\nmov.b32 %r1, %f1;\n"
                          : ops[k].typ == 1 ? "sub.u32 %r1, 40, %r0;\n"
                          : ops[k].typ == 4 ? "mul.lo.u32 %r1, %r0, 7;\n"
                                            : "add.u32 %r1, %r0, 3;\n";
        int shared = !strcmp(space, "shared");
        snprintf(body, sizeof body, "%s%s"
                 "cvt.s64.s32 %%rd5, %%r1;\n"
                 "%s"
                 "%s"
                 "atom.%s.%s %s, [%%rd6], %s;\n"
                 "%s"
                 "bar.sync 0;\n"
                 "setp.ne.u32 %%p1, %%r0, 0;\n"
                 "@%%p1 ret;\n"
                 "%s"
                 "ret;",
                 TE_REGS, val,
                 shared ? "mov.u64 %rd6, sw;\n" : "add.u64 %rd6, %rd0, 1024;\n",
                 shared ? "setp.eq.u32 %p2, %r0, 0;\n@%p2 st.shared.u64 [sw], 10;\nbar.sync 0;\n"
                        : "",
                 space, ops[k].op, wide ? "%rd7" : "%r7", wide ? "%rd5" : "%r1",
                 "",
                 shared ? "ld.shared.u64 %rd8, [sw];\nst.global.u64 [%rd0+1024], %rd8;\n" : "");
        int rc;
        char *text = te_kernel(decls, body);
        te_t *t = te_new(text);
        free(text);
        uint64_t init = 10;
        memcpy(te_ptr(t, t->data + 1024), &init, 8);
        te_param_u64(t, t->data);
        rc = te_launch(t, "k", 1, 64);
        cr_assert_eq(rc, 0, "%s %s: fault %u line %u", space, ops[k].op, t->f.code, t->f.line);
        uint64_t want64 = 10;
        uint32_t want = 10;
        float wf = 0;
        memcpy(&wf, &want, 4);
        for (uint32_t i = 0; i < 64; i++) {
            uint32_t v = ops[k].typ == 1 ? 40 - i : i + 3;
            const char *o = ops[k].op;
            if (!strcmp(o, "add.u32")) want += v;
            else if (!strcmp(o, "min.s32")) want = (int32_t)v < (int32_t)want ? v : want;
            else if (!strcmp(o, "max.u32")) want = v > want ? v : want;
            else if (!strcmp(o, "inc.u32")) want = want >= v ? 0 : want + 1;
            else if (!strcmp(o, "dec.u32")) want = (want == 0 || want > v) ? v : want - 1;
            else if (!strcmp(o, "and.b32")) want &= v;
            else if (!strcmp(o, "or.b32")) want |= v;
            else if (!strcmp(o, "xor.b32")) want ^= v;
            else if (!strcmp(o, "exch.b32")) want = v;
            else if (!strcmp(o, "add.f32")) { wf += (float)i; }
            else if (!strcmp(o, "add.u64")) want64 += i + 3;
            else if (!strcmp(o, "max.s64")) want64 = (int64_t)(i * 7) > (int64_t)want64 ? i * 7 : want64;
        }
        uint64_t got = te_u64(t, 128);
        if (ops[k].typ == 2) {
            float gf;
            uint32_t g32 = (uint32_t)got;
            memcpy(&gf, &g32, 4);
            float w0;
            uint32_t ten = 10;
            memcpy(&w0, &ten, 4);
            cr_assert_eq(gf, wf + w0, "%s add.f32", space);
        } else if (wide) {
            cr_assert_eq(got, want64, "%s %s: %llu, want %llu", space, ops[k].op, (unsigned long long)got,
                         (unsigned long long)want64);
        } else {
            cr_assert_eq((uint32_t)got, want, "%s %s: %u, want %u", space, ops[k].op, (uint32_t)got, want);
        }
        te_free(t);
    }
}

Test(ptx_warp, atomics_global) { check_atomics("global"); }
Test(ptx_warp, atomics_shared) { check_atomics("shared"); }

/* atom.cas as a lock-free counter: every thread of 4 CTAs adds 1 by CAS. */
Test(ptx_warp, atomic_cas_loop)
{
    int rc;
    char *text = te_kernel("", TE_REGS
        "add.u64 %rd3, %rd0, 0;\n"
        "AGAIN:\n"
        "ld.volatile.global.u32 %r1, [%rd3];\n"
        "add.u32 %r2, %r1, 1;\n"
        "atom.global.cas.b32 %r3, [%rd3], %r1, %r2;\n"
        "setp.ne.u32 %p1, %r3, %r1;\n"
        "@%p1 bra AGAIN;\n"
        "red.global.add.u32 [%rd3+4], 2;\n"
        "atom.global.exch.b32 %r4, [%rd3+8], %r0;\n"
        "ret;");
    te_t *t = te_new(text);
    free(text);
    te_param_u64(t, t->data);
    rc = te_launch(t, "k", 4, 64);
    cr_assert_eq(rc, 0);
    cr_assert_eq(te_u32(t, 0), 256);
    cr_assert_eq(te_u32(t, 1), 512);
    te_free(t);
}
