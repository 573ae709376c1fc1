/* The one device, as the GPU config describes it (gpu_config.h): its
 * properties and attributes, its kernels' attributes and occupancy, and
 * device-wide synchronisation. What the config does not model (memory
 * sizes, L2, PCI) takes the H100 SXM5's values. */
#include <cuda_runtime_api.h>

#include <stdio.h>
#include <string.h>

#include "device/ptx/ptx_prog.h"
#include "host/cudart/cudart.h"
#include "host/cudart/cudart_launch.h"

#define ENTER()                        \
    do {                               \
        int e_ = cudart_enter();       \
        if (e_)                        \
            return (cudaError_t)e_;    \
    } while (0)
#define RET(e) return (cudaError_t)cudart_ret(e)

#define TOTAL_GLOBAL (80ull << 30)
#define L2_BYTES (50 << 20)
#define CONST_BYTES (64 << 10)

static void fill_prop(struct cudaDeviceProp *p)
{
    const gpu_config_t *c = cudart_gpu();
    memset(p, 0, sizeof *p);
    snprintf(p->name, sizeof p->name, "warpsim %s (PTX simulator)", c->name);
    memcpy(p->uuid.bytes, "warpsim-ptx-sim0", 16);
    p->totalGlobalMem = TOTAL_GLOBAL;
    p->sharedMemPerBlock = 48 << 10;
    p->sharedMemPerBlockOptin = c->shmem_per_block;
    p->sharedMemPerMultiprocessor = c->shmem_per_sm;
    p->regsPerBlock = (int)c->regs_per_block;
    p->regsPerMultiprocessor = (int)c->regs_per_sm;
    p->warpSize = (int)c->warp_size;
    p->memPitch = 0x7fffffff;
    p->maxThreadsPerBlock = (int)gpu_config_block_threads(c);
    p->maxThreadsDim[0] = p->maxThreadsDim[1] = p->maxThreadsPerBlock;
    p->maxThreadsDim[2] = 64;
    p->maxGridSize[0] = 0x7fffffff;
    p->maxGridSize[1] = p->maxGridSize[2] = 65535;
    p->totalConstMem = CONST_BYTES;
    p->major = (int)c->cc_major;
    p->minor = (int)c->cc_minor;
    p->textureAlignment = 512;
    p->texturePitchAlignment = 512;
    p->multiProcessorCount = (int)gpu_config_sms(c);
    p->canMapHostMemory = 1;
    p->concurrentKernels = 1;
    p->asyncEngineCount = 2;
    p->unifiedAddressing = 1;
    p->memoryBusWidth = 5120;
    p->l2CacheSize = L2_BYTES;
    p->maxThreadsPerMultiProcessor = (int)c->threads_per_sm;
    p->maxBlocksPerMultiProcessor = (int)c->ctas_per_sm;
    p->streamPrioritiesSupported = 1;
    p->globalL1CacheSupported = p->localL1CacheSupported = 1;
    p->managedMemory = 1;
    p->concurrentManagedAccess = 1;
    p->pageableMemoryAccess = 0;
    p->cooperativeLaunch = 1;
    p->directManagedMemAccessFromHost = 1;
    p->memoryPoolsSupported = 0;
    p->hostNumaId = -1;
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

/* An attribute: the property it mirrors, or what the config says. */
static int attribute(enum cudaDeviceAttr a, const struct cudaDeviceProp *p, int *v)
{
    const gpu_config_t *c = cudart_gpu();
    switch (a) {
    case cudaDevAttrMaxThreadsPerBlock: *v = p->maxThreadsPerBlock; break;
    case cudaDevAttrMaxBlockDimX: *v = p->maxThreadsDim[0]; break;
    case cudaDevAttrMaxBlockDimY: *v = p->maxThreadsDim[1]; break;
    case cudaDevAttrMaxBlockDimZ: *v = p->maxThreadsDim[2]; break;
    case cudaDevAttrMaxGridDimX: *v = p->maxGridSize[0]; break;
    case cudaDevAttrMaxGridDimY: *v = p->maxGridSize[1]; break;
    case cudaDevAttrMaxGridDimZ: *v = p->maxGridSize[2]; break;
    case cudaDevAttrMaxSharedMemoryPerBlock: *v = (int)p->sharedMemPerBlock; break;
    case cudaDevAttrMaxSharedMemoryPerBlockOptin: *v = (int)p->sharedMemPerBlockOptin; break;
    case cudaDevAttrMaxSharedMemoryPerMultiprocessor: *v = (int)p->sharedMemPerMultiprocessor; break;
    case cudaDevAttrTotalConstantMemory: *v = (int)p->totalConstMem; break;
    case cudaDevAttrWarpSize: *v = p->warpSize; break;
    case cudaDevAttrMaxPitch: *v = (int)p->memPitch; break;
    case cudaDevAttrMaxRegistersPerBlock: *v = p->regsPerBlock; break;
    case cudaDevAttrMaxRegistersPerMultiprocessor: *v = p->regsPerMultiprocessor; break;
    case cudaDevAttrClockRate: *v = (int)(c->clock_mhz[0] * 1000); break;
    case cudaDevAttrMemoryClockRate: *v = (int)(c->clock_mhz[3] * 1000); break;
    case cudaDevAttrMultiProcessorCount: *v = p->multiProcessorCount; break;
    case cudaDevAttrComputeCapabilityMajor: *v = p->major; break;
    case cudaDevAttrComputeCapabilityMinor: *v = p->minor; break;
    case cudaDevAttrMaxThreadsPerMultiProcessor: *v = p->maxThreadsPerMultiProcessor; break;
    case cudaDevAttrMaxBlocksPerMultiprocessor: *v = p->maxBlocksPerMultiProcessor; break;
    case cudaDevAttrL2CacheSize: *v = p->l2CacheSize; break;
    case cudaDevAttrGlobalMemoryBusWidth: *v = p->memoryBusWidth; break;
    case cudaDevAttrTextureAlignment: *v = (int)p->textureAlignment; break;
    case cudaDevAttrTexturePitchAlignment: *v = (int)p->texturePitchAlignment; break;
    case cudaDevAttrAsyncEngineCount: *v = p->asyncEngineCount; break;
    case cudaDevAttrConcurrentKernels: *v = p->concurrentKernels; break;
    case cudaDevAttrUnifiedAddressing: *v = p->unifiedAddressing; break;
    case cudaDevAttrCanMapHostMemory: *v = p->canMapHostMemory; break;
    case cudaDevAttrManagedMemory: *v = p->managedMemory; break;
    case cudaDevAttrConcurrentManagedAccess: *v = p->concurrentManagedAccess; break;
    case cudaDevAttrCooperativeLaunch: *v = p->cooperativeLaunch; break;
    case cudaDevAttrStreamPrioritiesSupported: *v = p->streamPrioritiesSupported; break;
    case cudaDevAttrGlobalL1CacheSupported: *v = p->globalL1CacheSupported; break;
    case cudaDevAttrLocalL1CacheSupported: *v = p->localL1CacheSupported; break;
    case cudaDevAttrIntegrated: *v = p->integrated; break;
    case cudaDevAttrEccEnabled: *v = p->ECCEnabled; break;
    case cudaDevAttrPageableMemoryAccess: *v = p->pageableMemoryAccess; break;
    case cudaDevAttrDirectManagedMemAccessFromHost: *v = p->directManagedMemAccessFromHost; break;
    case cudaDevAttrMemoryPoolsSupported: *v = p->memoryPoolsSupported; break;
    case cudaDevAttrHostNativeAtomicSupported: *v = 0; break;
    case cudaDevAttrComputePreemptionSupported: *v = 0; break;
    case cudaDevAttrPciBusId: case cudaDevAttrPciDeviceId: case cudaDevAttrPciDomainId: *v = 0; break;
    default: return -1;
    }
    return 0;
}

cudaError_t cudaDeviceGetAttribute(int *value, enum cudaDeviceAttr attr, int device)
{
    ENTER();
    struct cudaDeviceProp p;
    if (device != 0)
        RET(cudaErrorInvalidDevice);
    fill_prop(&p);
    if (attribute(attr, &p, value)) {
        fprintf(stderr, "warpsim cuda: cudaDeviceGetAttribute: attribute %d is not modelled\n", (int)attr);
        RET(cudaErrorInvalidValue);
    }
    return cudaSuccess;
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

cudaError_t cudaDeviceSynchronize(void) { ENTER(); return cudaSuccess; }

/* Ends the device's state as far as errors go: the sticky error is
 * cleared, so that a program may go on after a fault. Memory stays. */
cudaError_t cudaDeviceReset(void)
{
    int e = cudart_init();
    if (e)
        RET(e);
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
