/* Inclusive prefix sum in three passes: each block scans its chunk in
 * shared memory (Hillis-Steele) and leaves the chunk's total in sums[];
 * one block scans sums[] the same way; every chunk but the first then adds
 * the scanned total of the chunks before it. */
extern "C" __global__ void scan_block(const unsigned *in, unsigned *out, unsigned *sums, unsigned n)
{
    __shared__ unsigned buf[1024];
    unsigned tid = threadIdx.x, i = blockIdx.x * blockDim.x + tid;
    buf[tid] = i < n ? in[i] : 0;
    __syncthreads();
    for (unsigned off = 1; off < blockDim.x; off <<= 1) {
        unsigned t = tid >= off ? buf[tid - off] : 0;
        __syncthreads();
        buf[tid] += t;
        __syncthreads();
    }
    if (i < n)
        out[i] = buf[tid];
    if (sums && tid == blockDim.x - 1)
        sums[blockIdx.x] = buf[tid];
}

extern "C" __global__ void scan_add(unsigned *out, const unsigned *scanned_sums, unsigned n)
{
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (blockIdx.x > 0 && i < n)
        out[i] += scanned_sums[blockIdx.x - 1];
}
