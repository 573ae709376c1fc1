/* The PTX executor on the GPU: a CUDA block per CTA, a CUDA warp per
 * simulated warp, a thread per lane, each running ptx_step (ptx_exec.h, the
 * CPU backend's step): lane records on every thread, control records on
 * lane 0 (whole-warp loops). The CTA is the SM model's (ptx_sm.h): its
 * barriers, counted by threads, in the block's shared memory, released
 * between turns as on the CPU, with the same deadlock check; every warp
 * runs at once for a turn of up to PTX_CUDA_TURN warp instructions or until
 * its groups all wait at barriers. CTAs go in batches whose scratch fits
 * the device. The grid's program, parameters and global arena are copied
 * over, the arena, counters, printf records and faults back. */
extern "C" {
#include "host/ptx/ptx_backend.h"
#include "host/ptx/ptx_run_cpu.h"
}
#include "device/ptx/ptx_sm.h"
#include "host/ptx/ptx_cuda_grid.cuh"

/* One host thread per simulated thread, so a CTA is one block of up to PTX's
 * 1024 threads: the bound holds ptxas to 64 registers a thread (unbounded it
 * took 94, and an H200 refused scan.launch's 1024-thread block with "too many
 * resources requested for launch"). */
#define PTX_CUDA_MAX_BLOCK 1024
/* Warp instructions a warp runs in a turn, between the block's meetings
 * (barrier releases): spinning warps cost at most this much a turn. */
#define PTX_CUDA_TURN 4096u

__global__ void __launch_bounds__(PTX_CUDA_MAX_BLOCK)
    ptx_grid_kernel(ptx_grid_t g, ptx_prog_t p, ptx_layout_t L, uint8_t *scratch, uint32_t cta0,
                    ptx_stats_t *stats, ptx_out_t *outs, ptx_fault_t *faults)
{
    __shared__ ptx_cta_state_t cs;
    __shared__ unsigned long long total;
    __shared__ uint32_t moved, stop;
    uint32_t cta = cta0 + blockIdx.x, k = threadIdx.x / 32, lane = threadIdx.x & 31u;
    uint8_t *s = scratch + (size_t)blockIdx.x * L.total;
    g.prog = &p;
    ptx_stats_t st;
    memset(&st, 0, sizeof st);
    ptx_ctx_t c;
    ptx_sm_cta_begin(&c, &g, &L, s, cta, &cs, &st, &outs[cta], &faults[cta]);
    if (threadIdx.x == 0) {
        ptx_sm_cta_state(&cs, &g);
        total = 0;
        moved = stop = 0;
    }
    for (size_t i = threadIdx.x; i < L.reserved_at + PTX_RESERVED_SMEM; i += blockDim.x)
        c.shared[i] = 0;
    __syncthreads();
    ptx_warp_t *warps = (ptx_warp_t *)(s + L.warps), *w = warps + k;
    if (lane == 0)
        w->rc = ptx_warp_init(&c, &L, s, k);
    __syncthreads();
    uint64_t limit = g.insn_limit ? g.insn_limit : ~0ull;
    for (;;) {
        if (w->state == PTX_W_RUN && !*(volatile uint32_t *)&c.f->code) {
            if (lane == 0)
                w->rc = ptx_sm_ready(&c, w);
            __syncwarp();
            int rc = w->rc;
            uint32_t ran = 0;
            while (rc == PTX_STEP_OK && ran < PTX_CUDA_TURN && !*(volatile uint32_t *)&c.f->code) {
                rc = ptx_step(&c, w, 0);
                ran++;
            }
            if (lane == 0) {
                ptx_sm_warp_ran(w, rc);
                if (ran)
                    moved = 1;
                atomicAdd(&total, (unsigned long long)ran);
            }
        }
        __syncthreads();
        if (threadIdx.x == 0) {
            int released = ptx_sm_release(&c, warps), done = 1;
            for (uint32_t i = 0; i < c.nwarps; i++)
                done &= warps[i].state == PTX_W_DONE;
            if (!done && !c.f->code && total >= limit)
                ptx_fault(&c, &warps[0], NULL, PTX_FAULT_INSN_LIMIT, 0, 0);
            else if (!done && !c.f->code && !moved && !released)
                ptx_sm_deadlock(&c, warps);
            stop = done || c.f->code;
            moved = 0;
        }
        __syncthreads();
        if (stop)
            break;
    }
    if (lane != 0)
        return;
    ptx_stats_t *t = &stats[cta];
    atomicAdd((unsigned long long *)&t->warp_insns, (unsigned long long)st.warp_insns);
    atomicAdd((unsigned long long *)&t->thread_insns, (unsigned long long)st.thread_insns);
    for (int i = 0; i < SIM_MIX_COUNT; i++)
        atomicAdd((unsigned long long *)&t->mix[i], (unsigned long long)st.mix[i]);
    atomicAdd((unsigned long long *)&t->warps, 1ull);
    atomicAdd((unsigned long long *)&t->shfl_inactive, (unsigned long long)st.shfl_inactive);
}

