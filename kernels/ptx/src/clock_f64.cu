/* f64 arithmetic, clock64 and printf in one kernel. Thread g adds
 * 1 / (g + j)^2 for j = 1..terms in double, and the clock64 cycles the loop
 * took (kept, not checked: they are the simulator's to choose). Thread 0 of
 * block 0 prints a line whose values are deterministic (its own sum, the
 * launch's shape, a 64-bit integer, a string). */
#include <cstdio>

extern "C" __global__ void clock_f64(double *sums, long long *cycles, int terms)
{
    int g = blockIdx.x * blockDim.x + threadIdx.x;
    long long t0 = clock64();
    double s = 0.0;
    for (int j = 1; j <= terms; j++) {
        double x = (double)(g + j);
        s += 1.0 / (x * x);
    }
    long long t1 = clock64();
    sums[g] = s;
    cycles[g] = t1 - t0;
    if (g == 0)
        printf("clock_f64: %d blocks of %d, %s, sum[0] = %.15f, 2^40 + %d = %lld\n", gridDim.x, blockDim.x,
               "f64", s, terms, (1LL << 40) + terms);
}
