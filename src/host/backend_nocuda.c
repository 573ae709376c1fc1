/* Built without nvcc: the cuda backend is absent and says so. */
#ifndef WARPSIM_HAVE_CUDA
#include <stdio.h>
#include <string.h>

#include "host/backend.h"

int backend_cuda_probe(cuda_device_t *d)
{
    memset(d, 0, sizeof *d);
    snprintf(d->why, sizeof d->why, "this warpsim was built without nvcc");
    return 0;
}

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
