// CUDA dynamic parallelism (built with -rdc=true; warpsim's device runtime,
// src/host/cudart/devlib/cdp.ptx and cudart_devrt.c): a recursive sum that
// splits its range over child grids down to 64 elements (every element
// counted once, the grids launched counted); work in one stream runs in
// order, each grid with its children (a reader launched after a writer
// sees what the writer's child wrote); a tail launch runs after the
// parent's other children, even those launched after it; parameters of
// every size reach the child; device-side cudaMalloc, cudaMemcpyAsync,
// cudaFree and cudaGetLastError; device-side queries answer as the host's
// (attributes, limits, device count, runtime version, events) and refuse
// what the host refuses.
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

/* q[0..4]: SM count, warp size, compute capability major, heap limit, printf FIFO limit;
 * q[5]: device count; q[6]: runtime version; e[...]: the calls' errors. */
__global__ void query(long long *q, int *e)
{
    int v = -1;
    e[0] = cudaDeviceGetAttribute(&v, cudaDevAttrMultiProcessorCount, 0);
    q[0] = v;
    e[1] = cudaDeviceGetAttribute(&v, cudaDevAttrWarpSize, 0);
    q[1] = v;
    e[2] = cudaDeviceGetAttribute(&v, cudaDevAttrComputeCapabilityMajor, 0);
    q[2] = v;
    size_t s = 0;
    e[3] = cudaDeviceGetLimit(&s, cudaLimitMallocHeapSize);
    q[3] = (long long)s;
    e[4] = cudaDeviceGetLimit(&s, cudaLimitPrintfFifoSize);
    q[4] = (long long)s;
    e[5] = cudaGetDeviceCount(&v);
    q[5] = v;
    e[6] = cudaRuntimeGetVersion(&v);
    q[6] = v;
    e[7] = cudaDeviceGetAttribute(&v, cudaDevAttrWarpSize, 1);        /* no device 1 */
    e[8] = cudaDeviceGetAttribute(&v, (cudaDeviceAttr)9999, 0);       /* no such attribute */
    e[9] = cudaDeviceGetLimit(&s, cudaLimitPersistingL2CacheSize);    /* not a device-side limit */
    cudaEvent_t a, b;
    e[10] = cudaEventCreateWithFlags(&a, cudaEventDisableTiming);
    e[11] = cudaEventCreateWithFlags(&b, cudaEventDisableTiming);
    q[7] = a != b && a && b;
    e[12] = cudaEventRecord(a, 0);
    e[13] = cudaEventDestroy(a) | cudaEventDestroy(b);
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

    long long *q;
    int *e;
    CHECK(cudaMallocManaged(&q, 8 * sizeof *q));
    CHECK(cudaMallocManaged(&e, 14 * sizeof *e));
    CHECK(cudaDeviceSetLimit(cudaLimitMallocHeapSize, 3u << 20));
    size_t heap = 0, fifo = 0;
    CHECK(cudaDeviceGetLimit(&heap, cudaLimitMallocHeapSize));
    CHECK(cudaDeviceGetLimit(&fifo, cudaLimitPrintfFifoSize));
    int sms = 0, warp = 0, major = 0, version = 0;
    CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
    CHECK(cudaDeviceGetAttribute(&warp, cudaDevAttrWarpSize, 0));
    CHECK(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, 0));
    CHECK(cudaRuntimeGetVersion(&version));
    query<<<1, 1>>>(q, e);
    CHECK(cudaDeviceSynchronize());
    for (int i = 0; i < 7; i++)
        EXPECT(e[i] == cudaSuccess, "device-side query %d: error %d", i, e[i]);
    EXPECT(q[0] == sms && q[1] == warp && q[2] == major, "device attributes %lld %lld %lld, host's %d %d %d",
           q[0], q[1], q[2], sms, warp, major);
    EXPECT(q[3] == (long long)heap && q[4] == (long long)fifo, "device limits %lld %lld, host's %zu %zu", q[3],
           q[4], heap, fifo);
    EXPECT(q[5] == 1 && q[6] == version, "device count %lld, version %lld", q[5], q[6]);
    EXPECT(e[7] == cudaErrorInvalidDevice, "device 1's attribute: error %d", e[7]);
    EXPECT(e[8] == cudaErrorInvalidValue, "attribute 9999: error %d", e[8]);
    EXPECT(e[9] == cudaErrorUnsupportedLimit, "a host-only limit: error %d", e[9]);
    EXPECT(e[10] == cudaSuccess && e[11] == cudaSuccess && q[7] == 1, "device-side events %d %d %lld", e[10],
           e[11], q[7]);
    EXPECT(e[12] == cudaSuccess && e[13] == cudaSuccess, "event record/destroy %d %d", e[12], e[13]);
    return finish("cdp");
}
