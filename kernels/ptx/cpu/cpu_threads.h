/* A CUDA block's threads as cooperative threads in one OS thread. */
#ifndef CPU_THREADS_H
#define CPU_THREADS_H

#include <ffi.h>

#define CPU_MAX_THREADS 1024

typedef struct { unsigned x, y, z; } uint3;

extern uint3 threadIdx, blockIdx, blockDim, gridDim;

/* Runs fn(args) (a kernel prepared in cif) as every thread of every block of
 * the grid, the blocks one after another. 0, or -1 on a deadlock (threads
 * wait at barriers that cannot all be reached), said on stderr. */
int cpu_run_grid(ffi_cif *cif, void *fn, void **args, uint3 grid, uint3 block);

#endif
