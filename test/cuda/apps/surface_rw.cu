// Surfaces: kernels write 1D, 2D, 3D and layered arrays through surface
// objects (x in bytes) and read them back, on the host (cudaMemcpy3D,
// cudaMemcpy2DFromArray) and through suld; out of range, .clamp reads the
// edge and .zero reads zeros and drops the write; suq; and last a .trap
// access out of range, which faults the kernel (sticky).
#include "check.h"

__global__ void write2d(cudaSurfaceObject_t s, int w, int h)
{
    int x = threadIdx.x % w, y = threadIdx.x / w;
    if (y < h)
        surf2Dwrite(make_uchar4(x, y, x * y, 200 + x), s, x * 4, y);
}

__global__ void write_all(cudaSurfaceObject_t s1, cudaSurfaceObject_t s3, cudaSurfaceObject_t sl)
{
    int i = threadIdx.x;
    surf1Dwrite(1.5f * i, s1, i * 4);                                   // 32 floats
    surf3Dwrite(i * 7, s3, (i % 4) * 4, (i / 4) % 2, i / 8);            // 4x2x4 ints
    surf2DLayeredwrite(make_short2(i, -i), sl, (i % 4) * 4, (i / 4) % 2, i / 8); // 4x2, 4 layers
}

__global__ void read_back(cudaSurfaceObject_t s1, cudaSurfaceObject_t s3, cudaSurfaceObject_t sl, int *out)
{
    int i = threadIdx.x;
    out[i] = (int)surf1Dread<float>(s1, i * 4) * 1000 + surf3Dread<int>(s3, (i % 4) * 4, (i / 4) % 2, i / 8);
    short2 v = surf2DLayeredread<short2>(sl, (i % 4) * 4, (i / 4) % 2, i / 8);
    out[32 + i] = v.x * 100 + v.y;
}

// Reads past the edges in the clamp and zero modes, writes past them in zero mode; the sizes by suq.
__global__ void edges(cudaSurfaceObject_t s, int *out)
{
    uchar4 c = surf2Dread<uchar4>(s, 100 * 4, -3, cudaBoundaryModeClamp);
    uchar4 z = surf2Dread<uchar4>(s, 100 * 4, 1, cudaBoundaryModeZero);
    surf2Dwrite(make_uchar4(9, 9, 9, 9), s, -4, 0, cudaBoundaryModeZero);
    out[0] = c.x | c.y << 8 | c.z << 16 | c.w << 24;
    out[1] = z.x | z.y << 8 | z.z << 16 | z.w << 24;
    asm("suq.width.b32 %0, [%1];" : "=r"(out[2]) : "l"(s));
    asm("suq.height.b32 %0, [%1];" : "=r"(out[3]) : "l"(s));
}

__global__ void trap_read(cudaSurfaceObject_t s, int *out) { out[0] = surf1Dread<float>(s, 4 * 32); }

static cudaSurfaceObject_t surface_of(cudaArray_t a)
{
    cudaResourceDesc rd = {};
    rd.resType = cudaResourceTypeArray;
    rd.res.array.array = a;
    cudaSurfaceObject_t s;
    CHECK(cudaCreateSurfaceObject(&s, &rd));
    return s;
}

int main()
{
    const int W = 6, H = 5;
    cudaChannelFormatDesc u8 = cudaCreateChannelDesc<uchar4>();
    cudaArray_t a2;
    CHECK(cudaMallocArray(&a2, &u8, W, H, cudaArraySurfaceLoadStore));
    cudaSurfaceObject_t s2 = surface_of(a2);
    write2d<<<1, W * H>>>(s2, W, H);
    CHECK(cudaGetLastError());
    uchar4 img[H][W];
    CHECK(cudaMemcpy2DFromArray(img, sizeof img[0], a2, 0, 0, sizeof img[0], H, cudaMemcpyDeviceToHost));
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++)
            EXPECT(img[y][x].x == x && img[y][x].y == y && img[y][x].z == x * y && img[y][x].w == 200 + x,
                   "2D surface (%d, %d): %d %d %d %d", x, y, img[y][x].x, img[y][x].y, img[y][x].z, img[y][x].w);

    int *dout, out[64];
    CHECK(cudaMalloc(&dout, sizeof out));
    edges<<<1, 1>>>(s2, dout);
    CHECK(cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost));
    uchar4 e = img[0][W - 1];
    EXPECT(out[0] == (e.x | e.y << 8 | e.z << 16 | e.w << 24), "clamp read past the corner: %#x", out[0]);
    EXPECT(out[1] == 0, "zero read past the edge: %#x", out[1]);
    EXPECT(out[2] == W && out[3] == H, "suq: %d x %d", out[2], out[3]);
    uchar4 first;
    CHECK(cudaMemcpy2DFromArray(&first, 4, a2, 0, 0, 4, 1, cudaMemcpyDeviceToHost));
    EXPECT(first.x == 0 && first.w == 200, "a zero-mode write out of range changed texel 0: %d %d", first.x, first.w);

    cudaChannelFormatDesc f = cudaCreateChannelDesc<float>(), i32 = cudaCreateChannelDesc<int>(),
                          s16 = cudaCreateChannelDesc<short2>();
    cudaArray_t a1, a3, al;
    CHECK(cudaMallocArray(&a1, &f, 32, 0, cudaArraySurfaceLoadStore));
    CHECK(cudaMalloc3DArray(&a3, &i32, make_cudaExtent(4, 2, 4), cudaArraySurfaceLoadStore));
    CHECK(cudaMalloc3DArray(&al, &s16, make_cudaExtent(4, 2, 4), cudaArraySurfaceLoadStore | cudaArrayLayered));
    cudaSurfaceObject_t s1 = surface_of(a1), s3 = surface_of(a3), sl = surface_of(al);
    write_all<<<1, 32>>>(s1, s3, sl);
    read_back<<<1, 32>>>(s1, s3, sl, dout);
    CHECK(cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost));
    for (int i = 0; i < 32; i++) {
        EXPECT(out[i] == (int)(1.5f * i) * 1000 + i * 7, "1D and 3D surfaces, thread %d: %d", i, out[i]);
        EXPECT(out[32 + i] == i * 100 - i, "layered surface, thread %d: %d", i, out[32 + i]);
    }
    int vol[4][2][4];
    cudaMemcpy3DParms p = {};
    p.srcArray = a3;
    p.dstPtr = make_cudaPitchedPtr(vol, 4 * sizeof(int), 4, 2);
    p.extent = make_cudaExtent(4, 2, 4);
    p.kind = cudaMemcpyDeviceToHost;
    CHECK(cudaMemcpy3D(&p));
    for (int i = 0; i < 32; i++)
        EXPECT(vol[i / 8][(i / 4) % 2][i % 4] == i * 7, "3D surface by cudaMemcpy3D, element %d: %d", i,
               vol[i / 8][(i / 4) % 2][i % 4]);

    cudaArray_t plain;
    CHECK(cudaMallocArray(&plain, &f, 4, 0));
    cudaResourceDesc rd = {};
    rd.resType = cudaResourceTypeArray;
    rd.res.array.array = plain;
    cudaSurfaceObject_t bad;
    EXPECT(cudaCreateSurfaceObject(&bad, &rd) == cudaErrorInvalidValue, "a surface of an array without the flag");
    (void)cudaGetLastError();

    trap_read<<<1, 1>>>(s1, dout);
    cudaError_t err = cudaDeviceSynchronize();
    EXPECT(err == cudaErrorIllegalAddress, "a .trap read past the end: %s", cudaGetErrorName(err));
    return finish("surface_rw");
}
