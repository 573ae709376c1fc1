/* The SM model on the GPU (issue 31 part 9): sm_cuda_run_grid, the CPU's
 * timed runner (sm_run.c) as one persistent kernel. A CUDA block runs the
 * simulated GPU: thread m steps SM m (and m + blockDim.x, ...) through a
 * window with sm_run, the SM's warps executed on that thread as on the CPU
 * (PTX_SERIAL_WARPS: the executor's 32-lane loops, not a thread a lane),
 * then the memory phase runs a thread a partition and a thread an SM
 * (sm_memphase.h), then thread 0 is the block scheduler (sm_grid.h) while
 * the others wait at the block's barrier. The model, the executor and the scheduler are
 * the CPU's code, so the cycles are the CPU's (wow-test compares them).
 *
 * This mapping is the first one, chosen for exactness, not speed: a thread
 * an SM leaves most of a card idle for one simulated GPU. Its speed on a
 * card is not measured yet (no GPU was lent when it was written); the
 * mappings to measure are in DESIGN.md "The SM model". */
#define PTX_SERIAL_WARPS 1

extern "C" {
#include "host/ptx/ptx_run_cpu.h"
#include "host/sm/sm_host.h"
}
#include "device/sm/sm_grid.h"
#include "host/ptx/ptx_cuda_grid.cuh"

/* Threads of the block: SMs beyond it share threads. The bound keeps
 * ptxas's registers a thread within what a block of this size may have. */
#define SM_CUDA_BLOCK 256

/* The runner's state on the device: what the block scheduler's hooks use. */
typedef struct sm_gpu {
    sm_grid_t G;
    ptx_grid_t g;               /* g.prog is &prog */
    ptx_prog_t prog;
    sm_params_t P;
    const sm_dec_t *dec;
    uint64_t clock0;
    uint8_t *sm_pool;           /* SM states, taken in the order SMs get their first CTA */
    size_t sm_bytes;
    uint32_t sm_used;
    uint8_t *cta_pool;          /* CTA slots' memory, taken on a slot's first use */
    size_t cta_bytes;
    uint32_t cta_used;
    uint8_t **slot_mem;         /* nsm x ctas_per_sm: each slot's memory; NULL before its first CTA */
    ptx_stats_t *ex;            /* nsm: the executor's counters of each SM's CTAs */
    ptx_out_t *outs;            /* per CTA */
    ptx_fault_t *faults;        /* per CTA */
    uint64_t ctas_run;
    uint32_t faulted, fault_cta;
    void *mem;                  /* the memory system's block (P.mem.on), made on the device */
    uint8_t *l2_slices;         /* the L2 (mem_l2_bytes): tm's copied here unless l2_fresh, and back */
    uint32_t l2_fresh, ncopies;
    const uint64_t *copies;     /* the copy engine's since the last kernel: address, bytes */
    cache_stats_t l2;           /* its counters at the end */
    dram_stats_t dram;
    mem_stats_t mst;
    cache_totals_t *l2_banks;   /* each slice's and channel's (sm_mem_banks); NULL: not asked for */
    dram_stats_t *dram_chans;
} sm_gpu_t;

SIM_FN int sm_grid_launch(sm_grid_t *G, uint32_t m, uint32_t k, uint64_t cta)
{
    sm_gpu_t *D = (sm_gpu_t *)G->runner;
    if (!G->sms[m]) /* the pool holds an SM for each the first wave reaches: the only ones that get CTAs */
        G->sms[m] = sm_start(D->sm_pool + (size_t)D->sm_used++ * D->sm_bytes, &D->P, G->ctas_per_sm, m, D->dec,
                             &D->prog, D->clock0);
    uint8_t **slot = &D->slot_mem[(size_t)m * G->ctas_per_sm + k];
    if (!*slot)
        *slot = D->cta_pool + (size_t)D->cta_used++ * D->cta_bytes;
    ptx_sm_cta_t *R = (ptx_sm_cta_t *)*slot;
    D->ctas_run++;
    int rc = ptx_sm_cta_setup(R, &D->g, (uint32_t)cta, ptx_sm_cta_scratch(R), &D->ex[m], &D->outs[cta], &D->faults[cta]);
    return sm_grid_started(G->sms[m], k, R, cta, rc);
}

SIM_FN void sm_grid_collect(sm_grid_t *G, uint32_t m, uint32_t k)
{
    G->sms[m]->ctas[k].R = NULL; /* its printf records stay in its own buffer */
}

SIM_FN void sm_grid_fault(sm_grid_t *G, uint32_t m, uint32_t k)
{
    sm_gpu_t *D = (sm_gpu_t *)G->runner;
    uint32_t cta = G->sms[m]->ctas[k].cta;
    if (!D->faulted || cta < D->fault_cta)
        D->faulted = 1, D->fault_cta = cta;
}

