/* Matrix transpose through a shared 32 x 32 tile padded to 33 columns (no
 * bank conflicts on the column reads); a 32 x 8 block moves a tile in four
 * rows each. Width and height are multiples of 32. */
#define TDIM 32
#define TROWS 8

extern "C" __global__ void transpose(float *out, const float *in, int width, int height)
{
    __shared__ float tile[TDIM][TDIM + 1];
    int x = blockIdx.x * TDIM + threadIdx.x, y = blockIdx.y * TDIM + threadIdx.y;
    for (int j = 0; j < TDIM; j += TROWS)
        tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * width + x];
    __syncthreads();
    x = blockIdx.y * TDIM + threadIdx.x;
    y = blockIdx.x * TDIM + threadIdx.y;
    for (int j = 0; j < TDIM; j += TROWS)
        out[(y + j) * height + x] = tile[threadIdx.x][threadIdx.y + j];
}
