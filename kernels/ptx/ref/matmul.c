/* matrixMul: each element a long double dot product of a row and a column. */
#include "ref_io.h"

#define M 128
#define N 160
#define K 96

int main(int argc, char **argv)
{
    ref_init(argc, argv);
    const float *a = ref_load("a", 4, M * K), *b = ref_load("b", 4, K * N);
    float *c = ref_alloc(4, M * N);
    for (int i = 0; i < M; i++)
        for (int j = 0; j < N; j++) {
            long double s = 0;
            for (int p = 0; p < K; p++)
                s += (long double)a[i * K + p] * b[p * N + j];
            c[i * N + j] = (float)s;
        }
    ref_store("c", c, 4, M * N);
    return 0;
}
