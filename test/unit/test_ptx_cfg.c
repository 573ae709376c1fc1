/* PTX control flow: basic blocks and each branch's reconvergence point (its
 * immediate post-dominator) on if/else, nested divergence, loops with break
 * and continue, early returns, switch tables, endless loops and unreachable
 * code; the instruction indices in the comments are what the tests expect. */
#include "test_ptx_fixture.h"
#include "host/ptx/ptx_cfg.h"

#define TC_REGS ".reg .pred %p<8>; .reg .b32 %r<8>;\n"

static ptx_module_t *kernel(const char *body)
{
    char text[4096];
    snprintf(text, sizeof text, "%s%s", TC_REGS, body);
    return tp_parse_kernel("", text);
}

static uint32_t reconv(const ptx_module_t *m, uint32_t i)
{
    const ptx_func_t *k = tp_kernel(m);
    cr_assert(i < k->ninsns);
    return k->insns[i].reconv;
}

Test(ptx_cfg, if_else)
{
    ptx_module_t *m = kernel(
        "setp.lt.s32 %p1, %r1, 0;\n"  /* 0 */
        "@%p1 bra ELSE;\n"            /* 1: reconverges at END (5) */
        "add.s32 %r2, %r1, 1;\n"      /* 2 */
        "bra.uni END;\n"              /* 3: its block's post-dominator is END */
        "ELSE: sub.s32 %r2, %r1, 1;\n" /* 4 */
        "END: mov.b32 %r3, %r2;\n"    /* 5 */
        "ret;");                      /* 6 */
    const ptx_func_t *k = tp_kernel(m);
    cr_expect_eq(reconv(m, 1), 5);
    cr_expect_eq(reconv(m, 3), 5);
    cr_expect_eq(reconv(m, 0), PTX_RECONV_NONE);
    cr_expect_eq(reconv(m, 6), PTX_RECONV_NONE, "an unguarded ret is not a divergence");
    cr_assert_eq(k->nblocks, 4);
    uint32_t first[] = {0, 2, 4, 5}, count[] = {2, 2, 1, 2}, ipdom[] = {3, 3, 3, 4};
    for (uint32_t b = 0; b < 4; b++) {
        cr_expect_eq(k->blocks[b].first, first[b], "block %u", b);
        cr_expect_eq(k->blocks[b].count, count[b], "block %u", b);
        cr_expect_eq(k->blocks[b].ipdom, ipdom[b], "block %u (4: the exit)", b);
    }
    ptx_module_free(m);
}

Test(ptx_cfg, nested_divergence)
{
    ptx_module_t *m = kernel(
        "@%p1 bra OUTER_ELSE;\n"      /* 0: reconverges at JOIN (7) */
        "@%p2 bra INNER_ELSE;\n"      /* 1: reconverges at INNER_END (4) */
        "add.s32 %r1, %r1, 1;\n"      /* 2 */
        "bra.uni INNER_END;\n"        /* 3 */
        "INNER_ELSE:\nINNER_END: add.s32 %r1, %r1, 2;\n" /* 4 */
        "bra.uni JOIN;\n"             /* 5 */
        "OUTER_ELSE: add.s32 %r1, %r1, 3;\n" /* 6 */
        "JOIN: ret;");                /* 7 */
    cr_expect_eq(reconv(m, 0), 7);
    cr_expect_eq(reconv(m, 1), 4);
    cr_expect_eq(reconv(m, 3), 4);
    cr_expect_eq(reconv(m, 5), 7);
    ptx_module_free(m);
}

Test(ptx_cfg, loop_with_break_and_continue)
{
    ptx_module_t *m = kernel(
        "mov.u32 %r1, 0;\n"            /* 0 */
        "LOOP: setp.ge.s32 %p1, %r1, 10;\n" /* 1 */
        "@%p1 bra DONE;\n"             /* 2: the loop's exit: DONE (10) */
        "setp.eq.s32 %p2, %r1, 5;\n"   /* 3 */
        "@%p2 bra DONE;\n"             /* 4: break: DONE */
        "setp.eq.s32 %p3, %r1, 3;\n"   /* 5 */
        "@%p3 bra CONT;\n"             /* 6: continue: CONT (8) */
        "add.s32 %r2, %r2, 1;\n"       /* 7 */
        "CONT: add.s32 %r1, %r1, 1;\n" /* 8 */
        "bra.uni LOOP;\n"              /* 9: the back edge: LOOP (1) */
        "DONE: ret;");                 /* 10 */
    cr_expect_eq(reconv(m, 2), 10);
    cr_expect_eq(reconv(m, 4), 10);
    cr_expect_eq(reconv(m, 6), 8);
    cr_expect_eq(reconv(m, 9), 1);
    ptx_module_free(m);
}

Test(ptx_cfg, early_return)
{
    ptx_module_t *m = kernel(
        "@%p1 bra EARLY;\n"          /* 0: the paths meet only at the exit (7) */
        "add.s32 %r1, %r1, 1;\n"     /* 1 */
        "@%p2 ret;\n"                /* 2: a guarded ret: at the exit too */
        "add.s32 %r1, %r1, 2;\n"     /* 3 */
        "ret;\n"                     /* 4 */
        "EARLY: add.s32 %r1, %r1, 3;\n" /* 5 */
        "ret;");                     /* 6 */
    const ptx_func_t *k = tp_kernel(m);
    cr_expect_eq(reconv(m, 0), k->ninsns);
    cr_expect_eq(reconv(m, 2), k->ninsns);
    ptx_module_free(m);
}