extern "C" int ptx_cuda_available(char *name, size_t n)
{
    int count = 0;
    cudaDeviceProp prop;
    if (cudaGetDeviceCount(&count) != cudaSuccess || count == 0 || cudaGetDeviceProperties(&prop, 0) != cudaSuccess) {
        cudaGetLastError();
        return 0;
    }
    cudaFuncAttributes fa;
    cudaError_t e = cudaFuncGetAttributes(&fa, ptx_grid_kernel);
    if (e != cudaSuccess) {
        cudaGetLastError();
        snprintf(name, n, "%s (compute capability %d.%d) cannot run this warpsim's kernels (%s)", prop.name,
                 prop.major, prop.minor, cudaGetErrorString(e));
        return -1;
    }
    snprintf(name, n, "%s", prop.name);
    return 1;
}

extern "C" int ptx_cuda_run(const ptx_grid_t *g, ptx_stats_t *st, ptx_out_t *outs, ptx_fault_t *f, char *err,
                            size_t n)
{
    ptx_cuda_grid_t d;
    ptx_layout_t L = ptx_layout(g);
    uint8_t *scratch = NULL;
    ptx_stats_t *stats = NULL, *hs = NULL;
    uint32_t batch = 0, nctas = (uint32_t)ptx_dim_count(g->grid);
    int rc = 0, down;
    size_t free_b = 0, total_b = 0;
    memset(&d, 0, sizeof d);
    if (g->tm) {
        snprintf(err, n, "the functional CUDA backend runs without a timing model");
        return -2;
    }
    if (L.nwarps * 32 > 1024) {
        snprintf(err, n, "a CTA of %u threads is more than a CUDA block holds", L.nwarps * 32);
        return -2;
    }
    if ((rc = ptx_cuda_grid_up(&d, g, outs, err, n)))
        goto out;
    PTX_CUDA(cudaMalloc(&stats, sizeof *stats * nctas));
    PTX_CUDA(cudaMemset(stats, 0, sizeof *stats * nctas));
    PTX_CUDA(cudaMemGetInfo(&free_b, &total_b));
    batch = (uint32_t)(free_b / 2 / (L.total ? L.total : 1));
    batch = batch > nctas ? nctas : batch < 1 ? 1 : batch;
    PTX_CUDA(cudaMalloc(&scratch, (size_t)batch * L.total));
    for (uint32_t c0 = 0; c0 < nctas; c0 += batch) {
        uint32_t nb = nctas - c0 < batch ? nctas - c0 : batch;
        ptx_grid_kernel<<<nb, L.nwarps * 32>>>(d.g, d.p, L, scratch, c0, stats, d.douts, d.faults);
        PTX_CUDA(cudaGetLastError());
        PTX_CUDA(cudaDeviceSynchronize());
    }
    if ((down = ptx_cuda_grid_down(&d, g, outs, f, err, n)) == -2) {
        rc = -2;
        goto out;
    }
    hs = (ptx_stats_t *)malloc(sizeof *hs * nctas);
    if (!hs) {
        snprintf(err, n, "out of host memory for %u CTAs' counters", nctas);
        rc = -2;
        goto out;
    }
    PTX_CUDA(cudaMemcpy(hs, stats, sizeof *hs * nctas, cudaMemcpyDeviceToHost));
    for (uint32_t i = 0; i < nctas; i++)
        ptx_stats_add(st, &hs[i]);
    rc = down;
out:
    cudaFree(scratch), cudaFree(stats);
    ptx_cuda_grid_free(&d);
    free(hs);
    return rc;
}
