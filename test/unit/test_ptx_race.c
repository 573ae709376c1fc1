/* --racecheck (src/host/ptx/ptx_race.c): which words it names, and that a
 * barrier between the accesses, atomics, or both accesses in one warp are
 * no race. Two warps (64 threads), one CTA unless said. */
#include "test_ptx_exec_fixture.h"
#include "host/ptx/ptx_race.h"

/* Runs body on grid x 64 threads with a race log; the log's words. */
static te_t *race_run(const char *decls, const char *body, uint32_t grid, ptx_race_log_t *log)
{
    char *text = te_kernel(decls, body);
    te_t *t = te_new(text);
    free(text);
    te_param_u64(t, t->data);
    int k = ptx_find_func(t->m, "k");
    ptx_grid_t g = {.prog = t->p, .kernel = (uint32_t)k, .params = t->params, .param_size = t->nparams,
                    .gridid = 1, .nsm = 4, .warps_per_sm = 48, .insn_limit = 1000000, .race = log};
    g.grid[0] = grid, g.grid[1] = g.grid[2] = 1;
    g.block[0] = 64, g.block[1] = g.block[2] = 1;
    g.gmem = (ptx_gmem_t){t->arena, PTX_GMEM_LO, TE_ARENA};
    void *scratch = malloc(ptx_cta_scratch_bytes(&g));
    ptx_race_log_init(log);
    for (uint32_t c = 0; c < grid; c++)
        cr_assert_eq(ptx_cta_run(&g, c, scratch, &t->st, &t->out, &t->f), 0, "fault %u", t->f.code);
    free(scratch);
    return t;
}

/* Thread i writes s[i]; thread 0 then reads all 64 (warp 1's are the race);
 * with BAR a bar.sync between. */
#define WRITE_THEN_READ(BAR)                                                                        \
    TE_REGS "mov.u32 %r5, s;\nshl.b32 %r6, %r0, 2;\nadd.u32 %r6, %r5, %r6;\nst.shared.u32 [%r6], %r0;\n" \
    BAR "setp.ne.u32 %p1, %r0, 0;\n@%p1 bra DONE;\nmov.u32 %r2, 0;\nmov.u32 %r3, 0;\n"               \
    "SUM:\nshl.b32 %r4, %r3, 2;\nadd.u32 %r4, %r5, %r4;\nld.shared.u32 %r7, [%r4];\nadd.u32 %r2, %r2, %r7;\n" \
    "add.u32 %r3, %r3, 1;\nsetp.lt.u32 %p2, %r3, 64;\n@%p2 bra SUM;\nst.global.u32 [%rd0], %r2;\nDONE:\nret;"

Test(ptx_race, shared_read_after_write)
{
    ptx_race_log_t log;
    te_t *t = race_run(".shared .align 4 .u32 s[64];", WRITE_THEN_READ(""), 2, &log);
    cr_assert_eq(log.total, 32, "%llu words", (unsigned long long)log.total);
    for (uint32_t i = 0; i < log.kept; i++) {
        const ptx_race_word_t *w = &log.words[i];
        cr_assert_eq(w->space, PTX_MS_SHARED);
        cr_assert(w->addr >= 128 && w->addr < 256 && w->addr % 4 == 0, "offset %llu", (unsigned long long)w->addr);
        cr_assert_eq(w->kind, PTX_RACE_RAW);
        cr_assert_eq(w->warp[0], 1);
        cr_assert_eq(w->warp[1], 0);
        cr_assert_eq(w->cta, 0, "the first CTA's, once for the launch");
    }
    ptx_race_log_free(&log);
    te_free(t);
}

Test(ptx_race, barrier_orders)
{
    ptx_race_log_t log;
    te_t *t = race_run(".shared .align 4 .u32 s[64];", WRITE_THEN_READ("bar.sync 0;\n"), 1, &log);
    cr_assert_eq(log.total, 0, "%llu words", (unsigned long long)log.total);
    cr_assert_eq(te_u32(t, 0), 63 * 64 / 2, "the sum, racecheck changing nothing");
    ptx_race_log_free(&log);
    te_free(t);
}

/* Warp 1 reads g[0] before a barrier and warp 0 writes it after: none;
 * both warps write g[1]: write after write; everyone adds to g[2]
 * atomically: none; lanes of warp 0 write one another's words (g[3..34]):
 * none. */
Test(ptx_race, kinds_and_exemptions)
{
    ptx_race_log_t log;
    te_t *t = race_run("", TE_REGS
        "setp.ge.u32 %p1, %r0, 32;\n"
        "@%p1 ld.global.u32 %r1, [%rd0];\n"
        "bar.sync 0;\n"
        "setp.lt.u32 %p2, %r0, 32;\n"
        "@%p2 st.global.u32 [%rd0], 5;\n"
        "st.global.u32 [%rd0+4], %r0;\n"
        "atom.global.add.u32 %r2, [%rd0+8], 1;\n"
        "xor.b32 %r3, %r0, 1;\nmul.wide.u32 %rd6, %r3, 4;\n"
        "add.u64 %rd5, %rd0, 12;\nadd.u64 %rd5, %rd5, %rd6;\n"
        "@%p2 st.global.u32 [%rd5], %r0;\n"
        "ret;", 1, &log);
    cr_assert_eq(log.total, 1, "%llu words", (unsigned long long)log.total);
    cr_assert_eq(log.words[0].addr, t->data + 4);
    cr_assert_eq(log.words[0].kind, PTX_RACE_WAW);
    ptx_race_log_free(&log);
    te_free(t);
}

/* Without a barrier: warp 1 reads g[0] and writes g[2]; warp 0 reads
 * g[2] and, after a loop during which warp 1 runs, writes g[0]. Both
 * words race, between warps 0 and 1. */
Test(ptx_race, reads_and_writes_across_warps)
{
    ptx_race_log_t log;
    te_t *t = race_run("", TE_REGS
        "setp.ge.u32 %p1, %r0, 32;\n"
        "@%p1 ld.global.u32 %r1, [%rd0];\n"
        "@%p1 st.global.u32 [%rd0+8], %r1;\n"
        "setp.lt.u32 %p2, %r0, 32;\n"
        "@%p2 ld.global.u32 %r2, [%rd0+8];\n"
        "mov.u32 %r4, 0;\n"
        "L:\nadd.u32 %r4, %r4, 1;\nsetp.lt.u32 %p3, %r4, 40;\n@%p3 bra L;\n"
        "@%p2 st.global.u32 [%rd0], 9;\n"
        "ret;", 1, &log);
    cr_assert_eq(log.total, 2, "%llu words", (unsigned long long)log.total);
    for (uint32_t i = 0; i < log.kept; i++) {
        const ptx_race_word_t *w = &log.words[i];
        cr_assert(w->addr == t->data || w->addr == t->data + 8, "word %llx", (unsigned long long)w->addr);
        cr_assert(w->kind == PTX_RACE_RAW || w->kind == PTX_RACE_WAR, "kind %u", w->kind);
        cr_assert((w->warp[0] ^ w->warp[1]) == 1, "warps %u and %u", w->warp[0], w->warp[1]);
    }
    ptx_race_log_free(&log);
    te_free(t);
}
