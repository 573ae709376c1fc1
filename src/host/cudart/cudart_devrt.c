/* The device runtime's state (cudart_devrt.h): one block for the process,
 * which every module that links devlib/heap.ptx or devlib/cdp.ptx points
 * its __warpsim_devrt at, so that a pointer malloc'd by one module's kernel
 * can be freed by another's and a child grid may be any module's kernel of
 * the parent's linked image. Grids run one at a time to completion
 * (cudart.h), so the launch stack is a stack: a grid's children are the
 * entries reserved while it ran, and run before the stack is cut back. */
#define _GNU_SOURCE   /* PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP */
#include <cuda_runtime_api.h>

#include "host/cudart/cudart_devrt.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "device/ptx/ptx_prog.h"
#include "host/cudart/cudart.h"
#include "host/cudart/cudart_launch.h"
#include "host/cudart/cudart_module.h"

/* CUDA's nesting limit for dynamic parallelism (the programming guide's
 * "maximum nesting depth" of 24). */
#define DEVRT_MAX_DEPTH 24

static uint8_t *state;         /* DEVRT_SIZE bytes in the arena */
static int depth;              /* grids of device launches now running, nested */
/* Held from a grid's start to the end of its children: grids that may
 * launch from the device run one at a time, whichever host thread
 * launched them (recursive: children are launched under it). */
static pthread_mutex_t running = PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP;

#define U32(off) (*(uint32_t *)(state + (off)))
#define U64(off) (*(uint64_t *)(state + (off)))

int cudart_devrt_bind(cudart_module_t *m)
{
    const ptx_module_t *pm = m->m;
    for (uint32_t i = 0; i < pm->nvars; i++) {
        if (strcmp(pm->vars[i].name, "__warpsim_devrt") || pm->vars[i].space != PTX_SPACE_GLOBAL)
            continue;
        if (!state) {
            if (!(state = cudart_mem_alloc(DEVRT_SIZE, CUDART_MEM_DEVICE, 0, NULL)))
                return cudaErrorMemoryAllocation;
            /* the device's attributes, for device-side cudaDeviceGetAttribute (fixed once the
             * runtime read its config) */
            for (int a = 0; a < DEVRT_NATTRS; a++)
                if (cudart_attribute(a, (int *)(state + DEVRT_ATTRS) + a))
                    state[DEVRT_ATTR_ERR + a] = cudaErrorInvalidValue;
        }
        *(uint64_t *)(uintptr_t)ptx_prog_var_addr(m->prog, i) = (uint64_t)(uintptr_t)state;
        m->devrt = 1;
    }
    return 0;
}

/* The heap and the launch stack, sized by the limits when a kernel that
 * can use them first runs (a later cudaDeviceSetLimit changes nothing, as
 * the heap of a GPU is fixed once a kernel that uses it has run). */
static int reserve(void)
{
    if (U64(DEVRT_HEAP_END))
        return 0;
    uint64_t heap = cudart_limit(cudaLimitMallocHeapSize);
    uint64_t launches = cudart_limit(cudaLimitDevRuntimePendingLaunchCount);
    if (launches > UINT32_MAX / 2)
        launches = UINT32_MAX / 2;
    uint8_t *h = heap ? cudart_mem_alloc(heap, CUDART_MEM_DEVICE, 0, NULL) : NULL;
    uint8_t *q = launches ? cudart_mem_alloc(launches * DEVRT_E_SIZE, CUDART_MEM_DEVICE, 0, NULL) : NULL;
    if ((heap && !h) || (launches && !q)) {
        fprintf(stderr, "warpsim cuda: the device runtime's heap (%llu bytes) and launch stack (%llu launches) "
                        "do not fit in device memory\n", (unsigned long long)heap, (unsigned long long)launches);
        return cudaErrorMemoryAllocation;
    }
    U64(DEVRT_HEAP_BASE) = U64(DEVRT_HEAP_TOP) = (uint64_t)(uintptr_t)h;
    U64(DEVRT_HEAP_END) = (uint64_t)(uintptr_t)h + heap;
    U64(DEVRT_CDP_BASE) = (uint64_t)(uintptr_t)q;
    U32(DEVRT_CDP_LIMIT) = (uint32_t)launches;
    if (!heap)
        U64(DEVRT_HEAP_END) = 1;   /* reserved: every malloc fails (carving needs an end above the top) */
    return 0;
}

