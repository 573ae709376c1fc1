// The ARM executor compiled for the GPU on its own: every row of the
// operation table (the NEON and VFP bodies included) through arm_exec, so
// that nvcc checks the single-source subset in seconds, where the backend's
// kernel (src/host/backend_cuda.cu) takes minutes. Nothing launches it.
#include "device/arm/arm_step.h"

__global__ void arm_device_check(arm_ctx_t *ctx, const arm_insn_t *records, const sim_mem_t *mem,
                                 uint32_t *stopped)
{
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    stopped[i] = arm_exec(&ctx[i], &records[i], mem, i, ctx[i].r[15], 0);
}
