/* 2D convolution (correlation) with a 5 x 5 filter in constant memory;
 * edges clamp. A 16 x 16 block stages its 20 x 20 neighbourhood (tile and
 * halo) in shared memory; the image need not be a multiple of the block. */
#include "wl_math.cuh"

#define R 2
#define FW (2 * R + 1)
#define BS 16
#define TW (BS + 2 * R)

/* weights k/325, k = 1..25: they sum to one and are asymmetric, so a
 * flipped or shifted filter shows */
__constant__ float c_filter[FW * FW] = {
    1.0f / 325,  2.0f / 325,  3.0f / 325,  4.0f / 325,  5.0f / 325,  6.0f / 325,  7.0f / 325,
    8.0f / 325,  9.0f / 325,  10.0f / 325, 11.0f / 325, 12.0f / 325, 13.0f / 325, 14.0f / 325,
    15.0f / 325, 16.0f / 325, 17.0f / 325, 18.0f / 325, 19.0f / 325, 20.0f / 325, 21.0f / 325,
    22.0f / 325, 23.0f / 325, 24.0f / 325, 25.0f / 325};

extern "C" __global__ void conv2d(float *out, const float *in, int w, int h)
{
    __shared__ float tile[TW][TW];
    int x0 = blockIdx.x * BS - R, y0 = blockIdx.y * BS - R;
    for (int i = threadIdx.y * BS + threadIdx.x; i < TW * TW; i += BS * BS) {
        int gx = wl_min(wl_max(x0 + i % TW, 0), w - 1), gy = wl_min(wl_max(y0 + i / TW, 0), h - 1);
        tile[i / TW][i % TW] = in[gy * w + gx];
    }
    __syncthreads();
    int x = blockIdx.x * BS + threadIdx.x, y = blockIdx.y * BS + threadIdx.y;
    if (x >= w || y >= h)
        return;
    float sum = 0.0f;
#pragma unroll
    for (int dy = 0; dy < FW; dy++)
#pragma unroll
        for (int dx = 0; dx < FW; dx++)
            sum += c_filter[dy * FW + dx] * tile[threadIdx.y + dy][threadIdx.x + dx];
    out[y * w + x] = sum;
}
