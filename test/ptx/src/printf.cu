// printf with every argument kind the vprintf ABI packs: int, long, double, string, pointer.
#include <cstdio>

__global__ void hello(int n, double x, const char *tag)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        printf("lane %d of %d: x=%f tag=%s p=%p ll=%lld\n", i, n, x * i, tag, (void *)tag, (long long)i << 40);
    if (i == 0)
        printf("done\n");
}
