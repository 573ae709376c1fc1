/* mma.sync on the executor: each lane loads its fragments' registers (laid
 * out here from the PTX ISA's fragment tables, written out per shape as the
 * manual words them), runs one mma, and stores d; every element of A, B and
 * C is distinct and every sum exact, so a wrong lane or register shows; with
 * random f16 and tf32 inputs (f16 subnormals, tf32's ignored low bits), every
 * f32 sum rounds, and d must be the f32 sum in k order, each product exact
 * (ptx_exec_mma.h's accumulation), bit for bit. And
 * cp.async: src-size's zero fill, the fault of a bad source, none where
 * src-size is 0. stmatrix: its layout, its faults; movmatrix. */
#include "test_ptx_exec_fixture.h"

/* A case: the instruction's words, registers a lane of a, b, c (d as c), their width. */
typedef struct {
    const char *words;
    uint32_t m, n, k, na, nb, nc, wide;
    char a, b, c; /* element: h f16, t tf32, f f32, d f64, s s8, u u8, i s32 */
} mc_t;

static const mc_t cases[] = {
    {"m16n8k16.row.col.f32.f16.f16.f32", 16, 8, 16, 4, 2, 4, 0, 'h', 'h', 'f'},
    {"m16n8k8.row.col.f32.tf32.tf32.f32", 16, 8, 8, 4, 2, 4, 0, 't', 't', 'f'},
    {"m16n8k32.row.col.satfinite.s32.u8.s8.s32", 16, 8, 32, 4, 2, 4, 0, 'u', 's', 'i'},
    {"m8n8k4.row.col.f64.f64.f64.f64", 8, 8, 4, 1, 1, 2, 1, 'd', 'd', 'd'},
};

/* The PTX ISA's tables: element i of a lane (g = lane >> 2, t = lane % 4). */
static void pos(const mc_t *c, char mat, uint32_t g, uint32_t t, uint32_t i, uint32_t *row, uint32_t *col)
{
    if (mat == 'c') {
        *row = i < 2 ? g : g + 8, *col = t * 2 + (i & 1);
        return;
    }
    switch (c->a) {
    case 'h': /* m16n8k16 .f16: a0,a1,a4,a5 in row g; a4..a7 8 columns on */
        if (mat == 'a')
            *row = (i % 4) < 2 ? g : g + 8, *col = t * 2 + (i & 1) + (i >= 4 ? 8 : 0);
        else
            *row = t * 2 + (i & 1) + (i >= 2 ? 8 : 0), *col = g;
        return;
    case 't': /* m16n8k8 .tf32: a0,a2 in row g; a2,a3 at column t + 4 */
        if (mat == 'a')
            *row = (i == 0 || i == 2) ? g : g + 8, *col = i < 2 ? t : t + 4;
        else
            *row = i == 0 ? t : t + 4, *col = g;
        return;
    case 'u': /* m16n8k32 .u8: a0..a3, a8..a11 in row g; a8..a15 16 columns on */
        if (mat == 'a')
            *row = (i < 4 || (i >= 8 && i < 12)) ? g : g + 8, *col = t * 4 + (i & 3) + (i >= 8 ? 16 : 0);
        else
            *row = t * 4 + (i & 3) + (i >= 4 ? 16 : 0), *col = g;
        return;
    default: /* m8n8k4 .f64 */
        *row = mat == 'a' ? g : t, *col = mat == 'a' ? t : g;
        return;
    }
}

static uint32_t ebits(char e) { return e == 'h' ? 16 : e == 'u' || e == 's' ? 8 : e == 'd' ? 64 : 32; }

/* Distinct values (s8/u8: repeating after 255), exact in every sum. */
static double value(char e, char mat, uint32_t i)
{
    switch (e) {
    case 'h': return mat == 'a' ? (double)i - 128 : (double)(i * 3 % 128) - 64;
    case 't': return mat == 'a' ? ((double)i - 64) / 32 : (double)(i * 5 % 64) / 32 - 1;
    case 'f': return ((double)i - 64) / 8;
    case 'd': return mat == 'a' ? (double)i - 15.5 : mat == 'b' ? i * 0.25 - 3 : i * 0.125;
    case 's': return (double)(i * 29 % 255) - 127;
    case 'u': return (double)(i * 73 % 255);
    default: return 2147483647.0 - 20000.0 * (i % 64); /* s32 c: near the top, some sums saturate */
    }
}

