// Tiled matrix product with 2D grids and blocks and static shared tiles,
// against the host's product (integers stored as floats: exact).
#include "check.h"

#define TILE 16

__global__ void matmul(const float *A, const float *B, float *C, int M, int K, int N)
{
    __shared__ float As[TILE][TILE], Bs[TILE][TILE];
    int row = blockIdx.y * TILE + threadIdx.y, col = blockIdx.x * TILE + threadIdx.x;
    float acc = 0;
    for (int t = 0; t < (K + TILE - 1) / TILE; t++) {
        int ak = t * TILE + threadIdx.x, bk = t * TILE + threadIdx.y;
        As[threadIdx.y][threadIdx.x] = row < M && ak < K ? A[row * K + ak] : 0;
        Bs[threadIdx.y][threadIdx.x] = bk < K && col < N ? B[bk * N + col] : 0;
        __syncthreads();
        for (int k = 0; k < TILE; k++)
            acc += As[threadIdx.y][k] * Bs[k][threadIdx.x];
        __syncthreads();
    }
    if (row < M && col < N)
        C[row * N + col] = acc;
}

int main()
{
    const int M = 70, K = 45, N = 53;
    float *A = new float[M * K], *B = new float[K * N], *C = new float[M * N];
    for (int i = 0; i < M * K; i++)
        A[i] = (float)(i % 7 - 3);
    for (int i = 0; i < K * N; i++)
        B[i] = (float)(i % 5 - 2);
    float *dA, *dB, *dC;
    CHECK(cudaMalloc(&dA, M * K * 4));
    CHECK(cudaMalloc(&dB, K * N * 4));
    CHECK(cudaMalloc(&dC, M * N * 4));
    CHECK(cudaMemcpy(dA, A, M * K * 4, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(dB, B, K * N * 4, cudaMemcpyHostToDevice));
    dim3 block(TILE, TILE), grid((N + TILE - 1) / TILE, (M + TILE - 1) / TILE);
    matmul<<<grid, block>>>(dA, dB, dC, M, K, N);
    CHECK(cudaMemcpy(C, dC, M * N * 4, cudaMemcpyDeviceToHost));
    for (int r = 0; r < M; r++)
        for (int c = 0; c < N; c++) {
            float want = 0;
            for (int k = 0; k < K; k++)
                want += A[r * K + k] * B[k * N + c];
            EXPECT(C[r * N + c] == want, "C[%d][%d] = %g, want %g", r, c, C[r * N + c], want);
        }
    return finish("matmul");
}
