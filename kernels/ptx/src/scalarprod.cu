/* scalarProd: NV dot products of pairs of E-element vectors. A block takes
 * a vector pair at a time (grid-stride over pairs); its threads accumulate
 * strided partial products, then a shared-memory tree adds them. */
#define SP_THREADS 256

extern "C" __global__ void scalarprod(float *d, const float *a, const float *b, int nv, int e)
{
    __shared__ float part[SP_THREADS];
    for (int v = blockIdx.x; v < nv; v += gridDim.x) {
        const float *x = a + (size_t)v * e, *y = b + (size_t)v * e;
        float s = 0.0f;
        for (int i = threadIdx.x; i < e; i += blockDim.x)
            s += x[i] * y[i];
        part[threadIdx.x] = s;
        for (int stride = blockDim.x / 2; stride > 0; stride >>= 1) {
            __syncthreads();
            if (threadIdx.x < stride)
                part[threadIdx.x] += part[threadIdx.x + stride];
        }
        if (threadIdx.x == 0)
            d[v] = part[0];
        __syncthreads();
    }
}
