// The other half of the -rdc=true program (rdc/main.cu).
#include <cstdio>

__device__ int bias = 5;
__device__ int twice(int x) { return 2 * x; }

static __device__ int scale(int x) { return 10 * x; }
static __device__ int table[2] = {1, 2};

__device__ int lib_scaled(int x) { return scale(x) + table[0] + table[1]; }
__device__ void lib_say(int x) { printf("lib says %d, a longer line\n", x); }
