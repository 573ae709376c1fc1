/* The CUDA backend of the PTX executor (ptx_backend_cuda.cu): a whole grid
 * on the GPU, a CUDA block per CTA and a CUDA warp per simulated warp, each
 * warp instruction one thread per lane (the same step as the CPU's,
 * ptx_exec.h). Built without nvcc, ptx_backend_nocuda.c stands in. */
#ifndef PTX_BACKEND_H
#define PTX_BACKEND_H

#include <stddef.h>

#include "device/ptx/ptx_grid.h"

#ifdef __cplusplus
extern "C" {
#endif

/* 1 with the device's name if a CUDA device can run grids; 0 if there is
 * none; -1 if there is one that cannot load the kernel (no SASS for it and no
 * PTX its driver can JIT), with why in name. */
int ptx_cuda_available(char *name, size_t n);
/* Runs every CTA of g (g->gmem is copied to the device and back; g->tm must
 * be NULL). outs: one per CTA, each with its own buf and cap. Adds the
 * counters to *st. 0; -1 with *f for a fault in the kernel; -2 with err
 * when the GPU cannot run it. */
int ptx_cuda_run(const ptx_grid_t *g, ptx_stats_t *st, ptx_out_t *outs, ptx_fault_t *f, char *err, size_t n);

#ifdef __cplusplus
}
#endif

#endif
