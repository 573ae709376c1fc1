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

/* .shared (static and extern), .local, .const with an initializer,
 * a .global variable, .param; v2 and v4; generic addressing via cvta. */
Test(ptx_exec, memory_spaces)
{
    const char *decls = ".const .align 4 .b32 ctab[4] = {10, 20, 30, 40};\n"
                        ".global .align 8 .u64 gvar = 77;\n"
                        ".shared .align 16 .b32 sbuf[64];\n"
                        ".extern .shared .align 16 .b8 dyn[];\n";
    const char *body = TE_REGS
        ".local .align 16 .b32 lbuf[4];\n"
        "mov.u64 %rd3, sbuf;\n"
        "mul.wide.u32 %rd4, %r0, 4;\n"
        "add.u64 %rd5, %rd3, %rd4;\n"
        "st.shared.u32 [%rd5], %r0;\n"                 /* sbuf[tid] = tid */
        "bar.sync 0;\n"
        "xor.b32 %r1, %r0, 1;\n"
        "mul.wide.u32 %rd6, %r1, 4;\n"
        "add.u64 %rd7, %rd3, %rd6;\n"
        "ld.shared.u32 %r2, [%rd7];\n"                 /* r2 = tid ^ 1 */
        "and.b32 %r3, %r0, 3;\n"
        "mul.wide.u32 %rd8, %r3, 4;\n"
        "mov.u64 %rd9, ctab;\n"
        "add.u64 %rd10, %rd9, %rd8;\n"
        "ld.const.u32 %r4, [%rd10];\n"                 /* r4 = ctab[tid & 3] */
        "st.local.v4.u32 [lbuf], {%r0, %r2, %r4, %r3};\n"
        "ld.local.v2.u32 {%r5, %r6}, [lbuf+8];\n"      /* r5 = r4, r6 = r3 */
        "mov.u64 %rd11, lbuf;\n"
        "cvta.local.u64 %rd12, %rd11;\n"
        "ld.u32 %r7, [%rd12+4];\n"                     /* generic local: r2 */
        "cvta.shared.u64 %rd13, %rd5;\n"
        "ld.u32 %r8, [%rd13];\n"                       /* generic shared: tid */
        "ld.global.u64 %rd14, [gvar];\n"
        "cvt.u32.u64 %r9, %rd14;\n"
        "mov.u64 %rd15, dyn;\n"
        "st.shared.u32 [%rd15+4], %r9;\n"
        "ld.shared.u32 %r10, [dyn+4];\n"
        "mov.u32 %r11, %dynamic_smem_size;\n"
        "add.u32 %r12, %r5, %r7;\n"
        "add.u32 %r12, %r12, %r8;\n"
        "add.u32 %r12, %r12, %r10;\n"
        "add.u32 %r12, %r12, %r6;\n"
        "add.u32 %r12, %r12, %r11;\n"
        "st.global.u32 [%rd2], %r12;\n"
        "isspacep.shared %p1, %rd13;\n"
        "isspacep.global %p2, %rd13;\n"
        "selp.u32 %r13, 1, 0, %p1;\n"
        "selp.u32 %r14, 2, 0, %p2;\n"
        "or.b32 %r13, %r13, %r14;\n"
        "st.global.u32 [%rd2+256], %r13;\n"
        "ret;";
    char *text = te_kernel(decls, body);
    te_t *t = te_new(text);
    free(text);
    te_param_u64(t, t->data);
    uint32_t g[3] = {1, 1, 1}, b[3] = {64, 1, 1};
    int rc = te_launch3(t, "k", g, b, 32, 100000);
    cr_assert_eq(rc, 0, "fault %u line %u addr %llx", t->f.code, t->f.line, (unsigned long long)t->f.addr);
    uint32_t ctab[4] = {10, 20, 30, 40};
    for (uint32_t i = 0; i < 64; i++) {
        uint32_t want = ctab[i & 3] + (i ^ 1) + i + 77 + (i & 3) + 32;
        cr_assert_eq(te_u32(t, i), want, "thread %u: %u, want %u", i, te_u32(t, i), want);
        cr_assert_eq(te_u32(t, 64 + i), 1, "isspacep");
    }
    te_free(t);
}

