// A module with a construct warpsim refuses (a texture fetch at a level of
// detail, tex.level: mipmaps are not modelled): only the
// kernels that use it, directly or through a device function they call, are
// refused, at their launch, with cudaErrorInvalidPtx; the module's other
// kernels, before and after them in its text, run. A kernel that reaches the
// refused function through a pointer, which warpsim cannot follow before the
// launch, fails at it (cudaErrorLaunchFailure, sticky, so last), never
// running an empty stand-in. The program checks that and prints PASS, but
// warpsim refused part of it, so cuda_apps_test.sh expects exit status 1 and
// the refusals in the report.
#include "check.h"

__global__ void before(int *p) { p[threadIdx.x] = 3 * threadIdx.x; }

__global__ void fetches(cudaTextureObject_t t, float *out) { out[threadIdx.x] = tex1DLod<float>(t, threadIdx.x, 0.0f); }

__device__ __noinline__ float fetch_one(cudaTextureObject_t t, int i) { return tex1DLod<float>(t, i, 0.0f); }

__global__ void calls_fetch(cudaTextureObject_t t, float *out) { out[threadIdx.x] = fetch_one(t, threadIdx.x) + 1; }

__global__ void after(int *p) { p[threadIdx.x] += 1000; }

__device__ __noinline__ float fetch_two(cudaTextureObject_t t, int i) { return tex1DLod<float>(t, i, 0.0f) * 2; }
__device__ __noinline__ float index_of(cudaTextureObject_t t, int i) { return (float)i; }
typedef float (*fetcher_t)(cudaTextureObject_t, int);
__device__ fetcher_t fetchers[2] = {index_of, fetch_two};

__global__ void through_pointer(int which, float *out) { out[threadIdx.x] = fetchers[which](0, threadIdx.x); }

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
    float hf[32];
    through_pointer<<<1, 32>>>(0, (float *)d);
    CHECK(cudaDeviceSynchronize());
    CHECK(cudaMemcpy(hf, d, sizeof hf, cudaMemcpyDeviceToHost));
    EXPECT(hf[31] == 31.0f, "through a pointer to a function warpsim runs: %g", hf[31]);
    through_pointer<<<1, 32>>>(1, (float *)d);
    e = cudaDeviceSynchronize();
    EXPECT(e == cudaErrorLaunchFailure, "through a pointer to the refused function: %s", cudaGetErrorName(e));
    return finish("partial_module");
}
