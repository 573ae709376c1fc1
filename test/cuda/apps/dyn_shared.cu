// Dynamic shared memory: a block reduction sized at launch, two sizes; more
// than 48 KB only after cudaFuncSetAttribute, as on a GPU.
#include "check.h"

__global__ void block_sum(const int *in, long long *out, int n)
{
    extern __shared__ long long buf[];
    int t = threadIdx.x;
    long long v = 0;
    for (int i = blockIdx.x * blockDim.x + t; i < n; i += gridDim.x * blockDim.x)
        v += in[i];
    buf[t] = v;
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (t < s)
            buf[t] += buf[t + s];
        __syncthreads();
    }
    if (t == 0)
        out[blockIdx.x] = buf[0];
}

__global__ void big_stage(int *out)
{
    extern __shared__ int big[];
    const int words = 64 * 1024 / 4;
    for (int i = threadIdx.x; i < words; i += blockDim.x)
        big[i] = i;
    __syncthreads();
    int s = 0;
    for (int i = threadIdx.x; i < words; i += blockDim.x)
        s += big[words - 1 - i];
    atomicAdd(out, s);
}

int main()
{
    const int n = 50000, blocks = 8;
    int *h = new int[n], *d;
    long long want = 0;
    for (int i = 0; i < n; i++)
        h[i] = (i * 7) % 1001 - 500, want += h[i];
    long long *dout, out[blocks];
    CHECK(cudaMalloc(&d, n * sizeof(int)));
    CHECK(cudaMalloc(&dout, blocks * sizeof(long long)));
    CHECK(cudaMemcpy(d, h, n * sizeof(int), cudaMemcpyHostToDevice));
    for (int threads = 64; threads <= 512; threads *= 8) {
        block_sum<<<blocks, threads, threads * sizeof(long long)>>>(d, dout, n);
        CHECK(cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost));
        long long got = 0;
        for (int b = 0; b < blocks; b++)
            got += out[b];
        EXPECT(got == want, "%d threads: sum %lld, want %lld", threads, got, want);
    }
    int *dsum, sum = 0;
    CHECK(cudaMalloc(&dsum, sizeof(int)));
    CHECK(cudaMemset(dsum, 0, sizeof(int)));
    big_stage<<<1, 256, 64 * 1024>>>(dsum);
    EXPECT(cudaGetLastError() != cudaSuccess, "64 KB of dynamic shared memory without the attribute");
    CHECK(cudaFuncSetAttribute(big_stage, cudaFuncAttributeMaxDynamicSharedMemorySize, 64 * 1024));
    big_stage<<<1, 256, 64 * 1024>>>(dsum);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(&sum, dsum, sizeof sum, cudaMemcpyDeviceToHost));
    const int words = 64 * 1024 / 4;
    EXPECT(sum == words * (words - 1) / 2, "64 KB stage sum %d", sum);
    return finish("dyn_shared");
}
