/* Built without nvcc: the PTX executor's CUDA backend is absent and says so. */
#ifndef WARPSIM_HAVE_CUDA
#include <stdio.h>

#include "host/ptx/ptx_backend.h"

int ptx_cuda_available(char *name, size_t n)
{
    (void)name;
    (void)n;
    return 0;
}

int ptx_cuda_run(const ptx_grid_t *g, ptx_stats_t *st, ptx_out_t *outs, ptx_fault_t *f, char *err, size_t n)
{
    (void)g, (void)st, (void)outs, (void)f;
    snprintf(err, n, "this warpsim was built without nvcc: no CUDA backend");
    return -2;
}
#endif
