/* The membermask of vote.sync, match.sync, redux.sync and shfl.sync
 * (ptx_check_members): results over the executing lanes of each lane's own
 * mask (two half-warp groups in one instruction); lanes that exited, or only wait to return, are
 * absent; a lane outside its own mask, or a mask naming a live lane that
 * diverged elsewhere, is a PTX_FAULT_MEMBERMASK at that lane. Expected
 * values are computed here in C. */
#include "test_ptx_exec_fixture.h"

/* %r9: this lane's half of the warp (0x0000ffff or 0xffff0000). */
#define HALVES "setp.lt.u32 %p9, %r0, 16;\nselp.b32 %r9, 0x0000ffff, 0xffff0000, %p9;\n"

Test(ptx_members, vote_match_redux_by_halves)
{
    int rc;
    /* p1: lane % 3 == 0; and the upper half all true for vote.all */
    te_t *t = te_run("", TE_REGS HALVES
        "rem.u32 %r1, %r0, 3;\n"
        "setp.eq.u32 %p1, %r1, 0;\n"
        "setp.ge.u32 %p8, %r0, 16;\n"
        "vote.sync.ballot.b32 %r2, %p1, %r9;\n"
        "vote.sync.all.pred %p2, %p8, %r9;\n"
        "vote.sync.any.pred %p3, %p8, %r9;\n"
        "vote.sync.uni.pred %p4, %p1, %r9;\n"
        "selp.u32 %r3, 1, 0, %p2;\n"
        "selp.u32 %r4, 2, 0, %p3;\n"
        "selp.u32 %r5, 4, 0, %p4;\n"
        "or.b32 %r3, %r3, %r4;\n"
        "or.b32 %r3, %r3, %r5;\n"
        "shr.u32 %r10, %r0, 2;\n"
        "and.b32 %r10, %r10, 1;\n"
        "match.any.sync.b32 %r7, %r10, %r9;\n"
        "and.b32 %r11, %r0, 0;\n"
        "match.all.sync.b32 %r8|%p6, %r11, %r9;\n"
        "redux.sync.add.u32 %r12, %r0, %r9;\n"
        "mul.wide.u32 %rd3, %r0, 32;\n"
        "add.u64 %rd4, %rd0, %rd3;\n"
        "st.global.v4.u32 [%rd4], {%r2, %r3, %r7, %r8};\n"
        "st.global.u32 [%rd4+16], %r12;\n"
        "ret;", 1, 32, &rc);
    cr_assert_eq(rc, 0, "fault %u at lane %u", t->f.code, t->f.lane);
    for (uint32_t l = 0; l < 32; l++) {
        const uint32_t *v = te_ptr(t, t->data + 32ull * l);
        uint32_t half = l < 16 ? 0x0000ffffu : 0xffff0000u, ballot = 0, sum = 0, grp = 0;
        for (uint32_t k = 0; k < 32; k++)
            if (half >> k & 1u) {
                ballot |= (k % 3 == 0) << k;
                sum += k;
                grp |= (((k >> 2) & 1) == ((l >> 2) & 1)) << k;
            }
        cr_assert_eq(v[0], ballot, "ballot lane %u: %08x, want %08x", l, v[0], ballot);
        uint32_t flags = l < 16 ? 0 : 1 | 2; /* all and any of p8 within the half; p1 is never uniform */
        cr_assert_eq(v[1], flags, "all/any/uni lane %u: %u, want %u", l, v[1], flags);
        cr_assert_eq(v[2], grp, "match.any lane %u: %08x, want %08x", l, v[2], grp);
        cr_assert_eq(v[3], half, "match.all lane %u: %08x", l, v[3]);
        cr_assert_eq(v[4], sum, "redux lane %u: %u, want %u", l, v[4], sum);
    }
    te_free(t);
}

/* Lanes 16..31 return first (they wait at the ret for the others): a full
 * mask names them, and they are absent. */
Test(ptx_members, exited_lanes_are_absent)
{
    int rc;
    te_t *t = te_run("", TE_REGS
        "setp.ge.u32 %p9, %r0, 16;\n"
        "@%p9 bra DONE;\n"
        "and.b32 %r1, %r0, 1;\n"
        "setp.eq.u32 %p1, %r1, 1;\n"
        "vote.sync.ballot.b32 %r2, %p1, 0xffffffff;\n"
        "vote.sync.any.pred %p2, %p1, -1;\n"
        "shfl.sync.bfly.b32 %r3, %r0, 1, 0x1f, -1;\n"
        "selp.u32 %r4, 1, 0, %p2;\n"
        "add.u32 %r2, %r2, %r4;\n"
        "st.global.u32 [%rd2], %r2;\n"
        "st.global.u32 [%rd2+128], %r3;\n"
        "DONE:\nret;", 1, 32, &rc);
    cr_assert_eq(rc, 0, "fault %u at lane %u", t->f.code, t->f.lane);
    for (uint32_t l = 0; l < 16; l++) {
        cr_assert_eq(te_u32(t, l), 0x0000aaaau + 1, "ballot + any, lane %u: %08x", l, te_u32(t, l));
        cr_assert_eq(te_u32(t, 32 + l), l ^ 1, "shfl.bfly lane %u", l);
    }
    te_free(t);
}

static void expect_member_fault(const char *body, uint32_t lane, const char *what)
{
    int rc;
    te_t *t = te_run("", body, 1, 32, &rc);
    cr_assert_eq(rc, -1, "%s: ran", what);
    cr_assert_eq(t->f.code, PTX_FAULT_MEMBERMASK, "%s: fault %u", what, t->f.code);
    cr_assert_eq(t->f.lane, lane, "%s: lane %u, want %u", what, t->f.lane, lane);
    cr_assert_eq(te_u32(t, 0), 0, "%s: nothing stored", what);
    te_free(t);
}

Test(ptx_members, faults)
{
    /* lane 0's mask leaves lane 0 out */
    expect_member_fault(TE_REGS "setp.eq.u32 %p1, %r0, %r0;\nvote.sync.ballot.b32 %r2, %p1, 0xfffffffe;\nst.global.u32 [%rd2], %r2;\nret;", 0,
                        "vote without the lane");
    /* the full mask inside a branch only lanes 0..15 take: 16..31 wait to
     * store at ELSE (had they only waited to return, they would be absent) */
    expect_member_fault(TE_REGS "setp.ge.u32 %p9, %r0, 16;\n@%p9 bra ELSE;\n"
                        "shfl.sync.idx.b32 %r2, %r0, 0, 0x1f, -1;\n"
                        "ELSE:\nst.global.u32 [%rd2], %r0;\nret;", 0, "shfl in divergent code");
    /* lanes 8..31 name lanes 0..7, which are predicated off */
    expect_member_fault(TE_REGS "setp.ge.u32 %p9, %r0, 8;\n"
                        "@%p9 match.any.sync.b32 %r2, %r0, -1;\nst.global.u32 [%rd2], %r2;\nret;", 8,
                        "match with lanes predicated off");
    expect_member_fault(TE_REGS "and.b32 %r1, %r0, 7;\nshl.b32 %r1, 1, %r1;\nnot.b32 %r1, %r1;\n"
                        "redux.sync.add.u32 %r2, %r0, %r1;\nst.global.u32 [%rd2], %r2;\nret;", 0,
                        "redux: each lane's mask without itself");
}
