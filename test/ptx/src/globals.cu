// Module-scope data: constant and global arrays with initializers (integers, floats, doubles, multi-dimensional,
// strings), pointers initialized with other symbols' addresses, structs, and launch-bound directives.
struct cfg_t { int id; float scale; double bias; const char *name; };

__constant__ float coeffs[8] = {1.0f, -2.5f, 3.25f, 0.0f, 1e-10f, 3.4e38f, -0.0f, 6.0f};
__constant__ double dcoeffs[3] = {1.0 / 3.0, 2.718281828459045, -1e300};
__constant__ int grid2[3][4] = {{1, 2, 3, 4}, {5, 6, 7, 8}, {9, 10, 11, 12}};
__device__ int counter = 42;
__device__ int bigarray[1000];
__device__ int *counter_ptr = &counter;
__device__ int *mid_ptr = &bigarray[10];
__device__ const char greeting[] = "hello, warp";
__device__ cfg_t cfgs[2] = {{1, 0.5f, 2.0, greeting}, {2, 1.5f, -4.0, greeting + 7}};
__device__ unsigned long long big = 0xfedcba9876543210ull;
__device__ short shorts[5] = {-1, 2, -3, 4, -32768};
__device__ unsigned char bytes[6] = {255, 0, 128, 7, 1, 2};

__global__ void __launch_bounds__(128) use_globals(float *out, int k)
{
    int t = threadIdx.x;
    const cfg_t &c = cfgs[t & 1];
    out[t] = coeffs[t & 7] * c.scale + (float)dcoeffs[t % 3] + grid2[t % 3][k & 3] + *counter_ptr + *mid_ptr
             + c.name[t & 3] + (float)c.bias + c.id + (float)big + shorts[t % 5] + bytes[t % 6];
    bigarray[t] = t;
}

#if __CUDA_ARCH__ >= 900
__global__ void __cluster_dims__(2, 1, 1) clustered(int *out)
{
    out[blockIdx.x * blockDim.x + threadIdx.x] = blockIdx.x;
}
#endif

__global__ void __maxnreg__(64) capped(int *out)
{
    out[threadIdx.x] = threadIdx.y + blockIdx.y * gridDim.z;
}
