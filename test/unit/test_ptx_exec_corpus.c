/* The corpus (test/ptx/gen, from test/ptx/src) on the executor:
 * every kernel of every variant (nvcc for sm_75..sm_90 and -G, clang) runs
 * to completion on buffers of ones (int 1), or stops at its trap (control.cu
 * traps on one path, inline_asm.cu runs brkpt, a fault here); and
 * kernels with a simple check give the values computed here in C. */
#include <glob.h>
#include <math.h>

#include "test_ptx_exec_fixture.h"

#define BUF (64u * 1024u)

/* Parameters: each pointer its own buffer of BUF bytes of int 1s, each integer 32. */
static void default_params(te_t *t, const ptx_func_t *k)
{
    t->nparams = 0;
    cr_assert_leq(k->nparams, 12);
    for (uint32_t i = 0; i < k->nparams; i++) {
        const ptx_var_t *v = &k->params[i];
        if (v->size == 8 && (v->type == PTX_T_U64 || v->type == PTX_T_B64 || v->type == PTX_T_S64))
            te_param_u64(t, t->data + (uint64_t)i * BUF);
        else if (v->size == 8)
            te_param_u64(t, 0x4040000000000000ull); /* a double: 32.0 */
        else if (v->size == 4 && v->type == PTX_T_F32)
            te_param_u32(t, 0x42000000u);
        else if (v->size == 4)
            te_param_u32(t, 32);
        else {
            uint8_t z[64] = {0};
            cr_assert(v->size <= sizeof z);
            te_param(t, z, (uint32_t)v->size);
        }
    }
}

Test(ptx_corpus_exec, every_kernel_runs)
{
    glob_t gl;
    cr_assert_eq(glob("test/ptx/gen/*.ptx", 0, NULL, &gl), 0);
    uint32_t ran = 0, refused = 0;
    for (size_t i = 0; i < gl.gl_pathc; i++) {
        const char *path = gl.gl_pathv[i];
        char err[512];
        ptx_module_t *m = ptx_parse_file(path, err, sizeof err);
        cr_assert(m, "%s", err);
        ptx_prog_t *p = ptx_prog_build(m, path, err, sizeof err);
        if (!p) { /* clang's files call libdevice (__nv_*), which is not linked into them */
            cr_assert(strstr(path, ".clang.") && strstr(err, "'__nv_"), "%s", err);
            refused++;
            ptx_module_free(m);
            continue;
        }
        for (uint32_t fi = 0; fi < m->nfuncs; fi++) {
            if (m->funcs[fi].kind != PTX_FUNC_ENTRY)
                continue;
            te_t *t = calloc(1, sizeof *t);
            t->m = m;
            t->p = p;
            t->arena = calloc(TE_ARENA, 1);
            ptx_prog_globals_init(p, t->arena);
            t->data = PTX_GMEM_LO + ((ptx_prog_globals_size(p) + 4095) & ~4095ull);
            t->out.buf = calloc(TE_OUTCAP, 1);
            t->out.cap = TE_OUTCAP;
            default_params(t, &m->funcs[fi]);
            for (uint32_t w = 0; w < 12 * BUF / 4; w++)
                ((uint32_t *)te_ptr(t, t->data))[w] = 1;
            uint32_t g[3] = {2, 1, 1}, b[3] = {64, 1, 1};
            int rc = te_launch3(t, m->funcs[fi].name, g, b, 1024, 2000000);
            cr_assert(rc == 0 || ((strstr(path, "control") || strstr(path, "inline_asm")) && t->f.code == PTX_FAULT_TRAP),
                      "%s %s: fault %u at %u:%u lane %u addr %#llx", path, m->funcs[fi].name, t->f.code, t->f.line,
                      t->f.col, t->f.lane, (unsigned long long)t->f.addr);
            cr_assert_gt(t->st.warp_insns, 0);
            free(t->arena);
            free(t->out.buf);
            free(t);
            ran++;
        }
        ptx_prog_free(p);
        ptx_module_free(m);
    }
    globfree(&gl);
    cr_assert_gt(ran, 60, "ran %u kernels (%u files refused)", ran, refused);
}

/* recursion.cu's calls(): fib, a struct returned by value, a double
 * recursion; every variant against the C. */
static double ack(double x, int depth)
{
    return depth <= 0 ? x : ack(x * 0.5 + 1.0, depth - 1) + x;
}

static int fibc(int n)
{
    return n < 2 ? n : fibc(n - 1) + fibc(n - 2);
}

Test(ptx_corpus_exec, recursion_calls)
{
    const char *vars[] = {"sm_75", "sm_80", "sm_86", "sm_90", "sm_75.G"};
    for (size_t v = 0; v < sizeof vars / sizeof vars[0]; v++) {
        char path[128], err[512];
        snprintf(path, sizeof path, "test/ptx/gen/recursion.%s.ptx", vars[v]);
        ptx_module_t *m = ptx_parse_file(path, err, sizeof err);
        cr_assert(m, "%s", err);
        te_t *t = calloc(1, sizeof *t);
        t->m = m;
        t->p = ptx_prog_build(m, path, err, sizeof err);
        cr_assert(t->p, "%s", err);
        t->arena = calloc(TE_ARENA, 1);
        t->data = PTX_GMEM_LO + ((ptx_prog_globals_size(t->p) + 4095) & ~4095ull);
        t->out.buf = calloc(TE_OUTCAP, 1);
        t->out.cap = TE_OUTCAP;
        uint32_t n = 32;
        uint64_t out = t->data, in = t->data + 4096;
        int32_t *hin = te_ptr(t, in);
        for (uint32_t i = 0; i < n; i++)
            hin[i] = (int32_t)(i * 7 % 5);
        te_param_u64(t, out);
        te_param_u64(t, in);
        te_param_u32(t, n);
        const char *name = NULL;
        for (uint32_t fi = 0; fi < m->nfuncs; fi++)
            if (m->funcs[fi].kind == PTX_FUNC_ENTRY)
                name = m->funcs[fi].name;
        uint32_t g[3] = {1, 1, 1}, b[3] = {n, 1, 1};
        cr_assert_eq(te_launch3(t, name, g, b, 0, 10000000), 0, "%s: fault %u line %u", path, t->f.code,
                     t->f.line);
        const int32_t *hout = te_ptr(t, out);
        for (uint32_t i = 0; i < n; i++) {
            int32_t a = hin[i] + hin[hin[i] & 3];
            float bf = (float)i * 2.0f;
            int64_t c = ((int64_t)i * 3) ^ (int64_t)in;
            cr_assert_eq(hout[i], a + (int)bf + (int)c, "%s out[%u]", path, i);
            cr_assert_eq(hout[i + n], fibc((int)i % 12) + (int)ack((double)i, (int)(i & 7)), "%s out[%u]", path,
                         i + n);
        }
        ptx_prog_free(t->p);
        ptx_module_free(m);
        free(t->arena);
        free(t->out.buf);
        free(t);
    }
}
