/* 3D 7-point Jacobi on an nx x ny x nz grid with a fixed boundary: a
 * 32 x 8 block covers an xy tile and marches along z, keeping the points
 * below, at and above in registers. The launch file alternates buffers. */
extern "C" __global__ void stencil3d(float *out, const float *in, int nx, int ny, int nz, float c0, float c1)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < 1 || y < 1 || x >= nx - 1 || y >= ny - 1)
        return;
    size_t plane = (size_t)nx * ny;
    const float *p = in + (size_t)y * nx + x;
    float below = p[0], here = p[plane];
    for (int z = 1; z < nz - 1; z++) {
        float above = p[(z + 1) * plane];
        size_t i = z * plane;
        float side = p[i - 1] + p[i + 1] + p[i - nx] + p[i + nx];
        out[i + (size_t)y * nx + x] = c0 * here + c1 * (side + below + above);
        below = here;
        here = above;
    }
}
