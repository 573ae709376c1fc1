/* --memcheck (src/host/ptx/ptx_memcheck.c): which accesses it names, the
 * nearest allocation it gives, that it changes no result, and that what it
 * keeps does not depend on the order the CTAs ran in. The allocation under
 * test is 60 words from word 16 of the test's data; thread t of 64 in a CTA
 * reads word t + 12 and writes word t + 17 (generic addressing), so threads
 * 0-3 read below it and 59-63 write past it. */
#include "test_ptx_exec_fixture.h"
#include "host/ptx/ptx_memcheck.h"

#define BODY                                                                                        \
    TE_REGS "ld.global.u32 %r1, [%rd2+48];\n"                                                      \
            "add.u32 %r1, %r1, 1;\n"                                                                \
            "st.u32 [%rd2+68], %r0;\n"                                                               \
            "atom.global.add.u32 %r2, [%rd0+512], %r1;\n"                                           \
            "ret;"

/* Runs the kernel's CTAs in the order given; the log. */
static te_t *mc_run(const uint32_t *order, uint32_t n, ptx_memcheck_t *mc, const ptx_range_t *ranges, uint32_t nr)
{
    char *text = te_kernel("", BODY);
    te_t *t = te_new(text);
    free(text);
    te_param_u64(t, t->data);
    int k = ptx_find_func(t->m, "k");
    ptx_memcheck_init(mc, ranges, nr);
    ptx_grid_t g = {.prog = t->p, .kernel = (uint32_t)k, .params = t->params, .param_size = t->nparams,
                    .gridid = 1, .nsm = 4, .warps_per_sm = 48, .insn_limit = 1000000, .memcheck = mc};
    g.grid[0] = n, g.grid[1] = g.grid[2] = 1;
    g.block[0] = 64, g.block[1] = g.block[2] = 1;
    g.gmem = (ptx_gmem_t){t->arena, PTX_GMEM_LO, TE_ARENA};
    void *scratch = malloc(ptx_cta_scratch_bytes(&g));
    for (uint32_t i = 0; i < n; i++)
        cr_assert_eq(ptx_cta_run(&g, order[i], scratch, &t->st, &t->out, &t->f), 0, "fault %u", t->f.code);
    free(scratch);
    return t;
}

Test(ptx_memcheck, names_the_accesses_outside)
{
    ptx_memcheck_t mc;
    uint64_t data = PTX_GMEM_LO;   /* the fixture's data, after no globals */
    /* the allocation, and the atomics' counter word 128 words in */
    ptx_range_t r[2] = {{data + 64, 240}, {data + 512, 4}};
    uint32_t order[1] = {0};
    te_t *t = mc_run(order, 1, &mc, r, 2);
    cr_assert_eq(t->data, data);
    cr_assert_eq(mc.total, 9, "%llu accesses", (unsigned long long)mc.total);
    uint32_t n;
    ptx_memcheck_bad_t *b = ptx_memcheck_sorted(&mc, &n);
    cr_assert_eq(n, 9);
    for (uint32_t i = 0; i < 4; i++) {   /* threads 0-3: reads below */
        cr_assert_eq(b[i].thread, i);
        cr_assert_eq(b[i].write, 0);
        cr_assert_eq(b[i].size, 4);
        cr_assert_eq(b[i].addr, data + 48 + 4 * i);
        cr_assert_eq(b[i].near.base, data + 64, "nearest: the allocation above");
    }
    for (uint32_t i = 4; i < 9; i++) {   /* threads 59-63: writes past */
        cr_assert_eq(b[i].thread, 55 + i);
        cr_assert_eq(b[i].write, 1);
        cr_assert_eq(b[i].addr, data + 68 + 4 * (55 + i));
        cr_assert_eq(b[i].near.base, data + 64);
        cr_assert_eq(b[i].near.size, 240);
    }
    cr_assert(b[0].line < b[4].line, "the read's line, then the write's");
    /* the stores happened as without memcheck, past the allocation too */
    cr_assert_eq(te_u32(t, 80), 63);
    cr_assert_eq(te_u32(t, 22), 5);
    free(b);
    ptx_memcheck_free(&mc);
    te_free(t);
}

/* Eight CTAs, run forwards and backwards, with room for fewer accesses than
 * there are: the same ones kept, in the same order. */
Test(ptx_memcheck, order_of_ctas_does_not_matter)
{
    uint32_t fwd[8], bwd[8];
    for (uint32_t i = 0; i < 8; i++)
        fwd[i] = i, bwd[i] = 7 - i;
    ptx_range_t none[1] = {{0, 0}};
    ptx_memcheck_t a, b;
    te_t *ta = mc_run(fwd, 8, &a, none, 0), *tb = mc_run(bwd, 8, &b, none, 0);
    cr_assert_eq(a.total, 8 * 64 * 3, "every access of every thread: no allocation");
    cr_assert_eq(b.total, a.total);
    uint32_t na, nb;
    ptx_memcheck_bad_t *sa = ptx_memcheck_sorted(&a, &na), *sb = ptx_memcheck_sorted(&b, &nb);
    cr_assert_eq(na, PTX_MEMCHECK_KEEP);
    cr_assert_eq(nb, na);
    cr_assert_eq(memcmp(sa, sb, na * sizeof *sa), 0, "the same accesses kept");
    cr_assert_eq(sa[0].cta, 0);
    cr_assert_eq(sa[na - 1].cta, (PTX_MEMCHECK_KEEP - 1) / (64 * 3), "the first blocks' accesses");
    free(sa);
    free(sb);
    ptx_memcheck_free(&a);
    ptx_memcheck_free(&b);
    te_free(ta);
    te_free(tb);
}
