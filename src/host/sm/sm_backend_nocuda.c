/* Built without nvcc: the SM model's CUDA runner is absent and says so. */
#ifndef WARPSIM_HAVE_CUDA
#include <stdio.h>

#include "host/sm/sm_host.h"

int sm_cuda_run_grid(const ptx_grid_t *g, const ptx_sched_t *s, sm_timing_t *tm, ptx_out_t *outs,
                     ptx_grid_result_t *r, sm_result_t *tr, char *err, size_t n)
{
    (void)g, (void)s, (void)tm, (void)outs, (void)r, (void)tr;
    snprintf(err, n, "this warpsim was built without nvcc: no CUDA backend");
    return -2;
}
#endif
