/* The PTX executor: ALU records through the ALU's seam, every memory space
 * and vector form, special registers, symbol addresses. */
#include "test_ptx_exec_fixture.h"

Test(ptx_exec, store_tid)
{
    int rc;
    te_t *t = te_run("", TE_REGS "add.u32 %r1, %r0, 100;\nst.global.u32 [%rd2], %r1;\nret;", 1, 64, &rc);
    cr_assert_eq(rc, 0, "fault %u at line %u", t->f.code, t->f.line);
    for (uint32_t i = 0; i < 64; i++)
        cr_assert_eq(te_u32(t, i), 100 + i);
    cr_assert_eq(t->st.warps, 2);
    cr_assert_eq(t->st.warp_insns, 2 * 7);
    cr_assert_eq(t->st.thread_insns, 64 * 7);
    te_free(t);
}

Test(ptx_exec, partial_warp_and_ctaid)
{
    int rc;
    te_t *t = te_run("", TE_REGS
                     "mov.u32 %r1, %ctaid.x;\nmov.u32 %r2, %ntid.x;\nmad.lo.u32 %r3, %r1, %r2, %r0;\n"
                     "mul.wide.u32 %rd3, %r3, 4;\nadd.u64 %rd4, %rd0, %rd3;\nmov.u32 %r4, %nctaid.x;\n"
                     "mad.lo.u32 %r5, %r4, 1000, %r3;\nst.global.u32 [%rd4], %r5;\nret;",
                     3, 40, &rc);
    cr_assert_eq(rc, 0);
    for (uint32_t i = 0; i < 120; i++)
        cr_assert_eq(te_u32(t, i), 3000 + i);
    cr_assert_eq(te_u32(t, 120), 0, "no thread beyond the block");
    cr_assert_eq(t->st.warps, 6);
    te_free(t);
}