int cudart_devrt_enter(cudart_module_t *m, uint32_t *mark)
{
    *mark = 0;
    if (!m->devrt)
        return 0;
    pthread_mutex_lock(&running);
    for (int l = 0; l < DEVRT_NLIMITS; l++)
        U64(DEVRT_LIMITS + 8 * l) = cudart_limit(l);
    int err = reserve();
    *mark = U32(DEVRT_CDP_TAIL);
    if (err)
        pthread_mutex_unlock(&running);
    return err;
}

/* One child: the kernel its entry names, in the parent's image. */
static int run_child(cudart_module_t *m, uint8_t *e)
{
    uint64_t fa = *(uint64_t *)(e + DEVRT_E_FUNC);
    uint64_t fi = (fa - PTX_FUNC_ADDR_BASE) / PTX_FUNC_ADDR_STEP;
    cudart_func_t f;
    if (fa < PTX_FUNC_ADDR_BASE || (fa - PTX_FUNC_ADDR_BASE) % PTX_FUNC_ADDR_STEP || fi >= m->m->nfuncs ||
        cudart_func_at(m, (uint32_t)fi, &f)) {
        fprintf(stderr, "warpsim cuda: a device-side launch names 0x%llx, which is no kernel of %s\n",
                (unsigned long long)fa, m->name);
        return cudaErrorInvalidDeviceFunction;
    }
    const ptx_func_t *pf = &m->m->funcs[fi];
    if (pf->param_size > DEVRT_E_PARAM_BYTES) {
        fprintf(stderr, "warpsim cuda: kernel %s, launched from the device, takes %u bytes of parameters; "
                        "a device-side launch carries %u\n", f.name, (unsigned)pf->param_size, DEVRT_E_PARAM_BYTES);
        return cudaErrorInvalidValue;
    }
    void **args = calloc(pf->nparams + 1, sizeof *args);
    if (!args)
        return cudaErrorMemoryAllocation;
    for (uint32_t i = 0; i < pf->nparams; i++)
        args[i] = e + DEVRT_E_PARAMS + pf->params[i].offset;
    const uint32_t *g = (const uint32_t *)(e + DEVRT_E_GRID), *b = (const uint32_t *)(e + DEVRT_E_BLOCK);
    cudart_kernel_op_t k;
    int err = cudart_kernel_op_make(&k, &f, (dim3){g[0], g[1], g[2]}, (dim3){b[0], b[1], b[2]},
                                    *(uint32_t *)(e + DEVRT_E_SHMEM), args, 0);
    if (!err) {
        err = cudart_kernel_op_run(&k);
        cudart_kernel_op_free(&k);
    }
    free(args);
    return err;
}

int cudart_devrt_children(cudart_module_t *m, uint32_t mark, int failed)
{
    if (!m->devrt)
        return 0;
    uint32_t end = failed ? mark : U32(DEVRT_CDP_TAIL), limit = U32(DEVRT_CDP_LIMIT), err = 0;
    if (end > limit)
        end = limit;
    if (end > mark && depth >= DEVRT_MAX_DEPTH) {
        fprintf(stderr, "warpsim cuda: device-side launches nested deeper than %d grids\n", DEVRT_MAX_DEPTH);
        err = cudaErrorLaunchMaxDepthExceeded;
    }
    depth++;
    /* The ordinary launches in order, then the tail launches. */
    for (int tail = 0; tail < 2 && !err; tail++)
        for (uint32_t i = mark; i < end && !err; i++) {
            uint8_t *e = (uint8_t *)(uintptr_t)U64(DEVRT_CDP_BASE) + (uint64_t)i * DEVRT_E_SIZE;
            if (*(uint32_t *)(e + DEVRT_E_LAUNCHED) &&
                (*(uint64_t *)(e + DEVRT_E_STREAM) == DEVRT_STREAM_TAIL_LAUNCH) == tail)
                err = (uint32_t)run_child(m, e);
        }
    depth--;
    U32(DEVRT_CDP_TAIL) = mark;
    pthread_mutex_unlock(&running);
    if (err)
        cudart_set_sticky((int)err);
    return (int)err;
}