Test(ptx_cfg, return_inside_a_loop_and_exit)
{
    ptx_module_t *m = kernel(
        "LOOP: @%p1 bra BODY;\n"      /* 0: BODY returns or loops; AFTER (5) only via the loop */
        "bra.uni AFTER;\n"            /* 1 */
        "BODY: @%p2 exit;\n"          /* 2: guarded exit: reconverges at the function's end */
        "@%p3 bra LOOP;\n"            /* 3: loops back or falls to the trap */
        "trap;\n"                     /* 4 */
        "AFTER: ret;");               /* 5 */
    const ptx_func_t *k = tp_kernel(m);
    cr_expect_eq(reconv(m, 0), k->ninsns);
    cr_expect_eq(reconv(m, 2), k->ninsns);
    cr_expect_eq(reconv(m, 3), k->ninsns);
    ptx_module_free(m);
}

Test(ptx_cfg, switch_table)
{
    ptx_module_t *m = kernel(
        "ts: .branchtargets C0, C1, C2;\n"
        "brx.idx %r1, ts;\n"           /* 0: the cases meet at JOIN (6) */
        "C0: add.s32 %r2, %r2, 1;\n"   /* 1 */
        "bra.uni JOIN;\n"              /* 2 */
        "C1: add.s32 %r2, %r2, 2;\n"   /* 3 */
        "bra.uni JOIN;\n"              /* 4 */
        "C2: add.s32 %r2, %r2, 3;\n"   /* 5: falls into JOIN */
        "JOIN: ret;");                 /* 6 */
    cr_expect_eq(reconv(m, 0), 6);
    cr_expect_eq(tp_kernel(m)->nblocks, 5);
    ptx_module_free(m);
}

Test(ptx_cfg, endless_loop_and_unreachable_code)
{
    ptx_module_t *m = kernel(
        "@%p1 bra SPIN;\n"            /* 0: one side never ends: the exit (8) */
        "add.s32 %r1, %r1, 1;\n"      /* 1 */
        "ret;\n"                      /* 2 */
        "SPIN: add.s32 %r2, %r2, 1;\n" /* 3 */
        "@%p2 bra SPIN2;\n"           /* 4: both sides spin forever: given the exit */
        "bra.uni SPIN;\n"             /* 5 */
        "SPIN2: bra.uni SPIN;\n"      /* 6 */
        "@%p3 bra SPIN;\n");          /* 7: unreachable, and falls off the end */
    const ptx_func_t *k = tp_kernel(m);
    for (uint32_t i = 0; i < k->ninsns; i++)
        if (k->insns[i].reconv != PTX_RECONV_NONE)
            cr_expect(k->insns[i].reconv <= k->ninsns, "insn %u", i);
    cr_expect_eq(reconv(m, 0), k->ninsns);
    cr_expect_eq(reconv(m, 7), k->ninsns, "falling off the end is the exit");
    ptx_module_free(m);
}

Test(ptx_cfg, branch_to_the_end_of_the_function)
{
    ptx_module_t *m = kernel(
        "@%p1 bra END;\n"            /* 0: END is past the last instruction: the exit */
        "add.s32 %r1, %r1, 1;\n"     /* 1 */
        "END:");
    const ptx_func_t *k = tp_kernel(m);
    cr_expect_eq(k->ninsns, 2);
    cr_expect_eq(k->insns[0].opnd[0].index, 2);
    cr_expect_eq(reconv(m, 0), 2);
    ptx_module_free(m);
}

/* A diamond built as IR, without the parser: ptx_cfg_build alone. */
Test(ptx_cfg, hand_built_diamond)
{
    ptx_insn_t insns[5];
    memset(insns, 0, sizeof insns);
    for (int i = 0; i < 5; i++) {
        insns[i].op = PTX_OP_ADD;
        insns[i].reconv = PTX_RECONV_NONE;
    }
    insns[0].op = PTX_OP_BRA; /* 0: @p bra 3 */
    insns[0].has_guard = 1;
    insns[0].nopnd = 1;
    insns[0].opnd[0].kind = PTX_OPND_LABEL;
    insns[0].opnd[0].index = 3;
    insns[2].op = PTX_OP_BRA; /* 2: bra 4 */
    insns[2].nopnd = 1;
    insns[2].opnd[0].kind = PTX_OPND_LABEL;
    insns[2].opnd[0].index = 4;
    insns[4].op = PTX_OP_RET;
    ptx_func_t f;
    memset(&f, 0, sizeof f);
    f.insns = insns;
    f.ninsns = 5;
    ptx_pool_t *pool = ptx_pool_new();
    cr_assert(ptx_cfg_build(pool, &f));
    cr_expect_eq(f.nblocks, 4);
    cr_expect_eq(insns[0].reconv, 4);
    cr_expect_eq(insns[2].reconv, 4);
    cr_expect_eq(insns[1].reconv, PTX_RECONV_NONE);
    ptx_pool_free(pool);
}
