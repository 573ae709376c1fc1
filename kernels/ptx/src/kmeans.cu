/* One k-means iteration on integer-valued points (DIM coordinates, s32):
 * kmeans_init takes the first k points as centroids; kmeans_assign gives
 * each point its nearest centroid (squared distance; the lower index on a
 * tie) and adds it into the centroid's float sums and count with atomics;
 * kmeans_update divides. Integer coordinates below 256 keep every distance
 * and every partial sum an exact float, so the results do not depend on the
 * order of the atomics. */
#define DIM 4
#define KMAX 16

extern "C" __global__ void kmeans_init(float *cent, const int *pts, int k)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < k * DIM)
        cent[i] = (float)pts[i];
}

extern "C" __global__ void kmeans_assign(int *assign, float *sums, unsigned *counts, const int *pts, const float *cent,
                                         int n, int k)
{
    __shared__ float c[KMAX * DIM];
    for (int i = threadIdx.x; i < k * DIM; i += blockDim.x)
        c[i] = cent[i];
    __syncthreads();
    int p = blockIdx.x * blockDim.x + threadIdx.x;
    if (p >= n)
        return;
    float x[DIM];
#pragma unroll
    for (int d = 0; d < DIM; d++)
        x[d] = (float)pts[p * DIM + d];
    int best = 0;
    float best_d = 3.4e38f;
    for (int j = 0; j < k; j++) {
        float dist = 0.0f;
#pragma unroll
        for (int d = 0; d < DIM; d++)
            dist += (x[d] - c[j * DIM + d]) * (x[d] - c[j * DIM + d]);
        if (dist < best_d) {
            best_d = dist;
            best = j;
        }
    }
    assign[p] = best;
#pragma unroll
    for (int d = 0; d < DIM; d++)
        atomicAdd(&sums[best * DIM + d], x[d]);
    atomicAdd(&counts[best], 1u);
}

extern "C" __global__ void kmeans_update(float *cent, const float *sums, const unsigned *counts, int k)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < k * DIM && counts[i / DIM])
        cent[i] = sums[i] / counts[i / DIM];
}
