// f32 to tf32 (sm_80+: the sm_90 build runs it; the sm_75 build only says so):
// wmma::__float_to_tf32 (nvcc emits cvt.rna.tf32.f32), and through inline
// PTX cvt.rna.satfinite.tf32.f32 (PTX 8.1, sm_80) and cvt.rn/.rz{.relu}.tf32.f32
// (PTX 7.8, sm_90), on edge values (ties at the 13th bit, the largest finite
// f32, infinities, subnormals, zeros, NaN) and pseudo-random ones, against the
// host's rounding: the value scaled to an 11-bit integer in double, rounded
// there (half away from zero, half to even, toward zero), scaled back, and
// past the largest tf32 an infinity (.satfinite: the largest tf32). Exact, bit
// for bit; a NaN result need only be a NaN.
#include <mma.h>
#include <cmath>
#include <cstdint>
#include "check.h"

#if __CUDA_ARCH_LIST__ >= 800
#define SM80 1
#else
#define SM80 0
#endif

enum { RNA, RNA_SAT, RN, RN_RELU, RZ, RZ_RELU, NFORMS };
static const char *const names[NFORMS] = {"rna", "rna.satfinite", "rn", "rn.relu", "rz", "rz.relu"};

__global__ void convert(const float *in, uint32_t *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    float x = in[i];
    uint32_t *o = out + (size_t)i * NFORMS;
    o[RNA] = __float_as_uint(nvcuda::wmma::__float_to_tf32(x));
    asm("cvt.rna.satfinite.tf32.f32 %0, %1;" : "=r"(o[RNA_SAT]) : "f"(x));
#endif
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
    asm("cvt.rn.tf32.f32 %0, %1;" : "=r"(o[RN]) : "f"(x));
    asm("cvt.rn.relu.tf32.f32 %0, %1;" : "=r"(o[RN_RELU]) : "f"(x));
    asm("cvt.rz.tf32.f32 %0, %1;" : "=r"(o[RZ]) : "f"(x));
    asm("cvt.rz.relu.tf32.f32 %0, %1;" : "=r"(o[RZ_RELU]) : "f"(x));
#endif
}

static float f_of(uint32_t b)
{
    float f;
    memcpy(&f, &b, 4);
    return f;
}

static uint32_t bits_of(float f)
{
    uint32_t b;
    memcpy(&b, &f, 4);
    return b;
}

// The host's tf32 rounding of x (not NaN).
static uint32_t want_tf32(float x, int form)
{
    bool relu = form == RN_RELU || form == RZ_RELU, sat = form == RNA_SAT;
    double a = fabs((double)x), q, m;
    if (relu && std::signbit(x))
        return 0;
    if (std::isinf(x))
        return sat ? bits_of(std::copysign(0x1.ffcp127f, x)) : bits_of(x);
    q = a < 0x1p-126 ? 0x1p-136 : std::ldexp(1.0, std::ilogb(a) - 10); // a tf32's last place
    m = a / q;                                                          // exact: at most 24 bits
    if (form == RNA || form == RNA_SAT)
        m = std::floor(m + 0.5);
    else if (form == RN || form == RN_RELU)
        m = std::nearbyint(m);
    else
        m = std::trunc(m);
    double y = m * q;
    if (y >= 0x1p128)
        y = sat ? 0x1.ffcp127 : INFINITY;
    return bits_of(std::copysign((float)y, x));
}

int main()
{
    if (!SM80) {
        printf("cvt_tf32: needs sm_80 (the sm_90 build runs it)\n");
        return finish("cvt_tf32");
    }
    int forms = __CUDA_ARCH_LIST__ >= 900 ? NFORMS : RN;
    static const uint32_t edges[] = {
        0x3f800000, 0x3f801000, 0x3f803000, 0x3f800fff, 0x3f801001, 0xbf801000, 0xbf803000, // 1 and ties
        0x7f7fffff, 0xff7fffff, 0x7f7ff000, 0x7f7fefff, 0x7f7fe000,                         // the top
        0x7f800000, 0xff800000, 0x7fc00000, 0x7f800001, 0xffc00001,                         // inf, NaN
        0x00001000, 0x00003000, 0x00000fff, 0x807ff000, 0x007fffff, 0x00800000, 0x00000001, // subnormals
        0x00000000, 0x80000000, 0x33ffffff, 0x4b7ff800, 0xcb7fe800,
    };
    const int nedge = sizeof edges / sizeof edges[0], n = nedge + 4000;
    float *in = new float[n];
    uint32_t *out = new uint32_t[(size_t)n * NFORMS];
    for (int i = 0; i < nedge; i++)
        in[i] = f_of(edges[i]);
    uint32_t s = 12345;
    for (int i = nedge; i < n; i++) {
        s = s * 1664525u + 1013904223u;
        uint32_t b = s;
        if (i % 3 == 0)
            b = (b & 0xffffe000u) | 0x1000u; // a tie
        in[i] = f_of(b);
    }
    float *din;
    uint32_t *dout;
    CHECK(cudaMalloc(&din, sizeof(float) * n));
    CHECK(cudaMalloc(&dout, sizeof(uint32_t) * n * NFORMS));
    CHECK(cudaMemcpy(din, in, sizeof(float) * n, cudaMemcpyHostToDevice));
    convert<<<(n + 127) / 128, 128>>>(din, dout, n);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(out, dout, sizeof(uint32_t) * n * NFORMS, cudaMemcpyDeviceToHost));
    int bad = 0;
    for (int i = 0; i < n; i++)
        for (int f = 0; f < forms; f++) {
            uint32_t got = out[(size_t)i * NFORMS + f];
            bool ok;
            uint32_t want = 0;
            if (std::isnan(in[i])) {
                ok = std::isnan(f_of(got)) || ((f == RN_RELU || f == RZ_RELU) && got == 0);
            } else {
                want = want_tf32(in[i], f);
                ok = got == want;
            }
            if (!ok && bad++ < 10)
                EXPECT(ok, "cvt.%s.tf32.f32 of %a (%#x) = %#x, want %#x", names[f], in[i], bits_of(in[i]), got, want);
        }
    printf("cvt_tf32: %d values, %d forms\n", n, forms);
    return finish("cvt_tf32");
}
