// Device printf: every format class, from several blocks (CTA order), and
// the host's own output around it; a %s of a thread's local array (gone
// when the grid ends, printed as it was at the call); the test compares
// stdout with printf.stdout.
#include "check.h"

__global__ void say(int base)
{
    if (threadIdx.x < 2)
        printf("block %d thread %d: %d %u %x %5.2f %e %s %c %lld\n", blockIdx.x, threadIdx.x, base + threadIdx.x,
               (unsigned)(base * 3), base, 3.25 * blockIdx.x, 1e10, "str", 'A' + blockIdx.x,
               -123456789012LL);
}

__global__ void indent(int depth)
{
    char pad[16];
    int i = 0;
    for (; i < depth && i < 15; i++)
        pad[i] = i % 2 ? '-' : '|';
    pad[i] = 0;
    printf("%s%s depth %d\n", pad, depth > 2 ? "deep" : "shallow", depth);
}

int main()
{
    printf("before\n");
    say<<<3, 64>>>(42);
    CHECK(cudaDeviceSynchronize());
    indent<<<1, 1>>>(3);
    indent<<<1, 1>>>(1);
    CHECK(cudaDeviceSynchronize());
    printf("after\n");
    return 0;
}
