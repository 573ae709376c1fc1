/* Calls: .param passing both ways, recursion (each call its own registers
 * and local frame), indirect calls through a prototype with lanes calling
 * different functions, a divergent ret inside a callee; device printf
 * records formatted on the host; faults as status with their line; and
 * what lowering refuses. */
#include "test_ptx_exec_fixture.h"
#include "host/ptx/ptx_printf.h"

static const char *fib_decls =
    ".func (.param .b32 r) fib(.param .b32 n)\n"
    "{\n"
    ".reg .b32 %a<8>;\n.reg .pred %q<2>;\n"
    "ld.param.b32 %a1, [n];\n"
    "setp.lt.u32 %q1, %a1, 2;\n"
    "@%q1 bra BASE;\n"
    "sub.u32 %a2, %a1, 1;\n"
    "{ .param .b32 p0; st.param.b32 [p0], %a2; .param .b32 r0;\n"
    "call (r0), fib, (p0); ld.param.b32 %a3, [r0]; }\n"
    "sub.u32 %a2, %a1, 2;\n"
    "{ .param .b32 p0; st.param.b32 [p0], %a2; .param .b32 r0;\n"
    "call (r0), fib, (p0); ld.param.b32 %a4, [r0]; }\n"
    "add.u32 %a5, %a3, %a4;\n"
    "st.param.b32 [r], %a5;\n"
    "ret;\n"
    "BASE:\n"
    "st.param.b32 [r], %a1;\n"   /* a divergent ret: some lanes return here, others recurse */
    "ret;\n"
    "}\n";

Test(ptx_call, recursion_diverged)
{
    int rc;
    te_t *t = te_run(fib_decls, TE_REGS
        "rem.u32 %r1, %r0, 13;\n"
        "{ .param .b32 p0; st.param.b32 [p0], %r1; .param .b32 r0;\n"
        "call (r0), fib, (p0); ld.param.b32 %r2, [r0]; }\n"
        "activemask.b32 %r3;\n"
        "st.global.u32 [%rd2], %r2;\n"
        "st.global.u32 [%rd2+256], %r3;\n"
        "ret;", 1, 64, &rc);
    cr_assert_eq(rc, 0, "fault %u line %u", t->f.code, t->f.line);
    uint32_t fib[13] = {0, 1, 1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144};
    for (uint32_t i = 0; i < 64; i++) {
        cr_assert_eq(te_u32(t, i), fib[i % 13], "thread %u", i);
        cr_assert_eq(te_u32(t, 64 + i), 0xffffffffu, "the warp meets again after the call");
    }
    te_free(t);
}

Test(ptx_call, recursion_too_deep_is_a_stack_fault)
{
    int rc;
    te_t *t = te_run(".func (.param .b32 r) down(.param .b32 n)\n{\n.reg .b32 %a<4>;\n"
                     "ld.param.b32 %a1, [n];\nadd.u32 %a2, %a1, 1;\n"
                     "{ .param .b32 p0; st.param.b32 [p0], %a2; .param .b32 r0;\n"
                     "call (r0), down, (p0); ld.param.b32 %a3, [r0]; }\n"
                     "st.param.b32 [r], %a3;\nret;\n}\n",
                     TE_REGS
                     "{ .param .b32 p0; st.param.b32 [p0], 0; .param .b32 r0;\n"
                     "call (r0), down, (p0); ld.param.b32 %r2, [r0]; }\nret;", 1, 32, &rc);
    cr_assert_eq(rc, -1);
    cr_assert_eq(t->f.code, PTX_FAULT_STACK);
    te_free(t);
}

