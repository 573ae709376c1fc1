// CUDA dynamic parallelism (built with -rdc=true; warpsim's device runtime,
// src/host/cudart/devlib/cdp.ptx and cudart_devrt.c): a recursive sum that
// splits its range over child grids down to 64 elements (every element
// counted once, the grids launched counted); work in one stream runs in
// order, each grid with its children (a reader launched after a writer
// sees what the writer's child wrote); a tail launch runs after the
// parent's other children, even those launched after it; parameters of
// every size reach the child; device-side cudaMalloc, cudaMemcpyAsync,
// cudaFree and cudaGetLastError.
#include "check.h"

struct Odd {
    char c;
    double d;
    short s[3];
};

__device__ unsigned grids, seen_flag, tail_saw;
__device__ int flag, late;

__global__ void sum(const int *v, int lo, int hi, unsigned long long *out)
{
    if (threadIdx.x == 0 && blockIdx.x == 0)
        atomicAdd(&grids, 1u);
    if (hi - lo <= 64) {
        int i = lo + blockIdx.x * blockDim.x + threadIdx.x;
        if (i < hi)
            atomicAdd(out, (unsigned long long)v[i]);
        return;
    }
    if (threadIdx.x == 0 && blockIdx.x == 0) {
        int mid = lo + (hi - lo) / 2;
        sum<<<2, 32>>>(v, lo, mid, out);
        sum<<<2, 32>>>(v, mid, hi, out);
    }
}

__global__ void set_flag() { flag = 1; }
__global__ void writer() { set_flag<<<1, 1>>>(); }
__global__ void reader() { seen_flag = flag; }
__global__ void in_order()
{
    cudaStream_t s;
    cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
    writer<<<1, 1, 0, s>>>();
    reader<<<1, 1, 0, s>>>();
    cudaStreamDestroy(s);
}

__global__ void set_late() { late = 7; }
__global__ void read_late() { tail_saw = late; }
__global__ void tail_last()
{
    read_late<<<1, 1, 0, cudaStreamTailLaunch>>>();
    set_late<<<1, 1>>>();
}

__global__ void take(char a, double b, Odd o, long long c, float d, int *out)
{
    out[0] = a == 'w' && b == 2.5 && o.c == 'x' && o.d == -1.25 && o.s[2] == 300 && c == (1ll << 40) && d == 0.5f;
}
__global__ void give(int *out) { take<<<1, 1>>>('w', 2.5, Odd{'x', -1.25, {100, 200, 300}}, 1ll << 40, 0.5f, out); }

__global__ void runtime(const int *src, int *dst, int *ok)
{
    int *tmp = NULL;
    cudaError_t e1 = cudaMalloc((void **)&tmp, 16 * sizeof(int));
    cudaError_t e2 = tmp ? cudaMemcpyAsync(tmp, src, 16 * sizeof(int), cudaMemcpyDeviceToDevice, 0) : cudaErrorUnknown;
    for (int i = 0; tmp && i < 16; i++)
        dst[i] = tmp[i] * 2;
    cudaError_t e3 = cudaFree(tmp);
    *ok = e1 == cudaSuccess && e2 == cudaSuccess && e3 == cudaSuccess && cudaGetLastError() == cudaSuccess;
}

int main()
{
    const int n = 5000;
    int *v;
    unsigned long long *out;
    CHECK(cudaMallocManaged(&v, n * sizeof *v));
    CHECK(cudaMallocManaged(&out, sizeof *out));
    unsigned long long want = 0;
    for (int i = 0; i < n; i++)
        want += v[i] = i * 3 + 1;
    *out = 0;
    sum<<<1, 32>>>(v, 0, n, out);
    CHECK(cudaDeviceSynchronize());
    unsigned g = 0;
    CHECK(cudaMemcpyFromSymbol(&g, grids, sizeof g));
    /* 5000 splits into 128 leaves of 39 or 40 elements: 255 grids */
    EXPECT(*out == want, "sum %llu, want %llu", *out, want);
    EXPECT(g == 255, "%u grids", g);

    in_order<<<1, 1>>>();
    tail_last<<<1, 1>>>();
    CHECK(cudaDeviceSynchronize());
    unsigned f = 0, t = 0;
    CHECK(cudaMemcpyFromSymbol(&f, seen_flag, sizeof f));
    CHECK(cudaMemcpyFromSymbol(&t, tail_saw, sizeof t));
    EXPECT(f == 1, "the reader ran before the writer's child");
    EXPECT(t == 7, "the tail launch ran before a later child (%u)", t);

    int *r;
    CHECK(cudaMallocManaged(&r, 20 * sizeof *r));
    r[0] = 0;
    give<<<1, 1>>>(r);
    CHECK(cudaDeviceSynchronize());
    EXPECT(r[0] == 1, "parameters reached the child changed");

    int *dst, *ok;
    CHECK(cudaMallocManaged(&dst, 16 * sizeof *dst));
    CHECK(cudaMallocManaged(&ok, sizeof *ok));
    *ok = 0;
    runtime<<<1, 1>>>(v, dst, ok);
    CHECK(cudaDeviceSynchronize());
    EXPECT(*ok == 1, "a device runtime call failed");
    for (int i = 0; i < 16; i++)
        EXPECT(dst[i] == 2 * v[i], "dst[%d] = %d", i, dst[i]);
    return finish("cdp");
}
