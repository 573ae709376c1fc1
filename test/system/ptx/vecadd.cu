// The kernels of test/system/ptx_test.sh; vecadd.ptx is `nvcc -arch=sm_75 -O3 -ptx vecadd.cu`.
extern "C" __global__ void vecadd(const float *a, const float *b, float *c, unsigned n)
{
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        c[i] = a[i] + b[i];
}
extern "C" __global__ void scale(float *c, float k, unsigned n)
{
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        c[i] = c[i] * k;
}
extern "C" __global__ void smid(unsigned *out)
{
    unsigned s;
    asm("mov.u32 %0, %%smid;" : "=r"(s));
    if (threadIdx.x == 0)
        out[blockIdx.x] = s;
}
extern "C" __global__ void hello(int n)
{
    if (threadIdx.x == 0)
        printf("block %d of %d\n", blockIdx.x, n);
}
extern "C" __global__ void wild(float *p)
{
    p[threadIdx.x + (blockIdx.x == 2 ? (1 << 28) : 0)] = 1.0f;
}
