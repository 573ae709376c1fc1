// The other half of the -rdc=true program (rdc/main.cu).
__device__ int bias = 5;
__device__ int twice(int x) { return 2 * x; }
