/* The PTX executor's speed on one host thread: an ALU-bound kernel (a loop
 * of dependent fma.rn.f32 chains, every lane busy), run
 *   simd: a warp instruction on 32 lanes at once (ptx_alu_warp's loops),
 *   lane: the same warps, ALU records lane by lane through ptx_alu_eval,
 *   mimd: one thread per CTA, so every warp instruction is one lane's.
 * Prints thread-instructions/s and warp-instructions/s of each.
 *   build/ptx_exec_bench [iterations] [ctas] [mode]   (make bench-ptx-exec) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "device/ptx/ptx_prog.h"
#include "host/ptx/ptx.h"

/* @BODY@: the loop body, 8 instructions (two dependent chains). */
static const char *kernel_fmt =
    ".version 8.0\n.target sm_80\n.address_size 64\n"
    ".visible .entry fmaloop(.param .u64 out, .param .u32 n)\n{\n"
    ".reg .b32 %r<8>;\n.reg .b64 %rd<4>;\n.reg .f32 %f<12>;\n.reg .pred %p<2>;\n"
    "ld.param.u64 %rd0, [out];\nld.param.u32 %r1, [n];\n"
    "mov.u32 %r0, %tid.x;\ncvt.rn.f32.u32 %f0, %r0;\n"
    "mov.f32 %f1, 0f3F800000;\nmov.f32 %f2, 0f3F000000;\nmov.f32 %f3, %f0;\nmov.f32 %f4, %f0;\n"
    "mov.u32 %r2, 0;\n"
    "LOOP:\n@BODY@"
    "add.u32 %r2, %r2, 1;\nsetp.lt.u32 %p1, %r2, %r1;\n@%p1 bra LOOP;\n"
    "add.f32 %f5, %f3, %f4;\n"
    "mov.u32 %r3, %ctaid.x;\nmov.u32 %r4, %ntid.x;\nmad.lo.u32 %r5, %r3, %r4, %r0;\n"
    "mul.wide.u32 %rd1, %r5, 4;\nadd.u64 %rd2, %rd0, %rd1;\nst.global.f32 [%rd2], %f5;\nret;\n}\n";

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Runs ctas x block threads; the seconds, the counters in *st and a checksum. */
static double run(ptx_prog_t *p, int kernel, uint32_t ctas, uint32_t block, uint32_t iters, uint32_t per_lane,
                  uint8_t *arena, size_t arena_size, ptx_stats_t *st, double *sum)
{
    uint8_t params[16];
    uint64_t out = PTX_GMEM_LO + 4096;
    memcpy(params, &out, 8);
    memcpy(params + 8, &iters, 4);
    ptx_grid_t g = {.prog = p, .kernel = (uint32_t)kernel, .grid = {ctas, 1, 1}, .block = {block, 1, 1},
                    .params = params, .param_size = 12, .gmem = {arena, PTX_GMEM_LO, arena_size},
                    .nsm = 1, .warps_per_sm = 64, .alu_per_lane = per_lane};
    void *scratch = malloc(ptx_cta_scratch_bytes(&g));
    ptx_fault_t f;
    ptx_out_t o = {0};
    memset(st, 0, sizeof *st);
    double t0 = now();
    for (uint32_t c = 0; c < ctas; c++)
        if (ptx_cta_run(&g, c, scratch, st, &o, &f) != 0) {
            fprintf(stderr, "fault %u at line %u\n", f.code, f.line);
            exit(1);
        }
    double t = now() - t0;
    free(scratch);
    *sum = 0;
    for (uint32_t i = 0; i < ctas * block; i++) {
        float v;
        memcpy(&v, arena + 4096 + 4 * i, 4);
        *sum += v;
    }
    return t;
}

static const char *fma_body =
    "fma.rn.f32 %f3, %f3, %f2, %f1;\nfma.rn.f32 %f4, %f4, %f2, %f0;\n"
    "fma.rn.f32 %f3, %f3, %f2, %f1;\nfma.rn.f32 %f4, %f4, %f2, %f0;\n"
    "fma.rn.f32 %f3, %f3, %f2, %f1;\nfma.rn.f32 %f4, %f4, %f2, %f0;\n"
    "fma.rn.f32 %f3, %f3, %f2, %f1;\nfma.rn.f32 %f4, %f4, %f2, %f0;\n";
/* the integer one: mad.lo and xor chains, results moved to the f32 registers' slots */
static const char *int_body =
    "mad.lo.u32 %r5, %r5, 1664525, %r0;\nxor.b32 %r6, %r6, %r5;\n"
    "mad.lo.u32 %r5, %r5, 1664525, %r0;\nxor.b32 %r6, %r6, %r5;\n"
    "mad.lo.u32 %r5, %r5, 1664525, %r0;\nxor.b32 %r6, %r6, %r5;\n"
    "mad.lo.u32 %r5, %r5, 1664525, %r0;\nxor.b32 %r6, %r6, %r5;\n";

int main(int argc, char **argv)
{
    uint32_t iters = argc > 1 ? (uint32_t)atoi(argv[1]) : 5000;
    uint32_t ctas = argc > 2 ? (uint32_t)atoi(argv[2]) : 8;
    char err[512], kernel_text[4096];
    const char *kind = getenv("PTX_BENCH_INT") ? "int (mad.lo.u32, xor.b32)" : "f32 (fma.rn.f32)";
    const char *at = strstr(kernel_fmt, "@BODY@");
    snprintf(kernel_text, sizeof kernel_text, "%.*s%s%s", (int)(at - kernel_fmt), kernel_fmt,
             getenv("PTX_BENCH_INT") ? int_body : fma_body, at + 6);
    printf("loop body: %s\n", kind);
    ptx_module_t *m = ptx_parse_buffer("fmaloop.ptx", kernel_text, strlen(kernel_text), err, sizeof err);
    ptx_prog_t *p = m ? ptx_prog_build(m, "fmaloop.ptx", err, sizeof err) : NULL;
    if (!p) {
        fprintf(stderr, "%s\n", err);
        return 1;
    }
    int k = ptx_find_func(m, "fmaloop");
    size_t arena_size = 1u << 22;
    uint8_t *arena = calloc(arena_size, 1);
    struct { const char *name; uint32_t ctas, block, per_lane, iters; } modes[] = {
        {"simd (ptx_alu_warp, 32 lanes at once)", ctas, 256, 0, iters},
        {"lane (ptx_alu_eval, lane by lane)", ctas, 256, 1, iters},
        {"mimd (one-thread warps)", ctas * 8, 1, 1, iters / 8},
    };
    printf("%-40s %10s %12s %12s %10s\n", "mode", "seconds", "thread-i/s", "warp-i/s", "checksum");
    int only = argc > 3 ? atoi(argv[3]) : -1; /* run one mode (for a profiler) */
    for (size_t i = 0; i < sizeof modes / sizeof modes[0]; i++) {
        if (only >= 0 && (size_t)only != i)
            continue;
        ptx_stats_t st;
        double sum;
        double t = run(p, k, modes[i].ctas, modes[i].block, modes[i].iters, modes[i].per_lane, arena, arena_size,
                       &st, &sum);
        printf("%-40s %10.3f %12.3e %12.3e %10.4g\n", modes[i].name, t, st.thread_insns / t, st.warp_insns / t,
               sum);
    }
    ptx_prog_free(p);
    ptx_module_free(m);
    free(arena);
    return 0;
}
