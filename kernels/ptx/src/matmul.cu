/* matrixMul: C (M x N) = A (M x K) * B (K x N), row-major, with 16 x 16
 * tiles of A and B staged in shared memory. M, N, K are multiples of 16. */
#define TILE 16

extern "C" __global__ void matmul(float *c, const float *a, const float *b, int m, int n, int k)
{
    __shared__ float as[TILE][TILE];
    __shared__ float bs[TILE][TILE];
    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * TILE + ty, col = blockIdx.x * TILE + tx;
    float sum = 0.0f;
    for (int k0 = 0; k0 < k; k0 += TILE) {
        as[ty][tx] = a[row * k + k0 + tx];
        bs[ty][tx] = b[(k0 + ty) * n + col];
        __syncthreads();
#pragma unroll
        for (int kk = 0; kk < TILE; kk++)
            sum += as[ty][kk] * bs[kk][tx];
        __syncthreads();
    }
    c[row * n + col] = sum;
}
