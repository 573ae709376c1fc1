/* Sum and maximum by warp shuffles: block b reduces the b-th of gridDim.x
 * contiguous chunks of the input. Sums go down the warp with shfl.down, the
 * maximum goes across it with shfl.xor (a butterfly: every lane ends with
 * it); the warps' results meet in shared memory and warp 0 finishes. */
#include <limits.h>

#include "wl_math.cuh"

__device__ __forceinline__ int warp_sum(int v)
{
    for (int d = 16; d > 0; d >>= 1)
        v += __shfl_down_sync(0xffffffffu, v, d);
    return v;
}

__device__ __forceinline__ int warp_max(int v)
{
    for (int d = 16; d > 0; d >>= 1)
        v = wl_max(v, __shfl_xor_sync(0xffffffffu, v, d));
    return v;
}

extern "C" __global__ void reduce_shfl(const int *in, int *sums, int *maxes, unsigned n)
{
    __shared__ int wsum[32], wmax[32];
    unsigned chunk = (n + gridDim.x - 1) / gridDim.x;
    unsigned begin = blockIdx.x * chunk, end = wl_umin(begin + chunk, n);
    int s = 0, m = INT_MIN;
    for (unsigned i = begin + threadIdx.x; i < end; i += blockDim.x) {
        s += in[i];
        m = wl_max(m, in[i]);
    }
    s = warp_sum(s);
    m = warp_max(m);
    unsigned lane = threadIdx.x % 32, warp = threadIdx.x / 32, nwarps = (blockDim.x + 31) / 32;
    if (lane == 0) {
        wsum[warp] = s;
        wmax[warp] = m;
    }
    __syncthreads();
    if (warp == 0) {
        s = lane < nwarps ? wsum[lane] : 0;
        m = lane < nwarps ? wmax[lane] : INT_MIN;
        s = warp_sum(s);
        m = warp_max(m);
        if (lane == 0) {
            sums[blockIdx.x] = s;
            maxes[blockIdx.x] = m;
        }
    }
}