Test(ptx_exec, vectors_and_sign_extension)
{
    int rc;
    te_t *t = te_run("", TE_REGS
        "mov.u32 %r1, -5;\n"
        "mul.wide.u32 %rd3, %r0, 16;\n"
        "add.u64 %rd4, %rd0, %rd3;\n"
        "st.global.v4.u32 [%rd4], {%r0, %r1, %r0, %r1};\n"
        "ld.global.s8 %r2, [%rd4+4];\n"              /* -5 as s8 */
        "ld.global.u8 %r3, [%rd4+4];\n"              /* 251 */
        "ld.global.s32 %rd5, [%rd4+4];\n"            /* -5 in 64 bits */
        "ld.global.v2.u64 {%rd6, %rd7}, [%rd4];\n"
        "st.global.v2.u32 [%rd4], {%r2, %r3};\n"
        "st.global.u64 [%rd4+8], %rd5;\n"
        "ret;", 1, 32, &rc);
    cr_assert_eq(rc, 0);
    for (uint32_t i = 0; i < 32; i++) {
        cr_assert_eq(te_u32(t, 4 * i), (uint32_t)-5);
        cr_assert_eq(te_u32(t, 4 * i + 1), 251);
        cr_assert_eq(te_u64(t, 2 * i + 1), (uint64_t)-5);
    }
    te_free(t);
}

/* Special registers: %laneid, %warpid, lanemasks, %tid.y, %clock64 rising. */
Test(ptx_exec, special_registers)
{
    const char *body = TE_REGS
        ".reg .b64 %c<4>;\n"
        "mov.u64 %c1, %clock64;\n"
        "mov.u32 %r1, %laneid;\n"
        "mov.u32 %r2, %warpid;\n"
        "mov.u32 %r3, %lanemask_lt;\n"
        "mov.u32 %r4, %tid.y;\n"
        "mov.u32 %r5, %ntid.y;\n"
        "mov.u32 %r6, %tid.x;\n"
        "mad.lo.u32 %r7, %r4, 8, %r6;\n"             /* linear tid, block 8 x 4 */
        "mul.wide.u32 %rd3, %r7, 32;\n"
        "add.u64 %rd4, %rd0, %rd3;\n"
        "mov.u64 %c2, %clock64;\n"
        "sub.u64 %c3, %c2, %c1;\n"
        "cvt.u32.u64 %r8, %c3;\n"
        "st.global.v4.u32 [%rd4], {%r1, %r2, %r3, %r4};\n"
        "st.global.v4.u32 [%rd4+16], {%r5, %r7, %r8, %r6};\n"
        "ret;";
    char *text = te_kernel("", body);
    te_t *t = te_new(text);
    free(text);
    te_param_u64(t, t->data);
    uint32_t g[3] = {1, 1, 1}, b[3] = {8, 8, 1};
    cr_assert_eq(te_launch3(t, "k", g, b, 0, 100000), 0);
    for (uint32_t i = 0; i < 64; i++) {
        cr_assert_eq(te_u32(t, 8 * i + 0), i % 32, "laneid");
        cr_assert_eq(te_u32(t, 8 * i + 1), i / 32, "warpid");
        cr_assert_eq(te_u32(t, 8 * i + 2), (1u << (i % 32)) - 1, "lanemask_lt");
        cr_assert_eq(te_u32(t, 8 * i + 3), i / 8, "tid.y");
        cr_assert_eq(te_u32(t, 8 * i + 4), 8, "ntid.y");
        cr_assert_eq(te_u32(t, 8 * i + 6), 10, "clock64 counts the warp's instructions");
        cr_assert_eq(te_u32(t, 8 * i + 7), i % 8, "tid.x");
    }
    te_free(t);
}

/* Without the timing model %clock64 advances by the grid's cycles a warp
 * instruction (ptx_sched_clock: the SM's resident warps over its
 * schedulers) and %globaltimer by those cycles at its ns a cycle; 10
 * instructions from the first read to the second, as above. */
