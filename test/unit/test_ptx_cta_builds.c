/* The CTA runner's two builds (ptx_cta.c generic, ptx_cta_x86_64_v3.c with
 * AVX2 and FMA) give the same bits: float arithmetic with every rounding the
 * vector build turns into instructions (fma, sqrt, rcp, div) and the
 * approximations it leaves to the same code. */
#include "test_ptx_exec_fixture.h"

int ptx_cta_run_generic(const ptx_grid_t *, uint32_t, void *, ptx_stats_t *, ptx_out_t *,
                        ptx_fault_t *);
int ptx_cta_run_x86_64_v3(const ptx_grid_t *, uint32_t, void *, ptx_stats_t *, ptx_out_t *,
                          ptx_fault_t *);
int ptx_cta_vector_build(void);

#define CB_THREADS 256u
#define CB_RESULTS 8u

static const char *cb_body =
    TE_REGS
    "cvt.rn.f32.u32 %f0, %r0;\n"
    "fma.rn.f32 %f1, %f0, 0f3EBD70A4, 0f3F8CCCCD;\n"   /* x * 0.37 + 1.1 */
    "sqrt.rn.f32 %f2, %f1;\n"
    "rcp.rn.f32 %f3, %f1;\n"
    "div.rn.f32 %f4, %f2, %f1;\n"
    "ex2.approx.f32 %f5, %f3;\n"
    "mul.rn.f32 %f6, %f2, %f4;\n"
    "add.rn.f32 %f7, %f6, %f5;\n"
    "st.global.f32 [%rd2], %f1;\n"
    "st.global.f32 [%rd2+1024], %f2;\n"
    "st.global.f32 [%rd2+2048], %f3;\n"
    "st.global.f32 [%rd2+3072], %f4;\n"
    "st.global.f32 [%rd2+4096], %f5;\n"
    "st.global.f32 [%rd2+5120], %f6;\n"
    "st.global.f32 [%rd2+6144], %f7;\n"
    "cvt.f64.f32 %fd0, %f7;\n"
    "sqrt.rn.f64 %fd1, %fd0;\n"
    "cvt.rn.f32.f64 %f8, %fd1;\n"
    "st.global.f32 [%rd2+7168], %f8;\n"
    "ret;";

static void cb_run(te_cta_run_t run, uint32_t *out)
{
    int rc;
    te_cta_run = run;
    te_t *t = te_run("", cb_body, 2, CB_THREADS / 2, &rc);
    te_cta_run = ptx_cta_run;
    cr_assert_eq(rc, 0, "fault %u at line %u", t->f.code, t->f.line);
    for (uint32_t i = 0; i < CB_THREADS * CB_RESULTS; i++)
        out[i] = te_u32(t, i);
    te_free(t);
}

Test(ptx_cta_builds, same_bits)
{
    if (!ptx_cta_vector_build())
        cr_skip_test("this host has no AVX2 and FMA: only the generic build runs");
    static uint32_t generic[CB_THREADS * CB_RESULTS], vector[CB_THREADS * CB_RESULTS];
    cb_run(ptx_cta_run_generic, generic);
    cb_run(ptx_cta_run_x86_64_v3, vector);
    for (uint32_t i = 0; i < CB_THREADS * CB_RESULTS; i++)
        cr_assert_eq(generic[i], vector[i], "result %u of thread %u: %08x generic, %08x vector", i / CB_THREADS,
                     i % CB_THREADS, generic[i], vector[i]);
    cr_assert_neq(generic[3 * CB_THREADS + 5], 0, "the kernel ran");
}
