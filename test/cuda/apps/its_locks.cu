// Locks as code written for independent thread scheduling (sm_70 on) takes
// them: a CAS loop, the critical section after it, an exchange to release.
// Under a reconvergence stack run warp by warp the lanes that lose the CAS
// spin forever while the winner waits for them at the loop's exit.
//   - a histogram of 8 bins in shared memory, a spin lock per bin, each bin's
//     count and sum updated plainly inside the lock;
//   - a global lock guarding a global ticket counter and an append to a log,
//     taken by every thread of every block.
#include "check.h"

__device__ void lock(int *m)
{
    while (atomicCAS(m, 0, 1) != 0) {
    }
    __threadfence();
}

__device__ void unlock(int *m)
{
    __threadfence();
    atomicExch(m, 0);
}

__global__ void bins(const unsigned *in, unsigned *count, unsigned *sum, int n)
{
    __shared__ int locks[8];
    __shared__ volatile unsigned c[8], s[8];
    if (threadIdx.x < 8)
        locks[threadIdx.x] = 0, c[threadIdx.x] = 0, s[threadIdx.x] = 0;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
        unsigned v = in[i], b = v % 8;
        lock(&locks[b]);
        c[b] = c[b] + 1;
        s[b] = s[b] + v;
        unlock(&locks[b]);
    }
    __syncthreads();
    if (threadIdx.x < 8) {
        atomicAdd(&count[threadIdx.x], c[threadIdx.x]);
        atomicAdd(&sum[threadIdx.x], s[threadIdx.x]);
    }
}

__global__ void tickets(int *glock, volatile unsigned *counter, unsigned *log, unsigned *mine)
{
    unsigned id = blockIdx.x * blockDim.x + threadIdx.x;
    lock(glock);
    unsigned t = *counter;
    log[t] = id;
    *counter = t + 1;
    unlock(glock);
    mine[id] = t;
}

int main()
{
    const int n = 3000, threads = 128, blocks = 3;
    unsigned h[n], hc[8] = {0}, hs[8] = {0};
    for (int i = 0; i < n; i++) {
        h[i] = (i * 2654435761u) >> 7;
        hc[h[i] % 8]++;
        hs[h[i] % 8] += h[i];
    }
    unsigned *din, *dc, *ds;
    CHECK(cudaMalloc(&din, sizeof h));
    CHECK(cudaMalloc(&dc, sizeof hc));
    CHECK(cudaMalloc(&ds, sizeof hs));
    CHECK(cudaMemcpy(din, h, sizeof h, cudaMemcpyHostToDevice));
    CHECK(cudaMemset(dc, 0, sizeof hc));
    CHECK(cudaMemset(ds, 0, sizeof hs));
    bins<<<blocks, threads>>>(din, dc, ds, n);
    CHECK(cudaGetLastError());
    unsigned gc[8], gs[8];
    CHECK(cudaMemcpy(gc, dc, sizeof gc, cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(gs, ds, sizeof gs, cudaMemcpyDeviceToHost));
    for (int b = 0; b < 8; b++) {
        EXPECT(gc[b] == hc[b], "bin %d: count %u, want %u", b, gc[b], hc[b]);
        EXPECT(gs[b] == hs[b], "bin %d: sum %u, want %u", b, gs[b], hs[b]);
    }

    const int m = threads * blocks;
    int *glock;
    unsigned *counter, *log, *mine;
    CHECK(cudaMalloc(&glock, sizeof(int)));
    CHECK(cudaMalloc(&counter, sizeof(unsigned)));
    CHECK(cudaMalloc(&log, m * sizeof(unsigned)));
    CHECK(cudaMalloc(&mine, m * sizeof(unsigned)));
    CHECK(cudaMemset(glock, 0, sizeof(int)));
    CHECK(cudaMemset(counter, 0, sizeof(unsigned)));
    tickets<<<blocks, threads>>>(glock, counter, log, mine);
    CHECK(cudaGetLastError());
    unsigned hl[m], hm[m], hcount;
    CHECK(cudaMemcpy(hl, log, sizeof hl, cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(hm, mine, sizeof hm, cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(&hcount, counter, sizeof hcount, cudaMemcpyDeviceToHost));
    EXPECT(hcount == (unsigned)m, "counter %u, want %d", hcount, m);
    for (int i = 0; i < m; i++) {
        EXPECT(hm[i] < (unsigned)m && hl[hm[i]] == (unsigned)i, "thread %d: ticket %u, log says %u", i, hm[i],
               hm[i] < (unsigned)m ? hl[hm[i]] : 0u);
    }
    return finish("its_locks");
}
