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
    uint64_t gpu_max_cores; /* cuda: the most cores of this program the card holds */
    const char *engine;    /* cpu: "percore" or "lockstep" (what ran; auto picks one) */
    const char *layout;    /* cpu: "contiguous" or "interleaved" private memory */
    double lanes;          /* lockstep: lanes a shared record served, on average; 0 otherwise */
} sim_run_t;

/* 0 ok; non-zero: a message was printed (out of memory, CUDA error). */
int backend_cpu_run(sim_machine_t *m, const sim_options_t *o, const sim_outputs_t *out, sim_run_t *r);

/* What the CUDA backend found: a device, and whether the persistent kernel
 * has code it can run (SASS for it, or PTX its driver can JIT). */
typedef struct cuda_device {
    int present;         /* a CUDA device answered */
    int runnable;        /* ... and it can run the persistent kernel */
    int cc_major, cc_minor;
    uint64_t free_bytes; /* device memory free now */
    char name[160];
    char why[256];       /* when not present or not runnable: one line, no newline */
} cuda_device_t;

/* Fills d; returns d->present && d->runnable. Without CUDA: 0, and why says so. */
int backend_cuda_probe(cuda_device_t *d);

/* 1 when compiled with CUDA and a GPU that can run the kernel is present; name filled. */
int backend_cuda_available(char *name, size_t n);
int backend_cuda_run(sim_machine_t *m, const sim_options_t *o, const sim_outputs_t *out, sim_run_t *r);

double now_seconds(void);
void host_cpu_name(char *buf, size_t n);

#endif