__global__ void __launch_bounds__(SM_CUDA_BLOCK) sm_grid_kernel(sm_gpu_t *D)
{
    sm_grid_t *G = &D->G;
    __shared__ int go;
    if (threadIdx.x == 0 && D->mem)
        G->mem = mem_init(D->mem, &D->P.mem, G->nsm, D->P.cta_quantum, D->l2_slices);
    __syncthreads();
    if (G->mem)
        mem_l2_ready(G->mem, (int)D->l2_fresh, threadIdx.x, blockDim.x);
    __syncthreads();
    if (threadIdx.x == 0) {
        for (uint32_t i = 0; G->mem && i < D->ncopies; i++)
            mem_copy_fill(G->mem, D->copies[2 * i], D->copies[2 * i + 1]);
        go = sm_grid_start(G) == 0;
    }
    __syncthreads();
    while (go) {
        for (uint32_t m = threadIdx.x; m < G->nsm; m += blockDim.x)
            sm_grid_run(G, m);
        __syncthreads();
        if (G->mem) { /* the memory phase: a thread a partition, then a thread an SM */
            if (threadIdx.x == 0) {
                sm_grid_horizon(G);
                sm_mem_gather(G->mem, G->sms, G->nsm, G->horizon);
            }
            __syncthreads();
            for (uint32_t p = threadIdx.x; p < G->mem->npart; p += blockDim.x)
                sm_mem_part(G->mem, p, G->horizon);
            __syncthreads();
            if (threadIdx.x == 0)
                sm_mem_reply(G->mem, G->sms, G->horizon);
            __syncthreads();
        }
        if (threadIdx.x == 0)
            go = sm_grid_step(G) > 0;
        __syncthreads();
    }
    for (uint32_t m = threadIdx.x; G->mem && m < G->nsm; m += blockDim.x)
        sm_l1d_stats(G->sms, m);
    if (threadIdx.x == 0 && G->mem) {
        sm_mem_totals(G->mem, &D->l2, &D->dram, &D->mst);
        if (D->l2_banks)
            sm_mem_banks(G->mem, D->l2_banks, D->dram_chans);
    }
}

