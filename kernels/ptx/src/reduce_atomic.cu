/* Reductions by atomics. Each thread folds its elements (grid-stride) into
 * an int sum, a 64-bit sum of squares, a minimum and a maximum, then adds
 * each to the global result with one atomic; a count of the positive
 * elements goes atomic per element; a float sum goes through a per-block
 * shared-memory accumulator (shared atomics) and one global atomic. */
#include <limits.h>

#include "wl_math.cuh"

extern "C" __global__ void reduce_atomic(const int *in, unsigned n, int *sum, unsigned long long *sumsq, int *mn,
                                         int *mx, unsigned *npos, float *fsum)
{
    __shared__ float block_fsum;
    if (threadIdx.x == 0)
        block_fsum = 0.0f;
    __syncthreads();
    int s = 0, lo = INT_MAX, hi = INT_MIN;
    unsigned long long sq = 0;
    for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
        int x = in[i];
        s += x;
        sq += (unsigned long long)((long long)x * x);
        lo = wl_min(lo, x);
        hi = wl_max(hi, x);
        if (x > 0)
            atomicAdd(npos, 1u);
        atomicAdd(&block_fsum, (float)x);
    }
    atomicAdd(sum, s);
    atomicAdd(sumsq, sq);
    atomicMin(mn, lo);
    atomicMax(mx, hi);
    __syncthreads();
    if (threadIdx.x == 0)
        atomicAdd(fsum, block_fsum);
}
