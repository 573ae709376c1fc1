/* Helpers for the PTX executor's tests: parse a snippet, lower it, run a
 * grid of it CTA by CTA on a small global arena (ptx_cta_run), and read
 * the arena back. */
#ifndef TEST_PTX_EXEC_FIXTURE_H
#define TEST_PTX_EXEC_FIXTURE_H

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "device/ptx/ptx_prog.h"
#include "host/ptx/ptx.h"

#define TE_HEADER ".version 8.0\n.target sm_80\n.address_size 64\n"
#define TE_ARENA (1u << 20)
#define TE_OUTCAP (1u << 16)

typedef struct te {
    ptx_module_t *m;
    ptx_prog_t *p;
    uint8_t *arena;
    uint64_t data;           /* target address of the test's data (after the globals) */
    ptx_stats_t st;
    ptx_out_t out;
    ptx_fault_t f;
    uint8_t params[256];
    uint32_t nparams;
    uint32_t clock_cpi;      /* the grid's functional clock (ptx_grid_t); 0: its defaults */
    double ns_per_cycle;
    char err[512];
} te_t;

/* A runner of program p (lowered from m): its arena with the globals
 * initialized, the test's data after them, a printf buffer. */
static inline te_t *te_with(ptx_module_t *m, ptx_prog_t *p)
{
    te_t *t = calloc(1, sizeof *t);
    t->m = m;
    t->p = p;
    t->arena = calloc(TE_ARENA, 1);
    ptx_prog_globals_init(p, t->arena);
    t->data = PTX_GMEM_LO + ((ptx_prog_globals_size(p) + 4095) & ~4095ull);
    t->out.buf = calloc(TE_OUTCAP, 1);
    t->out.cap = TE_OUTCAP;
    return t;
}

static inline te_t *te_new(const char *text)
{
    char err[512];
    ptx_module_t *m = ptx_parse_buffer("t.ptx", text, strlen(text), err, sizeof err);
    cr_assert(m, "parse: %s\n%s", err, text);
    ptx_prog_t *p = ptx_prog_build(m, "t.ptx", err, sizeof err);
    cr_assert(p, "lower: %s", err);
    return te_with(m, p);
}

/* te_new for a PTX file. */
static inline te_t *te_load(const char *path)
{
    char err[512];
    ptx_module_t *m = ptx_parse_file(path, err, sizeof err);
    cr_assert(m, "%s", err);
    ptx_prog_t *p = ptx_prog_build(m, path, err, sizeof err);
    cr_assert(p, "%s", err);
    return te_with(m, p);
}

/* The lowering error of text (which must be refused). */
static inline const char *te_refused(const char *text)
{
    static char err[512];
    ptx_module_t *m = ptx_parse_buffer("t.ptx", text, strlen(text), err, sizeof err);
    cr_assert(m, "parse: %s", err);
    ptx_prog_t *p = ptx_prog_build(m, "t.ptx", err, sizeof err);
    cr_assert(!p, "lowered, but expected a refusal:\n%s", text);
    ptx_module_free(m);
    return err;
}

static inline void te_free(te_t *t)
{
    ptx_prog_free(t->p);
    ptx_module_free(t->m);
    free(t->arena);
    free(t->out.buf);
    free(t);
}

/* The host pointer of target address a. */
static inline void *te_ptr(te_t *t, uint64_t a)
{
    cr_assert(a >= PTX_GMEM_LO && a < PTX_GMEM_LO + TE_ARENA);
    return t->arena + (a - PTX_GMEM_LO);
}

static inline void te_param(te_t *t, const void *v, uint32_t size)
{
    t->nparams = (t->nparams + size - 1) / size * size;
    memcpy(t->params + t->nparams, v, size);
    t->nparams += size;
}
static inline void te_param_u64(te_t *t, uint64_t v) { te_param(t, &v, 8); }
static inline void te_param_u32(te_t *t, uint32_t v) { te_param(t, &v, 4); }

/* The CTA runner the fixture calls: ptx_grid.h's, or one build of it. */
typedef int (*te_cta_run_t)(const ptx_grid_t *, uint32_t, void *, ptx_stats_t *, ptx_out_t *,
                            ptx_fault_t *);
static te_cta_run_t te_cta_run = ptx_cta_run;

/* Runs kernel `name` on grid x block (1-D each unless given 3-D by
 * te_launch3); 0, or -1 with t->f. */
static inline int te_launch3(te_t *t, const char *name, const uint32_t grid[3], const uint32_t block[3],
                             uint32_t dyn_smem, uint64_t limit)
{
    int k = ptx_find_func(t->m, name);
    cr_assert(k >= 0, "no kernel %s", name);
    ptx_grid_t g = {.prog = t->p, .kernel = (uint32_t)k, .dyn_smem = dyn_smem, .params = t->params,
                    .param_size = t->nparams, .gridid = 1, .nsm = 4, .warps_per_sm = 48, .insn_limit = limit,
                    .clock_cpi = t->clock_cpi, .ns_per_cycle = t->ns_per_cycle};
    memcpy(g.grid, grid, sizeof g.grid);
    memcpy(g.block, block, sizeof g.block);
    g.gmem = (ptx_gmem_t){t->arena, PTX_GMEM_LO, TE_ARENA};
    void *scratch = malloc(ptx_cta_scratch_bytes(&g));
    uint32_t n = grid[0] * grid[1] * grid[2];
    int rc = 0;
    for (uint32_t c = 0; c < n && rc == 0; c++)
        rc = te_cta_run(&g, c, scratch, &t->st, &t->out, &t->f);
    free(scratch);
    return rc;
}

static inline int te_launch(te_t *t, const char *name, uint32_t grid, uint32_t block)
{
    uint32_t g[3] = {grid, 1, 1}, b[3] = {block, 1, 1};
    return te_launch3(t, name, g, b, 0, 10000000);
}

static inline uint32_t te_u32(te_t *t, uint32_t i)
{
    uint32_t v;
    memcpy(&v, te_ptr(t, t->data + 4ull * i), 4);
    return v;
}

static inline uint64_t te_u64(te_t *t, uint32_t i)
{
    uint64_t v;
    memcpy(&v, te_ptr(t, t->data + 8ull * i), 8);
    return v;
}

/* A kernel k(.param .u64 out) whose body is `body`, after `decls`. */
static inline char *te_kernel(const char *decls, const char *body)
{
    size_t n = strlen(decls) + strlen(body) + 512;
    char *s = malloc(n);
    snprintf(s, n, TE_HEADER "%s\n.visible .entry k(.param .u64 out)\n{\n%s\n}\n", decls, body);
    return s;
}

/* Parse, lower and run k(out = data) on grid x block; the fixture. */
static inline te_t *te_run(const char *decls, const char *body, uint32_t grid, uint32_t block, int *rc)
{
    char *text = te_kernel(decls, body);
    te_t *t = te_new(text);
    free(text);
    te_param_u64(t, t->data);
    *rc = te_launch(t, "k", grid, block);
    return t;
}

/* Registers every test body declares. */
#define TE_REGS ".reg .b32 %r<40>;\n.reg .b64 %rd<40>;\n.reg .pred %p<10>;\n.reg .f32 %f<10>;\n.reg .f64 %fd<10>;\n" \
                "ld.param.u64 %rd0, [out];\nmov.u32 %r0, %tid.x;\nmul.wide.u32 %rd1, %r0, 4;\nadd.u64 %rd2, %rd0, %rd1;\n"

#endif
