/* 256-bin byte histogram: the bytes are read four to a word; each block
 * counts into a shared-memory histogram with shared atomics, then adds its
 * non-zero bins to the global one. */
extern "C" __global__ void histogram256(const unsigned *words, unsigned nwords, unsigned *hist)
{
    __shared__ unsigned bins[256];
    for (unsigned b = threadIdx.x; b < 256; b += blockDim.x)
        bins[b] = 0;
    __syncthreads();
    for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < nwords; i += blockDim.x * gridDim.x) {
        unsigned w = words[i];
        atomicAdd(&bins[w & 0xff], 1u);
        atomicAdd(&bins[(w >> 8) & 0xff], 1u);
        atomicAdd(&bins[(w >> 16) & 0xff], 1u);
        atomicAdd(&bins[w >> 24], 1u);
    }
    __syncthreads();
    for (unsigned b = threadIdx.x; b < 256; b += blockDim.x)
        if (bins[b])
            atomicAdd(&hist[b], bins[b]);
}
