// Every cudaDeviceAttr of CUDA 13 against the cudaDeviceProp field that
// mirrors it (this file's own pairing, from driver_types.h's comments); the
// numbers CUDA does not define refused with cudaErrorInvalidValue; then the
// figures a deviceQuery prints, one "key=value" line each, which
// test/cuda/cuda_apps_test.sh compares with the published deviceQuery of the
// card and with the GPU config the program ran under.
#include <set>

#include "check.h"

typedef long long (*field_fn)(const cudaDeviceProp &);
struct pair_t {
    cudaDeviceAttr attr;
    const char *name;
    field_fn field;   // NULL: the attribute has no field in CUDA 13's cudaDeviceProp
};

#define F(attr, member) {attr, #attr, [](const cudaDeviceProp &p) -> long long { return (long long)p.member; }}
#define N(attr) {attr, #attr, NULL}

static const pair_t pairs[] = {
    F(cudaDevAttrMaxThreadsPerBlock, maxThreadsPerBlock), F(cudaDevAttrMaxBlockDimX, maxThreadsDim[0]),
    F(cudaDevAttrMaxBlockDimY, maxThreadsDim[1]), F(cudaDevAttrMaxBlockDimZ, maxThreadsDim[2]),
    F(cudaDevAttrMaxGridDimX, maxGridSize[0]), F(cudaDevAttrMaxGridDimY, maxGridSize[1]),
    F(cudaDevAttrMaxGridDimZ, maxGridSize[2]), F(cudaDevAttrMaxSharedMemoryPerBlock, sharedMemPerBlock),
    F(cudaDevAttrTotalConstantMemory, totalConstMem), F(cudaDevAttrWarpSize, warpSize),
    F(cudaDevAttrMaxPitch, memPitch), F(cudaDevAttrMaxRegistersPerBlock, regsPerBlock), N(cudaDevAttrClockRate),
    F(cudaDevAttrTextureAlignment, textureAlignment), N(cudaDevAttrGpuOverlap),
    F(cudaDevAttrMultiProcessorCount, multiProcessorCount), N(cudaDevAttrKernelExecTimeout),
    F(cudaDevAttrIntegrated, integrated), F(cudaDevAttrCanMapHostMemory, canMapHostMemory),
    N(cudaDevAttrComputeMode), F(cudaDevAttrMaxTexture1DWidth, maxTexture1D),
    F(cudaDevAttrMaxTexture2DWidth, maxTexture2D[0]), F(cudaDevAttrMaxTexture2DHeight, maxTexture2D[1]),
    F(cudaDevAttrMaxTexture3DWidth, maxTexture3D[0]), F(cudaDevAttrMaxTexture3DHeight, maxTexture3D[1]),
    F(cudaDevAttrMaxTexture3DDepth, maxTexture3D[2]), F(cudaDevAttrMaxTexture2DLayeredWidth, maxTexture2DLayered[0]),
    F(cudaDevAttrMaxTexture2DLayeredHeight, maxTexture2DLayered[1]),
    F(cudaDevAttrMaxTexture2DLayeredLayers, maxTexture2DLayered[2]),
    F(cudaDevAttrSurfaceAlignment, surfaceAlignment), F(cudaDevAttrConcurrentKernels, concurrentKernels),
    F(cudaDevAttrEccEnabled, ECCEnabled), F(cudaDevAttrPciBusId, pciBusID), F(cudaDevAttrPciDeviceId, pciDeviceID),
    F(cudaDevAttrTccDriver, tccDriver), N(cudaDevAttrMemoryClockRate),
    F(cudaDevAttrGlobalMemoryBusWidth, memoryBusWidth), F(cudaDevAttrL2CacheSize, l2CacheSize),
    F(cudaDevAttrMaxThreadsPerMultiProcessor, maxThreadsPerMultiProcessor),
    F(cudaDevAttrAsyncEngineCount, asyncEngineCount), F(cudaDevAttrUnifiedAddressing, unifiedAddressing),
    F(cudaDevAttrMaxTexture1DLayeredWidth, maxTexture1DLayered[0]),
    F(cudaDevAttrMaxTexture1DLayeredLayers, maxTexture1DLayered[1]),
    F(cudaDevAttrMaxTexture2DGatherWidth, maxTexture2DGather[0]),
    F(cudaDevAttrMaxTexture2DGatherHeight, maxTexture2DGather[1]),
    F(cudaDevAttrMaxTexture3DWidthAlt, maxTexture3DAlt[0]), F(cudaDevAttrMaxTexture3DHeightAlt, maxTexture3DAlt[1]),
    F(cudaDevAttrMaxTexture3DDepthAlt, maxTexture3DAlt[2]), F(cudaDevAttrPciDomainId, pciDomainID),
    F(cudaDevAttrTexturePitchAlignment, texturePitchAlignment),
    F(cudaDevAttrMaxTextureCubemapWidth, maxTextureCubemap),
    F(cudaDevAttrMaxTextureCubemapLayeredWidth, maxTextureCubemapLayered[0]),
    F(cudaDevAttrMaxTextureCubemapLayeredLayers, maxTextureCubemapLayered[1]),
    F(cudaDevAttrMaxSurface1DWidth, maxSurface1D), F(cudaDevAttrMaxSurface2DWidth, maxSurface2D[0]),
    F(cudaDevAttrMaxSurface2DHeight, maxSurface2D[1]), F(cudaDevAttrMaxSurface3DWidth, maxSurface3D[0]),
    F(cudaDevAttrMaxSurface3DHeight, maxSurface3D[1]), F(cudaDevAttrMaxSurface3DDepth, maxSurface3D[2]),
    F(cudaDevAttrMaxSurface1DLayeredWidth, maxSurface1DLayered[0]),
    F(cudaDevAttrMaxSurface1DLayeredLayers, maxSurface1DLayered[1]),
    F(cudaDevAttrMaxSurface2DLayeredWidth, maxSurface2DLayered[0]),
    F(cudaDevAttrMaxSurface2DLayeredHeight, maxSurface2DLayered[1]),
    F(cudaDevAttrMaxSurface2DLayeredLayers, maxSurface2DLayered[2]),
    F(cudaDevAttrMaxSurfaceCubemapWidth, maxSurfaceCubemap),
    F(cudaDevAttrMaxSurfaceCubemapLayeredWidth, maxSurfaceCubemapLayered[0]),
    F(cudaDevAttrMaxSurfaceCubemapLayeredLayers, maxSurfaceCubemapLayered[1]),
    N(cudaDevAttrMaxTexture1DLinearWidth), F(cudaDevAttrMaxTexture2DLinearWidth, maxTexture2DLinear[0]),
    F(cudaDevAttrMaxTexture2DLinearHeight, maxTexture2DLinear[1]),
    F(cudaDevAttrMaxTexture2DLinearPitch, maxTexture2DLinear[2]),
    F(cudaDevAttrMaxTexture2DMipmappedWidth, maxTexture2DMipmap[0]),
    F(cudaDevAttrMaxTexture2DMipmappedHeight, maxTexture2DMipmap[1]),
    F(cudaDevAttrComputeCapabilityMajor, major), F(cudaDevAttrComputeCapabilityMinor, minor),
    F(cudaDevAttrMaxTexture1DMipmappedWidth, maxTexture1DMipmap),
    F(cudaDevAttrStreamPrioritiesSupported, streamPrioritiesSupported),
    F(cudaDevAttrGlobalL1CacheSupported, globalL1CacheSupported),
    F(cudaDevAttrLocalL1CacheSupported, localL1CacheSupported),
    F(cudaDevAttrMaxSharedMemoryPerMultiprocessor, sharedMemPerMultiprocessor),
    F(cudaDevAttrMaxRegistersPerMultiprocessor, regsPerMultiprocessor), F(cudaDevAttrManagedMemory, managedMemory),
    F(cudaDevAttrIsMultiGpuBoard, isMultiGpuBoard), F(cudaDevAttrMultiGpuBoardGroupID, multiGpuBoardGroupID),
    F(cudaDevAttrHostNativeAtomicSupported, hostNativeAtomicSupported),
    N(cudaDevAttrSingleToDoublePrecisionPerfRatio), F(cudaDevAttrPageableMemoryAccess, pageableMemoryAccess),
    F(cudaDevAttrConcurrentManagedAccess, concurrentManagedAccess),
    F(cudaDevAttrComputePreemptionSupported, computePreemptionSupported),
    F(cudaDevAttrCanUseHostPointerForRegisteredMem, canUseHostPointerForRegisteredMem), N(cudaDevAttrReserved92),
    N(cudaDevAttrReserved93), N(cudaDevAttrReserved94), F(cudaDevAttrCooperativeLaunch, cooperativeLaunch),
    N(cudaDevAttrReserved96), F(cudaDevAttrMaxSharedMemoryPerBlockOptin, sharedMemPerBlockOptin),
    N(cudaDevAttrCanFlushRemoteWrites), F(cudaDevAttrHostRegisterSupported, hostRegisterSupported),
    F(cudaDevAttrPageableMemoryAccessUsesHostPageTables, pageableMemoryAccessUsesHostPageTables),
    F(cudaDevAttrDirectManagedMemAccessFromHost, directManagedMemAccessFromHost),
    F(cudaDevAttrMaxBlocksPerMultiprocessor, maxBlocksPerMultiProcessor),
    F(cudaDevAttrMaxPersistingL2CacheSize, persistingL2CacheMaxSize),
    F(cudaDevAttrMaxAccessPolicyWindowSize, accessPolicyMaxWindowSize),
    F(cudaDevAttrReservedSharedMemoryPerBlock, reservedSharedMemPerBlock),
    F(cudaDevAttrSparseCudaArraySupported, sparseCudaArraySupported),
    F(cudaDevAttrHostRegisterReadOnlySupported, hostRegisterReadOnlySupported),
    F(cudaDevAttrTimelineSemaphoreInteropSupported, timelineSemaphoreInteropSupported),
    F(cudaDevAttrMemoryPoolsSupported, memoryPoolsSupported),
    F(cudaDevAttrGPUDirectRDMASupported, gpuDirectRDMASupported),
    F(cudaDevAttrGPUDirectRDMAFlushWritesOptions, gpuDirectRDMAFlushWritesOptions),
    F(cudaDevAttrGPUDirectRDMAWritesOrdering, gpuDirectRDMAWritesOrdering),
    F(cudaDevAttrMemoryPoolSupportedHandleTypes, memoryPoolSupportedHandleTypes),
    F(cudaDevAttrClusterLaunch, clusterLaunch),
    F(cudaDevAttrDeferredMappingCudaArraySupported, deferredMappingCudaArraySupported), N(cudaDevAttrReserved122),
    N(cudaDevAttrReserved123), N(cudaDevAttrReserved124), F(cudaDevAttrIpcEventSupport, ipcEventSupported),
    N(cudaDevAttrMemSyncDomainCount), N(cudaDevAttrReserved127), N(cudaDevAttrReserved128),
    N(cudaDevAttrReserved129), F(cudaDevAttrNumaConfig, deviceNumaConfig), F(cudaDevAttrNumaId, deviceNumaId),
    N(cudaDevAttrReserved132), F(cudaDevAttrMpsEnabled, mpsEnabled), F(cudaDevAttrHostNumaId, hostNumaId),
    N(cudaDevAttrD3D12CigSupported), N(cudaDevAttrVulkanCigSupported),
    F(cudaDevAttrGpuPciDeviceId, gpuPciDeviceID), F(cudaDevAttrGpuPciSubsystemId, gpuPciSubsystemID),
    N(cudaDevAttrReserved141), N(cudaDevAttrHostNumaMemoryPoolsSupported),
    F(cudaDevAttrHostNumaMultinodeIpcSupported, hostNumaMultinodeIpcSupported),
    N(cudaDevAttrHostMemoryPoolsSupported), N(cudaDevAttrReserved145),
    N(cudaDevAttrOnlyPartialHostNativeAtomicSupported),
};

