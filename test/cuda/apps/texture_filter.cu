// Texture filtering against a host reference (texture_ref.h): 1D, 2D and 3D
// float arrays, 1D and 2D layered arrays and a cubemap, point and linear, in
// every address mode with normalized coordinates (wrap and mirror need them)
// and clamp and border without; and the 9-bit weights: a linear fetch that
// the full-precision lerp misses by more than the tolerance.
#include "check.h"
#include "texture_ref.h"

enum { N = 96 };   // coordinates per case

__global__ void fetch(cudaTextureObject_t t, int geom, const float4 *c, float4 *out)
{
    int i = threadIdx.x;
    float4 p = c[i];
    int layer = (int)p.w;
    switch (geom) {
    case 1: out[i] = tex1D<float4>(t, p.x); break;
    case 2: out[i] = tex2D<float4>(t, p.x, p.y); break;
    case 3: out[i] = tex3D<float4>(t, p.x, p.y, p.z); break;
    case 4: out[i] = tex1DLayered<float4>(t, p.x, layer); break;
    case 5: out[i] = tex2DLayered<float4>(t, p.x, p.y, layer); break;
    default: out[i] = texCubemap<float4>(t, p.x, p.y, p.z); break;
    }
}

static unsigned rng = 12345;
static float frand() { return (float)((rng = rng * 1664525u + 1013904223u) >> 8) / 16777216.0f; }

// A float2 array of the reference's shape, its texels random, as a texture object.
static cudaTextureObject_t make(HostTex &t, unsigned flags, cudaArray_t *arr)
{
    cudaChannelFormatDesc cd = cudaCreateChannelDesc<float2>();
    int depth = t.dims == 3 ? t.d : (flags & (cudaArrayLayered | cudaArrayCubemap)) ? t.layers : 0;
    CHECK(cudaMalloc3DArray(arr, &cd, make_cudaExtent(t.w, t.dims > 1 ? t.h : 0, depth), flags));
    std::vector<float2> host((size_t)t.w * t.h * t.d * t.layers);
    for (int l = 0; l < t.layers; l++)
        for (int z = 0; z < t.d; z++)
            for (int y = 0; y < t.h; y++)
                for (int x = 0; x < t.w; x++) {
                    float a = frand() * 8 - 2, b = frand();
                    t.at(x, y, z, l, 0) = a, t.at(x, y, z, l, 1) = b;
                    host[(((size_t)l * t.d + z) * t.h + y) * t.w + x] = make_float2(a, b);
                }
    cudaMemcpy3DParms p = {};
    p.srcPtr = make_cudaPitchedPtr(host.data(), t.w * sizeof(float2), t.w, t.h);
    p.dstArray = *arr;
    p.extent = make_cudaExtent(t.w, t.h, t.d * t.layers);
    p.kind = cudaMemcpyHostToDevice;
    CHECK(cudaMemcpy3D(&p));
    cudaResourceDesc rd = {};
    rd.resType = cudaResourceTypeArray;
    rd.res.array.array = *arr;
    cudaTextureDesc td = {};
    for (int k = 0; k < 3; k++)
        td.addressMode[k] = t.mode[k];
    td.filterMode = t.linear ? cudaFilterModeLinear : cudaFilterModePoint;
    td.readMode = cudaReadModeElementType;
    td.normalizedCoords = t.norm;
    for (int k = 0; k < 4; k++)
        td.borderColor[k] = t.border[k];
    cudaTextureObject_t obj;
    CHECK(cudaCreateTextureObject(&obj, &rd, &td, nullptr));
    return obj;
}

static float4 *d_c, *d_out;

// Runs N fetches of geometry geom at coordinates c and checks both channels against the reference.
static void run_case(const char *what, HostTex &t, unsigned flags, int geom, const float4 *c)
{
    cudaArray_t arr;
    cudaTextureObject_t obj = make(t, flags, &arr);
    float4 out[N];
    CHECK(cudaMemcpy(d_c, c, sizeof out, cudaMemcpyHostToDevice));
    fetch<<<1, N>>>(obj, geom, d_c, d_out);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(out, d_out, sizeof out, cudaMemcpyDeviceToHost));
    for (int i = 0; i < N; i++) {
        float x[3] = {c[i].x, c[i].y, c[i].z};
        int layer = (int)c[i].w;
        if (geom == 6) {
            float u, v;
            layer = ref_cube_face(c[i].x, c[i].y, c[i].z, &u, &v);
            x[0] = u, x[1] = v;   // the face coordinates are normalized
        }
        float r0 = ref_sample(t, x, layer, 0), r1 = ref_sample(t, x, layer, 1);
        EXPECT(near(out[i].x, r0) && near(out[i].y, r1), "%s #%d at (%g, %g, %g | %d): (%.7g, %.7g), want (%.7g, %.7g)",
               what, i, c[i].x, c[i].y, c[i].z, layer, out[i].x, out[i].y, r0, r1);
    }
    CHECK(cudaDestroyTextureObject(obj));
    CHECK(cudaFreeArray(arr));
}