static uint64_t to_bits(char e, double v)
{
    float f = (float)v;
    uint32_t fb;
    memcpy(&fb, &f, 4);
    switch (e) {
    case 'h': return ptx_cvt(PTX_T_F16, PTX_T_F32, PTX_RND_RN, 0, fb, 0);
    case 'd': { uint64_t x; memcpy(&x, &v, 8); return x; }
    case 's': case 'u': return (uint8_t)(int32_t)v;
    case 'i': return (uint32_t)(int32_t)v;
    default: return fb;
    }
}

static double of_bits(char e, uint64_t x)
{
    switch (e) {
    case 'h': { uint32_t fb = (uint32_t)ptx_cvt(PTX_T_F32, PTX_T_F16, 0, 0, x, 0); float f; memcpy(&f, &fb, 4); return f; }
    case 'd': { double d; memcpy(&d, &x, 8); return d; }
    case 's': return (int8_t)(uint8_t)x;
    case 'u': return (uint8_t)x;
    case 'i': return (int32_t)(uint32_t)x;
    default: { uint32_t b = (uint32_t)x; float f; memcpy(&f, &b, 4); return f; }
    }
}

/* Lane l's registers of matrix mat (row-major, `cols` a row) into regs. */
static void pack(const mc_t *c, char mat, uint32_t l, const uint64_t *m, uint32_t cols, uint64_t *regs)
{
    char e = mat == 'a' ? c->a : mat == 'b' ? c->b : c->c;
    uint32_t n = (mat == 'a' ? c->na : mat == 'b' ? c->nb : c->nc), bits = ebits(e), per = bits == 64 ? 1 : 32 / bits;
    memset(regs, 0, 4 * sizeof *regs);
    for (uint32_t i = 0; i < n * per; i++) {
        uint32_t row, col;
        pos(c, mat, l >> 2, l & 3, i, &row, &col);
        regs[i / per] |= (m[row * cols + col] & (bits == 64 ? ~0ull : (1ull << bits) - 1)) << (i % per * bits);
    }
}

/* "{%xa0, %xa1}" for n registers named x<letter>. */
static void vec(char *buf, size_t cap, char x, uint32_t n)
{
    int k = snprintf(buf, cap, "{");
    for (uint32_t i = 0; i < n; i++)
        k += snprintf(buf + k, cap - (size_t)k, "%s%%%c%u", i ? ", " : "", x, i);
    snprintf(buf + k, cap - (size_t)k, "}");
}

/* Random bits of an element: f16 of either sign from subnormal to 2^5, tf32
 * and f32 between 2^-7 and 2^7 with every mantissa bit random. */
static uint64_t rbits(char e, uint32_t *seed)
{
    *seed = *seed * 1664525u + 1013904223u;
    uint32_t r = *seed >> 1;
    if (e == 'h')
        return (r & 0x8000u) | (r >> 16 % 21u) % 21u << 10 | (r & 0x3ffu);
    return (r & 0x80000000u) | (120u + (r >> 23) % 15u) << 23 | (r & 0x7fffffu);
}

/* The element as the float path reads it: tf32 without its low 13 bits. */
static float fvalue(char e, uint64_t x)
{
    return e == 't' ? (float)of_bits('f', x & 0xffffe000u) : (float)of_bits(e, x);
}

