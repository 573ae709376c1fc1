/* Bitonic sort of 1024-key chunks in shared memory: a block of 512 threads
 * sorts one chunk, each thread one comparator per stage (ascending). */
#define CHUNK 1024

__device__ __forceinline__ void compare_swap(unsigned *s, unsigned a, unsigned b, bool up)
{
    unsigned x = s[a], y = s[b];
    if ((x > y) == up) {
        s[a] = y;
        s[b] = x;
    }
}

extern "C" __global__ void bitonic_sort(unsigned *keys)
{
    __shared__ unsigned s[CHUNK];
    unsigned t = threadIdx.x, *chunk = keys + blockIdx.x * CHUNK;
    s[t] = chunk[t];
    s[t + CHUNK / 2] = chunk[t + CHUNK / 2];
    for (unsigned size = 2; size <= CHUNK; size <<= 1) {
        /* halves of size/2 alternate direction, so that each pair forms a bitonic run; the last merge is all up */
        bool up = size == CHUNK || (t & (size / 2)) == 0;
        for (unsigned stride = size / 2; stride > 0; stride >>= 1) {
            __syncthreads();
            unsigned pos = 2 * t - (t & (stride - 1));
            compare_swap(s, pos, pos + stride, up);
        }
    }
    __syncthreads();
    chunk[t] = s[t];
    chunk[t + CHUNK / 2] = s[t + CHUNK / 2];
}