extern "C" int sm_cuda_run_grid(const ptx_grid_t *g, const ptx_sched_t *s, sm_timing_t *tm, ptx_out_t *outs,
                                ptx_grid_result_t *r, sm_result_t *tr, char *err, size_t n)
{
    sm_params_t LP = sm_params_for_launch(&tm->P, s);
    const sm_params_t *P = &LP;
    uint32_t nsm = s->nsm ? s->nsm : 1, cps = s->ctas_per_sm;
    uint64_t nctas = s->nctas;
    uint64_t nslots = (uint64_t)nsm * cps < nctas ? (uint64_t)nsm * cps : nctas;
    ptx_cuda_grid_t d;
    sm_gpu_t h, *dD = NULL;
    sm_dec_t *dec = sm_decode(g->prog, P), *ddec = NULL;
    sm_t **hsms = NULL;
    ptx_stats_t *hex = NULL;
    uint64_t *copies = NULL;
    uint8_t *hl2 = NULL; /* tm's L2 slices (sm_l2_take) */
    int rc = 0, l2_ready = 0;
    memset(&d, 0, sizeof d);
    memset(&h, 0, sizeof h);
    memset(tr, 0, sizeof *tr);
    if (!dec || !(hsms = (sm_t **)calloc(nsm, sizeof *hsms)) || !(hex = (ptx_stats_t *)calloc(nsm, sizeof *hex))) {
        snprintf(err, n, "out of host memory for the timing model of %u SMs", nsm);
        rc = -2;
        goto out;
    }
    if ((rc = ptx_cuda_grid_up(&d, g, outs, err, n)))
        goto out;
    PTX_CUDA(cudaMalloc(&dD, sizeof *dD));
    h.g = d.g;
    h.g.prog = &dD->prog;
    h.prog = d.p;
    h.P = *P;
    h.clock0 = tm->tot_cycles;
    h.outs = d.douts;
    h.faults = d.faults;
    h.sm_bytes = ptx_up64(sm_bytes(P, cps));
    h.cta_bytes = ptx_up64(ptx_sm_cta_bytes(g));
    PTX_CUDA(to_device(&ddec, dec, g->prog->nrecs));
    h.dec = ddec;
    PTX_CUDA(cudaMalloc(&h.sm_pool, h.sm_bytes * (nsm < nctas ? nsm : nctas)));
    PTX_CUDA(cudaMalloc(&h.cta_pool, h.cta_bytes * nslots));
    PTX_CUDA(cudaMalloc(&h.slot_mem, sizeof *h.slot_mem * nsm * cps));
    PTX_CUDA(cudaMemset(h.slot_mem, 0, sizeof *h.slot_mem * nsm * cps));
    PTX_CUDA(cudaMalloc(&h.ex, sizeof *h.ex * nsm));
    PTX_CUDA(cudaMemset(h.ex, 0, sizeof *h.ex * nsm));
    PTX_CUDA(cudaMalloc(&h.G.sms, sizeof *h.G.sms * nsm));
    PTX_CUDA(cudaMemset(h.G.sms, 0, sizeof *h.G.sms * nsm));
    PTX_CUDA(cudaMalloc(&h.G.fr, sizeof *h.G.fr * ((size_t)nsm * cps + 1)));
    if (P->mem.on) {
        PTX_CUDA(cudaMalloc(&h.mem, mem_bytes(&P->mem, nsm, P->cta_quantum)));
        int fresh = 1;
        hl2 = sm_l2_take(tm, &P->mem, &fresh); /* NULL: the slices are the launch's own, not kept */
        h.l2_fresh = (uint32_t)fresh;
        PTX_CUDA(cudaMalloc(&h.l2_slices, mem_l2_bytes(&P->mem)));
        if (!fresh)
            PTX_CUDA(cudaMemcpy(h.l2_slices, hl2, mem_l2_bytes(&P->mem), cudaMemcpyHostToDevice));
        if (sm_banks_room(tm, &P->mem)) {
            PTX_CUDA(cudaMalloc(&h.l2_banks, sizeof *h.l2_banks * P->mem.nchan * P->mem.nsub));
            PTX_CUDA(cudaMalloc(&h.dram_chans, sizeof *h.dram_chans * P->mem.nchan));
        }
        if (tm->ncopies) {
            PTX_CUDA(cudaMalloc(&copies, sizeof *copies * 2 * tm->ncopies));
            PTX_CUDA(cudaMemcpy(copies, tm->copies, sizeof *copies * 2 * tm->ncopies, cudaMemcpyHostToDevice));
            h.copies = copies, h.ncopies = tm->ncopies;
            tm->ncopies = 0;
        }
    }
    h.G.P = &dD->P;
    h.G.nsm = nsm;
    h.G.ctas_per_sm = cps;
    h.G.nctas = nctas;
    h.G.runner = dD;
    PTX_CUDA(cudaMemcpy(dD, &h, sizeof h, cudaMemcpyHostToDevice));
    sm_grid_kernel<<<1, nsm < SM_CUDA_BLOCK ? nsm : SM_CUDA_BLOCK>>>(dD);
    PTX_CUDA(cudaGetLastError());
    PTX_CUDA(cudaDeviceSynchronize());
    PTX_CUDA(cudaMemcpy(&h, dD, sizeof h, cudaMemcpyDeviceToHost));
    if ((rc = ptx_cuda_grid_down(&d, g, outs, NULL, err, n)))
        goto out;
    PTX_CUDA(cudaMemcpy(hsms, h.G.sms, sizeof *hsms * nsm, cudaMemcpyDeviceToHost));
    PTX_CUDA(cudaMemcpy(hex, h.ex, sizeof *hex * nsm, cudaMemcpyDeviceToHost));
    for (uint32_t m = 0; m < nsm; m++) {
        sm_t sm;
        if (!hsms[m])
            continue;
        PTX_CUDA(cudaMemcpy(&sm, hsms[m], sizeof sm, cudaMemcpyDeviceToHost));
        sm_result_add(tr, r, &sm.st, &hex[m]);
    }
    r->ctas_run = h.ctas_run;
    if (h.mem) {
        tr->mem_on = 1;
        tr->l2 = h.l2;
        tr->dram = h.dram;
        tr->mem = h.mst;
        if (h.l2_banks) {
            PTX_CUDA(cudaMemcpy(tm->banks.l2, h.l2_banks, sizeof *h.l2_banks * P->mem.nchan * P->mem.nsub,
                                cudaMemcpyDeviceToHost));
            PTX_CUDA(cudaMemcpy(tm->banks.dram, h.dram_chans, sizeof *h.dram_chans * P->mem.nchan,
                                cudaMemcpyDeviceToHost));
            tm->banks.nchans = P->mem.nchan, tm->banks.nsubs = P->mem.nsub;
        }
        if (hl2) {
            PTX_CUDA(cudaMemcpy(hl2, h.l2_slices, mem_l2_bytes(&P->mem), cudaMemcpyDeviceToHost));
            l2_ready = 1;
        }
    }
    if (h.faulted) {
        ptx_fault_t f;
        PTX_CUDA(cudaMemcpy(&f, d.faults + h.fault_cta, sizeof f, cudaMemcpyDeviceToHost));
        sm_fault_min(r, &f, h.fault_cta);
        rc = -1;
    }
    tr->syncs = h.G.syncs;
    sm_timing_account(tm, r, tr, h.G.last_end);
out:
    if (dD) {
        cudaFree(ddec), cudaFree(h.sm_pool), cudaFree(h.cta_pool), cudaFree(h.slot_mem);
        cudaFree(h.ex), cudaFree(h.G.sms), cudaFree(h.G.fr), cudaFree(h.mem), cudaFree(h.l2_slices), cudaFree(copies);
        cudaFree(h.l2_banks), cudaFree(h.dram_chans);
        cudaFree(dD);
    }
    sm_l2_give(tm, hl2, l2_ready);
    ptx_cuda_grid_free(&d);
    free(dec), free(hsms), free(hex);
    return rc;
}
