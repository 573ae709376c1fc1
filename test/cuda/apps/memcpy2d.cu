// Pitched memory: cudaMallocPitch, cudaMemcpy2D both ways (and device to
// device), cudaMemset2D, a kernel walking rows by the pitch. The errors are
// what CUDA 13 answered on an H200 (bench/hw/cudart_probe.h200.txt, main's
// commit 3673215).
#include "check.h"

__global__ void add_rows(float *p, size_t pitch, int w, int h)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y;
    if (x < w && y < h)
        ((float *)((char *)p + y * pitch))[x] += y * 1000;
}

int main()
{
    const int w = 100, h = 37;
    float host[h][w], back[h][w];
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            host[y][x] = x;
    float *d, *d2;
    size_t pitch, pitch2;
    CHECK(cudaMallocPitch((void **)&d, &pitch, w * sizeof(float), h));
    CHECK(cudaMallocPitch((void **)&d2, &pitch2, w * sizeof(float), h));
    EXPECT(pitch >= w * sizeof(float) && pitch % 256 == 0, "pitch %zu", pitch);
    CHECK(cudaMemset2D(d, pitch, 0xff, pitch, h));
    CHECK(cudaMemcpy2D(d, pitch, host, w * sizeof(float), w * sizeof(float), h, cudaMemcpyHostToDevice));
    add_rows<<<dim3(1, h), 128>>>(d, pitch, w, h);
    CHECK(cudaMemcpy2D(d2, pitch2, d, pitch, w * sizeof(float), h, cudaMemcpyDeviceToDevice));
    CHECK(cudaMemcpy2D(back, w * sizeof(float), d2, pitch2, w * sizeof(float), h, cudaMemcpyDeviceToHost));
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            EXPECT(back[y][x] == x + y * 1000, "[%d][%d] = %g", y, x, back[y][x]);
    unsigned char row[256];
    CHECK(cudaMemset2D(d, pitch, 0x5a, 10, 3));
    CHECK(cudaMemcpy(row, (char *)d + pitch, 16, cudaMemcpyDeviceToHost));
    EXPECT(row[9] == 0x5a && row[10] != 0x5a, "memset2D width: %x %x", row[9], row[10]);
    cudaError_t e = cudaMemcpy2D(d, 8, host, 400, 400, 1, cudaMemcpyHostToDevice);
    EXPECT(e == cudaErrorInvalidValue, "a width beyond the destination's pitch: %s", cudaGetErrorName(e));
    e = cudaMemcpy2D(d, pitch, host, 8, 400, 1, cudaMemcpyHostToDevice);
    EXPECT(e == cudaErrorInvalidValue, "a width beyond the source's pitch: %s", cudaGetErrorName(e));
    e = cudaMemcpy2D(d, pitch, host, 400, 400, 0, cudaMemcpyHostToDevice);
    EXPECT(e == cudaSuccess, "no rows: %s", cudaGetErrorName(e));
    // One row wider than the pitch is set whole.
    CHECK(cudaMemset2D(d, 8, 0x3c, 400, 1));
    CHECK(cudaMemcpy(row, d, 256, cudaMemcpyDeviceToHost));
    EXPECT(row[0] == 0x3c && row[255] == 0x3c, "a one-row memset2D wider than its pitch: %x %x", row[0], row[255]);
    cudaGetLastError();
    return finish("memcpy2d");
}
