// Texture read modes and resources: 8- and 16-bit integers read as elements
// and as normalized floats (unsigned to [0, 1], signed to [-1, 1]) with
// linear filtering on the normalized values, half-float channels, linear
// memory fetched by index (zeros outside), pitched 2D memory, tld4 (the four
// texels of the bilinear footprint, one component), txq, the descriptors
// back from the runtime, cudaArrayGetInfo; and last a fetch through a handle
// that names no texture, which faults the kernel (sticky).
#include <cuda_fp16.h>

#include "check.h"
#include "texture_ref.h"

__global__ void fetch2d(cudaTextureObject_t t, float x, float y, float4 *out) { *out = tex2D<float4>(t, x, y); }
__global__ void fetch2d_u(cudaTextureObject_t t, float x, float y, uint4 *out) { *out = tex2D<uint4>(t, x, y); }
__global__ void fetch2d_s(cudaTextureObject_t t, float x, float y, int4 *out) { *out = tex2D<int4>(t, x, y); }
__global__ void fetch_index(cudaTextureObject_t t, int *out) { out[threadIdx.x] = tex1Dfetch<int>(t, (int)threadIdx.x - 2); }
__global__ void gather(cudaTextureObject_t t, float x, float y, float4 *out) { *out = tex2Dgather<float4>(t, x, y, 1); }

// txq of every attribute this test reads, by inline PTX (CUDA C++ has no intrinsic for it).
__global__ void query(cudaTextureObject_t t, unsigned *q)
{
    asm("txq.width.b32 %0, [%1];" : "=r"(q[0]) : "l"(t));
    asm("txq.height.b32 %0, [%1];" : "=r"(q[1]) : "l"(t));
    asm("txq.normalized_coords.b32 %0, [%1];" : "=r"(q[2]) : "l"(t));
    asm("txq.filter_mode.b32 %0, [%1];" : "=r"(q[3]) : "l"(t));
    asm("txq.addr_mode_0.b32 %0, [%1];" : "=r"(q[4]) : "l"(t));
    asm("txq.addr_mode_1.b32 %0, [%1];" : "=r"(q[5]) : "l"(t));
    asm("txq.channel_order.b32 %0, [%1];" : "=r"(q[6]) : "l"(t));
    asm("txq.channel_data_type.b32 %0, [%1];" : "=r"(q[7]) : "l"(t));
}

template <class T> static T *dev(size_t n) { T *p; CHECK(cudaMalloc(&p, n * sizeof(T))); return p; }

static cudaTextureObject_t tex_of_array(cudaArray_t a, cudaTextureFilterMode f, cudaTextureReadMode r, int norm,
                                        cudaTextureAddressMode m)
{
    cudaResourceDesc rd = {};
    rd.resType = cudaResourceTypeArray;
    rd.res.array.array = a;
    cudaTextureDesc td = {};
    td.addressMode[0] = td.addressMode[1] = m;
    td.filterMode = f;
    td.readMode = r;
    td.normalizedCoords = norm;
    cudaTextureObject_t t;
    CHECK(cudaCreateTextureObject(&t, &rd, &td, nullptr));
    return t;
}

