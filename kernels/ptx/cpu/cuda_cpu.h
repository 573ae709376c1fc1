/* The CUDA the workloads use, on the CPU: compiled into each src/NAME.cu
 * with g++ -include, so that the workload's own source runs against its
 * launch file and reference without a GPU and without warpsim (make
 * ptx-workloads-cpu). A block's threads are cooperative threads (cpu_threads.c)
 * that switch only at barriers, so shared memory is a static variable and
 * atomics are plain read-modify-writes. Warp operations go through a
 * per-warp exchange array between two warp barriers. */
#ifndef CUDA_CPU_H
#define CUDA_CPU_H

#include <climits>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>

struct uint3 {
    unsigned x, y, z;
};
struct float4 {
    float x, y, z, w;
};

extern "C" {
extern uint3 threadIdx, blockIdx, blockDim, gridDim;
extern void *cpu_dynamic_shared;
void cpu_syncthreads(void);
void cpu_syncwarp(void);
unsigned *cpu_warp_slots(void);
long long cpu_clock(void);
}

#define __global__
#define __device__
#define __constant__
#define __shared__ static
#define __forceinline__ inline
#define __syncthreads() cpu_syncthreads()

static inline unsigned cpu_lane()
{
    return (threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z)) % 32;
}

/* Lane src's v (32-bit types) */
template <typename T> static T cpu_shfl(T v, unsigned src)
{
    static_assert(sizeof(T) == 4, "32-bit shuffles only");
    unsigned *slot = cpu_warp_slots(), bits;
    memcpy(&bits, &v, 4);
    slot[cpu_lane()] = bits;
    cpu_syncwarp();
    bits = slot[src % 32];
    cpu_syncwarp();
    memcpy(&v, &bits, 4);
    return v;
}
template <typename T> static T __shfl_down_sync(unsigned, T v, int d)
{
    unsigned lane = cpu_lane();
    return cpu_shfl(v, lane + d < 32 ? lane + d : lane);
}
template <typename T> static T __shfl_xor_sync(unsigned, T v, int d)
{
    return cpu_shfl(v, cpu_lane() ^ d);
}
static unsigned __ballot_sync(unsigned, int pred)
{
    unsigned *slot = cpu_warp_slots(), ballot = 0;
    slot[cpu_lane()] = pred != 0;
    cpu_syncwarp();
    for (int i = 0; i < 32; i++)
        ballot |= slot[i] << i;
    cpu_syncwarp();
    return ballot;
}
static int __any_sync(unsigned mask, int pred) { return __ballot_sync(mask, pred) != 0; }
static int __all_sync(unsigned mask, int pred) { return __ballot_sync(mask, pred) == 0xffffffffu; }

static unsigned __popc(unsigned x) { return __builtin_popcount(x); }
static unsigned __clz(unsigned x) { return x ? __builtin_clz(x) : 32; }
static unsigned __brev(unsigned x)
{
    unsigned r = 0;
    for (int i = 0; i < 32; i++)
        r |= (x >> i & 1) << (31 - i);
    return r;
}
static float rsqrtf(float x) { return 1.0f / sqrtf(x); }
static long long clock64() { return cpu_clock(); }

/* no thread switch can come between the read and the write */
template <typename T> static T atomicAdd(T *p, T v) { T old = *p; *p = old + v; return old; }
template <typename T> static T atomicMin(T *p, T v) { T old = *p; *p = v < old ? v : old; return old; }
template <typename T> static T atomicMax(T *p, T v) { T old = *p; *p = v > old ? v : old; return old; }

#endif
