// Shared arrays (static, 2-D and dynamic extern), tree reduction, barrier reductions.
extern __shared__ float dyn[];

__global__ void __launch_bounds__(256, 2) reduce(float *out, const float *in, int n)
{
    __shared__ float buf[256];
    __shared__ int tile[16][17];
    unsigned t = threadIdx.x;
    float v = 0.0f;
    for (int i = blockIdx.x * blockDim.x + t; i < n; i += gridDim.x * blockDim.x)
        v += in[i];
    buf[t] = v;
    dyn[t] = v * 2.0f;
    tile[t & 15][t >> 4 & 15] = (int)v;
    __syncthreads();
    for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
        if (t < s)
            buf[t] += buf[t + s];
        __syncthreads();
    }
    int cnt = __syncthreads_count(v > 0.0f);
    int all = __syncthreads_and(v > 1.0f);
    int any = __syncthreads_or(v > 2.0f);
    if (t == 0)
        out[blockIdx.x] = buf[0] + dyn[5] + tile[3][4] + cnt + all + any;
}
