/* sgemm: C = alpha * A * B + beta * C, in long double, one element at a time. */
#include "ref_io.h"

#define M 128
#define N 192
#define K 128
#define ALPHA 1.5L
#define BETA (-0.5L)

int main(int argc, char **argv)
{
    ref_init(argc, argv);
    const float *a = ref_load("a", 4, M * K), *b = ref_load("b", 4, K * N);
    float *c = ref_load("c", 4, M * N);
    for (int i = 0; i < M; i++)
        for (int j = 0; j < N; j++) {
            long double s = 0;
            for (int p = 0; p < K; p++)
                s += (long double)a[i * K + p] * b[p * N + j];
            c[i * N + j] = (float)(ALPHA * s + BETA * c[i * N + j]);
        }
    ref_store("c", c, 4, M * N);
    return 0;
}
