/* A PTX grid's copy on the device, for both CUDA runners: the functional
 * one (ptx_backend_cuda.cu) and the timing model's (sm_backend_cuda.cu).
 * Up: the program's arrays, the global arena, the parameters, a printf
 * buffer and a fault record per CTA. Down: the arena, the printf records
 * and the faults. Every CUDA call is checked: a failure is the runner's
 * error (-2) with the call and CUDA's reason in err. */
#ifndef PTX_CUDA_GRID_CUH
#define PTX_CUDA_GRID_CUH

#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern "C" {
#include "device/ptx/ptx_grid.h"
}

/* A checked CUDA call inside a function with `char *err, size_t n`, an
 * `int rc` and an `out:` label. */
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

/* A host array's copy on the device in *d (NULL for none). */
template <typename T> static cudaError_t to_device(T **d, const T *h, size_t count)
{
    *d = NULL;
    if (!h || !count)
        return cudaSuccess;
    cudaError_t e = cudaMalloc(d, sizeof(T) * count);
    return e != cudaSuccess ? e : cudaMemcpy(*d, h, sizeof(T) * count, cudaMemcpyHostToDevice);
}

typedef struct ptx_cuda_grid {
    ptx_prog_t p;               /* the program, its arrays on the device */
    ptx_grid_t g;               /* the grid, its arena and parameters on the device; g.prog unset */
    uint32_t nctas;
    ptx_out_t *douts, *houts;   /* per CTA: the device's array; the host's image of it */
    ptx_fault_t *faults;        /* per CTA, on the device */
} ptx_cuda_grid_t;

/* hg's copy on the device into d; outs: one per CTA, its cap the buffer's. */
static int ptx_cuda_grid_up(ptx_cuda_grid_t *d, const ptx_grid_t *hg, const ptx_out_t *outs, char *err, size_t n)
{
    const ptx_prog_t *hp = hg->prog;
    int rc = 0;
    uint32_t ncalls = 0, ncargs = 0, npofs = 0, ntargets = 0, nimms = 0, nmmas = 0;
    memset(d, 0, sizeof *d);
    d->nctas = (uint32_t)ptx_dim_count(hg->grid);
    d->p = *hp;
    d->p.recs = NULL, d->p.funcs = NULL, d->p.imms = NULL, d->p.targets = NULL, d->p.calls = NULL, d->p.mmas = NULL;
    d->p.cargs = NULL, d->p.pofs = NULL, d->p.cbank = NULL, d->p.ginit = NULL;
    d->g = *hg;
    d->g.gmem.base = NULL, d->g.params = NULL;
    d->g.mapped = NULL; /* host windows are the CPU backend's (warpsim cuda runs there) */
    d->g.nmapped = 0;
    d->g.prog = NULL;
    d->g.race = NULL;
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
        if ((r->ex == PTX_EX_WMMA_LD || r->ex == PTX_EX_WMMA_ST || r->ex == PTX_EX_WMMA_MMA) && r->target >= nmmas)
            nmmas = r->target + 1;
    }
    for (uint32_t i = 0; i < hp->nfuncs; i++) {
        const ptx_pfunc_t *pf = &hp->funcs[i];
        if (pf->pofs_first + pf->nparams + pf->nrets > npofs)
            npofs = pf->pofs_first + pf->nparams + pf->nrets;
        if (pf->imm_first + pf->nimm > nimms)
            nimms = pf->imm_first + pf->nimm;
    }
    PTX_CUDA(to_device(&d->p.recs, hp->recs, hp->nrecs));
    PTX_CUDA(to_device(&d->p.funcs, hp->funcs, hp->nfuncs));
    PTX_CUDA(to_device(&d->p.imms, hp->imms, nimms));
    PTX_CUDA(to_device(&d->p.targets, hp->targets, ntargets));
    PTX_CUDA(to_device(&d->p.mmas, hp->mmas, nmmas));
    PTX_CUDA(to_device(&d->p.calls, hp->calls, ncalls));
    PTX_CUDA(to_device(&d->p.cargs, hp->cargs, ncargs));
    PTX_CUDA(to_device(&d->p.pofs, hp->pofs, npofs));
    PTX_CUDA(to_device(&d->p.cbank, hp->cbank, hp->cbank_size));
    {
        uint8_t *gmem = NULL, *params = NULL;
        PTX_CUDA(cudaMalloc(&gmem, hg->gmem.size));
        d->g.gmem.base = gmem;
        PTX_CUDA(cudaMemcpy(gmem, hg->gmem.base, hg->gmem.size, cudaMemcpyHostToDevice));
        PTX_CUDA(to_device(&params, hg->params, (size_t)hg->param_size));
        d->g.params = params;
    }
    PTX_CUDA(cudaMalloc(&d->faults, sizeof *d->faults * d->nctas));
    PTX_CUDA(cudaMemset(d->faults, 0, sizeof *d->faults * d->nctas));
    d->houts = (ptx_out_t *)calloc(d->nctas, sizeof *d->houts);
    if (!d->houts) {
        snprintf(err, n, "out of host memory for %u CTAs", d->nctas);
        return -2;
    }
    for (uint32_t i = 0; i < d->nctas; i++) {
        d->houts[i] = outs[i];
        d->houts[i].buf = NULL;
        if (outs[i].cap)
            PTX_CUDA(cudaMalloc(&d->houts[i].buf, outs[i].cap));
    }
    PTX_CUDA(to_device(&d->douts, d->houts, d->nctas));
