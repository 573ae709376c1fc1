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
            te_t *t = te_with(m, p);
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
        char path[128];
        snprintf(path, sizeof path, "test/ptx/gen/recursion.%s.ptx", vars[v]);
        te_t *t = te_load(path);
        uint32_t n = 32;
        uint64_t out = t->data, in = t->data + 4096;
        int32_t *hin = te_ptr(t, in);
        for (uint32_t i = 0; i < n; i++)
            hin[i] = (int32_t)(i * 7 % 5);
        te_param_u64(t, out);
        te_param_u64(t, in);
        te_param_u32(t, n);
        const char *name = NULL;
        for (uint32_t fi = 0; fi < t->m->nfuncs; fi++)
            if (t->m->funcs[fi].kind == PTX_FUNC_ENTRY)
                name = t->m->funcs[fi].name;
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
        te_free(t);
    }
}

/* shared_reduce.cu's reduce(): static, 2-D and dynamic shared arrays, a
 * tree reduction across 8 warps with barriers, bar.red popc/and/or; small
 * integers as floats, so every sum is exact. */
Test(ptx_corpus_exec, shared_reduce)
{
    const char *vars[] = {"sm_75", "sm_80", "sm_86", "sm_90", "sm_75.G", "clang"};
    const uint32_t n = 1000, grid = 2, block = 256;
    for (size_t v = 0; v < sizeof vars / sizeof vars[0]; v++) {
        char path[128];
        snprintf(path, sizeof path, "test/ptx/gen/shared_reduce.%s.ptx", vars[v]);
        te_t *t = te_load(path);
        uint64_t out = t->data, in = t->data + 4096;
        float *hin = te_ptr(t, in);
        for (uint32_t i = 0; i < n; i++)
            hin[i] = (float)((int)(i % 7) - 2);
        te_param_u64(t, out);
        te_param_u64(t, in);
        te_param_u32(t, n);
        uint32_t g[3] = {grid, 1, 1}, b[3] = {block, 1, 1};
        cr_assert_eq(te_launch3(t, "_Z6reducePfPKfi", g, b, block * 4, 10000000), 0, "%s: fault %u line %u",
                     path, t->f.code, t->f.line);
        const float *hout = te_ptr(t, out);
        for (uint32_t c = 0; c < grid; c++) {
            float vt[256], sum = 0;
            int cnt = 0, all = 1, any = 0;
            for (uint32_t k = 0; k < block; k++) {
                vt[k] = 0;
                for (uint32_t i = c * block + k; i < n; i += grid * block)
                    vt[k] += hin[i];
                sum += vt[k];
                cnt += vt[k] > 0.0f;
                all &= vt[k] > 1.0f;
                any |= vt[k] > 2.0f;
            }
            float want = sum + vt[5] * 2.0f + (float)(int)vt[67] + cnt + all + any;
            cr_assert_eq(hout[c], want, "%s out[%u] = %g, want %g", path, c, hout[c], want);
        }
        te_free(t);
    }
}

/* warp_ops.cu: shuffles in four modes (one with a 16-lane width), float and
 * double shuffles, ballot/all/any, match.any/all, redux (sm_80 and later),
 * and the bit intrinsics; the reference in C. */
static uint32_t brev32(uint32_t x)
{
    uint32_t r = 0;
    for (int i = 0; i < 32; i++)
        r |= ((x >> i) & 1u) << (31 - i);
    return r;
}

static uint32_t warp_ops_ref(const uint32_t *v, uint32_t t, int redux)
{
    uint32_t a = v[3], b = t >= 1 ? v[t - 1] : v[t];
    uint32_t maxl = (t & 16) | 15, c = t + 2 <= maxl ? v[t + 2] : v[t];
    uint32_t d = v[t ^ 5], e = v[7], g = v[t ^ 1];
    uint32_t ballot = 0, all = 1, any = 0, ma = 0, same = 1;
    uint32_t sum = 0, mn = ~0u, and_ = ~0u, or_ = 0, xor_ = 0;
    int32_t mx = INT32_MIN;
    for (uint32_t l = 0; l < 32; l++) {
        ballot |= (v[l] & 1u) << l;
        all &= v[l] > 3;
        any |= v[l] > 3;
        ma |= (uint32_t)(v[l] == v[t]) << l;
        same &= v[l] == v[0];
        sum += v[l], mn = v[l] < mn ? v[l] : mn, mx = (int32_t)v[l] > mx ? (int32_t)v[l] : mx;
        and_ &= v[l], or_ |= v[l], xor_ ^= v[l];
    }
    uint32_t mb = same ? 0xffffffffu : 0, pred = same;
    uint32_t r = redux ? sum + mn + (uint32_t)mx + and_ + or_ + xor_ : 0;
    uint32_t x = v[t];
    uint64_t hl = ((uint64_t)a << 32) | x;
    uint32_t fl = (uint32_t)((hl << (b & 31)) >> 32);
    uint32_t frc = (uint32_t)(hl >> (b < 32 ? b : 32));
    uint32_t bits = (uint32_t)__builtin_popcount(x) + (x ? (uint32_t)__builtin_clz(x) : 32) +
                    (x ? (uint32_t)__builtin_ctz(x) + 1 : 0) + brev32(x) + x + fl + frc +
                    (uint32_t)__builtin_popcount(x & 0x7fffffffu) + (x ? 32 + (uint32_t)__builtin_clz(x) : 64);
    return a + b + c + d + e + g + ballot + all + any + ma + mb + pred + r + bits + 0xffffffffu;
}

Test(ptx_corpus_exec, warp_ops)
{
    const char *vars[] = {"sm_75", "sm_80", "sm_86", "sm_90", "sm_75.G"};
    for (size_t k = 0; k < sizeof vars / sizeof vars[0]; k++) {
        char path[128];
        snprintf(path, sizeof path, "test/ptx/gen/warp_ops.%s.ptx", vars[k]);
        te_t *t = te_load(path);
        uint64_t out = t->data, in = t->data + 4096;
        uint32_t *hin = te_ptr(t, in);
        for (uint32_t i = 0; i < 32; i++)
            hin[i] = (i * 37 + 11) % 50;
        te_param_u64(t, out);
        te_param_u64(t, in);
        uint32_t g[3] = {1, 1, 1}, b[3] = {32, 1, 1};
        cr_assert_eq(te_launch3(t, "_Z8warp_opsPjPKj", g, b, 0, 1000000), 0, "%s: fault %u line %u", path,
                     t->f.code, t->f.line);
        const uint32_t *hout = te_ptr(t, out);
        int redux = strcmp(vars[k], "sm_75") && strcmp(vars[k], "sm_75.G");
        for (uint32_t i = 0; i < 32; i++)
            cr_assert_eq(hout[i], warp_ops_ref(hin, i, redux), "%s lane %u: %u, want %u", path, i, hout[i],
                         warp_ops_ref(hin, i, redux));
        te_free(t);
    }
}
