// cp.async (sm_80+: the sm_90 build runs it; the sm_75 build only says so):
// __pipeline_memcpy_async (cuda_pipeline.h: cp.async.cg 16 bytes, .ca 4 and
// 8), cuda::memcpy_async with a thread-scope cuda::pipeline (cp.async.ca 4),
// commit_group and wait_group, and inline PTX for the src-size operand (the
// bytes past it zero-filled) and wait_all. Each result against the host's.
// With the argument "check" it also makes one cp.async read 16 bytes past an
// allocation and one warp read what another warp's cp.async wrote with no
// barrier between: --memcheck and --racecheck must report both
// (cuda_apps_test.sh); the results checked are unchanged.
#include <cuda_pipeline.h>
#include <cuda/pipeline>
#include <cstdint>
#include "check.h"

#if __CUDA_ARCH_LIST__ >= 800
#define SM80 1
#else
#define SM80 0
#endif

#define TILE 128 // threads a block, float4 a thread

// Double-buffered: tile t + 1 is in flight while tile t is summed with its
// neighbour's element (another thread's copy: a barrier after the wait).
__global__ void stage(const float4 *in, float *out, int tiles)
{
    __shared__ float4 buf[2][TILE];
    int i = threadIdx.x;
    __pipeline_memcpy_async(&buf[0][i], &in[i], sizeof(float4));
    __pipeline_commit();
    for (int t = 0; t < tiles; t++) {
        if (t + 1 < tiles)
            __pipeline_memcpy_async(&buf[(t + 1) & 1][i], &in[(t + 1) * TILE + i], sizeof(float4));
        __pipeline_commit();
        __pipeline_wait_prior(1);
        __syncthreads();
        float4 a = buf[t & 1][i], b = buf[t & 1][(i + 1) % TILE];
        out[t * TILE + i] = a.x + a.y + a.z + a.w + b.x;
        __syncthreads();
    }
}

// 4 and 8 bytes through __pipeline_memcpy_async (cp.async.ca).
__global__ void small(const int *in4, const int2 *in8, int *out4, int2 *out8)
{
    __shared__ int s4[TILE];
    __shared__ int2 s8[TILE];
    int i = threadIdx.x;
    __pipeline_memcpy_async(&s4[i], &in4[i], 4);
    __pipeline_memcpy_async(&s8[i], &in8[TILE - 1 - i], 8);
    __pipeline_commit();
    __pipeline_wait_prior(0);
    out4[i] = s4[i];
    out8[i] = s8[i];
}

// cuda::memcpy_async with a pipeline of this thread.
__global__ void piped(const int *in, int *out)
{
    __shared__ int s[TILE];
    int i = threadIdx.x;
    cuda::pipeline<cuda::thread_scope_thread> pipe = cuda::make_pipeline();
    pipe.producer_acquire();
    cuda::memcpy_async(&s[i], &in[i], cuda::aligned_size_t<4>(sizeof(int)), pipe);
    pipe.producer_commit();
    pipe.consumer_wait();
    out[i] = s[i] * 3;
    pipe.consumer_release();
}

// The src-size operand: thread i reads i % 17 bytes of 16 (.cg, a register) and
// i % 9 of 8 (.ca, a register), and 2 of 4 (.ca, an immediate); the rest of
// each destination is zero. The destinations start as 0xee bytes.
__global__ void partial(const uint8_t *in, uint8_t *out)
{
    __shared__ __align__(16) uint8_t s[TILE * 32]; // 28 bytes of each 32
    int i = threadIdx.x;
    for (int k = 0; k < 28; k++)
        s[i * 32 + k] = 0xee;
    __syncthreads();
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    unsigned n16 = i % 17, n8 = i % 9;
    unsigned d = (unsigned)__cvta_generic_to_shared(&s[i * 32]);
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;" ::"r"(d), "l"(in + i * 32), "r"(n16) : "memory");
    asm volatile("cp.async.ca.shared.global [%0], [%1], 8, %2;" ::"r"(d + 16), "l"(in + i * 32 + 16), "r"(n8)
                 : "memory");
    asm volatile("cp.async.ca.shared.global [%0], [%1], 4, 2;" ::"r"(d + 24), "l"(in + i * 32 + 24) : "memory");
    asm volatile("cp.async.commit_group;" ::: "memory");
    asm volatile("cp.async.wait_all;" ::: "memory");
#endif
    for (int k = 0; k < 28; k++)
        out[i * 28 + k] = s[i * 32 + k];
}

// "check": thread 0 of warp 1 copies the 16 bytes just past `in`'s 240 (inside
// the allocation's 256-byte granule: a GPU reads them), the others of warp 1
// copy in[0..14]; warp 1 copies into words that warp 0 then reads with no
// barrier.
__global__ void unchecked(const float4 *in, float *out)
{
    __shared__ float4 s[64];
    int i = threadIdx.x;
    if (i >= 32)
        __pipeline_memcpy_async(&s[i - 32], &in[i == 32 ? 15 : (i - 32) % 15], sizeof(float4));
    __pipeline_commit();
    __pipeline_wait_prior(0);
    if (i < 32)
        out[i] = s[i].x;
}

