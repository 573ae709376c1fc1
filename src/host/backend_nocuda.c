/* Built without nvcc: the cuda backend is absent and says so. */
#ifndef WARPSIM_HAVE_CUDA
#include "host/backend.h"

int backend_cuda_available(char *name, size_t n)
{
    (void)name;
    (void)n;
    return 0;
}

int backend_cuda_run(sim_machine_t *m, const sim_options_t *o, const sim_outputs_t *out, sim_run_t *r)
{
    (void)m; (void)o; (void)out; (void)r;
    return -1;
}
#endif