// Coordinates spread over [lo, hi) in each of the first dims, the rest 0; layer l cycling.
static void coords(float4 *c, int dims, float lo, float hi, int layers)
{
    for (int i = 0; i < N; i++) {
        float v[3];
        for (int k = 0; k < 3; k++)
            v[k] = k < dims ? lo + (hi - lo) * frand() : 0;
        c[i] = make_float4(v[0], v[1], v[2], (float)(i % layers));
    }
}

static const cudaTextureAddressMode modes[4] = {cudaAddressModeWrap, cudaAddressModeClamp, cudaAddressModeMirror,
                                                cudaAddressModeBorder};
static const char *mode_names[4] = {"wrap", "clamp", "mirror", "border"};

int main()
{
    CHECK(cudaMalloc(&d_c, N * sizeof(float4)));
    CHECK(cudaMalloc(&d_out, N * sizeof(float4)));
    float4 c[N];
    char what[96];
    // 1D, 2D, 3D: every mode, point and linear, normalized coordinates reaching outside [0, 1)
    for (int dims = 1; dims <= 3; dims++)
        for (int m = 0; m < 4; m++)
            for (int lin = 0; lin < 2; lin++) {
                HostTex t;
                t.init(dims == 1 ? 13 : 7, dims > 1 ? 5 : 1, dims > 2 ? 4 : 1, 1, dims);
                t.mode[0] = t.mode[1] = t.mode[2] = modes[m];
                t.linear = lin, t.norm = true;
                t.border[0] = 0.25f, t.border[1] = -3.0f;
                coords(c, dims, -1.3f, 2.4f, 1);
                snprintf(what, sizeof what, "%dD %s %s normalized", dims, mode_names[m], lin ? "linear" : "point");
                run_case(what, t, 0, dims, c);
            }
    // unnormalized coordinates: clamp and border (wrap and mirror act as clamp)
    for (int m = 0; m < 4; m++) {
        HostTex t;
        t.init(9, 6, 1, 1, 2);
        t.mode[0] = t.mode[1] = modes[m];
        t.linear = true;
        t.border[0] = 1.5f;
        coords(c, 2, -3.0f, 12.0f, 1);
        snprintf(what, sizeof what, "2D %s linear in texels", mode_names[m]);
        run_case(what, t, 0, 2, c);
    }
    // layered: 1D and 2D, 3 layers, linear
    {
        HostTex t;
        t.init(11, 1, 1, 3, 1);
        t.linear = true;
        coords(c, 1, -2.0f, 13.0f, 3);
        run_case("1D layered linear", t, cudaArrayLayered, 4, c);
        HostTex u;
        u.init(6, 5, 1, 3, 2);
        u.linear = true, u.norm = true;
        u.mode[0] = u.mode[1] = cudaAddressModeWrap;
        coords(c, 2, -0.5f, 1.5f, 3);
        run_case("2D layered linear wrap", u, cudaArrayLayered, 5, c);
    }
    // cubemap: directions on every face, point and linear
    for (int lin = 0; lin < 2; lin++) {
        HostTex t;
        t.init(8, 8, 1, 6, 2);
        t.linear = lin, t.norm = true;
        coords(c, 3, -1.0f, 1.0f, 1);
        run_case(lin ? "cubemap linear" : "cubemap point", t, cudaArrayCubemap, 6, c);
    }
    // the 9-bit weight: 0 and 1 alternating; x_B's fraction 0.3 is weighted 77/256
    {
        HostTex t;
        t.init(8, 1, 1, 1, 1);
        t.linear = true;
        cudaArray_t arr;
        cudaTextureObject_t obj = make(t, 0, &arr);
        std::vector<float2> alt(8);
        for (int x = 0; x < 8; x++)
            t.at(x, 0, 0, 0, 0) = (float)(x & 1), alt[x] = make_float2((float)(x & 1), 0);
        CHECK(cudaMemcpy2DToArray(arr, 0, 0, alt.data(), 8 * sizeof(float2), 8 * sizeof(float2), 1,
                                  cudaMemcpyHostToDevice));
        for (int i = 0; i < N; i++)
            c[i] = make_float4(2.8f + (float)(i % 4), 0, 0, 0);
        float4 out[N];
        CHECK(cudaMemcpy(d_c, c, sizeof out, cudaMemcpyHostToDevice));
        fetch<<<1, N>>>(obj, 1, d_c, d_out);
        CHECK(cudaMemcpy(out, d_out, sizeof out, cudaMemcpyDeviceToHost));
        float x = 2.8f, fixed = ref_sample(t, &x, 0, 0), full = ref_sample(t, &x, 0, 0, true);
        EXPECT(std::fabs(fixed - full) > 5e-4f, "the reference's weights: %.7g vs %.7g", fixed, full);
        EXPECT(near(out[0].x, fixed) && std::fabs(out[0].x - full) > 5e-4f,
               "linear at 2.8: %.7g, want the 9-bit weight's %.7g (full precision %.7g)", out[0].x, fixed, full);
        CHECK(cudaDestroyTextureObject(obj));
        CHECK(cudaFreeArray(arr));
    }
    CHECK(cudaFree(d_c));
    CHECK(cudaFree(d_out));
    return finish("texture_filter");
}
