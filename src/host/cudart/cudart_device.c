/* The one device, as the GPU config and its card describe it
 * (cudart_card.h): its properties and attributes, one table for both
 * (cudart_devattr.def); its kernels' attributes and occupancy; device-wide
 * synchronisation. */
#include <cuda_runtime_api.h>

#include <stdio.h>
#include <string.h>

#include "device/ptx/ptx_prog.h"
#include "host/cudart/cudart.h"
#include "host/cudart/cudart_card.h"
#include "host/cudart/cudart_launch.h"
#include "host/cudart/cudart_queue.h"
#include "host/cudart/cudart_mempool.h"
#include "host/cudart/graph/graph.h"

/* The helpers cudart_devattr.def's values use. */
#define CC ((int)(c->cc_major * 10 + c->cc_minor))
#define MIN(a, b) ((a) < (b) ? (a) : (b))
/* A texture or surface limit from 5.0 on, and on 1.x (0: the feature came with 2.0). */
#define TEX(from50, cc1x) (CC >= 20 ? (from50) : (cc1x))

static void fill_prop(struct cudaDeviceProp *p)
{
    const gpu_config_t *c = cudart_gpu();
    const cudart_card_t *k = cudart_card();
    memset(p, 0, sizeof *p);
    snprintf(p->name, sizeof p->name, "%s", k->name);
    memcpy(p->uuid.bytes, "warpsim-ptx-sim0", 16);
#define ATTR(attr, field, value) p->field = (value);
#define ATTR_ONLY(attr, value)
#define PROP(field, value) p->field = (value);
#include "host/cudart/cudart_devattr.def"
#undef ATTR
#undef ATTR_ONLY
#undef PROP
}

int cudart_attribute(int a, int *v)
{
    const gpu_config_t *c = cudart_gpu();
    const cudart_card_t *k = cudart_card();
    switch ((int)a) {
#define ATTR(attr, field, value) case attr: *v = (int)(value); return 0;
#define ATTR_ONLY(attr, value) case attr: *v = (int)(value); return 0;
#define PROP(field, value)
#include "host/cudart/cudart_devattr.def"
#undef ATTR
#undef ATTR_ONLY
#undef PROP
    }
    return -1;
}

cudaError_t cudaGetDeviceCount(int *count)
{
    ENTER();
    *count = 1;
    return cudaSuccess;
}

cudaError_t cudaGetDevice(int *device)
{
    ENTER();
    *device = 0;
    return cudaSuccess;
}

cudaError_t cudaSetDevice(int device)
{
    ENTER();
    RET(device == 0 ? cudaSuccess : cudaErrorInvalidDevice);
}

cudaError_t cudaInitDevice(int device, unsigned int deviceFlags, unsigned int flags) { return cudaSetDevice(device); }
cudaError_t cudaSetDeviceFlags(unsigned int flags) { ENTER(); return cudaSuccess; }

cudaError_t cudaGetDeviceFlags(unsigned int *flags)
{
    ENTER();
    *flags = cudaDeviceScheduleAuto | cudaDeviceMapHost;
    return cudaSuccess;
}

cudaError_t cudaChooseDevice(int *device, const struct cudaDeviceProp *prop)
{
    ENTER();
    *device = 0;
    return cudaSuccess;
}

cudaError_t cudaGetDeviceProperties(struct cudaDeviceProp *prop, int device)
{
    ENTER();
    if (device != 0)
        RET(cudaErrorInvalidDevice);
    fill_prop(prop);
    return cudaSuccess;
}

cudaError_t cudaDeviceGetAttribute(int *value, enum cudaDeviceAttr attr, int device)
{
    ENTER();
    if (device != 0)
        RET(cudaErrorInvalidDevice);
    /* a number CUDA 13 does not define, as NVIDIA's runtime answers it */
    RET(!value || cudart_attribute(attr, value) ? cudaErrorInvalidValue : cudaSuccess);
}

cudaError_t cudaDeviceGetStreamPriorityRange(int *leastPriority, int *greatestPriority)
{
    ENTER();
    if (leastPriority)
        *leastPriority = 0;
    if (greatestPriority)
        *greatestPriority = -5;
    return cudaSuccess;
}

cudaError_t cudaDeviceSynchronize(void)
{
    ENTER();
    int e = cudart_capture_unsafe();   /* it would wait for capturing work */
    if (e || (e = cudart_queue_drain()) || (e = cudart_sticky()))
        RET(e);
    cudart_pools_sync();
    return cudaSuccess;
}

/* Ends the device's state as far as errors go: the sticky error is
 * cleared, so that a program may go on after a fault. Memory stays. */
cudaError_t cudaDeviceReset(void)
{
    int e = cudart_init();
    if (e)
        RET(e);
    cudart_queue_drain();
    cudart_clear_errors();
    return cudaSuccess;
}

cudaError_t cudaDeviceSetCacheConfig(enum cudaFuncCache c) { ENTER(); return cudaSuccess; }

cudaError_t cudaDeviceGetCacheConfig(enum cudaFuncCache *c)
{
    ENTER();
    *c = cudaFuncCachePreferNone;
    return cudaSuccess;
}

static size_t limits[cudaLimitPersistingL2CacheSize + 1] = {
    [cudaLimitStackSize] = 1024, [cudaLimitPrintfFifoSize] = 1 << 20, [cudaLimitMallocHeapSize] = 8 << 20,
    [cudaLimitDevRuntimeSyncDepth] = 2, [cudaLimitDevRuntimePendingLaunchCount] = 2048,
    [cudaLimitMaxL2FetchGranularity] = 32};