Test(ptx_exec, functional_clock_scales)
{
    const char *body = TE_REGS
        ".reg .b64 %c<5>;\n"
        "mov.u64 %c1, %clock64;\n"
        "mov.u64 %c3, %globaltimer;\n"
        "mov.u32 %r1, %tid.x;\n"
        "mul.wide.u32 %rd3, %r1, 16;\n"
        "add.u64 %rd4, %rd0, %rd3;\n"
        "add.u32 %r2, %r1, 1;\n"
        "add.u32 %r2, %r2, 1;\n"
        "add.u32 %r2, %r2, 1;\n"
        "add.u32 %r2, %r2, 1;\n"
        "mov.u64 %c2, %clock64;\n"
        "mov.u64 %c4, %globaltimer;\n"
        "sub.u64 %c2, %c2, %c1;\n"
        "sub.u64 %c4, %c4, %c3;\n"
        "st.global.v2.u64 [%rd4], {%c2, %c4};\n"
        "ret;";
    char *text = te_kernel("", body);
    static const struct { uint32_t cpi; double ns; uint64_t clock, ns_apart; } runs[] = {
        {0, 0, 9, 9000},          /* no clock given: an instruction a cycle, 1000 ns a cycle */
        {16, 0.5, 144, 72},       /* 64 warps on 4 schedulers at 2 GHz */
        {3, 1000.0 / 1980, 27, 13},
    };
    for (size_t k = 0; k < sizeof runs / sizeof runs[0]; k++) {
        te_t *t = te_new(text);
        te_param_u64(t, t->data);
        t->clock_cpi = runs[k].cpi;
        t->ns_per_cycle = runs[k].ns;
        cr_assert_eq(te_launch(t, "k", 1, 64), 0);
        for (uint32_t i = 0; i < 64; i++) {
            uint64_t v[2];
            memcpy(v, te_ptr(t, t->data + 16ull * i), sizeof v);
            cr_assert_eq(v[0], runs[k].clock, "run %zu thread %u: %%clock64 %llu cycles apart", k, i,
                         (unsigned long long)v[0]);
            /* both reads are the clock at that point in ns, truncated */
            cr_assert(v[1] + 1 >= runs[k].ns_apart && v[1] <= runs[k].ns_apart + 1, "run %zu: %%globaltimer %llu ns apart",
                      k, (unsigned long long)v[1]);
        }
        te_free(t);
    }
    free(text);
}

/* The timing seam: with a model attached every warp instruction is a
 * record; the unit counts add up to the warp instructions, loads and
 * stores are counted once per warp instruction, and the results equal
 * those of the fast path. */
#include "device/timing/timing.h"

Test(ptx_exec, timing_records)
{
    const char *body = TE_REGS
        "ld.global.u32 %r1, [%rd2];\n"
        "setp.lt.u32 %p1, %r0, 32;\n"
        "@%p1 bra SKIP;\n"
        "add.u32 %r1, %r1, %r0;\n"
        "SKIP:\n"
        "st.global.u32 [%rd2], %r1;\n"
        "ret;";
    char *text = te_kernel("", body);
    te_t *t = te_new(text);
    free(text);
    te_param_u64(t, t->data);
    uint64_t counts[4 * UNIT_COUNTS_WORDS] = {0};
    sim_timing_t tm = {.kind = SIM_TIMING_UNIT_COUNTS, .counts = counts};
    int k = ptx_find_func(t->m, "k");
    ptx_grid_t g = {.prog = t->p, .kernel = (uint32_t)k, .grid = {3, 1, 1}, .block = {64, 1, 1},
                    .params = t->params, .param_size = t->nparams, .gmem = {t->arena, PTX_GMEM_LO, TE_ARENA},
                    .nsm = 4, .warps_per_sm = 48, .tm = &tm};
    void *scratch = malloc(ptx_cta_scratch_bytes(&g));
    cr_assert_eq(ptx_cta_run(&g, 2, scratch, &t->st, &t->out, &t->f), 0, "CTA 2, on SM 2 of 4");
    free(scratch);
    const uint64_t *row = counts + 2 * UNIT_COUNTS_WORDS;
    uint64_t sum = 0;
    for (int u = 0; u < SIM_UNIT_COUNT; u++)
        sum += row[u];
    cr_assert_eq(sum, t->st.warp_insns, "every warp instruction recorded on SM 2");
    cr_assert_eq(row[UNIT_COUNTS_LOADS], 2 + 2, "ld.param and ld.global, two warps");
    cr_assert_eq(row[UNIT_COUNTS_STORES], 2);
    cr_assert_eq(row[UNIT_COUNTS_TAKEN], 1 + 0, "warp 0 jumps over the add; warp 1 goes on: %llu", (unsigned long long)row[UNIT_COUNTS_TAKEN]);
    cr_assert_eq(row[SIM_UNIT_MEM], 6);
    for (uint32_t i = 0; i < 64; i++)
        cr_assert_eq(te_u32(t, i), i < 32 ? 0 : i);
    te_free(t);
}

