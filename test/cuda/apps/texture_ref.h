// The host reference for texture_filter.cu and texture_modes.cu, written from
// the CUDA Programming Guide's "Texture Fetching" appendix: point sampling
// reads T[floor(x)]; linear sampling blends T[i] and T[i+1] with i =
// floor(x - 0.5) by alpha = frac(x - 0.5), which the hardware holds in 9-bit
// fixed point with 8 fractional bits; addressing (wrap and mirror only with
// normalized coordinates) picks the texel or the border colour; a cubemap's
// face is the direction's major axis (the guide's table).
#pragma once
#include <cmath>
#include <vector>

struct HostTex {
    int w = 1, h = 1, d = 1, layers = 1, dims = 1;
    std::vector<float> v;                 // [layer][z][y][x][4]
    cudaTextureAddressMode mode[3] = {cudaAddressModeClamp, cudaAddressModeClamp, cudaAddressModeClamp};
    bool linear = false, norm = false;
    float border[4] = {0, 0, 0, 0};

    void init(int w_, int h_, int d_, int layers_, int dims_)
    {
        w = w_, h = h_, d = d_, layers = layers_, dims = dims_;
        v.assign((size_t)w * h * d * layers * 4, 0.0f);
    }
    float &at(int x, int y, int z, int l, int c) { return v[((((size_t)l * d + z) * h + y) * w + x) * 4 + c]; }
};

// -1: outside, the border colour answers.
static int ref_index(int i, int n, cudaTextureAddressMode m, bool norm)
{
    if (!norm && (m == cudaAddressModeWrap || m == cudaAddressModeMirror))
        m = cudaAddressModeClamp;
    switch (m) {
    case cudaAddressModeWrap: return ((i % n) + n) % n;
    case cudaAddressModeMirror: {
        int p = ((i % (2 * n)) + 2 * n) % (2 * n);
        return p < n ? p : 2 * n - 1 - p;
    }
    case cudaAddressModeBorder: return i < 0 || i >= n ? -1 : i;
    default: return i < 0 ? 0 : i >= n ? n - 1 : i;
    }
}

static float ref_texel(HostTex &t, const int *i, int layer, int c)
{
    int n[3] = {t.w, t.h, t.d}, k[3] = {0, 0, 0};
    for (int a = 0; a < t.dims; a++) {
        k[a] = ref_index(i[a], n[a], t.mode[a], t.norm);
        if (k[a] < 0)
            return t.border[c];
    }
    return t.at(k[0], k[1], k[2], layer, c);
}

static float weight9(float frac) { return std::floor(frac * 256.0f + 0.5f) / 256.0f; }

// Channel c at coordinates x[0..dims) (texels, or normalized) of a layer.
static float ref_sample(HostTex &t, const float *x, int layer, int c, bool full_precision = false)
{
    int n[3] = {t.w, t.h, t.d}, i[3] = {0, 0, 0};
    float a[3] = {0, 0, 0};
    for (int k = 0; k < t.dims; k++) {
        float s = t.norm ? x[k] * (float)n[k] : x[k];
        if (!t.linear) {
            i[k] = (int)std::floor(s);
            continue;
        }
        float b = s - 0.5f;
        i[k] = (int)std::floor(b);
        a[k] = full_precision ? b - std::floor(b) : weight9(b - std::floor(b));
    }
    if (!t.linear)
        return ref_texel(t, i, layer, c);
    // nested lerps along x, then y, then z
    float r = 0;
    for (int dz = 0; dz < (t.dims > 2 ? 2 : 1); dz++) {
        float ry = 0;
        for (int dy = 0; dy < (t.dims > 1 ? 2 : 1); dy++) {
            int j0[3] = {i[0], i[1] + dy, i[2] + dz}, j1[3] = {i[0] + 1, i[1] + dy, i[2] + dz};
            float rx = (1 - a[0]) * ref_texel(t, j0, layer, c) + a[0] * ref_texel(t, j1, layer, c);
            ry += t.dims > 1 ? (dy ? a[1] : 1 - a[1]) * rx : rx;
        }
        r += t.dims > 2 ? (dz ? a[2] : 1 - a[2]) * ry : ry;
    }
    return r;
}

// The guide's cubemap table: face, and the face coordinates in [0, 1].
static int ref_cube_face(float x, float y, float z, float *u, float *v)
{
    float ax = std::fabs(x), ay = std::fabs(y), az = std::fabs(z), m, s, t;
    int face;
    if (ax >= ay && ax >= az) {
        face = x >= 0 ? 0 : 1, m = ax, t = -y, s = x >= 0 ? -z : z;
    } else if (ay >= az) {
        face = y >= 0 ? 2 : 3, m = ay, s = x, t = y >= 0 ? z : -z;
    } else {
        face = z >= 0 ? 4 : 5, m = az, s = z >= 0 ? x : -x, t = -y;
    }
    *u = (s / m + 1) / 2;
    *v = (t / m + 1) / 2;
    return face;
}

static bool near(float a, float b) { return std::fabs(a - b) <= 2e-5f * (1 + std::fabs(b)); }