int main(int argc, char **argv)
{
    if (!SM80) {
        printf("cp_async: needs sm_80 (the sm_90 build runs it)\n");
        return finish("cp_async");
    }
    const int tiles = 5;
    float4 *hin = new float4[tiles * TILE];
    float *hout = new float[tiles * TILE];
    for (int i = 0; i < tiles * TILE; i++)
        hin[i] = make_float4(i, 0.5f * i, 0.25f, -1.0f * (i % 7));
    float4 *din;
    float *dout;
    CHECK(cudaMalloc(&din, sizeof(float4) * tiles * TILE));
    CHECK(cudaMalloc(&dout, sizeof(float) * tiles * TILE));
    CHECK(cudaMemcpy(din, hin, sizeof(float4) * tiles * TILE, cudaMemcpyHostToDevice));
    stage<<<1, TILE>>>(din, dout, tiles);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(hout, dout, sizeof(float) * tiles * TILE, cudaMemcpyDeviceToHost));
    for (int t = 0; t < tiles; t++)
        for (int i = 0; i < TILE; i++) {
            float4 a = hin[t * TILE + i], b = hin[t * TILE + (i + 1) % TILE];
            float want = a.x + a.y + a.z + a.w + b.x;
            EXPECT(hout[t * TILE + i] == want, "stage: out[%d][%d] = %g, want %g", t, i, hout[t * TILE + i], want);
        }

    int h4[TILE], o4[TILE], hp[TILE], op[TILE];
    int2 h8[TILE], o8[TILE];
    for (int i = 0; i < TILE; i++)
        h4[i] = i * 11 - 300, h8[i] = make_int2(i * 7, -i), hp[i] = i ^ 0x55;
    int *d4, *do4, *dp, *dop;
    int2 *d8, *do8;
    CHECK(cudaMalloc(&d4, sizeof h4));
    CHECK(cudaMalloc(&do4, sizeof h4));
    CHECK(cudaMalloc(&d8, sizeof h8));
    CHECK(cudaMalloc(&do8, sizeof h8));
    CHECK(cudaMalloc(&dp, sizeof hp));
    CHECK(cudaMalloc(&dop, sizeof hp));
    CHECK(cudaMemcpy(d4, h4, sizeof h4, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(d8, h8, sizeof h8, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(dp, hp, sizeof hp, cudaMemcpyHostToDevice));
    small<<<1, TILE>>>(d4, d8, do4, do8);
    piped<<<1, TILE>>>(dp, dop);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(o4, do4, sizeof o4, cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(o8, do8, sizeof o8, cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(op, dop, sizeof op, cudaMemcpyDeviceToHost));
    for (int i = 0; i < TILE; i++) {
        EXPECT(o4[i] == h4[i], "small: 4 bytes [%d] = %d, want %d", i, o4[i], h4[i]);
        EXPECT(o8[i].x == h8[TILE - 1 - i].x && o8[i].y == h8[TILE - 1 - i].y, "small: 8 bytes [%d]", i);
        EXPECT(op[i] == hp[i] * 3, "piped: [%d] = %d, want %d", i, op[i], hp[i] * 3);
    }

    uint8_t hb[TILE * 32], ob[TILE * 28];
    for (int i = 0; i < TILE * 32; i++)
        hb[i] = (uint8_t)(i * 7 + 1);
    uint8_t *db, *dob;
    CHECK(cudaMalloc(&db, sizeof hb));
    CHECK(cudaMalloc(&dob, sizeof ob));
    CHECK(cudaMemcpy(db, hb, sizeof hb, cudaMemcpyHostToDevice));
    partial<<<1, TILE>>>(db, dob);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(ob, dob, sizeof ob, cudaMemcpyDeviceToHost));
    for (int i = 0; i < TILE; i++)
        for (int k = 0; k < 28; k++) {
            int part = k < 16 ? 0 : k < 24 ? 1 : 2, off = k - (part == 0 ? 0 : part == 1 ? 16 : 24);
            int n = part == 0 ? i % 17 : part == 1 ? i % 9 : 2;
            uint8_t want = off < n ? hb[i * 32 + k] : 0;
            EXPECT(ob[i * 28 + k] == want, "partial: thread %d byte %d = %#x, want %#x", i, k, ob[i * 28 + k], want);
        }

    if (argc > 1 && !strcmp(argv[1], "check")) {
        float4 *small_in;
        float *o;
        CHECK(cudaMalloc(&small_in, 15 * sizeof(float4)));
        CHECK(cudaMalloc(&o, 32 * sizeof(float)));
        CHECK(cudaMemcpy(small_in, hin, 15 * sizeof(float4), cudaMemcpyHostToDevice));
        unchecked<<<1, 64>>>(small_in, o);
        CHECK(cudaGetLastError());
        CHECK(cudaDeviceSynchronize());
    }
    printf("cp_async: %d tiles staged, 4/8/16 bytes, src-size\n", tiles);
    return finish("cp_async");
}
