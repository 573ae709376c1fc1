/* sgemm: C = alpha * A * B + beta * C (row-major; A M x K, B K x N),
 * register-tiled: a 16 x 16 block computes a 64 x 64 tile of C, each thread
 * a 4 x 4 grid of it held in registers, from 16-deep slices of A and B in
 * shared memory. M and N are multiples of 64, K of 16. */
#define BM 64
#define BN 64
#define BK 16
#define TM 4
#define TN 4

extern "C" __global__ void sgemm(int m, int n, int k, float alpha, const float *a, const float *b, float beta,
                                 float *c)
{
    __shared__ float as[BK][BM]; /* A's slice, transposed: as[kk][row] */
    __shared__ float bs[BK][BN];
    int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 16 + tx;
    int row0 = blockIdx.y * BM, col0 = blockIdx.x * BN;
    float acc[TM][TN];
#pragma unroll
    for (int i = 0; i < TM; i++)
#pragma unroll
        for (int j = 0; j < TN; j++)
            acc[i][j] = 0.0f;
    for (int k0 = 0; k0 < k; k0 += BK) {
#pragma unroll
        for (int l = 0; l < BM * BK / 256; l++) {
            int idx = tid + l * 256;
            as[idx % BK][idx / BK] = a[(row0 + idx / BK) * k + k0 + idx % BK];
            bs[idx / BN][idx % BN] = b[(k0 + idx / BN) * n + col0 + idx % BN];
        }
        __syncthreads();
#pragma unroll
        for (int kk = 0; kk < BK; kk++) {
            float ra[TM], rb[TN];
#pragma unroll
            for (int i = 0; i < TM; i++)
                ra[i] = as[kk][ty + i * 16];
#pragma unroll
            for (int j = 0; j < TN; j++)
                rb[j] = bs[kk][tx + j * 16];
#pragma unroll
            for (int i = 0; i < TM; i++)
#pragma unroll
                for (int j = 0; j < TN; j++)
                    acc[i][j] += ra[i] * rb[j];
        }
        __syncthreads();
    }
#pragma unroll
    for (int i = 0; i < TM; i++)
#pragma unroll
        for (int j = 0; j < TN; j++) {
            float *p = c + (size_t)(row0 + ty + i * 16) * n + col0 + tx + j * 16;
            *p = alpha * acc[i][j] + beta * *p;
        }
}
