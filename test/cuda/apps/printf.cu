// Device printf: every format class, from several blocks (CTA order), and
// the host's own output around it; the test compares stdout with printf.stdout.
#include "check.h"

__global__ void say(int base)
{
    if (threadIdx.x < 2)
        printf("block %d thread %d: %d %u %x %5.2f %e %s %c %lld\n", blockIdx.x, threadIdx.x, base + threadIdx.x,
               (unsigned)(base * 3), base, 3.25 * blockIdx.x, 1e10, "str", 'A' + blockIdx.x,
               -123456789012LL);
}

int main()
{
    printf("before\n");
    say<<<3, 64>>>(42);
    CHECK(cudaDeviceSynchronize());
    printf("after\n");
    return 0;
}