/* Lanes call one of three functions through a table of addresses. */
Test(ptx_call, indirect_calls)
{
    const char *decls =
        ".func (.param .b32 r) f_add(.param .b32 a, .param .b32 b)\n{\n.reg .b32 %a<4>;\n"
        "ld.param.b32 %a1, [a];\nld.param.b32 %a2, [b];\nadd.u32 %a3, %a1, %a2;\nst.param.b32 [r], %a3;\nret;\n}\n"
        ".func (.param .b32 r) f_mul(.param .b32 a, .param .b32 b)\n{\n.reg .b32 %a<4>;\n"
        "ld.param.b32 %a1, [a];\nld.param.b32 %a2, [b];\nmul.lo.u32 %a3, %a1, %a2;\nst.param.b32 [r], %a3;\nret;\n}\n"
        ".func (.param .b32 r) f_sub(.param .b32 a, .param .b32 b)\n{\n.reg .b32 %a<4>;\n"
        "ld.param.b32 %a1, [a];\nld.param.b32 %a2, [b];\nsub.u32 %a3, %a1, %a2;\nst.param.b32 [r], %a3;\nret;\n}\n"
        ".global .align 8 .u64 table[3] = {f_add, f_mul, f_sub};\n";
    int rc;
    te_t *t = te_run(decls, TE_REGS
        "rem.u32 %r1, %r0, 3;\n"
        "mul.wide.u32 %rd3, %r1, 8;\n"
        "mov.u64 %rd4, table;\n"
        "add.u64 %rd5, %rd4, %rd3;\n"
        "ld.global.u64 %rd6, [%rd5];\n"
        "{ .param .b32 p0; st.param.b32 [p0], %r0; .param .b32 p1; st.param.b32 [p1], 5;\n"
        ".param .b32 r0;\n"
        "proto: .callprototype (.param .b32 _) _ (.param .b32 _, .param .b32 _);\n"
        "call (r0), %rd6, (p0, p1), proto;\n"
        "ld.param.b32 %r2, [r0]; }\n"
        "st.global.u32 [%rd2], %r2;\n"
        "ret;", 1, 32, &rc);
    cr_assert_eq(rc, 0, "fault %u line %u", t->f.code, t->f.line);
    for (uint32_t i = 0; i < 32; i++) {
        uint32_t want = i % 3 == 0 ? i + 5 : i % 3 == 1 ? i * 5 : i - 5;
        cr_assert_eq(te_u32(t, i), want, "lane %u", i);
    }
    te_free(t);
}

static const char *printf_decls =
    ".extern .func (.param .b32 func_retval0) vprintf(.param .b64 vprintf_param_0, .param .b64 vprintf_param_1);\n"
    ".global .align 1 .b8 fmt[40] = {108,97,110,101,32,37,100,32,120,61,37,46,50,102,32,115,61,37,115,32,"
    "108,108,61,37,108,108,120,32,37,37,32,99,61,37,99,10,0};\n"   /* "lane %d x=%.2f s=%s ll=%llx %% c=%c\n" */
    ".global .align 1 .b8 word[4] = {104,105,33,0};\n";             /* "hi!" */

Test(ptx_call, printf_records)
{
    int rc;
    te_t *t = te_run(printf_decls, TE_REGS
        ".local .align 8 .b8 buf[40];\n"
        "setp.ge.u32 %p1, %r0, 3;\n"
        "@%p1 bra DONE;\n"
        "mov.u64 %rd3, buf;\n"
        "cvta.local.u64 %rd4, %rd3;\n"
        "cvt.rn.f64.u32 %fd1, %r0;\n"
        "mul.f64 %fd2, %fd1, 0d3FF8000000000000;\n"   /* x = 1.5 * lane */
        "mov.u64 %rd5, word;\n"
        "cvta.global.u64 %rd6, %rd5;\n"
        "cvt.u64.u32 %rd7, %r0;\n"
        "shl.b64 %rd8, %rd7, 36;\n"
        "add.u32 %r5, %r0, 65;\n"
        "st.local.u32 [%rd3], %r0;\n"
        "st.local.f64 [%rd3+8], %fd2;\n"
        "st.local.u64 [%rd3+16], %rd6;\n"
        "st.local.u64 [%rd3+24], %rd8;\n"
        "st.local.u32 [%rd3+32], %r5;\n"
        "mov.u64 %rd9, fmt;\n"
        "cvta.global.u64 %rd10, %rd9;\n"
        "{ .param .b64 p0; st.param.b64 [p0], %rd10; .param .b64 p1; st.param.b64 [p1], %rd4;\n"
        ".param .b32 r0; call (r0), vprintf, (p0, p1); ld.param.b32 %r6, [r0]; }\n"
        "DONE:\nret;", 1, 32, &rc);
    cr_assert_eq(rc, 0, "fault %u line %u", t->f.code, t->f.line);
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    ptx_gmem_t gm = {t->arena, PTX_GMEM_LO, TE_ARENA};
    int n = ptx_printf_format(t->p, &gm, &t->out, f);
    fclose(f);
    cr_assert_eq(n, 3);
    cr_assert_str_eq(text, "lane 0 x=0.00 s=hi! ll=0 % c=A\n"
                           "lane 1 x=1.50 s=hi! ll=1000000000 % c=B\n"
                           "lane 2 x=3.00 s=hi! ll=2000000000 % c=C\n");
    free(text);
    te_free(t);
}

