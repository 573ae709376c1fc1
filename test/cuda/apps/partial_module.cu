// A module with a construct warpsim refuses (a texture fetch): only the
// kernels that use it, directly or through a device function they call, are
// refused, at their launch, with cudaErrorInvalidPtx; the module's other
// kernels, before and after them in its text, run. The program checks that
// and prints PASS, but warpsim refused part of it, so cuda_apps_test.sh
// expects exit status 1 and the refusals in the report.
#include "check.h"

__global__ void before(int *p) { p[threadIdx.x] = 3 * threadIdx.x; }

__global__ void fetches(cudaTextureObject_t t, float *out) { out[threadIdx.x] = tex1Dfetch<float>(t, threadIdx.x); }

__device__ __noinline__ float fetch_one(cudaTextureObject_t t, int i) { return tex1Dfetch<float>(t, i); }

__global__ void calls_fetch(cudaTextureObject_t t, float *out) { out[threadIdx.x] = fetch_one(t, threadIdx.x) + 1; }

__global__ void after(int *p) { p[threadIdx.x] += 1000; }

int main()
{
    int *d, h[32];
    CHECK(cudaMalloc(&d, sizeof h));
    before<<<1, 32>>>(d);
    CHECK(cudaGetLastError());
    fetches<<<1, 32>>>(0, (float *)d);
    cudaError_t e = cudaGetLastError();
    EXPECT(e == cudaErrorInvalidPtx, "a kernel with a texture fetch: %s", cudaGetErrorName(e));
    calls_fetch<<<1, 32>>>(0, (float *)d);
    e = cudaGetLastError();
    EXPECT(e == cudaErrorInvalidPtx, "a kernel calling one: %s", cudaGetErrorName(e));
    after<<<1, 32>>>(d);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
    for (int i = 0; i < 32; i++)
        EXPECT(h[i] == 3 * i + 1000, "h[%d] = %d", i, h[i]);
    return finish("partial_module");
}
