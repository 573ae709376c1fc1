// Relocatable device code (-rdc=true): a kernel here calls a device function
// and reads a __device__ variable defined in rdc/lib.cu; the device linker
// joins them, and warpsim joins the two objects' PTX. Each object also has
// names of its own that the other has too (a static function and variable,
// the `$str` of a printf's format): each object must reach its own.
#include "../check.h"

extern __device__ int twice(int x);
extern __device__ int bias;
extern __device__ int lib_scaled(int x);
extern __device__ void lib_say(int x);

static __device__ int scale(int x) { return 100 * x; }
static __device__ int table[2] = {1000, 2000};

__global__ void k(int *o)
{
    int i = threadIdx.x;
    o[i] = twice(i) + bias + scale(i) + lib_scaled(i) + table[i & 1];
    if (i == 3) {
        printf("main says %d\n", i);
        lib_say(i);
    }
}

int main()
{
    int *o;
    CHECK(cudaMallocManaged(&o, 64 * sizeof(int)));
    k<<<1, 64>>>(o);
    CHECK(cudaDeviceSynchronize());
    for (int i = 0; i < 64; i++)
        EXPECT(o[i] == 2 * i + 5 + 100 * i + 10 * i + 3 + (i & 1 ? 2000 : 1000), "o[%d] = %d", i, o[i]);
    return finish("rdc");
}
