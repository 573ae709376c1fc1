/* Integer matrix product C = A x B (seed 002, section 3.2), the rows of C
 * partitioned by core.
 *
 *     imatmul [size]        (default 64: 64x64 times 64x64, 1 <= size <= 4096)
 *
 * A and B are polynomials in the indices (mod 2^32), so every entry of C has
 * a closed form in sums of powers that costs O(1) instead of O(size):
 *     a(i,k) = i^2 + i k - 2 k^2 + 3,    b(k,j) = k j - 3 j + 2 k + 1.
 * Core c generates rows [c size/n, (c+1) size/n) of A and B, then computes
 * those rows of C, then checks every entry of the next core's rows against
 * the closed form. Core 0 checks the tally, recomputes three entries itself
 * and prints one line whose checksum does not depend on the core count. */
#include "bench.h"

WS_MEMORY(4096, 8192);

static unsigned a_at(unsigned i, unsigned k) { return i * i + i * k - 2u * k * k + 3u; }
static unsigned b_at(unsigned k, unsigned j) { return k * j - 3u * j + 2u * k + 1u; }

/* sum over k < n of k^p, p = 0..3, mod 2^32 (exact in 64 bits for n <= 4096) */
typedef struct {
    unsigned s[4];
} psums_t;

static psums_t power_sums(unsigned n)
{
    unsigned long long m = n, s1 = m * (m - 1) / 2;
    psums_t p;
    p.s[0] = n;
    p.s[1] = (unsigned)s1;
    p.s[2] = (unsigned)(m * (m - 1) * (2 * m - 1) / 6);
    p.s[3] = (unsigned)(s1 * s1);
    return p;
}

/* c(i,j) = sum_k (a0 + a1 k + a2 k^2)(b0 + b1 k) */
static unsigned c_closed(unsigned i, unsigned j, const psums_t *p)
{
    unsigned a0 = i * i + 3u, a1 = i, a2 = 0u - 2u;
    unsigned b0 = 1u - 3u * j, b1 = j + 2u;
    return a0 * b0 * p->s[0] + (a0 * b1 + a1 * b0) * p->s[1] + (a1 * b1 + a2 * b0) * p->s[2] +
           a2 * b1 * p->s[3];
}

static unsigned dot(const unsigned *A, const unsigned *B, unsigned s, unsigned i, unsigned j)
{
    unsigned acc = 0;
    for (unsigned k = 0; k < s; k++)
        acc += A[i * s + k] * B[k * s + j];
    return acc;
}

static void generate(unsigned *A, unsigned *B, unsigned s, unsigned lo, unsigned hi)
{
    for (unsigned i = lo; i < hi; i++)
        for (unsigned j = 0; j < s; j++) {
            A[i * s + j] = a_at(i, j);
            B[i * s + j] = b_at(i, j);
        }
}

static void multiply(const unsigned *A, const unsigned *B, unsigned *C, unsigned s, unsigned lo,
                     unsigned hi)
{
    for (unsigned i = lo; i < hi; i++)
        for (unsigned j = 0; j < s; j++)
            C[i * s + j] = dot(A, B, s, i, j);
}

/* Rows [lo, hi) of C against the closed form: mismatches, and the checksum. */
static unsigned check_rows(const unsigned *C, unsigned s, unsigned lo, unsigned hi, unsigned *sum)
{
    psums_t p = power_sums(s);
    unsigned bad = 0;
    for (unsigned i = lo; i < hi; i++)
        for (unsigned j = 0; j < s; j++) {
            unsigned at = i * s + j;
            bad += C[at] != c_closed(i, j, &p);
            *sum += bench_hash(C[at], at);
        }
    return bad;
}

static int summary(unsigned s, unsigned n, const unsigned *A, const unsigned *B, const unsigned *C,
                   const bench_tally_t *t)
{
    const char *problem = bench_tally_problem(t, n);
    const unsigned probes[3][2] = { { 0, 0 }, { s - 1, s - 1 }, { s / 2, s / 3 } };
    for (unsigned q = 0; q < 3 && !problem; q++) {
        unsigned i = probes[q][0], j = probes[q][1];
        if (C[i * s + j] != dot(A, B, s, i, j))
            problem = "an entry differs from core 0's own product";
    }
    bench_head("imatmul", n);
    bench_kv("size", s);
    bench_kx("checksum", t->sum);
    return bench_verdict(problem);
}

int main(int argc, char **argv)
{
    unsigned s = bench_arg(argc, argv, 1, 64u);
    unsigned id = ws_core_id(), n = ws_ncores(), lo, hi, sum = 0;
    if (s == 0 || s > 4096) {
        if (id == 0)
            ws_print("imatmul: size must be 1..4096\n");
        return 2;
    }
    unsigned *A = (unsigned *)bench_shared_alloc(s * s * 4u);
    unsigned *B = (unsigned *)bench_shared_alloc(s * s * 4u);
    unsigned *C = (unsigned *)bench_shared_alloc(s * s * 4u);
    bench_tally_t *t = (bench_tally_t *)bench_shared_alloc(sizeof *t);
    if (!A || !B || !C || !t) {
        if (id == 0)
            ws_print("imatmul: shared region too small\n");
        return 2;
    }
    if (id == 0)
        bench_tally_reset(t);
    bench_slice(s, id, n, &lo, &hi);
    generate(A, B, s, lo, hi);
    ws_barrier();
    multiply(A, B, C, s, lo, hi);
    ws_barrier();
    bench_slice(s, (id + 1) % n, n, &lo, &hi);
    unsigned bad = check_rows(C, s, lo, hi, &sum);
    bench_tally(t, bad, sum, 0);
    ws_barrier();
    return id == 0 ? summary(s, n, A, B, C, t) : 0;
}