static int attr(cudaDeviceAttr a)
{
    int v = -12345;
    CHECK(cudaDeviceGetAttribute(&v, a, 0));
    return v;
}

int main()
{
    cudaDeviceProp p;
    CHECK(cudaGetDeviceProperties(&p, 0));
    const int n = sizeof pairs / sizeof pairs[0];
    EXPECT(n == 137, "CUDA 13 defines 137 attributes, the table has %d", n);
    std::set<int> defined;
    for (const pair_t &q : pairs) {
        defined.insert((int)q.attr);
        int v = attr(q.attr);
        if (q.field)
            EXPECT(v == q.field(p), "%s: attribute %d, field %lld", q.name, v, q.field(p));
    }
    // Every number up to past the last: defined ones answer, the gaps are cudaErrorInvalidValue.
    for (int a = -1; a <= (int)cudaDevAttrMax + 8; a++) {
        int v = 0;
        cudaError_t e = cudaDeviceGetAttribute(&v, (cudaDeviceAttr)a, 0);
        EXPECT(defined.count(a) ? e == cudaSuccess : e == cudaErrorInvalidValue, "attribute %d: %s", a,
               cudaGetErrorName(e));
        cudaGetLastError();
    }
    int v;
    EXPECT(cudaDeviceGetAttribute(&v, cudaDevAttrWarpSize, 1) == cudaErrorInvalidDevice, "device 1");
    EXPECT(cudaGetDeviceProperties(&p, 1) == cudaErrorInvalidDevice, "properties of device 1");
    cudaGetLastError();
    CHECK(cudaGetDeviceProperties(&p, 0));

    // What deviceQuery shows of the card, for the test script.
    size_t free_b, total_b;
    CHECK(cudaMemGetInfo(&free_b, &total_b));
    EXPECT(total_b == p.totalGlobalMem, "cudaMemGetInfo's total %zu, totalGlobalMem %zu", total_b,
           p.totalGlobalMem);
    printf("name=%s\n", p.name);
    printf("cc=%d.%d\n", p.major, p.minor);
    printf("global_bytes=%zu\n", p.totalGlobalMem);
    printf("sms=%d\n", p.multiProcessorCount);
    printf("clock_khz=%d\n", attr(cudaDevAttrClockRate));
    printf("mem_clock_khz=%d\n", attr(cudaDevAttrMemoryClockRate));
    printf("bus_bits=%d\n", p.memoryBusWidth);
    printf("l2_bytes=%d\n", p.l2CacheSize);
    printf("tex1d=%d tex2d=%d,%d tex3d=%d,%d,%d\n", p.maxTexture1D, p.maxTexture2D[0], p.maxTexture2D[1],
           p.maxTexture3D[0], p.maxTexture3D[1], p.maxTexture3D[2]);
    printf("layered1d=%d,%d layered2d=%d,%d,%d\n", p.maxTexture1DLayered[0], p.maxTexture1DLayered[1],
           p.maxTexture2DLayered[0], p.maxTexture2DLayered[1], p.maxTexture2DLayered[2]);
    printf("const_bytes=%zu\n", p.totalConstMem);
    printf("shared_block=%zu\n", p.sharedMemPerBlock);
    printf("shared_sm=%zu\n", p.sharedMemPerMultiprocessor);
    printf("regs_block=%d\n", p.regsPerBlock);
    printf("threads_sm=%d\n", p.maxThreadsPerMultiProcessor);
    printf("threads_block=%d\n", p.maxThreadsPerBlock);
    printf("block_dims=%d,%d,%d\n", p.maxThreadsDim[0], p.maxThreadsDim[1], p.maxThreadsDim[2]);
    printf("grid_dims=%d,%d,%d\n", p.maxGridSize[0], p.maxGridSize[1], p.maxGridSize[2]);
    printf("pitch=%zu\n", p.memPitch);
    printf("tex_align=%zu\n", p.textureAlignment);
    printf("copy_engines=%d\n", p.asyncEngineCount);
    printf("timeout=%d\n", attr(cudaDevAttrKernelExecTimeout));
    printf("integrated=%d\n", p.integrated);
    printf("map_host=%d\n", p.canMapHostMemory);
    printf("ecc=%d\n", p.ECCEnabled);
    printf("uva=%d\n", p.unifiedAddressing);
    printf("managed=%d\n", p.managedMemory);
    printf("preemption=%d\n", p.computePreemptionSupported);
    printf("coop=%d\n", p.cooperativeLaunch);
    printf("compute_mode=%d\n", attr(cudaDevAttrComputeMode));
    return finish("device_attrs");
}
