// Grid-wide barriers: cooperative_groups::this_grid().sync() between phases
// that read what other blocks wrote before the barrier (a rotation across
// blocks, a reduction of every block's partial sum, ten smoothing sweeps
// that swap buffers); the grid group's ranks and validity, launched cooperatively
// and not; the same kernel through cudaLaunchKernelExC's cooperative
// attribute; and a grid larger than the GPU holds at once refused with
// cudaErrorCooperativeLaunchTooLarge.
#include <cooperative_groups.h>

#include "check.h"

namespace cg = cooperative_groups;

constexpr int SWEEPS = 10;

__global__ void phases(int n, const int *in, int *rot, int *partial, long long *total, int *u, int *v)
{
    cg::grid_group grid = cg::this_grid();
    cg::thread_block block = cg::this_thread_block();
    int i = (int)grid.thread_rank(), nt = (int)grid.size();
    // 1: every element its neighbour a block further on (written by another block)
    for (int k = i; k < n; k += nt)
        rot[k] = in[k] * 3 + 1;
    grid.sync();
    int shift = blockDim.x;
    int mine = i < n ? rot[(i + shift) % n] : 0;
    grid.sync();
    if (i < n)
        rot[i] = mine;
    // 2: every block's sum, then every block reads all of them
    __shared__ long long s[1024];
    s[block.thread_rank()] = i < n ? in[i] : 0;
    block.sync();
    for (unsigned d = block.size() / 2; d > 0; d /= 2) {
        if (block.thread_rank() < d)
            s[block.thread_rank()] += s[block.thread_rank() + d];
        block.sync();
    }
    if (block.thread_rank() == 0)
        partial[blockIdx.x] = (int)s[0];
    grid.sync();
    if (block.thread_rank() == 0) {
        long long t = 0;
        for (unsigned b = 0; b < gridDim.x; b++)
            t += partial[b];
        total[blockIdx.x] = t;
    }
    // 3: smoothing sweeps (Jacobi's, unscaled: exact in integers), u -> v -> u, a barrier after each
    for (int sweep = 0; sweep < SWEEPS; sweep++) {
        const int *src = sweep % 2 ? v : u;
        int *dst = sweep % 2 ? u : v;
        for (int k = i; k < n; k += nt)
            dst[k] = k == 0 || k == n - 1 ? src[k] : src[k - 1] + 2 * src[k] + src[k + 1];
        grid.sync();
    }
}

__global__ void ranks(int *valid, unsigned long long *rank)
{
    cg::grid_group grid = cg::this_grid();
    unsigned long long r = grid.thread_rank();
    rank[r] = r + (unsigned long long)grid.num_blocks() * 1000000ull + grid.block_rank() * 1000ull;
    if (r == 0)
        *valid = grid.is_valid();
}

int main()
{
    const int blocks = 12, threads = 128, n = blocks * threads;
    int h_in[n];
    int h_u[n];
    for (int k = 0; k < n; k++) {
        h_in[k] = (k * 7919) % 1000 - 500;
        h_u[k] = (k * 37) % 101;
    }
    int *in, *rot, *partial;
    long long *total;
    int *u, *v;
    CHECK(cudaMalloc(&in, n * 4));
    CHECK(cudaMalloc(&rot, n * 4));
    CHECK(cudaMalloc(&partial, blocks * 4));
    CHECK(cudaMalloc(&total, blocks * 8));
    CHECK(cudaMalloc(&u, n * 4));
    CHECK(cudaMalloc(&v, n * 4));
    CHECK(cudaMemcpy(in, h_in, sizeof h_in, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(u, h_u, sizeof h_u, cudaMemcpyHostToDevice));
    int nn = n;
    void *args[] = {&nn, &in, &rot, &partial, &total, &u, &v};
    CHECK(cudaLaunchCooperativeKernel((const void *)phases, dim3(blocks), dim3(threads), args, 0, 0));
    CHECK(cudaDeviceSynchronize());

    int h_rot[n];
    long long h_total[blocks], want = 0;
    int h_res[n];
    CHECK(cudaMemcpy(h_rot, rot, sizeof h_rot, cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(h_total, total, sizeof h_total, cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(h_res, u, sizeof h_res, cudaMemcpyDeviceToHost));   // an even number of sweeps
    for (int k = 0; k < n; k++) {
        int want_rot = h_in[(k + threads) % n] * 3 + 1;
        EXPECT(h_rot[k] == want_rot, "rotation at %d: %d, want %d", k, h_rot[k], want_rot);
        want += h_in[k];
    }
    for (int b = 0; b < blocks; b++)
        EXPECT(h_total[b] == want, "block %d's total: %lld, want %lld", b, h_total[b], want);
    int a[n], b[n];
    memcpy(a, h_u, sizeof a);
    for (int s = 0; s < SWEEPS; s++) {
        for (int k = 0; k < n; k++)
            b[k] = k == 0 || k == n - 1 ? a[k] : a[k - 1] + 2 * a[k] + a[k + 1];
        memcpy(a, b, sizeof a);
    }
    for (int k = 0; k < n; k++)
        EXPECT(h_res[k] == a[k], "sweeps at %d: %d, want %d", k, h_res[k], a[k]);

    // the grid group: valid only when launched cooperatively
    int *valid, h_valid;
    unsigned long long *rank, h_rank[4 * 64];
    CHECK(cudaMalloc(&valid, 4));
    CHECK(cudaMalloc(&rank, sizeof h_rank));
    ranks<<<4, 64>>>(valid, rank);
    CHECK(cudaMemcpy(&h_valid, valid, 4, cudaMemcpyDeviceToHost));
    EXPECT(h_valid == 0, "a normal launch's grid group is valid");
    cudaLaunchConfig_t cfg = {};
    cudaLaunchAttribute coop;
    coop.id = cudaLaunchAttributeCooperative;
    coop.val.cooperative = 1;
    cfg.gridDim = dim3(4);
    cfg.blockDim = dim3(64);
    cfg.attrs = &coop;
    cfg.numAttrs = 1;
    CHECK(cudaLaunchKernelEx(&cfg, ranks, valid, rank));
    CHECK(cudaMemcpy(&h_valid, valid, 4, cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(h_rank, rank, sizeof h_rank, cudaMemcpyDeviceToHost));
    EXPECT(h_valid == 1, "a cooperative launch's grid group is not valid");
    for (int r = 0; r < 4 * 64; r++)
        EXPECT(h_rank[r] == r + 4000000ull + (r / 64) * 1000ull, "rank %d: %llu", r, h_rank[r]);

    // more blocks than the GPU holds at once: refused, and nothing sticks
    int sms, per_sm;
    CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
    CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, phases, threads, 0));
    EXPECT(per_sm > 0, "no block of %d threads fits an SM", threads);
    cudaError_t e = cudaLaunchCooperativeKernel((const void *)phases, dim3(sms * per_sm + 1), dim3(threads), args, 0, 0);
    EXPECT(e == cudaErrorCooperativeLaunchTooLarge, "%d blocks: %s", sms * per_sm + 1, cudaGetErrorName(e));
    EXPECT(cudaGetLastError() == cudaErrorCooperativeLaunchTooLarge, "the error is not the last one");
    CHECK(cudaGetLastError());
    return finish("grid_sync");
}
