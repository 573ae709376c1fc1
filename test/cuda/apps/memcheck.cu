// Memory as a GPU has it, and --memcheck: a kernel reads 64 words below the
// program's first allocation (an image filter's J[-cols] at the top row)
// and 8 words past the end of another, and writes one word past an
// allocation's asked size; on a GPU these reach mapped memory and the
// kernel completes, so here too (no fault, the in-bounds results right).
// Under --memcheck every such access is reported, as compute-sanitizer's
// memcheck does, and nothing else changes (cuda_apps_test.sh compares).
#include "check.h"

__global__ void edges(const int *first, const int *second, int n, int *out, int *seen)
{
    int i = threadIdx.x;
    if (i == 0)
        seen[0] = first[-64];   /* 256 bytes before the first allocation */
    if (i == 1)
        seen[1] = second[n + 7]; /* 28 bytes past the end of the asked bytes */
    out[i] = first[i] + second[i];
}

__global__ void spill(char *buf, int asked)
{
    if (threadIdx.x == 0)
        buf[asked + 4] = 1;   /* inside the 256-byte granule, past what was asked */
}

int main()
{
    const int n = 32;
    int *first, *second, *out, *seen;
    char *buf;
    CHECK(cudaMalloc(&first, n * sizeof(int)));
    CHECK(cudaMalloc(&second, n * sizeof(int)));
    CHECK(cudaMallocManaged(&out, n * sizeof(int)));
    CHECK(cudaMalloc(&buf, 1000));
    CHECK(cudaMalloc(&seen, 2 * sizeof(int)));   /* what a GPU reads there is not known: not checked */
    int h[n];
    for (int i = 0; i < n; i++)
        h[i] = i;
    CHECK(cudaMemcpy(first, h, sizeof h, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(second, h, sizeof h, cudaMemcpyHostToDevice));
    edges<<<1, n>>>(first, second, n, out, seen);
    spill<<<1, 32>>>(buf, 1000);
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());
    for (int i = 0; i < n; i++)
        EXPECT(out[i] == 2 * i, "out[%d] = %d", i, out[i]);
    return finish("memcheck");
}
