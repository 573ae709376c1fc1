// What the real CUDA runtime answers where test/cuda/apps' checks and
// warpsim's runtime (src/host/cudart/) once disagreed with a card: each line
// prints a call and its result. Run on a GPU machine (bench/hw/collect.sh
// probe); the answers are recorded in bench/hw/cudart_probe.<card>.txt.
#include <cooperative_groups.h>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
namespace cg = cooperative_groups;

__global__ void grid_valid(int *valid)
{
    if (threadIdx.x == 0 && blockIdx.x == 0)
        *valid = cg::this_grid().is_valid();
}

#define P(expr)                                                                     \
    do {                                                                            \
        cudaError_t e_ = (expr);                                                    \
        printf("%s -> %s\n", #expr, cudaGetErrorName(e_));                          \
        cudaGetLastError();                                                         \
    } while (0)

static cudaMemPool_t pool;
static void show(const char *what)
{
    uint64_t r = 0, u = 0, rh = 0, uh = 0;
    cudaMemPoolGetAttribute(pool, cudaMemPoolAttrReservedMemCurrent, &r);
    cudaMemPoolGetAttribute(pool, cudaMemPoolAttrUsedMemCurrent, &u);
    cudaMemPoolGetAttribute(pool, cudaMemPoolAttrReservedMemHigh, &rh);
    cudaMemPoolGetAttribute(pool, cudaMemPoolAttrUsedMemHigh, &uh);
    printf("pool %-34s reserved %llu used %llu (highs %llu %llu)\n", what, (unsigned long long)r,
           (unsigned long long)u, (unsigned long long)rh, (unsigned long long)uh);
}

int main()
{
    int v = -1, *dv, attr = -1;
    cudaMalloc(&dv, 4);
    grid_valid<<<4, 64>>>(dv);
    cudaMemcpy(&v, dv, 4, cudaMemcpyDeviceToHost);
    printf("this_grid().is_valid() in a normal launch = %d\n", v);
    cudaDeviceGetAttribute(&attr, cudaDevAttrHostRegisterReadOnlySupported, 0);
    printf("cudaDevAttrHostRegisterReadOnlySupported = %d\n", attr);

    void *m = malloc(64);
    P(cudaHostRegister(m, 64, cudaHostRegisterReadOnly));
    char *big = (char *)malloc(1 << 20), *lk = (char *)malloc(4096);
    void *p;
    unsigned flags;
    P(cudaHostRegister(big, 1 << 20, cudaHostRegisterMapped));
    P(cudaHostRegister(big + 100, 64, cudaHostRegisterMapped));
    flags = 99;
    P(cudaHostGetFlags(&flags, big));
    printf("  flags 0x%x (registered, mapped)\n", flags);
    P(cudaHostRegister(lk, 4096, cudaHostRegisterDefault));
    flags = 99;
    P(cudaHostGetFlags(&flags, lk));
    printf("  flags 0x%x (registered, default)\n", flags);
    P(cudaHostGetDevicePointer(&p, lk, 0));
    P(cudaMemset(lk, 0, 4096));
    int *ha, *mh, *hwc, *h0;
    cudaHostAlloc(&ha, 256, cudaHostAllocMapped | cudaHostAllocPortable);
    cudaMallocHost(&mh, 256);
    cudaHostAlloc(&hwc, 256, cudaHostAllocWriteCombined);
    cudaHostAlloc(&h0, 256, cudaHostAllocDefault);
    flags = 99;
    P(cudaHostGetFlags(&flags, ha + 3));
    printf("  flags 0x%x (cudaHostAlloc Mapped|Portable)\n", flags);
    flags = 99;
    P(cudaHostGetFlags(&flags, mh));
    printf("  flags 0x%x (cudaMallocHost)\n", flags);
    flags = 99;
    P(cudaHostGetFlags(&flags, hwc));
    printf("  flags 0x%x (cudaHostAlloc WriteCombined)\n", flags);
    flags = 99;
    P(cudaHostGetFlags(&flags, h0));
    printf("  flags 0x%x (cudaHostAlloc Default)\n", flags);
    P(cudaHostRegister(ha, 256, cudaHostRegisterMapped));
    P(cudaHostRegister(mh, 256, cudaHostRegisterDefault));
    P(cudaHostAlloc(&p, 64, 0x40));

    P(cudaLaunchKernel((const void *)main, dim3(1), dim3(1), NULL, 0, 0));
    void *d;
    size_t pitch;
    static char host[4000];
    cudaMallocPitch(&d, &pitch, 400, 4);
    printf("cudaMallocPitch(400, 4) pitch = %zu\n", pitch);
    P(cudaMemcpy2D(d, 8, host, 400, 400, 1, cudaMemcpyHostToDevice));
    P(cudaMemcpy2D(d, pitch, host, 8, 400, 1, cudaMemcpyHostToDevice));
    P(cudaMemcpy2D(d, pitch, host, 400, 400, 0, cudaMemcpyHostToDevice));
    P(cudaMemset2D(d, 8, 0, 400, 1));

    cudaDeviceGetDefaultMemPool(&pool, 0);
    cudaStream_t s;
    cudaStreamCreate(&s);
    show("at start");
    int *a, *b, *c, *e, *f, *g;
    P(cudaMallocAsync(&a, 400000, s));
    show("after 400000");
    P(cudaMallocAsync(&b, 4096, s));
    show("after 4096");
    P(cudaMallocAsync(&c, 1000, s));
    show("after 1000");
    P(cudaMallocAsync(&f, 3 << 20, s));
    show("after 3 MiB");
    P(cudaMallocAsync(&g, 40 << 20, s));
    show("after 40 MiB");
    P(cudaFreeAsync(b, s));
    cudaStreamSynchronize(s);
    show("b freed, synced (threshold 0)");
    P(cudaMallocAsync(&e, 1000, s));
    printf("  1000 bytes after the 4 KB block was freed: %s (b %p, e %p, c %p)\n",
           e == b ? "the 4 KB block" : "elsewhere", (void *)b, (void *)e, (void *)c);
    uint64_t keep = UINT64_MAX;
    cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &keep);
    P(cudaFreeAsync(a, s));
    P(cudaFreeAsync(c, s));
    P(cudaFreeAsync(e, s));
    P(cudaFreeAsync(f, s));
    P(cudaFreeAsync(g, s));
    cudaStreamSynchronize(s);
    show("all freed, threshold max, synced");
    P(cudaMemPoolTrimTo(pool, 0));
    show("trimmed to 0");
    return 0;
}