static void check_mma_at(const mc_t *c, int rounding)
{
    const char *w = c->wide ? "b64" : "b32";
    uint32_t sz = c->wide ? 8 : 4;
    char body[4096], va[64], vb[64], vc[64], vd[64];
    vec(va, sizeof va, 'a', c->na), vec(vb, sizeof vb, 'b', c->nb), vec(vc, sizeof vc, 'c', c->nc);
    vec(vd, sizeof vd, 'd', c->nc);
    int k = snprintf(body, sizeof body,
                     ".reg .b32 %%r<2>;\n.reg .b64 %%rd<4>;\n.reg .%s %%a<4>, %%b<4>, %%c<4>, %%d<4>;\n"
                     "ld.param.u64 %%rd0, [out];\nmov.u32 %%r0, %%tid.x;\nmul.wide.u32 %%rd1, %%r0, 32;\n"
                     "add.u64 %%rd3, %%rd0, %%rd1;\n", w);
    for (uint32_t i = 0; i < 4; i++)
        k += snprintf(body + k, sizeof body - (size_t)k,
                      "ld.global.%s %%a%u, [%%rd3+%u];\nld.global.%s %%b%u, [%%rd3+%u];\nld.global.%s %%c%u, [%%rd3+%u];\n",
                      w, i, i * sz, w, i, 1024 + i * sz, w, i, 2048 + i * sz);
    k += snprintf(body + k, sizeof body - (size_t)k, "mma.sync.aligned.%s %s, %s, %s, %s;\n", c->words, vd, va, vb, vc);
    for (uint32_t i = 0; i < c->nc; i++)
        k += snprintf(body + k, sizeof body - (size_t)k, "st.global.%s [%%rd3+%u], %%d%u;\n", w, 3072 + i * sz, i);
    snprintf(body + k, sizeof body - (size_t)k, "ret;");
    char *text = te_kernel("", body);
    te_t *t = te_new(text);
    free(text);
    te_param_u64(t, t->data);

    uint64_t A[512], B[256], C[128];
    uint32_t seed = 12345;
    for (uint32_t i = 0; i < c->m * c->k; i++)
        A[i] = rounding ? rbits(c->a, &seed) : to_bits(c->a, value(c->a, 'a', i));
    for (uint32_t i = 0; i < c->k * c->n; i++)
        B[i] = rounding ? rbits(c->b, &seed) : to_bits(c->b, value(c->b, 'b', i));
    for (uint32_t i = 0; i < c->m * c->n; i++)
        C[i] = rounding ? rbits(c->c, &seed) : to_bits(c->c, value(c->c, 'c', i));
    for (uint32_t l = 0; l < 32; l++) {
        uint64_t ra[4], rb[4], rc[4];
        pack(c, 'a', l, A, c->k, ra), pack(c, 'b', l, B, c->n, rb), pack(c, 'c', l, C, c->n, rc);
        for (uint32_t i = 0; i < 4; i++) {
            memcpy(te_ptr(t, t->data + l * 32 + i * sz), &ra[i], sz);
            memcpy(te_ptr(t, t->data + 1024 + l * 32 + i * sz), &rb[i], sz);
            memcpy(te_ptr(t, t->data + 2048 + l * 32 + i * sz), &rc[i], sz);
        }
    }
    cr_assert_eq(te_launch(t, "k", 1, 32), 0, "%s: fault %d", c->words, t->f.code);
    uint32_t sat = 0, per = c->wide ? 1 : 32 / ebits(c->c);
    for (uint32_t l = 0; l < 32; l++)
        for (uint32_t i = 0; i < c->nc * per; i++) {
            uint32_t row, col;
            pos(c, 'c', l >> 2, l & 3, i, &row, &col);
            double want = of_bits(c->c, C[row * c->n + col]);
            for (uint32_t kk = 0; kk < c->k; kk++)
                want += of_bits(c->a, A[row * c->k + kk]) * of_bits(c->b, B[kk * c->n + col]);
            if (rounding) {
                float f = (float)of_bits(c->c, C[row * c->n + col]);
                for (uint32_t kk = 0; kk < c->k; kk++) {
                    float p = fvalue(c->a, A[row * c->k + kk]) * fvalue(c->b, B[kk * c->n + col]);
                    f += p;   /* p is exact; each sum rounds */
                }
                want = f;
            }
            if (c->c == 'i' && want > 2147483647.0)
                want = 2147483647.0, sat++;
            uint64_t got = 0;
            memcpy(&got, te_ptr(t, t->data + 3072 + l * 32 + i * sz), sz);
            cr_expect_eq(got, to_bits(c->c, want), "%s: lane %u d%u (D[%u][%u]) = %g, want %g", c->words, l, i, row,
                         col, of_bits(c->c, got), want);
        }
    if (c->c == 'i')
        cr_expect(sat > 0 && sat < 128, "%u of 128 saturate", sat);
    te_free(t);
}

static void check_mma(const mc_t *c) { check_mma_at(c, 0); }

Test(ptx_mma, sync_fragment_layouts)
{
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        check_mma(&cases[i]);
}

Test(ptx_mma, sync_f32_rounding)
{
    check_mma_at(&cases[0], 1);   /* f16 */
    check_mma_at(&cases[1], 1);   /* tf32 */
}

/* Thread i copies 16 bytes of which src-size = i % 17 are read; the rest of
 * its 16 is zero (the destination was 0xee). */