int main()
{
    float4 *df = dev<float4>(1), hf;
    uint4 *du = dev<uint4>(1), hu;
    int4 *di = dev<int4>(1), hi;
    // uchar4 4x2: element reads give the bytes, normalized reads byte/255 blended by 9-bit weights
    unsigned char px[2][4][4];
    HostTex ref;
    ref.init(4, 2, 1, 1, 2);
    for (int y = 0; y < 2; y++)
        for (int x = 0; x < 4; x++)
            for (int c = 0; c < 4; c++)
                px[y][x][c] = (unsigned char)(37 * x + 101 * y + 61 * c + 5), ref.at(x, y, 0, 0, c) = px[y][x][c] / 255.0f;
    cudaChannelFormatDesc u8 = cudaCreateChannelDesc<uchar4>();
    cudaArray_t a8;
    CHECK(cudaMallocArray(&a8, &u8, 4, 2));
    CHECK(cudaMemcpy2DToArray(a8, 0, 0, px, sizeof px[0], sizeof px[0], 2, cudaMemcpyHostToDevice));
    cudaTextureObject_t te = tex_of_array(a8, cudaFilterModePoint, cudaReadModeElementType, 0, cudaAddressModeClamp);
    fetch2d_u<<<1, 1>>>(te, 2.7f, 1.2f, du);
    CHECK(cudaMemcpy(&hu, du, sizeof hu, cudaMemcpyDeviceToHost));
    EXPECT(hu.x == px[1][2][0] && hu.y == px[1][2][1] && hu.z == px[1][2][2] && hu.w == px[1][2][3],
           "uchar4 element read: %u %u %u %u", hu.x, hu.y, hu.z, hu.w);
    cudaTextureObject_t tn = tex_of_array(a8, cudaFilterModeLinear, cudaReadModeNormalizedFloat, 1, cudaAddressModeWrap);
    ref.linear = true, ref.norm = true;
    ref.mode[0] = ref.mode[1] = cudaAddressModeWrap;
    float at[2] = {0.61f, 0.93f};
    fetch2d<<<1, 1>>>(tn, at[0], at[1], df);
    CHECK(cudaMemcpy(&hf, df, sizeof hf, cudaMemcpyDeviceToHost));
    float want[4];
    for (int c = 0; c < 4; c++)
        want[c] = ref_sample(ref, at, 0, c);
    EXPECT(near(hf.x, want[0]) && near(hf.y, want[1]) && near(hf.z, want[2]) && near(hf.w, want[3]),
           "uchar4 normalized linear wrap: %.7g %.7g %.7g %.7g, want %.7g %.7g %.7g %.7g", hf.x, hf.y, hf.z, hf.w,
           want[0], want[1], want[2], want[3]);
    unsigned q[8], *dq = dev<unsigned>(8);
    query<<<1, 1>>>(tn, dq);
    CHECK(cudaMemcpy(q, dq, sizeof q, cudaMemcpyDeviceToHost));
    EXPECT(q[0] == 4 && q[1] == 2 && q[2] == 1 && q[3] == 1 && q[4] == 0 && q[5] == 0,
           "txq: width %u height %u normalized %u filter %u addr %u %u", q[0], q[1], q[2], q[3], q[4], q[5]);
    EXPECT(q[6] == 0x10B5 && q[7] == 0x10D2, "txq: channel order %#x, data type %#x (CL_RGBA, CL_UNORM_INT8)", q[6], q[7]);

    // signed 16-bit, one channel: -32768 and -32767 both read -1, 16383 reads 16383/32767
    short s16[2] = {-32768, 16383};
    cudaChannelFormatDesc s16d = cudaCreateChannelDesc<short>();
    cudaArray_t as;
    CHECK(cudaMallocArray(&as, &s16d, 2, 1));
    CHECK(cudaMemcpy2DToArray(as, 0, 0, s16, sizeof s16, sizeof s16, 1, cudaMemcpyHostToDevice));
    cudaTextureObject_t ts = tex_of_array(as, cudaFilterModePoint, cudaReadModeNormalizedFloat, 0, cudaAddressModeClamp);
    fetch2d<<<1, 1>>>(ts, 0.5f, 0.5f, df);
    CHECK(cudaMemcpy(&hf, df, sizeof hf, cudaMemcpyDeviceToHost));
    EXPECT(hf.x == -1.0f, "short -32768 normalized: %.9g", hf.x);
    fetch2d<<<1, 1>>>(ts, 1.5f, 0.5f, df);
    CHECK(cudaMemcpy(&hf, df, sizeof hf, cudaMemcpyDeviceToHost));
    EXPECT(hf.x == 16383.0f / 32767.0f, "short 16383 normalized: %.9g", hf.x);
    cudaTextureObject_t tse = tex_of_array(as, cudaFilterModePoint, cudaReadModeElementType, 0, cudaAddressModeClamp);
    fetch2d_s<<<1, 1>>>(tse, 0.5f, 0.5f, di);
    CHECK(cudaMemcpy(&hi, di, sizeof hi, cudaMemcpyDeviceToHost));
    EXPECT(hi.x == -32768, "short element read: %d (sign-extended)", hi.x);

    // half floats: 1.5 and -0.25 exactly
    __half hh[2] = {__float2half(1.5f), __float2half(-0.25f)};
    cudaChannelFormatDesc hd = cudaCreateChannelDescHalf();
    cudaArray_t ah;
    CHECK(cudaMallocArray(&ah, &hd, 2, 1));
    CHECK(cudaMemcpy2DToArray(ah, 0, 0, hh, sizeof hh, sizeof hh, 1, cudaMemcpyHostToDevice));
    cudaTextureObject_t th = tex_of_array(ah, cudaFilterModeLinear, cudaReadModeElementType, 0, cudaAddressModeClamp);
    fetch2d<<<1, 1>>>(th, 1.0f, 0.5f, df);   // halfway: weight 128/256
    CHECK(cudaMemcpy(&hf, df, sizeof hf, cudaMemcpyDeviceToHost));
    EXPECT(hf.x == 0.625f, "half linear midway between 1.5 and -0.25: %.9g", hf.x);

    // linear memory by index: 10 ints; indices -2..29 outside read 0
    int lin[10], *dl = dev<int>(10), *dout = dev<int>(32), got[32];
    for (int i = 0; i < 10; i++)
        lin[i] = 1000 + i * i;
    CHECK(cudaMemcpy(dl, lin, sizeof lin, cudaMemcpyHostToDevice));
    cudaResourceDesc rl = {};
    rl.resType = cudaResourceTypeLinear;
    rl.res.linear.devPtr = dl;
    rl.res.linear.desc = cudaCreateChannelDesc<int>();
    rl.res.linear.sizeInBytes = sizeof lin;
    cudaTextureDesc tdl = {};
    cudaTextureObject_t tl;
    CHECK(cudaCreateTextureObject(&tl, &rl, &tdl, nullptr));
    fetch_index<<<1, 32>>>(tl, dout);
    CHECK(cudaMemcpy(got, dout, sizeof got, cudaMemcpyDeviceToHost));
    for (int i = 0; i < 32; i++) {
        int k = i - 2;
        EXPECT(got[i] == (k >= 0 && k < 10 ? lin[k] : 0), "tex1Dfetch(%d): %d", k, got[i]);
    }

    // pitched 2D float4 (rows 512 bytes apart) and tld4's .g of the footprint around (2.3, 1.6)
    size_t pitch;
    float4 *dp, rows[3][5];
    CHECK(cudaMallocPitch((void **)&dp, &pitch, 5 * sizeof(float4), 3));
    for (int y = 0; y < 3; y++)
        for (int x = 0; x < 5; x++)
            rows[y][x] = make_float4(x, 10 * y + x, -x, y);
    CHECK(cudaMemcpy2D(dp, pitch, rows, sizeof rows[0], sizeof rows[0], 3, cudaMemcpyHostToDevice));
    cudaResourceDesc rp = {};
    rp.resType = cudaResourceTypePitch2D;
    rp.res.pitch2D.devPtr = dp;
    rp.res.pitch2D.desc = cudaCreateChannelDesc<float4>();
    rp.res.pitch2D.width = 5, rp.res.pitch2D.height = 3, rp.res.pitch2D.pitchInBytes = pitch;
    cudaTextureDesc tdp = {};
    cudaTextureObject_t tp;
    CHECK(cudaCreateTextureObject(&tp, &rp, &tdp, nullptr));
    gather<<<1, 1>>>(tp, 2.3f, 1.6f, df);   // i = 1, j = 1
    CHECK(cudaMemcpy(&hf, df, sizeof hf, cudaMemcpyDeviceToHost));
    EXPECT(hf.x == rows[2][1].y && hf.y == rows[2][2].y && hf.z == rows[1][2].y && hf.w == rows[1][1].y,
           "tld4.g: %g %g %g %g", hf.x, hf.y, hf.z, hf.w);
    fetch2d<<<1, 1>>>(tp, 3.9f, 2.2f, df);
    CHECK(cudaMemcpy(&hf, df, sizeof hf, cudaMemcpyDeviceToHost));
    EXPECT(hf.y == rows[2][3].y && hf.z == rows[2][3].z, "pitch2D point: %g %g", hf.y, hf.z);

    // what the runtime says back
    cudaTextureDesc back;
    cudaResourceDesc rback;
    CHECK(cudaGetTextureObjectTextureDesc(&back, tn));
    CHECK(cudaGetTextureObjectResourceDesc(&rback, tp));
    EXPECT(back.filterMode == cudaFilterModeLinear && back.readMode == cudaReadModeNormalizedFloat &&
           back.normalizedCoords == 1 && rback.resType == cudaResourceTypePitch2D && rback.res.pitch2D.pitchInBytes == pitch,
           "descriptors back: filter %d read %d norm %d resource %d", back.filterMode, back.readMode,
           back.normalizedCoords, rback.resType);
    cudaChannelFormatDesc cd;
    cudaExtent ext;
    unsigned flags;
    CHECK(cudaArrayGetInfo(&cd, &ext, &flags, a8));
    EXPECT(cd.x == 8 && cd.w == 8 && ext.width == 4 && ext.height == 2 && ext.depth == 0 && flags == 0,
           "cudaArrayGetInfo: %d bits, %zux%zux%zu, flags %u", cd.x, ext.width, ext.height, ext.depth, flags);
    for (cudaTextureObject_t t : {te, tn, ts, tse, th, tl, tp})
        CHECK(cudaDestroyTextureObject(t));
    for (cudaArray_t a : {a8, as, ah})
        CHECK(cudaFreeArray(a));
    EXPECT(cudaFreeArray(a8) == cudaErrorInvalidValue, "a second cudaFreeArray");
    (void)cudaGetLastError();

    // a destroyed object's handle: the kernel faults (sticky)
    fetch2d<<<1, 1>>>(tn, 0.5f, 0.5f, df);
    cudaError_t e = cudaDeviceSynchronize();
    EXPECT(e == cudaErrorIllegalAddress, "a fetch through a destroyed texture: %s", cudaGetErrorName(e));
    return finish("texture_modes");
}
