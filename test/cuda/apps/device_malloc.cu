// Device-side malloc, free, new and delete (warpsim's device library,
// src/host/cudart/devlib/heap.ptx): every thread of many blocks allocates
// blocks of many sizes at once, fills each with its own pattern, checks
// them after the whole block has written (no two live blocks overlap),
// frees them and allocates again (freed blocks are reused: the total
// asked for is more than twice the heap); a pointer allocated by one kernel
// is freed by the next; new and delete run constructors and destructors;
// an allocation larger than the heap returns NULL, as CUDA's malloc does.
#include "check.h"

#include <new>

#define BLOCKS 32
#define THREADS 32
#define ROUNDS 24

__device__ unsigned bad;
__device__ int constructed, destroyed;

__device__ unsigned size_of(unsigned t, unsigned r) { return 1 + (t * 2654435761u + r * 40503u) % 700; }

__global__ void churn(unsigned long long *asked)
{
    unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
    for (unsigned r = 0; r < ROUNDS; r++) {
        unsigned n = size_of(t, r);
        unsigned *p = (unsigned *)malloc(n), words = p ? n / 4 : 0;
        if (!p)
            atomicAdd(&bad, 1000000u);
        else if ((unsigned long long)p % 16)
            atomicAdd(&bad, 1u);
        for (unsigned i = 0; i < words; i++)
            p[i] = t * 65599u + r * 977u + i;
        __syncthreads();   /* every thread of the block holds a block now */
        for (unsigned i = 0; i < words; i++)
            if (p[i] != t * 65599u + r * 977u + i) {
                atomicAdd(&bad, 1u);
                break;
            }
        atomicAdd(asked, (unsigned long long)n);
        free(p);
        __syncthreads();
    }
}

__global__ void keep(int **slot)
{
    int *p = (int *)malloc(64 * sizeof(int));
    for (int i = 0; p && i < 64; i++)
        p[i] = i * (int)threadIdx.x;
    slot[threadIdx.x] = p;
}

__global__ void release(int **slot, int *sum)
{
    int *p = slot[threadIdx.x];
    int s = 0;
    for (int i = 0; p && i < 64; i++)
        s += p[i];
    atomicAdd(sum, s);
    free(p);
}

struct Counted {
    int v[5];
    __device__ Counted() { atomicAdd(&constructed, 1); for (int i = 0; i < 5; i++) v[i] = i; }
    __device__ ~Counted() { atomicAdd(&destroyed, 1); }
};

__global__ void objects(int *sum)
{
    Counted *one = new Counted;
    Counted *many = new Counted[3];
    int s = one->v[4] + many[2].v[3];
    delete one;
    delete[] many;
    atomicAdd(sum, s);
}

__global__ void too_big(unsigned long long n, int *null)
{
    void *p = malloc(n);
    *null = p == NULL;
    free(p);   /* free(NULL) does nothing */
}

int main()
{
    size_t heap = 0;
    CHECK(cudaDeviceSetLimit(cudaLimitMallocHeapSize, 2u << 20));
    CHECK(cudaDeviceGetLimit(&heap, cudaLimitMallocHeapSize));
    EXPECT(heap == 2u << 20, "heap limit %zu", heap);

    unsigned long long *asked;
    CHECK(cudaMallocManaged(&asked, sizeof *asked));
    *asked = 0;
    churn<<<BLOCKS, THREADS>>>(asked);
    CHECK(cudaDeviceSynchronize());
    unsigned b = 0;
    CHECK(cudaMemcpyFromSymbol(&b, bad, sizeof b));
    EXPECT(b == 0, "%u bad blocks (1000000 a NULL)", b);
    unsigned long long want = 0;
    for (unsigned t = 0; t < BLOCKS * THREADS; t++)
        for (unsigned r = 0; r < ROUNDS; r++)
            want += 1 + (t * 2654435761u + r * 40503u) % 700;
    EXPECT(*asked == want && want > 2 * heap, "asked %llu bytes, want %llu (heap %zu)", *asked, want, heap);

    int **slot, *sum;
    CHECK(cudaMalloc(&slot, 256 * sizeof *slot));
    CHECK(cudaMallocManaged(&sum, sizeof *sum));
    *sum = 0;
    keep<<<1, 256>>>(slot);
    release<<<1, 256>>>(slot, sum);
    CHECK(cudaDeviceSynchronize());
    EXPECT(*sum == 2016 * (255 * 256 / 2), "sum across kernels %d", *sum);

    *sum = 0;
    objects<<<2, 64>>>(sum);
    CHECK(cudaDeviceSynchronize());
    int c = 0, d = 0;
    CHECK(cudaMemcpyFromSymbol(&c, constructed, sizeof c));
    CHECK(cudaMemcpyFromSymbol(&d, destroyed, sizeof d));
    EXPECT(c == 128 * 4 && d == 128 * 4, "constructed %d destroyed %d", c, d);
    EXPECT(*sum == 128 * 7, "object sum %d", *sum);

    int *null;
    CHECK(cudaMallocManaged(&null, sizeof *null));
    *null = 0;
    too_big<<<1, 1>>>(8ull << 20, null);
    CHECK(cudaDeviceSynchronize());
    EXPECT(*null == 1, "malloc beyond the heap returned a block");
    return finish("device_malloc");
}
