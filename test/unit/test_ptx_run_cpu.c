/* The CPU backend: a grid on 1 and 3 host threads gives the same memory
 * and the same counters; CTA i sees %smid i mod SMs; a fault stops the
 * grid and the lowest faulting CTA is the one reported, whatever the
 * threads' timing. */
#include <criterion/criterion.h>
#include <string.h>

#include "host/ptx/ptx.h"
#include "host/ptx/ptx_run_cpu.h"

static const char text[] = ".version 8.0\n.target sm_80\n.address_size 64\n"
                           ".visible .entry k(.param .u64 out, .param .u32 bad)\n{\n"
                           ".reg .b32 %r<4>;\n.reg .b64 %rd<4>;\n.reg .pred %p<2>;\n"
                           "ld.param.u64 %rd1, [out];\nld.param.u32 %r1, [bad];\n"
                           "mov.u32 %r2, %ctaid.x;\nmov.u32 %r3, %smid;\n"
                           "setp.ge.u32 %p1, %r2, %r1;\n@%p1 trap;\n"
                           "mul.wide.u32 %rd2, %r2, 4;\nadd.s64 %rd3, %rd1, %rd2;\n"
                           "st.global.u32 [%rd3], %r3;\nret;\n}\n";

typedef struct run {
    ptx_grid_result_t r;
    uint32_t out[64];
} run_t;

static void run_grid(uint32_t nctas, uint32_t bad, int threads, run_t *out)
{
    char err[512];
    ptx_module_t *m = ptx_parse_buffer("k.ptx", text, strlen(text), err, sizeof err);
    cr_assert(m, "%s", err);
    struct ptx_prog *p = ptx_prog_build(m, "k.ptx", err, sizeof err);
    cr_assert(p, "%s", err);
    gpu_config_t c;
    gpu_config_defaults(&c);
    c.n_clusters = 5, c.cores_per_cluster = 1;
    ptx_sched_t s;
    uint32_t grid[3] = {nctas, 1, 1}, block[3] = {64, 1, 1};
    cr_assert_eq(ptx_sched_plan(&c, 8, 0, block, grid, &s, err, sizeof err), 0, "%s", err);
    static uint8_t arena[4096];
    memset(arena, 0xff, sizeof arena);
    uint8_t params[12];
    uint64_t a = PTX_GMEM_LO + 1024;
    memcpy(params, &a, 8);
    memcpy(params + 8, &bad, 4);
    ptx_grid_t g = {.prog = p, .kernel = (uint32_t)ptx_find_func(m, "k"), .params = params, .param_size = 12,
                    .gmem = {arena, PTX_GMEM_LO, sizeof arena}, .gridid = 1, .nsm = s.nsm,
                    .warps_per_sm = s.warps_per_sm, .insn_limit = 100000 /* a hang fails, not waits */};
    memcpy(g.grid, grid, sizeof grid);
    memcpy(g.block, block, sizeof block);
    ptx_run_cpu(&g, &s, threads, &out->r);
    memcpy(out->out, arena + 1024, sizeof out->out);
    ptx_prog_free(p);
    ptx_module_free(m);
}

Test(ptx_run_cpu, threads_agree_and_smid_is_round_robin)
{
    run_t one, three;
    run_grid(40, 1000, 1, &one);
    run_grid(40, 1000, 3, &three);
    cr_expect_eq(one.r.threads, 1);
    cr_expect_eq(three.r.threads, 3);
    cr_expect(!one.r.faulted && !three.r.faulted);
    cr_expect_eq(one.r.ctas_run, 40);
    cr_expect_eq(three.r.ctas_run, 40);
    cr_expect_eq(memcmp(&one.r.st, &three.r.st, sizeof one.r.st), 0, "counters differ by thread count");
    cr_expect_eq(one.r.st.warps, 80);
    cr_expect(one.r.st.thread_insns > one.r.st.warp_insns);
    for (int i = 0; i < 40; i++)
        cr_expect_eq(three.out[i], (uint32_t)i % 5, "CTA %d", i);
    cr_expect_eq(three.out[40], 0xffffffffu);
    ptx_grid_result_free(&one.r);
    ptx_grid_result_free(&three.r);
}

Test(ptx_run_cpu, the_lowest_faulting_cta_is_reported)
{
    for (int t = 1; t <= 4; t++) {
        run_t r;
        run_grid(60, 17, t, &r);
        cr_expect(r.r.faulted);
        cr_expect_eq(r.r.fault.code, PTX_FAULT_TRAP);
        cr_expect_eq(r.r.fault.cta, 17, "threads %d: CTA %u", t, r.r.fault.cta);
        cr_expect(r.r.ctas_run < 60, "the fault stops CTAs not yet started");
        cr_expect_eq(r.out[16], 16 % 5);
        ptx_grid_result_free(&r.r);
    }
}