cudaError_t cudaDeviceSetLimit(enum cudaLimit limit, size_t value)
{
    ENTER();
    if ((unsigned)limit > cudaLimitPersistingL2CacheSize)
        RET(cudaErrorUnsupportedLimit);
    limits[limit] = value;
    return cudaSuccess;
}

uint64_t cudart_limit(int limit)
{
    return (unsigned)limit <= cudaLimitPersistingL2CacheSize ? limits[limit] : 0;
}

cudaError_t cudaDeviceGetLimit(size_t *value, enum cudaLimit limit)
{
    ENTER();
    if ((unsigned)limit > cudaLimitPersistingL2CacheSize)
        RET(cudaErrorUnsupportedLimit);
    *value = limits[limit];
    return cudaSuccess;
}

cudaError_t cudaRuntimeGetVersion(int *v)
{
    *v = CUDART_VERSION;
    return cudaSuccess;
}

cudaError_t cudaDriverGetVersion(int *v)
{
    *v = CUDART_VERSION;
    return cudaSuccess;
}

/* ---- kernels: attributes and occupancy ------------------------------------------ */

static cudart_func_t *kernel(const void *func, int *err)
{
    *err = cudart_enter();
    return *err ? NULL : cudart_func_find(func, err);
}

cudaError_t cudaFuncGetAttributes(struct cudaFuncAttributes *attr, const void *func)
{
    int err;
    cudart_func_t *f = kernel(func, &err);
    ptx_kernel_info_t ki;
    if (!f || ptx_kernel_info(f->mod->prog, (uint32_t)f->fi, &ki))
        RET(f ? cudaErrorInvalidDeviceFunction : err);
    uint32_t block[3] = {1, 1, 1}, grid[3] = {1, 1, 1};
    ptx_sched_t s;
    memset(attr, 0, sizeof *attr);
    attr->sharedSizeBytes = ki.shared_static;
    attr->constSizeBytes = f->mod->prog->cbank_size;
    attr->localSizeBytes = ki.local_per_thread;
    attr->maxThreadsPerBlock = (int)gpu_config_block_threads(cudart_gpu());
    attr->numRegs = cudart_plan(f, block, grid, 0, &s) ? 0 : (int)s.regs_per_thread;
    if (attr->numRegs)
        while (attr->maxThreadsPerBlock > 32 &&
               (uint32_t)attr->maxThreadsPerBlock * (uint32_t)attr->numRegs > cudart_gpu()->regs_per_block)
            attr->maxThreadsPerBlock -= 32;
    attr->ptxVersion = (int)f->mod->arch;
    attr->binaryVersion = (int)f->mod->arch;
    attr->maxDynamicSharedSizeBytes = (int)(f->max_dyn_smem ? f->max_dyn_smem : (48u << 10) - ki.shared_static);
    return cudaSuccess;
}

cudaError_t cudaFuncSetAttribute(const void *func, enum cudaFuncAttribute attr, int value)
{
    int err;
    cudart_func_t *f = kernel(func, &err);
    if (!f)
        RET(err);
    if (attr == cudaFuncAttributeMaxDynamicSharedMemorySize) {
        if (value < 0 || (uint32_t)value > cudart_gpu()->shmem_per_block)
            RET(cudaErrorInvalidValue);
        f->max_dyn_smem = (uint32_t)value;
        return cudaSuccess;
    }
    if (attr == cudaFuncAttributePreferredSharedMemoryCarveout)
        return cudaSuccess;   /* the config's shared memory is the whole carveout already */
    fprintf(stderr, "warpsim cuda: cudaFuncSetAttribute: attribute %d is not modelled\n", (int)attr);
    RET(cudaErrorInvalidValue);
}

/* The kernel's PTX name, as the program's module has it (mangled). */
cudaError_t cudaFuncGetName(const char **name, const void *func)
{
    int err;
    cudart_func_t *f = kernel(func, &err);
    if (!name)
        RET(cudaErrorInvalidValue);
    if (f)
        *name = f->name;
    RET(f ? cudaSuccess : err);
}

/* A parameter's place in the kernel's .param space. */
cudaError_t cudaFuncGetParamInfo(const void *func, size_t paramIndex, size_t *paramOffset, size_t *paramSize)
{
    int err;
    cudart_func_t *f = kernel(func, &err);
    if (!f)
        RET(err);
    const ptx_func_t *pf = &f->mod->m->funcs[f->fi];
    if (paramIndex >= pf->nparams || !paramOffset || !paramSize)
        RET(cudaErrorInvalidValue);
    *paramOffset = pf->params[paramIndex].offset;
    *paramSize = pf->params[paramIndex].size;
    return cudaSuccess;
}

cudaError_t cudaFuncSetCacheConfig(const void *func, enum cudaFuncCache c)
{
    int err;
    RET(kernel(func, &err) ? cudaSuccess : err);
}

cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int *numBlocks, const void *func, int blockSize,
                                                                    size_t dynamicSMemSize, unsigned int flags)
{
    int err;
    cudart_func_t *f = kernel(func, &err);
    if (!f)
        RET(err);
    uint32_t block[3] = {(uint32_t)blockSize, 1, 1}, grid[3] = {1, 1, 1};
    ptx_sched_t s;
    if (blockSize <= 0 || (err = cudart_plan(f, block, grid, dynamicSMemSize, &s))) {
        *numBlocks = 0;   /* a block that cannot run: no blocks, as the real runtime says */
        return cudaSuccess;
    }
    *numBlocks = (int)s.ctas_per_sm;
    return cudaSuccess;
}

cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *numBlocks, const void *func, int blockSize,
                                                          size_t dynamicSMemSize)
{
    return cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(numBlocks, func, blockSize, dynamicSMemSize, 0);
}
