// Threads that wait for one another with no barrier, as independent thread
// scheduling (sm_70 on) allows:
//   - between lanes of one warp: lane 0 waits for a flag lane 31 raises after
//     writing the value;
//   - a relay through the lanes of a warp: lane i waits for lane i - 1's flag,
//     adds its id to the running total and raises its own;
//   - between warps: every thread of warp 0 waits for the flag of the warp
//     above it, which waits for the one above, the last warp starting.
#include "check.h"

__global__ void lanes(unsigned *out)
{
    __shared__ volatile unsigned flag, value, relay[33];
    int lane = threadIdx.x;
    if (lane == 0)
        flag = 0;
    relay[lane + 1] = 0;
    if (lane == 0)
        relay[0] = 1;
    __syncwarp();
    if (lane == 31) {
        value = 4242;
        __threadfence_block();
        flag = 1;
    } else if (lane == 0) {
        while (flag == 0) {
        }
        out[0] = value;
    }
    // the relay: lane i's turn comes after lane i - 1's
    while (relay[lane] == 0) {
    }
    relay[lane + 1] = relay[lane] + lane;
    __syncwarp();
    out[1 + lane] = relay[lane + 1];
}

__global__ void warps(unsigned *out)
{
    __shared__ volatile unsigned done[8];
    int warp = threadIdx.x / 32, nwarps = blockDim.x / 32;
    if (threadIdx.x < 8)
        done[threadIdx.x] = 0;
    __syncthreads();
    if (warp < nwarps - 1) {
        while (done[warp + 1] == 0) {
        }
    }
    __threadfence_block();
    if ((threadIdx.x & 31) == 0)
        done[warp] = done[warp + 1 < nwarps ? warp + 1 : warp] + 1;
    __syncwarp();
    out[threadIdx.x] = done[warp];
}

int main()
{
    unsigned *d, h[256];
    CHECK(cudaMalloc(&d, sizeof h));
    lanes<<<1, 32>>>(d);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(h, d, 33 * sizeof(unsigned), cudaMemcpyDeviceToHost));
    EXPECT(h[0] == 4242, "lane 0 read %u", h[0]);
    for (unsigned l = 0; l < 32; l++)
        EXPECT(h[1 + l] == 1 + l * (l + 1) / 2, "relay at lane %u: %u", l, h[1 + l]);
    warps<<<1, 256>>>(d);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
    for (unsigned t = 0; t < 256; t++)
        EXPECT(h[t] == 8 - t / 32, "thread %u: %u", t, h[t]);
    return finish("its_flags");
}
