// Stream attributes (cudaStreamSetAttribute, GetAttribute, CopyAttributes),
// as simpleAttributes uses them: an L2 access policy window, the
// synchronisation policy and the priority are reported back as set (the
// priority seen by cudaStreamGetPriority too),
// copied to another stream, and refused where CUDA's documentation says a
// value is out of range; work in the stream runs as before. Each stream's
// cudaStreamGetId is its own and stays; cudaStreamGetDevice is 0.
#include "check.h"

__global__ void inc(int *p) { p[threadIdx.x] += 1; }

int main()
{
    cudaStream_t s, t;
    CHECK(cudaStreamCreate(&s));
    CHECK(cudaStreamCreate(&t));
    int max_window = 0, least = 0, greatest = 0;
    CHECK(cudaDeviceGetAttribute(&max_window, cudaDevAttrMaxAccessPolicyWindowSize, 0));
    CHECK(cudaDeviceGetStreamPriorityRange(&least, &greatest));
    int *d;
    CHECK(cudaMalloc(&d, 32 * sizeof(int)));
    CHECK(cudaMemset(d, 0, 32 * sizeof(int)));

    cudaStreamAttrValue v = {}, got = {};
    CHECK(cudaStreamGetAttribute(s, cudaStreamAttributeAccessPolicyWindow, &got));
    EXPECT(got.accessPolicyWindow.num_bytes == 0, "a window before any: %zu bytes", got.accessPolicyWindow.num_bytes);
    v.accessPolicyWindow.base_ptr = d;
    v.accessPolicyWindow.num_bytes = 128;
    v.accessPolicyWindow.hitRatio = 0.6f;
    v.accessPolicyWindow.hitProp = cudaAccessPropertyPersisting;
    v.accessPolicyWindow.missProp = cudaAccessPropertyStreaming;
    CHECK(cudaStreamSetAttribute(s, cudaStreamAttributeAccessPolicyWindow, &v));
    CHECK(cudaStreamGetAttribute(s, cudaStreamAttributeAccessPolicyWindow, &got));
    EXPECT(got.accessPolicyWindow.base_ptr == d && got.accessPolicyWindow.num_bytes == 128 &&
               got.accessPolicyWindow.hitRatio == 0.6f && got.accessPolicyWindow.hitProp == cudaAccessPropertyPersisting,
           "the window read back: %p %zu %g", got.accessPolicyWindow.base_ptr, got.accessPolicyWindow.num_bytes,
           got.accessPolicyWindow.hitRatio);
    v.syncPolicy = cudaSyncPolicyYield;
    CHECK(cudaStreamSetAttribute(s, cudaStreamAttributeSynchronizationPolicy, &v));
    CHECK(cudaStreamGetAttribute(s, cudaStreamAttributeSynchronizationPolicy, &got));
    EXPECT(got.syncPolicy == cudaSyncPolicyYield, "sync policy %d", (int)got.syncPolicy);
    v.priority = greatest;
    CHECK(cudaStreamSetAttribute(s, cudaStreamAttributePriority, &v));
    int prio = 99;
    CHECK(cudaStreamGetPriority(s, &prio));
    EXPECT(prio == greatest, "priority %d, the device's greatest %d", prio, greatest);

    // Copied to another stream.
    CHECK(cudaStreamCopyAttributes(t, s));
    CHECK(cudaStreamGetAttribute(t, cudaStreamAttributeAccessPolicyWindow, &got));
    EXPECT(got.accessPolicyWindow.num_bytes == 128, "copied window %zu bytes", got.accessPolicyWindow.num_bytes);
    CHECK(cudaStreamGetAttribute(t, cudaStreamAttributeSynchronizationPolicy, &got));
    EXPECT(got.syncPolicy == cudaSyncPolicyYield, "copied sync policy %d", (int)got.syncPolicy);

    // Out of range: a window past the device's maximum, a hit ratio above 1.
    v = {};
    v.accessPolicyWindow.base_ptr = d;
    v.accessPolicyWindow.num_bytes = (size_t)max_window + 1;
    v.accessPolicyWindow.hitRatio = 0.5f;
    EXPECT(cudaStreamSetAttribute(s, cudaStreamAttributeAccessPolicyWindow, &v) == cudaErrorInvalidValue,
           "a window of %zu bytes (maximum %d)", v.accessPolicyWindow.num_bytes, max_window);
    v.accessPolicyWindow.num_bytes = 64;
    v.accessPolicyWindow.hitRatio = 1.5f;
    EXPECT(cudaStreamSetAttribute(s, cudaStreamAttributeAccessPolicyWindow, &v) == cudaErrorInvalidValue,
           "a hit ratio of 1.5");
    cudaGetLastError();
    CHECK(cudaStreamGetAttribute(s, cudaStreamAttributeAccessPolicyWindow, &got));
    EXPECT(got.accessPolicyWindow.num_bytes == 128, "a refused window replaced the set one: %zu bytes",
           got.accessPolicyWindow.num_bytes);

    unsigned long long ids[4];
    cudaStream_t all[4] = {s, t, 0, cudaStreamPerThread};
    for (int i = 0; i < 4; i++)
        CHECK(cudaStreamGetId(all[i], &ids[i]));
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < i; j++)
            EXPECT(ids[i] != ids[j], "streams %d and %d share id %llu", i, j, ids[i]);
    unsigned long long again = 0;
    CHECK(cudaStreamGetId(s, &again));
    EXPECT(again == ids[0], "a stream's id changed: %llu, %llu", ids[0], again);
    int dev = -1;
    CHECK(cudaStreamGetDevice(t, &dev));
    EXPECT(dev == 0, "cudaStreamGetDevice %d", dev);

    inc<<<1, 32, 0, s>>>(d);
    inc<<<1, 32, 0, t>>>(d);
    CHECK(cudaDeviceSynchronize());
    int h[32];
    CHECK(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
    EXPECT(h[31] == 2, "work in the streams: %d", h[31]);
    CHECK(cudaStreamDestroy(s));
    CHECK(cudaStreamDestroy(t));
    return finish("stream_attrs");
}
