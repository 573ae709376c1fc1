// Calls a runtime function warpsim does not implement (inter-process memory
// handles: one simulated process has no other to share with): the library
// names it once on stderr and returns cudaErrorNotSupported, which this
// program, as programs do, treats as fatal (exit status 1).
#include "check.h"

int main()
{
    cudaIpcMemHandle_t h;
    void *p = nullptr;
    CHECK(cudaMalloc(&p, 256));
    cudaError_t e = cudaIpcGetMemHandle(&h, p);
    printf("cudaIpcGetMemHandle: %s\n", cudaGetErrorName(e));
    CHECK(e);
    return 0;
}
