/* Sums and maxima of 64 contiguous chunks, then of those. Integers: exact. */
#include <limits.h>

#include "ref_io.h"

#define N 262144
#define CHUNKS 64

static void sum_max(const int32_t *x, int n, int32_t *sum, int32_t *max)
{
    int64_t s = 0;
    int32_t m = INT_MIN;
    for (int i = 0; i < n; i++) {
        s += x[i];
        if (x[i] > m)
            m = x[i];
    }
    *sum = (int32_t)s;
    *max = m;
}

int main(int argc, char **argv)
{
    ref_init(argc, argv);
    const int32_t *in = ref_load("in", 4, N);
    int32_t psum[CHUNKS], pmax[CHUNKS], s2, m2, s3, m3;
    for (int c = 0; c < CHUNKS; c++)
        sum_max(in + c * (N / CHUNKS), N / CHUNKS, &psum[c], &pmax[c]);
    sum_max(psum, CHUNKS, &s2, &m2);
    sum_max(pmax, CHUNKS, &s3, &m3);
    ref_store("psum", psum, 4, CHUNKS);
    ref_store("pmax", pmax, 4, CHUNKS);
    ref_store("sum2", &s2, 4, 1);
    ref_store("max2", &m2, 4, 1);
    ref_store("sum3", &s3, 4, 1);
    ref_store("max3", &m3, 4, 1);
    return 0;
}
