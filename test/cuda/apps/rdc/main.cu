// Relocatable device code (-rdc=true): a kernel here calls a device function
// and reads a __device__ variable defined in rdc/lib.cu; the device linker
// joins them, and warpsim joins the two objects' PTX.
#include "../check.h"

extern __device__ int twice(int x);
extern __device__ int bias;

__global__ void k(int *o) { o[threadIdx.x] = twice(threadIdx.x) + bias; }

int main()
{
    int *o;
    CHECK(cudaMallocManaged(&o, 64 * sizeof(int)));
    k<<<1, 64>>>(o);
    CHECK(cudaDeviceSynchronize());
    for (int i = 0; i < 64; i++)
        EXPECT(o[i] == 2 * i + 5, "o[%d] = %d", i, o[i]);
    return finish("rdc");
}
