/* A workload of kernels/ptx as an ordinary CUDA program: this host program,
 * linked by nvcc with src/NAME.cu (-cudart shared), reads NAME.launch
 * (launch_reader.c), copies the buffers to the device with cudaMalloc and
 * cudaMemcpy, launches each kernel through the runtime API (cudaLaunchKernel
 * with the host stub that kernel_table.h's table, built with the workload,
 * names), copies the buffers back and checks them against the reference. It
 * runs on a GPU as it does under `warpsim cuda`.
 *
 *   NAME.sm_75 FILE.launch REFDIR
 *
 * stdout is the kernels' printf output; the verdict (PASS or FAIL FILE) and
 * any CUDA error, naming the kernel, are on stderr; exit 1 on a failure. */
#define _GNU_SOURCE
#include <cuda_runtime_api.h>
#include <stdio.h>
#include <string.h>

#include "kernel_table.h"
#include "launch_reader.h"

static int cuda_failed(const char *what, const char *name, cudaError_t e)
{
    if (e == cudaSuccess)
        return 0;
    fprintf(stderr, "%s %s: %s (%s)\n", what, name, cudaGetErrorName(e), cudaGetErrorString(e));
    return 1;
}

static int start(lr_buffer_t *bufs, int n)
{
    for (int i = 0; i < n; i++) {
        size_t bytes = bufs[i].count * bufs[i].elem;
        if (cuda_failed("cudaMalloc", bufs[i].name, cudaMalloc(&bufs[i].dev, bytes ? bytes : 1)) ||
            cuda_failed("cudaMemcpy to", bufs[i].name,
                        cudaMemcpy(bufs[i].dev, bufs[i].data, bytes, cudaMemcpyHostToDevice)))
            return 1;
    }
    return 0;
}

static int finish(lr_buffer_t *bufs, int n)
{
    for (int i = 0; i < n; i++)
        if (cuda_failed("cudaMemcpy from", bufs[i].name,
                        cudaMemcpy(bufs[i].data, bufs[i].dev, bufs[i].count * bufs[i].elem, cudaMemcpyDeviceToHost)))
            return 1;
    for (int i = 0; i < n; i++)
        cudaFree(bufs[i].dev);
    return 0;
}

static int run(const lr_kernel_t *k)
{
    const void *stub = NULL;
    for (const wl_kernel_t *t = wl_kernels; t->name && !stub; t++)
        if (!strcmp(t->name, k->name))
            stub = t->stub;
    if (!stub)
        return fprintf(stderr, "%s: no such kernel in this program\n", k->name), 1;
    uint64_t values[LR_MAX_PARAMS];
    void *args[LR_MAX_PARAMS];
    for (int i = 0; i < k->nparams; i++) {
        const lr_param_t *p = &k->params[i];
        values[i] = p->buf ? (uint64_t)(uintptr_t)((char *)p->buf->dev + p->offset) : p->bits;
        args[i] = &values[i];   /* little-endian: a scalar's bytes start there */
    }
    dim3 grid = {k->grid[0], k->grid[1], k->grid[2]}, block = {k->block[0], k->block[1], k->block[2]};
    for (int r = 0; r < k->repeat; r++)
        if (cuda_failed("launching", k->name, cudaLaunchKernel(stub, grid, block, args, k->shared, 0)) ||
            cuda_failed("running", k->name, cudaDeviceSynchronize()))
            return 1;
    return 0;
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: %s FILE.launch REFDIR\n", argv[0]);
        return 2;
    }
    lr_driver_t d = {start, run, finish};
    int rc = lr_run(argv[1], argv[2], &d);
    fflush(stdout);
    return rc;
}
