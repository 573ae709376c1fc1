// What the real CUDA runtime answers where test/cuda/apps' checks and
// warpsim's runtime (src/host/cudart/) once disagreed with a card: each line
// prints a call and its result. Run on a GPU machine (nvcc -arch=native
// bench/hw/cudart_probe.cu -o probe && ./probe); the answers are recorded in
// bench/hw/cudart_probe.<card>.txt.
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

// A shuffle whose source lane is outside the membermask and not executing
// (issue 32 part 6: the reduction sample's reduce7 reads lanes 8-31 so):
// lanes 0-7 shuffle down by 16 under the mask 0xff, while lanes 16-23 sit
// out with known values in the register they last wrote. What comes back
// says whether the card returns the reader's own value, zero, or whatever
// the source lane's register holds (out[0..7]; out[8] the executing lanes'
// predicate from the pair form).
__global__ void shfl_outside_mask(int *out, int seed)
{
    int lane = threadIdx.x & 31;
    int v = seed + lane;
    unsigned m = __ballot_sync(0xffffffffu, lane < 8);
    if (lane < 8) {
        int w = 100 + lane;
        w = __shfl_down_sync(m, w, 16);
        out[lane] = w;
    } else {
        out[32 + lane] = v;
    }
}

// The other case warpsim cannot answer (it faults there): every lane executes
// the shuffle, but each half names only itself, so lane l < 16 reads lane
// l + 16, which executes outside l's mask (out[0..15]; lane l + 16 holds
// 7000 + l + 16).
__global__ void shfl_active_outside_mask(int *out)
{
    int lane = threadIdx.x & 31;
    unsigned m = lane < 16 ? 0xffffu : 0xffff0000u;
    out[lane] = __shfl_down_sync(m, 7000 + lane, 16);
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
    int *so, sh[64];
    cudaMalloc(&so, sizeof sh);
    cudaMemset(so, 0, sizeof sh);
    shfl_outside_mask<<<1, 32>>>(so, 5000);
    cudaMemcpy(sh, so, sizeof sh, cudaMemcpyDeviceToHost);
    printf("shfl.down 16 under mask 0xff, lanes 16-23 not executing (their own 5016..5023, readers' 100..107):");
    for (int i = 0; i < 8; i++)
        printf(" %d", sh[i]);
    printf("\n");
    shfl_active_outside_mask<<<1, 32>>>(so);
    cudaMemcpy(sh, so, 32 * sizeof(int), cudaMemcpyDeviceToHost);
    printf("shfl.down 16, halves' masks 0xffff and 0xffff0000, all executing (sources' 7016..7031, readers' 7000..7015):");
    for (int i = 0; i < 16; i++)
        printf(" %d", sh[i]);
    printf("\n");
    return 0;
}
