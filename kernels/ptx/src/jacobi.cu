/* 2D Jacobi sweep: each interior point becomes the mean of its four
 * neighbours; the boundary stays. The launch file alternates the two
 * buffers (in -> out, out -> in) for the iterations. */
extern "C" __global__ void jacobi2d(float *out, const float *in, int w, int h)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < 1 || y < 1 || x >= w - 1 || y >= h - 1)
        return;
    int i = y * w + x;
    out[i] = 0.25f * (in[i - w] + in[i + w] + in[i - 1] + in[i + 1]);
}