/* ld.global.nc, ldu, prefetch, cvta.to, fences and nanosleep. */
Test(ptx_exec, nc_ldu_prefetch_cvta_to)
{
    int rc;
    te_t *t = te_run(".shared .align 4 .b32 sh[32];", TE_REGS
        "st.global.u32 [%rd2+512], %r0;\n"
        "membar.gl;\nfence.sc.cta;\nnanosleep.u32 10;\n"
        "prefetch.global.L2 [%rd2+512];\n"
        "ld.global.nc.u32 %r1, [%rd2+512];\n"
        "ldu.global.u32 %r2, [%rd0+512];\n"           /* lane 0's word, for every lane */
        "cvta.to.global.u64 %rd3, %rd2;\n"
        "mov.u64 %rd4, sh;\n"
        "cvta.shared.u64 %rd5, %rd4;\n"
        "cvta.to.shared.u64 %rd6, %rd5;\n"
        "mul.wide.u32 %rd7, %r0, 4;\n"
        "add.u64 %rd8, %rd6, %rd7;\n"
        "st.shared.u32 [%rd8], 9;\n"
        "ld.shared.u32 %r3, [%rd8];\n"
        "add.u32 %r4, %r1, %r2;\n"
        "add.u32 %r4, %r4, %r3;\n"
        "st.global.u32 [%rd3], %r4;\n"
        "ret;", 1, 32, &rc);
    cr_assert_eq(rc, 0, "fault %u line %u", t->f.code, t->f.line);
    for (uint32_t i = 0; i < 32; i++)
        cr_assert_eq(te_u32(t, i), i + 0 + 9);
    te_free(t);
}

/* bmsk through the front end and the lowering (CUB's radix sort kernels
 * need it): lane i makes a mask of i bits from bit 4, clamped. */
Test(ptx_exec, bmsk_from_text)
{
    int rc;
    te_t *t = te_run("", TE_REGS "bmsk.clamp.b32 %r1, 4, %r0;\nbmsk.wrap.b32 %r2, %r0, 1;\nxor.b32 %r3, %r1, %r2;\n"
                     "st.global.u32 [%rd2], %r3;\nret;", 1, 40, &rc);
    cr_assert_eq(rc, 0, "fault %u at line %u", t->f.code, t->f.line);
    for (uint32_t i = 0; i < 40; i++) {
        uint32_t clamp = (uint32_t)((((1ull << (i > 32 ? 32 : i)) - 1) << 4) & 0xffffffffu);
        cr_expect_eq(te_u32(t, i), clamp ^ (1u << (i & 31)), "lane %u", i);
    }
    te_free(t);
}

/* The reserved shared memory (ptx_grid.h): its offsets, its 1 KB
 * addressable through %reserved_smem_offset_1 as cooperative groups use it
 * on sm_80 on (lanes write and read back their words), apart from the
 * program's shared memory, a store past whose end still faults; the CTA's
 * next run starts it zeroed. */
Test(ptx_exec, reserved_shared_memory)
{
    int rc;
    te_t *t = te_run(".shared .b32 s[4];\n", TE_REGS
        "mov.u32 %r1, %reserved_smem_offset_begin;\n"
        "mov.u32 %r2, %reserved_smem_offset_end;\n"
        "mov.u32 %r3, %reserved_smem_offset_cap;\n"
        "mov.u32 %r4, %reserved_smem_offset_1;\n"
        "shl.b32 %r5, %r0, 2;\n"
        "add.u32 %r6, %r4, %r5;\n"
        "ld.shared.u32 %r7, [%r6];\n"          /* zero before the first store */
        "add.u32 %r8, %r0, 77;\n"
        "st.shared.u32 [%r6], %r8;\n"
        "bar.sync 0;\n"
        "xor.b32 %r9, %r5, 4;\n"
        "add.u32 %r9, %r4, %r9;\n"
        "ld.shared.u32 %r10, [%r9];\n"         /* the neighbour's word */
        "add.u32 %r10, %r10, %r7;\n"
        "setp.eq.u32 %p1, %r0, 0;\n"
        "@%p1 st.global.v4.u32 [%rd0], {%r1, %r2, %r3, %r4};\n"
        "st.global.u32 [%rd2+256], %r10;\n"
        "ret;", 2, 32, &rc);
    cr_assert_eq(rc, 0, "fault %u at line %u", t->f.code, t->f.line);
    const uint32_t *v = te_ptr(t, t->data);
    cr_assert_eq(v[0], PTX_RESERVED_SMEM_AT);
    cr_assert_eq(v[1], PTX_RESERVED_SMEM_AT + PTX_RESERVED_SMEM);
    cr_assert_eq(v[2], PTX_RESERVED_SMEM);
    cr_assert_eq(v[3], PTX_RESERVED_SMEM_AT + PTX_RESERVED_SMEM / 2);
    for (uint32_t l = 0; l < 32; l++)
        cr_assert_eq(te_u32(t, 64 + l), (l ^ 1) + 77, "lane %u read %u", l, te_u32(t, 64 + l));
    te_free(t);
    t = te_run("", TE_REGS "mov.u32 %r4, %reserved_smem_offset_1;\nst.shared.u32 [%r4+512], 1;\nret;", 1, 32, &rc);
    cr_assert_eq(rc, -1, "a store past the reserved memory");
    cr_assert_eq(t->f.code, PTX_FAULT_ADDRESS);
    te_free(t);
}
