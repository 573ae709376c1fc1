/* A kernel launch on the PTX simulator: checked against the GPU config,
 * its arguments laid out as the kernel's .param declarations say, run to
 * completion on the CPU runner, its printf records written, its counters
 * recorded for the report, simulated time advanced. Include
 * <cuda_runtime_api.h> first. */
#ifndef CUDART_LAUNCH_H
#define CUDART_LAUNCH_H

#include "host/cudart/cudart_module.h"
#include "host/cudart/cudart_op.h"
#include "host/ptx/ptx_sched.h"

/* Issues a launch in stream (cudart_stream_issue): 0 or a cudaError_t (a
 * fault in the kernel is sticky: cudart.h). cooperative: refuse a grid
 * that cannot be resident all at once. */
int cudart_launch(cudart_func_t *f, dim3 grid, dim3 block, void **args, size_t shmem, cudaStream_t stream,
                  int cooperative);
/* A launch as an op (cudart_op.h): checked and its arguments copied at
 * the kernel's .param offsets; run; copied; freed. 0 or a cudaError_t. */
int cudart_kernel_op_make(cudart_kernel_op_t *k, cudart_func_t *f, dim3 grid, dim3 block, size_t shmem,
                          void **args, int cooperative);
int cudart_kernel_op_run(cudart_kernel_op_t *k);
int cudart_kernel_op_copy(cudart_kernel_op_t *dst, const cudart_kernel_op_t *src);
void cudart_kernel_op_free(cudart_kernel_op_t *k);
/* The block scheduler's plan for f at this block size and dynamic shared
 * memory; 0 or a cudaError_t. */
int cudart_plan(cudart_func_t *f, const uint32_t block[3], const uint32_t grid[3], size_t shmem, ptx_sched_t *s);

#endif