out:
    return rc;
}

/* After the kernel: the arena back into hg's, each CTA's printf records
 * into outs (overflow flagged), and the first CTA's fault (in CTA order)
 * into *f: 0, -1 (a fault), -2 (a CUDA error). */
static int ptx_cuda_grid_down(ptx_cuda_grid_t *d, const ptx_grid_t *hg, ptx_out_t *outs, ptx_fault_t *f, char *err,
                              size_t n)
{
    int rc = 0;
    ptx_fault_t *hf = (ptx_fault_t *)malloc(sizeof *hf * d->nctas);
    ptx_out_t *o = (ptx_out_t *)malloc(sizeof *o * d->nctas);
    if (!hf || !o) {
        snprintf(err, n, "out of host memory for %u CTAs' results", d->nctas);
        rc = -2;
        goto out;
    }
    PTX_CUDA(cudaMemcpy(hg->gmem.base, d->g.gmem.base, hg->gmem.size, cudaMemcpyDeviceToHost));
    PTX_CUDA(cudaMemcpy(hf, d->faults, sizeof *hf * d->nctas, cudaMemcpyDeviceToHost));
    PTX_CUDA(cudaMemcpy(o, d->douts, sizeof *o * d->nctas, cudaMemcpyDeviceToHost));
    for (uint32_t i = 0; i < d->nctas; i++) {
        uint32_t len = o[i].len < outs[i].cap ? o[i].len : outs[i].cap;
        if (len)
            PTX_CUDA(cudaMemcpy(outs[i].buf, d->houts[i].buf, len, cudaMemcpyDeviceToHost));
        outs[i].len = len;
        outs[i].overflow = o[i].overflow || o[i].len > outs[i].cap;
    }
    for (uint32_t i = 0; f && i < d->nctas; i++)
        if (hf[i].code) {
            *f = hf[i];
            rc = -1;
            break;
        }
out:
    free(hf);
    free(o);
    return rc;
}

static void ptx_cuda_grid_free(ptx_cuda_grid_t *d)
{
    cudaFree((void *)d->g.gmem.base), cudaFree((void *)d->g.params), cudaFree(d->faults), cudaFree(d->douts);
    if (d->houts)
        for (uint32_t i = 0; i < d->nctas; i++)
            cudaFree(d->houts[i].buf);
    free(d->houts);
    cudaFree((void *)d->p.recs), cudaFree((void *)d->p.funcs), cudaFree((void *)d->p.imms);
    cudaFree((void *)d->p.targets), cudaFree((void *)d->p.mmas), cudaFree((void *)d->p.calls), cudaFree((void *)d->p.cargs);
    cudaFree((void *)d->p.pofs), cudaFree((void *)d->p.cbank);
    memset(d, 0, sizeof *d);
}

#endif