Test(ptx_mma, cp_async_src_size)
{
    char *text = te_kernel(".shared .align 16 .b8 sbuf[512];",
                           TE_REGS "mul.wide.u32 %rd3, %r0, 16;\nadd.u64 %rd4, %rd0, %rd3;\n"
                           "mov.u32 %r1, sbuf;\nmul.lo.u32 %r2, %r0, 16;\nadd.u32 %r3, %r1, %r2;\n"
                           "st.shared.v4.u32 [%r3], {0xeeeeeeee, 0xeeeeeeee, 0xeeeeeeee, 0xeeeeeeee};\n"
                           "rem.u32 %r4, %r0, 17;\n"
                           "cp.async.cg.shared.global [%r3], [%rd4+512], 16, %r4;\n"
                           "cp.async.commit_group;\ncp.async.wait_group 0;\n"
                           "ld.shared.v4.u32 {%r5, %r6, %r7, %r8}, [%r3];\n"
                           "st.global.v4.u32 [%rd4], {%r5, %r6, %r7, %r8};\nret;");
    te_t *t = te_new(text);
    free(text);
    te_param_u64(t, t->data);
    uint8_t *src = te_ptr(t, t->data + 512);
    for (uint32_t i = 0; i < 512; i++)
        src[i] = (uint8_t)(i * 7 + 1);
    cr_assert_eq(te_launch(t, "k", 1, 32), 0, "fault %d", t->f.code);
    const uint8_t *out = te_ptr(t, t->data);
    for (uint32_t l = 0; l < 32; l++)
        for (uint32_t b = 0; b < 16; b++)
            cr_expect_eq(out[l * 16 + b], b < l % 17 ? src[l * 16 + b] : 0, "lane %u byte %u", l, b);
    te_free(t);
}

/* A source outside memory faults where bytes are read, not where src-size is 0. */
Test(ptx_mma, cp_async_bad_source)
{
    for (uint32_t n = 0; n < 2; n++) {
        char body[1024];
        snprintf(body, sizeof body, "%smov.u32 %%r9, %u;\nmov.u32 %%r1, sbuf;\nmov.u64 %%rd5, 16;\n"
                 "cp.async.ca.shared.global [%%r1], [%%rd5], 4, %%r9;\ncp.async.wait_all;\nret;", TE_REGS, n * 4);
        char *text = te_kernel(".shared .align 16 .b8 sbuf[64];", body);
        te_t *t = te_new(text);
        free(text);
        te_param_u64(t, t->data);
        int rc = te_launch(t, "k", 1, 32);
        if (n)
            cr_expect(rc != 0 && t->f.code == PTX_FAULT_ADDRESS, "4 bytes from 0x10: an address fault");
        else
            cr_expect_eq(rc, 0, "src-size 0 reads nothing");
        te_free(t);
    }
}

/* stmatrix.x2 (plain and .trans): half h of lane l's register i is l << 8 | i << 4 | h; lane j < 16
 * gives row j of 16 rows of 16 bytes (matrix j/8), the lanes past them an address outside shared
 * memory (not used). Thread t copies words t and t + 32 of the rows out. Element (row, col) of
 * matrix i must be lane l's half h of register i where row l/4, col 2(l%4)+h (.trans: row 2(l%4)+h,
 * col l/4). */
Test(ptx_mma, stmatrix_layout)
{
    for (uint32_t trans = 0; trans < 2; trans++) {
        char body[2048];
        snprintf(body, sizeof body, "%s"
                 "mov.u32 %%r2, sbuf;\nshl.b32 %%r1, %%r0, 4;\nadd.u32 %%r3, %%r2, %%r1;\n"
                 "setp.lt.u32 %%p1, %%r0, 16;\nselp.b32 %%r4, %%r3, 0xfff0, %%p1;\n"
                 "shl.b32 %%r5, %%r0, 8;\nmul.lo.u32 %%r6, %%r5, 0x10001;\nadd.u32 %%r7, %%r6, 0x10000;\n"
                 "add.u32 %%r9, %%r7, 0x00100010;\n"
                 "stmatrix.sync.aligned.m8n8.x2%s.shared.b16 [%%r4], {%%r7, %%r9};\n"
                 "bar.warp.sync -1;\nshl.b32 %%r10, %%r0, 2;\nadd.u32 %%r11, %%r2, %%r10;\n"
                 "ld.shared.u32 %%r12, [%%r11];\nst.global.u32 [%%rd2], %%r12;\n"
                 "ld.shared.u32 %%r14, [%%r11+128];\nst.global.u32 [%%rd2+128], %%r14;\nret;",
                 TE_REGS, trans ? ".trans" : "");
        int rc;
        te_t *t = te_run(".shared .align 16 .b8 sbuf[256];", body, 1, 32, &rc);
        cr_assert_eq(rc, 0, "fault %u line %u lane %u", t->f.code, t->f.line, t->f.lane);
        const uint8_t *out = te_ptr(t, t->data);
        for (uint32_t l = 0; l < 32; l++)
            for (uint32_t i = 0; i < 2; i++)
                for (uint32_t h = 0; h < 2; h++) {
                    uint32_t a = l / 4, b = 2 * (l % 4) + h, row = trans ? b : a, col = trans ? a : b;
                    uint16_t got, want = (uint16_t)(l << 8 | i << 4 | h);
                    memcpy(&got, out + (8 * i + row) * 16 + 2 * col, 2);
                    cr_expect_eq(got, want, "trans %u: matrix %u (%u, %u) = 0x%04x, not lane %u's half %u of register %u",
                                 trans, i, row, col, got, l, h, i);
                }
        te_free(t);
    }
}

