/* Backends run a machine to completion. */
#ifndef BACKEND_H
#define BACKEND_H

#include "host/machine.h"
#include "host/services.h"

typedef struct sim_run {
    const char *backend;   /* "cpu" or "cuda" */
    char device[160];      /* host CPU model or GPU name */
    int threads;           /* CPU threads, or CUDA threads per block */
    double init_seconds;   /* allocating and initializing core memory */
    double wall_seconds;   /* the simulation loop */
    uint64_t rounds;       /* host service rounds */
} sim_run_t;

/* 0 ok; non-zero: a message was printed (out of memory, CUDA error). */
int backend_cpu_run(sim_machine_t *m, const sim_options_t *o, const sim_outputs_t *out, sim_run_t *r);

/* 1 when compiled with CUDA and a usable GPU is present; name filled. */
int backend_cuda_available(char *name, size_t n);
int backend_cuda_run(sim_machine_t *m, const sim_options_t *o, const sim_outputs_t *out, sim_run_t *r);

double now_seconds(void);
void host_cpu_name(char *buf, size_t n);

#endif
