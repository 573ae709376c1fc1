/* Sparse matrix-vector product, CSR. spmv_build generates the matrix's
 * structure: row i has 1 + i % 13 entries, in columns (31 i + 97 k + 7 k^2)
 * mod n; its row pointer is that length's prefix sum in closed form. Then y
 * = A x twice: one thread per row (scalar CSR), one warp per row (vector
 * CSR: strided over the row, then a shuffle reduction). */
extern "C" __global__ void spmv_build(unsigned *row_ptr, unsigned *cols, unsigned n)
{
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i > n)
        return;
    unsigned q = i / 13, r = i % 13;
    unsigned start = i + q * 78 + r * (r - 1) / 2; /* sum over j < i of (1 + j % 13) */
    row_ptr[i] = start;
    if (i == n)
        return;
    for (unsigned k = 0; k <= r; k++)
        cols[start + k] = (31u * i + 97u * k + 7u * k * k) % n;
}

extern "C" __global__ void spmv_scalar(float *y, const unsigned *row_ptr, const unsigned *cols, const float *vals,
                                       const float *x, unsigned n)
{
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float s = 0.0f;
    for (unsigned p = row_ptr[i]; p < row_ptr[i + 1]; p++)
        s += vals[p] * x[cols[p]];
    y[i] = s;
}

extern "C" __global__ void spmv_vector(float *y, const unsigned *row_ptr, const unsigned *cols, const float *vals,
                                       const float *x, unsigned n)
{
    unsigned row = (blockIdx.x * blockDim.x + threadIdx.x) / 32, lane = threadIdx.x % 32;
    if (row >= n) /* whole warps leave together: n rows, blockDim a multiple of 32 */
        return;
    float s = 0.0f;
    for (unsigned p = row_ptr[row] + lane; p < row_ptr[row + 1]; p += 32)
        s += vals[p] * x[cols[p]];
    for (int d = 16; d > 0; d >>= 1)
        s += __shfl_down_sync(0xffffffffu, s, d);
    if (lane == 0)
        y[row] = s;
}
