/* Integer matrix product C = A x B in the shared region, partitioned by
 * rows: core c fills and then computes rows [c*M/n, (c+1)*M/n). Core 0
 * checks the sum of C against sum_k colsum(A)[k] * rowsum(B)[k], recomputes
 * a few entries directly, and prints one line with a checksum that does not
 * depend on the core count.
 *
 *     matmul [size]        (default 64: 64x64 times 64x64) */
#include "warpsim.h"
#include "warpsim_rt.h"

static int a_at(unsigned i, unsigned k) { return (int)((i * 7u + k * 3u) % 17u) - 8; }
static int b_at(unsigned k, unsigned j) { return (int)((k * j + 5u) % 13u) - 6; }

static int direct(const int *A, const int *B, unsigned s, unsigned i, unsigned j)
{
    int acc = 0;
    for (unsigned k = 0; k < s; k++)
        acc += A[i * s + k] * B[k * s + j];
    return acc;
}

int main(int argc, char **argv)
{
    unsigned s = ws_parse_uint(argc > 1 ? argv[1] : 0, 64u);
    unsigned id = ws_core_id(), n = ws_ncores();
    int *A = (int *)ws_shared_alloc(s * s * 4u);
    int *B = (int *)ws_shared_alloc(s * s * 4u);
    int *C = (int *)ws_shared_alloc(s * s * 4u);
    if (!A || !B || !C || s == 0) {
        if (id == 0)
            ws_print("matmul: shared region too small\n");
        return 2;
    }
    unsigned lo = (unsigned)((unsigned long long)s * id / n);
    unsigned hi = (unsigned)((unsigned long long)s * (id + 1) / n);
    for (unsigned i = lo; i < hi; i++)
        for (unsigned j = 0; j < s; j++) {
            A[i * s + j] = a_at(i, j);
            B[i * s + j] = b_at(i, j);
        }
    ws_barrier();
    for (unsigned i = lo; i < hi; i++)
        for (unsigned j = 0; j < s; j++)
            C[i * s + j] = direct(A, B, s, i, j);
    ws_barrier();
    if (id != 0)
        return 0;

    long long sum = 0, expect = 0;
    unsigned hash = 0;
    for (unsigned i = 0; i < s * s; i++) {
        sum += C[i];
        hash = (hash ^ (unsigned)C[i]) * 16777619u;
    }
    for (unsigned k = 0; k < s; k++) {
        long long col = 0, row = 0;
        for (unsigned t = 0; t < s; t++) {
            col += a_at(t, k);
            row += b_at(k, t);
        }
        expect += col * row;
    }
    int bad = sum != expect;
    const unsigned probes[][2] = { { 0, 0 }, { s - 1, s - 1 }, { s / 2, s / 3 }, { s - 1, 0 } };
    for (unsigned p = 0; p < 4; p++)
        bad |= C[probes[p][0] * s + probes[p][1]] != direct(A, B, s, probes[p][0], probes[p][1]);
    ws_print("matmul: size=");
    ws_print_u32(s);
    ws_print(" cores=");
    ws_print_u32(n);
    ws_print(" sum=");
    ws_print_i32((int)sum);
    ws_print(" hash=0x");
    ws_print_hex32(hash);
    ws_print(bad ? " WRONG\n" : " ok\n");
    return bad;
}
