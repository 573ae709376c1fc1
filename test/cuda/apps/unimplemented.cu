// Calls a runtime function warpsim does not implement (CUDA graphs): the
// library names it once on stderr and returns cudaErrorNotSupported, which
// this program, as programs do, treats as fatal (exit status 1).
#include "check.h"

int main()
{
    cudaGraph_t g;
    cudaError_t e = cudaGraphCreate(&g, 0);
    printf("cudaGraphCreate: %s\n", cudaGetErrorName(e));
    CHECK(e);
    return 0;
}