Test(ptx_call, faults_are_status)
{
    int rc;
    te_t *t = te_run("", TE_REGS
        "setp.eq.u32 %p1, %r0, 7;\n"
        "@!%p1 bra OK;\n"
        "mov.u64 %rd3, 64;\n"
        "ld.global.u32 %r1, [%rd3];\n"
        "OK:\nret;", 1, 32, &rc);
    cr_assert_eq(rc, -1);
    cr_assert_eq(t->f.code, PTX_FAULT_ADDRESS);
    cr_assert_eq(t->f.lane, 7);
    cr_assert_eq(t->f.addr, 64);
    cr_assert_eq(t->f.line, 19);
    cr_assert_eq(t->f.col, 1);
    te_free(t);

    t = te_run("", TE_REGS "add.u64 %rd3, %rd0, 2;\nld.global.u32 %r1, [%rd3];\nret;", 1, 32, &rc);
    cr_assert_eq(rc, -1);
    cr_assert_eq(t->f.code, PTX_FAULT_MISALIGNED);
    te_free(t);

    t = te_run("", TE_REGS "trap;", 1, 32, &rc);
    cr_assert_eq(rc, -1);
    cr_assert_eq(t->f.code, PTX_FAULT_TRAP);
    te_free(t);

    t = te_run("", TE_REGS "L: bra L;", 1, 32, &rc);
    cr_assert_eq(rc, -1);
    cr_assert_eq(t->f.code, PTX_FAULT_INSN_LIMIT);
    te_free(t);

    t = te_run(".shared .b32 s[4];", TE_REGS "st.shared.u32 [s+16], 1;\nret;", 1, 32, &rc);
    cr_assert_eq(rc, -1, "a shared store past the CTA's shared memory");
    cr_assert_eq(t->f.code, PTX_FAULT_ADDRESS);
    te_free(t);
}

Test(ptx_call, refused_at_lowering)
{
    char *text = te_kernel(".extern .func (.param .b64 r) malloc(.param .b64 n);",
                           TE_REGS "{ .param .b64 p0; st.param.b64 [p0], 8; .param .b64 r0;\n"
                                   "call (r0), malloc, (p0); ld.param.b64 %rd5, [r0]; }\nret;");
    const char *e = te_refused(text);
    free(text);
    cr_assert(strstr(e, "t.ptx:17:1: call of 'malloc'"), "%s", e);
}

/* A guarded call (the other lanes wait after it), and exit inside a callee:
 * those lanes are gone from the caller too. */
Test(ptx_call, guarded_call_and_exit_in_callee)
{
    int rc;
    te_t *t = te_run(".func (.param .b32 r) g(.param .b32 x)\n{\n.reg .b32 %a<4>;\n.reg .pred %q<2>;\n"
                     "ld.param.b32 %a1, [x];\nsetp.eq.u32 %q1, %a1, 5;\n@%q1 exit;\n"
                     "mul.lo.u32 %a2, %a1, 10;\nst.param.b32 [r], %a2;\nret;\n}\n",
                     TE_REGS
                     "mov.u32 %r2, 7;\n"
                     "setp.lt.u32 %p1, %r0, 8;\n"
                     "{ .param .b32 p0; st.param.b32 [p0], %r0; .param .b32 r0;\n"
                     "@%p1 call (r0), g, (p0); @%p1 ld.param.b32 %r2, [r0]; }\n"
                     "activemask.b32 %r3;\n"
                     "add.u32 %r4, %r2, %r3;\n"
                     "st.global.u32 [%rd2], %r4;\n"
                     "ret;", 1, 32, &rc);
    cr_assert_eq(rc, 0, "fault %u line %u", t->f.code, t->f.line);
    for (uint32_t i = 0; i < 32; i++) {
        uint32_t want = i == 5 ? 0 : (i < 8 ? i * 10 : 7) + 0xffffffdfu;
        cr_assert_eq(te_u32(t, i), want, "lane %u: %#x", i, te_u32(t, i));
    }
    te_free(t);
}
