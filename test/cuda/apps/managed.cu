// Managed memory: cudaMallocManaged buffers and a __managed__ variable, read
// and written by host and kernels without copies.
#include "check.h"

__managed__ int total;
__managed__ float scale = 1.5f;

struct Node {
    int value;
    Node *next;
};

__global__ void walk(Node *head, int *out)
{
    int s = 0;
    for (Node *p = head; p; p = p->next)
        s += p->value;
    *out = s;
    atomicAdd(&total, s);
}

__global__ void scale_all(float *v, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        v[i] *= scale;
}

int main()
{
    const int n = 1000;
    Node *nodes;
    CHECK(cudaMallocManaged(&nodes, 50 * sizeof(Node)));
    for (int i = 0; i < 50; i++)
        nodes[i] = Node{i * i, i + 1 < 50 ? &nodes[i + 1] : nullptr};
    int *out;
    CHECK(cudaMallocManaged(&out, sizeof(int)));
    total = 5;
    walk<<<1, 1>>>(nodes, out);
    CHECK(cudaDeviceSynchronize());
    int want = 0;
    for (int i = 0; i < 50; i++)
        want += i * i;
    EXPECT(*out == want, "list sum %d, want %d", *out, want);
    EXPECT(total == want + 5, "__managed__ total %d", total);
    float *v;
    CHECK(cudaMallocManaged(&v, n * sizeof(float), cudaMemAttachGlobal));
    for (int i = 0; i < n; i++)
        v[i] = i;
    scale = 2.0f;
    scale_all<<<(n + 255) / 256, 256>>>(v, n);
    CHECK(cudaDeviceSynchronize());
    for (int i = 0; i < n; i++)
        EXPECT(v[i] == 2.0f * i, "v[%d] = %g", i, v[i]);
    cudaPointerAttributes a;
    CHECK(cudaPointerGetAttributes(&a, v));
    EXPECT(a.type == cudaMemoryTypeManaged, "pointer type %d", (int)a.type);
    CHECK(cudaFree(v));
    CHECK(cudaFree(nodes));
    CHECK(cudaFree(out));
    return finish("managed");
}
