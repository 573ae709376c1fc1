/* Sum reduction, shared-memory tree: each thread adds pairs of elements
 * (grid-stride), the block halves the partial sums in dynamic shared memory
 * (__syncthreads between levels, no warp-synchronous shortcut), and thread 0
 * writes the block's sum. Run twice: the blocks' sums, then their sum. */
extern "C" __global__ void reduce_smem(const float *in, float *out, unsigned n)
{
    extern __shared__ float part[];
    unsigned tid = threadIdx.x;
    unsigned i = blockIdx.x * blockDim.x * 2 + tid, step = blockDim.x * 2 * gridDim.x;
    float s = 0.0f;
    for (; i < n; i += step) {
        s += in[i];
        if (i + blockDim.x < n)
            s += in[i + blockDim.x];
    }
    part[tid] = s;
    __syncthreads();
    for (unsigned half = blockDim.x / 2; half > 0; half >>= 1) {
        if (tid < half)
            part[tid] += part[tid + half];
        __syncthreads();
    }
    if (tid == 0)
        out[blockIdx.x] = part[0];
}
