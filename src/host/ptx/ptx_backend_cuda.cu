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
}
#include "device/ptx/ptx_sm.h"

#include <cuda_runtime.h>
#include <stdio.h>
#include <string.h>

#define PTX_CUDA(call)                                                                        \
    do {                                                                                      \
        cudaError_t e_ = (call);                                                              \
        if (e_ != cudaSuccess) {                                                              \
            snprintf(err, n, "CUDA error at %s:%d: %s (%s)", __FILE__, __LINE__,              \
                     cudaGetErrorString(e_), #call);                                          \
            rc = -2;                                                                          \
            goto out;                                                                         \
        }                                                                                     \
    } while (0)

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
    for (int i = 0; i < PTX_MIX_COUNT; i++)
        atomicAdd((unsigned long long *)&t->mix[i], (unsigned long long)st.mix[i]);
    atomicAdd((unsigned long long *)&t->warps, 1ull);
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

/* A host array's copy on the device in *d (NULL for none). */
template <typename T> static cudaError_t to_device(T **d, const T *h, size_t count)
{
    *d = NULL;
    if (!h || !count)
        return cudaSuccess;
    cudaError_t e = cudaMalloc(d, sizeof(T) * count);
    return e != cudaSuccess ? e : cudaMemcpy(*d, h, sizeof(T) * count, cudaMemcpyHostToDevice);
}

extern "C" int ptx_cuda_run(const ptx_grid_t *g, ptx_stats_t *st, ptx_out_t *outs, ptx_fault_t *f, char *err,
                            size_t n)
{
    const ptx_prog_t *hp = g->prog;
    uint32_t nctas = (uint32_t)ptx_dim_count(g->grid);
    ptx_layout_t L = ptx_layout(g);
    ptx_prog_t p = *hp; /* its arrays' device copies below */
    p.recs = NULL, p.funcs = NULL, p.imms = NULL, p.targets = NULL, p.calls = NULL, p.cargs = NULL;
    p.pofs = NULL, p.cbank = NULL, p.ginit = NULL;
    ptx_grid_t dg = *g;
    uint8_t *scratch = NULL, *gmem = NULL, *params = NULL;
    ptx_stats_t *stats = NULL;
    ptx_out_t *douts = NULL, *houts = NULL;
    ptx_fault_t *faults = NULL, *hfaults = NULL;
    ptx_out_t *o = NULL;
    ptx_stats_t *hs = NULL;
    uint32_t ncalls = 0, ncargs = 0, npofs = 0, ntargets = 0, nimms = 0;
    uint32_t batch = 0;
    int rc = 0;
    size_t free_b = 0, total_b = 0;
    if (g->tm) {
        snprintf(err, n, "the CUDA backend runs without a timing model");
        return -2;
    }
    if (L.nwarps * 32 > 1024) {
        snprintf(err, n, "a CTA of %u threads is more than a CUDA block holds", L.nwarps * 32);
        return -2;
    }
    /* array lengths: the largest index any record or function uses */
    for (uint32_t i = 0; i < hp->nrecs; i++) {
        const ptx_rec_t *r = &hp->recs[i];
        if (r->ex == PTX_EX_CALL || r->ex == PTX_EX_PRINTF) {
            const ptx_call_t *c = &hp->calls[r->target];
            ncalls = r->target + 1 > ncalls ? r->target + 1 : ncalls;
            uint32_t e = c->first_ret + c->nrets > c->first_arg + c->nargs ? c->first_ret + c->nrets
                                                                          : c->first_arg + c->nargs;
            ncargs = e > ncargs ? e : ncargs;
        }
        if (r->ex == PTX_EX_BRX && r->target + r->aux > ntargets)
            ntargets = r->target + r->aux;
    }
    for (uint32_t i = 0; i < hp->nfuncs; i++) {
        const ptx_pfunc_t *pf = &hp->funcs[i];
        if (pf->pofs_first + pf->nparams + pf->nrets > npofs)
            npofs = pf->pofs_first + pf->nparams + pf->nrets;
        if (pf->imm_first + pf->nimm > nimms)
            nimms = pf->imm_first + pf->nimm;
    }
    PTX_CUDA(to_device(&p.recs, hp->recs, hp->nrecs));
    PTX_CUDA(to_device(&p.funcs, hp->funcs, hp->nfuncs));
    PTX_CUDA(to_device(&p.imms, hp->imms, nimms));
    PTX_CUDA(to_device(&p.targets, hp->targets, ntargets));
    PTX_CUDA(to_device(&p.calls, hp->calls, ncalls));
    PTX_CUDA(to_device(&p.cargs, hp->cargs, ncargs));
    PTX_CUDA(to_device(&p.pofs, hp->pofs, npofs));
    PTX_CUDA(to_device(&p.cbank, hp->cbank, hp->cbank_size));
    PTX_CUDA(cudaMalloc(&gmem, g->gmem.size));
    PTX_CUDA(cudaMemcpy(gmem, g->gmem.base, g->gmem.size, cudaMemcpyHostToDevice));
    dg.gmem.base = gmem;
    PTX_CUDA(to_device(&params, g->params, (size_t)g->param_size));
    dg.params = params;
    dg.mapped = NULL; /* host windows are the CPU backend's (warpsim cuda runs there) */
    dg.nmapped = 0;
    dg.prog = NULL;
    PTX_CUDA(cudaMalloc(&stats, sizeof *stats * nctas));
    PTX_CUDA(cudaMemset(stats, 0, sizeof *stats * nctas));
    PTX_CUDA(cudaMalloc(&faults, sizeof *faults * nctas));
    PTX_CUDA(cudaMemset(faults, 0, sizeof *faults * nctas));
    houts = (ptx_out_t *)calloc(nctas, sizeof *houts);
    hfaults = (ptx_fault_t *)malloc(sizeof *hfaults * nctas);
    if (!houts || !hfaults) {
        snprintf(err, n, "out of host memory for %u CTAs", nctas);
        rc = -2;
        goto out;
    }
    for (uint32_t i = 0; i < nctas; i++) {
        houts[i] = outs[i];
        houts[i].buf = NULL;
        if (outs[i].cap)
            PTX_CUDA(cudaMalloc(&houts[i].buf, outs[i].cap));
    }
    PTX_CUDA(to_device(&douts, houts, nctas));
    PTX_CUDA(cudaMemGetInfo(&free_b, &total_b));
    batch = (uint32_t)(free_b / 2 / (L.total ? L.total : 1));
    batch = batch > nctas ? nctas : batch < 1 ? 1 : batch;
    PTX_CUDA(cudaMalloc(&scratch, (size_t)batch * L.total));
    for (uint32_t c0 = 0; c0 < nctas; c0 += batch) {
        uint32_t nb = nctas - c0 < batch ? nctas - c0 : batch;
        ptx_grid_kernel<<<nb, L.nwarps * 32>>>(dg, p, L, scratch, c0, stats, douts, faults);
        PTX_CUDA(cudaGetLastError());
        PTX_CUDA(cudaDeviceSynchronize());
    }
    PTX_CUDA(cudaMemcpy(g->gmem.base, gmem, g->gmem.size, cudaMemcpyDeviceToHost));
    PTX_CUDA(cudaMemcpy(hfaults, faults, sizeof *faults * nctas, cudaMemcpyDeviceToHost));
    o = (ptx_out_t *)malloc(sizeof *o * nctas);
    hs = (ptx_stats_t *)malloc(sizeof *hs * nctas);
    if (!o || !hs) {
        snprintf(err, n, "out of host memory for %u CTAs' counters", nctas);
        rc = -2;
        goto out;
    }
    PTX_CUDA(cudaMemcpy(o, douts, sizeof *o * nctas, cudaMemcpyDeviceToHost));
    PTX_CUDA(cudaMemcpy(hs, stats, sizeof *hs * nctas, cudaMemcpyDeviceToHost));
    for (uint32_t i = 0; i < nctas; i++) {
        uint32_t len = o[i].len < outs[i].cap ? o[i].len : outs[i].cap;
        if (len)
            PTX_CUDA(cudaMemcpy(outs[i].buf, houts[i].buf, len, cudaMemcpyDeviceToHost));
        outs[i].len = len;
        outs[i].overflow = o[i].overflow || o[i].len > outs[i].cap;
        st->warp_insns += hs[i].warp_insns;
        st->thread_insns += hs[i].thread_insns;
        for (int m = 0; m < PTX_MIX_COUNT; m++)
            st->mix[m] += hs[i].mix[m];
        st->warps += hs[i].warps;
    }
    for (uint32_t i = 0; i < nctas; i++)
        if (hfaults[i].code) {
            *f = hfaults[i];
            rc = -1;
            break;
        }
out:
    cudaFree(scratch), cudaFree(gmem), cudaFree(params), cudaFree(stats), cudaFree(faults), cudaFree(douts);
    if (houts)
        for (uint32_t i = 0; i < nctas; i++)
            cudaFree(houts[i].buf);
    free(houts), free(hfaults), free(o), free(hs);
    cudaFree(p.recs), cudaFree(p.funcs), cudaFree(p.imms), cudaFree(p.targets), cudaFree(p.calls);
    cudaFree(p.cargs), cudaFree(p.pofs), cudaFree(p.cbank);
    return rc;
}