/* A row address outside shared memory faults with the lane that gave it and the address; lanes
 * past the matrices give none. Every lane stores its registers: a lane exited is a MEMBERMASK fault
 * (ldmatrix.x1 needs only lanes 0..7). */
Test(ptx_mma, stmatrix_faults)
{
    int rc;
    te_t *t = te_run(".shared .align 16 .b8 sbuf[128];",
                     TE_REGS "mov.u32 %r2, sbuf;\nshl.b32 %r1, %r0, 4;\nadd.u32 %r3, %r2, %r1;\n"
                     "setp.eq.u32 %p1, %r0, 5;\nselp.b32 %r4, 0x4000, %r3, %p1;\n"
                     "stmatrix.sync.aligned.m8n8.x1.shared.b16 [%r4], {%r0};\nret;", 1, 32, &rc);
    cr_expect(rc != 0 && t->f.code == PTX_FAULT_ADDRESS && t->f.lane == 5 && t->f.addr == 0x4000,
              "fault %u lane %u addr 0x%llx", t->f.code, t->f.lane, (unsigned long long)t->f.addr);
    te_free(t);
    for (uint32_t st = 0; st < 2; st++) {
        char body[1024];
        snprintf(body, sizeof body, "%smov.u32 %%r2, sbuf;\nand.b32 %%r1, %%r0, 7;\nshl.b32 %%r1, %%r1, 4;\n"
                 "add.u32 %%r3, %%r2, %%r1;\nsetp.ge.u32 %%p1, %%r0, 16;\n@%%p1 exit;\n%s;\nret;", TE_REGS,
                 st ? "stmatrix.sync.aligned.m8n8.x1.shared.b16 [%r3], {%r0}"
                    : "ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%r5}, [%r3]");
        t = te_run(".shared .align 16 .b8 sbuf[128];", body, 1, 32, &rc);
        if (st)
            cr_expect(rc != 0 && t->f.code == PTX_FAULT_MEMBERMASK && t->f.lane == 16, "fault %u lane %u", t->f.code,
                      t->f.lane);
        else
            cr_expect_eq(rc, 0, "ldmatrix: fault %u lane %u", t->f.code, t->f.lane);
        te_free(t);
    }
}

/* movmatrix: half h of lane l's a is l << 8 | h (matrix element (l/4, 2(l%4)+h)); half h of lane
 * l's d must be the element (2(l%4)+h, l/4): lane 4(2(l%4)+h) + l/8's half (l/4)%2. A lane exited
 * is a MEMBERMASK fault. */
Test(ptx_mma, movmatrix)
{
    int rc;
    te_t *t = te_run("", TE_REGS "shl.b32 %r1, %r0, 8;\nmul.lo.u32 %r2, %r1, 0x10001;\nadd.u32 %r3, %r2, 0x10000;\n"
                     "movmatrix.sync.aligned.m8n8.trans.b16 %r4, %r3;\nst.global.u32 [%rd2], %r4;\nret;", 1, 32, &rc);
    cr_assert_eq(rc, 0, "fault %u line %u lane %u", t->f.code, t->f.line, t->f.lane);
    const uint8_t *out = te_ptr(t, t->data);
    for (uint32_t l = 0; l < 32; l++)
        for (uint32_t h = 0; h < 2; h++) {
            uint32_t row = 2 * (l % 4) + h, col = l / 4;
            uint16_t got, want = (uint16_t)((4 * row + col / 2) << 8 | col % 2);
            memcpy(&got, out + 4 * l + 2 * h, 2);
            cr_expect_eq(got, want, "lane %u half %u: 0x%04x, not 0x%04x", l, h, got, want);
        }
    te_free(t);
    t = te_run("", TE_REGS "setp.eq.u32 %p1, %r0, 9;\n@%p1 exit;\nmovmatrix.sync.aligned.m8n8.trans.b16 %r4, %r0;\nret;",
               1, 32, &rc);
    cr_expect(rc != 0 && t->f.code == PTX_FAULT_MEMBERMASK && t->f.lane == 9, "fault %u lane %u", t->f.code,
              t->f.lane);
    te_free(t);
}
