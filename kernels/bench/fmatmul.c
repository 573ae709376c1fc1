/* Single-precision matrix product C = A x B (seed 002, section 3.2), the rows
 * of C partitioned by core. armel has no FPU: every float operation is a
 * call into libgcc's soft-float (__aeabi_fmul, __aeabi_fadd), so this is the
 * call- and branch-heavy counterpart of imatmul.
 *
 *     fmatmul [size]        (default 64: 64x64 times 64x64, 1 <= size <= 4096)
 *
 * The entries are odd multiples of 1/8 (A) and 1/4 (B) of magnitude <= 17/8
 * and 13/4, so every product and partial sum is a multiple of 1/32 below
 * 2^24 / 32 in magnitude (size * 17 * 13 < 2^24): float computes them
 * exactly, in any order. So 32 C(i,j) equals the integer product of the
 * scaled matrices A8 = 8 A and B4 = 4 B, which the check phase computes from
 * byte copies of them at a few instructions a term. Core c generates rows
 * [c size/n, (c+1) size/n) of A and B (and their copies), computes those
 * rows of C, then checks the next core's rows against the integer product.
 * Core 0 checks the tally, recomputes three entries itself and prints one
 * line whose checksum does not depend on the core count. */
#include "bench.h"

WS_MEMORY(4096, 8192);

static int a8_at(unsigned i, unsigned k) { return 2 * (int)((i * 7u + k * 3u) % 17u) - 15; }
static int b4_at(unsigned k, unsigned j) { return 2 * (int)((k * j + 5u) % 13u) - 11; }

typedef struct {
    float *A, *B, *C;
    signed char *A8, *B4;
    unsigned s;
} fmat_t;

static float dot(const fmat_t *m, unsigned i, unsigned j)
{
    float acc = 0.0f;
    for (unsigned k = 0; k < m->s; k++)
        acc += m->A[i * m->s + k] * m->B[k * m->s + j];
    return acc;
}

static void generate(const fmat_t *m, unsigned lo, unsigned hi)
{
    for (unsigned i = lo; i < hi; i++)
        for (unsigned j = 0; j < m->s; j++) {
            int a = a8_at(i, j), b = b4_at(i, j);
            m->A8[i * m->s + j] = (signed char)a;
            m->B4[i * m->s + j] = (signed char)b;
            m->A[i * m->s + j] = (float)a * 0.125f;
            m->B[i * m->s + j] = (float)b * 0.25f;
        }
}

static void multiply(const fmat_t *m, unsigned lo, unsigned hi)
{
    for (unsigned i = lo; i < hi; i++)
        for (unsigned j = 0; j < m->s; j++)
            m->C[i * m->s + j] = dot(m, i, j);
}

/* Rows [lo, hi) of 32 C against A8 B4: mismatches, and the checksum. */
static unsigned check_rows(const fmat_t *m, unsigned lo, unsigned hi, unsigned *sum)
{
    unsigned bad = 0, s = m->s;
    for (unsigned i = lo; i < hi; i++)
        for (unsigned j = 0; j < s; j++) {
            int want = 0, got = (int)(m->C[i * s + j] * 32.0f);
            for (unsigned k = 0; k < s; k++)
                want += m->A8[i * s + k] * m->B4[k * s + j];
            bad += got != want;
            *sum += bench_hash((unsigned)got, i * s + j);
        }
    return bad;
}

static int summary(const fmat_t *m, unsigned n, const bench_tally_t *t)
{
    const char *problem = bench_tally_problem(t, n);
    unsigned s = m->s;
    const unsigned probes[3][2] = { { 0, 0 }, { s - 1, s - 1 }, { s / 2, s / 3 } };
    for (unsigned q = 0; q < 3 && !problem; q++) {
        unsigned i = probes[q][0], j = probes[q][1];
        if (m->C[i * s + j] != dot(m, i, j))
            problem = "an entry differs from core 0's own product";
    }
    bench_head("fmatmul", n);
    bench_kv("size", s);
    bench_kx("checksum", t->sum);
    return bench_verdict(problem);
}

int main(int argc, char **argv)
{
    fmat_t m;
    unsigned id = ws_core_id(), n = ws_ncores(), lo, hi, sum = 0;
    m.s = bench_arg(argc, argv, 1, 64u);
    if (m.s == 0 || m.s > 4096) {
        if (id == 0)
            ws_print("fmatmul: size must be 1..4096\n");
        return 2;
    }
    unsigned cells = m.s * m.s;
    m.A = (float *)bench_shared_alloc(cells * 4u);
    m.B = (float *)bench_shared_alloc(cells * 4u);
    m.C = (float *)bench_shared_alloc(cells * 4u);
    m.A8 = (signed char *)bench_shared_alloc(cells);
    m.B4 = (signed char *)bench_shared_alloc(cells);
    bench_tally_t *t = (bench_tally_t *)bench_shared_alloc(sizeof *t);
    if (!m.A || !m.B || !m.C || !m.A8 || !m.B4 || !t) {
        if (id == 0)
            ws_print("fmatmul: shared region too small\n");
        return 2;
    }
    if (id == 0)
        bench_tally_reset(t);
    bench_slice(m.s, id, n, &lo, &hi);
    generate(&m, lo, hi);
    ws_barrier();
    multiply(&m, lo, hi);
    ws_barrier();
    bench_slice(m.s, (id + 1) % n, n, &lo, &hi);
    unsigned bad = check_rows(&m, lo, hi, &sum);
    bench_tally(t, bad, sum, 0);
    ws_barrier();
    return id == 0 ? summary(&m, n, t) : 0;
}
