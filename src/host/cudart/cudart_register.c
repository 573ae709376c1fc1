/* The entry points nvcc 13's generated host code calls (crt/host_runtime.h):
 * each translation unit's static constructor registers its fatbin, then its
 * kernels' host stubs and its variables; a launch pops the configuration
 * `<<<...>>>` pushed and calls __cudaLaunchKernel with the handle
 * __cudaGetKernel gave for the stub. */
#include <cuda_runtime_api.h>

#include <stdio.h>
#include <stdlib.h>

#include "host/cudart/cudart.h"
#include "host/cudart/cudart_launch.h"
#include "host/cudart/cudart_module.h"

void **__cudaRegisterFatBinary(void *fatCubin);
void __cudaRegisterFatBinaryEnd(void **handle);
void __cudaUnregisterFatBinary(void **handle);
void __cudaRegisterFunction(void **handle, const char *hostFun, char *deviceFun, const char *deviceName,
                            int thread_limit, uint3 *tid, uint3 *bid, dim3 *bDim, dim3 *gDim, int *wSize);
void __cudaRegisterVar(void **handle, char *hostVar, char *deviceAddress, const char *deviceName, int ext,
                       size_t size, int constant, int global);
void __cudaRegisterManagedVar(void **handle, void **hostVarPtrAddress, char *deviceAddress, const char *deviceName,
                              int ext, size_t size, int constant, int global);
char __cudaInitModule(void **handle);
unsigned __cudaPushCallConfiguration(dim3 gridDim, dim3 blockDim, size_t sharedMem, struct CUstream_st *stream);
cudaError_t __cudaPopCallConfiguration(dim3 *gridDim, dim3 *blockDim, size_t *sharedMem, void *stream);
cudaError_t __cudaGetKernel(cudaKernel_t *kernel, const void *hostFun);
cudaError_t __cudaLaunchKernel(cudaKernel_t kernel, dim3 gridDim, dim3 blockDim, void **args, size_t sharedMem,
                               cudaStream_t stream);
cudaError_t __cudaLaunchKernel_ptsz(cudaKernel_t kernel, dim3 gridDim, dim3 blockDim, void **args, size_t sharedMem,
                                    cudaStream_t stream);

void **__cudaRegisterFatBinary(void *fatCubin)
{
    return (void **)cudart_module_register(fatCubin);
}

void __cudaRegisterFatBinaryEnd(void **handle) { (void)handle; }

/* Modules stay until the process ends: kernels of other units may still
 * run from later atexit handlers. */
void __cudaUnregisterFatBinary(void **handle) { (void)handle; }

void __cudaRegisterFunction(void **handle, const char *hostFun, char *deviceFun, const char *deviceName,
                            int thread_limit, uint3 *tid, uint3 *bid, dim3 *bDim, dim3 *gDim, int *wSize)
{
    cudart_func_register((cudart_module_t *)handle, hostFun, deviceFun);
}

void __cudaRegisterVar(void **handle, char *hostVar, char *deviceAddress, const char *deviceName, int ext,
                       size_t size, int constant, int global)
{
    cudart_var_register((cudart_module_t *)handle, hostVar, deviceName, size, constant, 0);
}

void __cudaRegisterManagedVar(void **handle, void **hostVarPtrAddress, char *deviceAddress, const char *deviceName,
                              int ext, size_t size, int constant, int global)
{
    cudart_var_register((cudart_module_t *)handle, hostVarPtrAddress, deviceName, size, constant, 1);
}

/* Called before host code touches a __managed__ variable, through the
 * pointer this sets: without it the program would dereference NULL. */
char __cudaInitModule(void **handle)
{
    cudart_module_t *m = (cudart_module_t *)handle;
    int err = cudart_module_load(m);
    if (!err)
        err = cudart_init_managed(m);
    if (err) {
        fprintf(stderr, "warpsim cuda: %s: its __managed__ variables cannot be set up (%s)\n", m->name,
                cudaGetErrorName((cudaError_t)err));
        exit(1);
    }
    return 1;
}

/* <<<grid, block, shmem, stream>>>: one pending configuration per host
 * thread, popped by the stub it precedes (a stack: a launch's arguments
 * may themselves launch). */
typedef struct call_config {
    dim3 grid, block;
    size_t shmem;
    cudaStream_t stream;
} call_config_t;

static _Thread_local call_config_t configs[16];
static _Thread_local int nconfigs;

unsigned __cudaPushCallConfiguration(dim3 gridDim, dim3 blockDim, size_t sharedMem, struct CUstream_st *stream)
{
    if (nconfigs == 16)
        return 1;
    configs[nconfigs++] = (call_config_t){gridDim, blockDim, sharedMem, stream};
    return 0;
}

cudaError_t __cudaPopCallConfiguration(dim3 *gridDim, dim3 *blockDim, size_t *sharedMem, void *stream)
{
    if (!nconfigs)
        return (cudaError_t)cudart_ret(cudaErrorMissingConfiguration);
    call_config_t c = configs[--nconfigs];
    *gridDim = c.grid;
    *blockDim = c.block;
    *sharedMem = c.shmem;
    *(cudaStream_t *)stream = c.stream;
    return cudaSuccess;
}

cudaError_t __cudaGetKernel(cudaKernel_t *kernel, const void *hostFun)
{
    int err = cudart_init();
    cudart_func_t *f = err ? NULL : cudart_func_find(hostFun, &err);
    *kernel = (cudaKernel_t)f;
    return (cudaError_t)cudart_ret(err);
}

cudaError_t __cudaLaunchKernel(cudaKernel_t kernel, dim3 gridDim, dim3 blockDim, void **args, size_t sharedMem,
                               cudaStream_t stream)
{
    if (!kernel)
        return (cudaError_t)cudart_ret(cudaErrorInvalidDeviceFunction);
    return (cudaError_t)cudart_launch((cudart_func_t *)kernel, gridDim, blockDim, args, sharedMem, stream, 0);
}

cudaError_t __cudaLaunchKernel_ptsz(cudaKernel_t kernel, dim3 gridDim, dim3 blockDim, void **args, size_t sharedMem,
                                    cudaStream_t stream)
{
    return __cudaLaunchKernel(kernel, gridDim, blockDim, args, sharedMem, stream);
}
