/* PTX ALU, cvt: float to integer saturation and NaN, the integer rounding
 * modes, integer to float rounding, f16/bf16 narrowing (ties, subnormals,
 * overflow by mode, .satfinite, .relu), the packed x2 order, .sat. */
#include "ptx_alu_fixture.h"

static uint64_t cvt(unsigned dt, unsigned st, unsigned rnd, uint32_t flags, uint64_t a)
{
    ptx_alu_t d = alu(PTX_OP_CVT, dt, st, rnd, flags);
    return ev(&d, a, 0, 0);
}

Test(ptx_alu_cvt, float_to_int_saturates)
{
    cr_expect_eq(cvt(PTX_T_S32, PTX_T_F32, PTX_RND_RZI, 0, fb(3e9f)), 0x7fffffffu);
    cr_expect_eq(cvt(PTX_T_S32, PTX_T_F32, PTX_RND_RZI, 0, fb(-3e9f)), 0x80000000u);
    cr_expect_eq(cvt(PTX_T_U32, PTX_T_F32, PTX_RND_RZI, 0, fb(-1.5f)), 0);
    cr_expect_eq(cvt(PTX_T_U8, PTX_T_F32, PTX_RND_RNI, 0, fb(300)), 0xff);
    cr_expect_eq(cvt(PTX_T_S16, PTX_T_F64, PTX_RND_RNI, 0, db(-40000)), 0x8000);
    cr_expect_eq(cvt(PTX_T_S32, PTX_T_F32, PTX_RND_RZI, 0, F32_NAN), 0, "NaN -> 0");
    cr_expect_eq(cvt(PTX_T_U64, PTX_T_F32, PTX_RND_RZI, 0, F32_INF), ~0ull);
    cr_expect_eq(cvt(PTX_T_S64, PTX_T_F64, PTX_RND_RZI, 0, db(0x1p63)), 0x7fffffffffffffffull);
    cr_expect_eq(cvt(PTX_T_S64, PTX_T_F64, PTX_RND_RZI, 0, db(-0x1p63)), 0x8000000000000000ull);
}

Test(ptx_alu_cvt, integer_rounding_modes)
{
    cr_expect_eq(cvt(PTX_T_S32, PTX_T_F32, PTX_RND_RNI, 0, fb(2.5f)), 2, "ties to even");
    cr_expect_eq(cvt(PTX_T_S32, PTX_T_F32, PTX_RND_RNI, 0, fb(3.5f)), 4);
    cr_expect_eq(cvt(PTX_T_S32, PTX_T_F32, PTX_RND_RMI, 0, fb(-2.1f)), (uint32_t)-3);
    cr_expect_eq(cvt(PTX_T_S32, PTX_T_F32, PTX_RND_RPI, 0, fb(-2.9f)), (uint32_t)-2);
    cr_expect_eq(cvt(PTX_T_S32, PTX_T_F32, PTX_RND_RMI, 0, 0x80000001u), (uint32_t)-1, "a tiny negative floors to -1");
    cr_expect_eq(cvt(PTX_T_S32, PTX_T_F32, PTX_RND_RMI, PTX_MF_FTZ, 0x80000001u), 0, ".ftz: -0 floors to 0");
    cr_expect_eq(cvt(PTX_T_F32, PTX_T_F32, PTX_RND_RNI, 0, fb(-0.4f)), 0x80000000u, "rounds to -0");
    cr_expect_eq(cvt(PTX_T_F64, PTX_T_F64, PTX_RND_RPI, 0, db(1.25)), db(2));
}

Test(ptx_alu_cvt, int_to_float_rounding)
{
    uint64_t v = (1u << 24) + 1;
    cr_expect_eq(cvt(PTX_T_F32, PTX_T_U32, PTX_RND_RN, 0, v), fb(16777216.0f));
    cr_expect_eq(cvt(PTX_T_F32, PTX_T_U32, PTX_RND_RP, 0, v), fb(16777218.0f));
    cr_expect_eq(cvt(PTX_T_F32, PTX_T_S32, PTX_RND_RM, 0, (uint32_t)-(int32_t)v), fb(-16777218.0f));
    cr_expect_eq(cvt(PTX_T_F64, PTX_T_U64, PTX_RND_RZ, 0, ~0ull), db(0x1.fffffffffffffp63));
    cr_expect_eq(cvt(PTX_T_F16, PTX_T_S32, PTX_RND_RN, 0, 70000), 0x7c00, "past f16's max: inf");
    cr_expect_eq(cvt(PTX_T_F16, PTX_T_S32, PTX_RND_RZ, 0, 70000), 0x7bff, "toward zero: max");
    cr_expect_eq(cvt(PTX_T_F32, PTX_T_S16, PTX_RND_RN, 0, 0x8000), fb(-32768.0f), "the source is its type's width");
    cr_expect_eq(cvt(PTX_T_F32, PTX_T_S32, PTX_RND_RN, PTX_MF_SAT, 5), fb(1));
}

Test(ptx_alu_cvt, narrowing_to_halves)
{
    cr_expect_eq(cvt(PTX_T_F16, PTX_T_F32, PTX_RND_RN, 0, fb(1.0f + 0x1p-11f)), 0x3c00, "a tie to even");
    cr_expect_eq(cvt(PTX_T_F16, PTX_T_F32, PTX_RND_RN, 0, fb(1.0f + 0x1p-11f + 0x1p-20f)), 0x3c01);
    cr_expect_eq(cvt(PTX_T_F16, PTX_T_F32, PTX_RND_RP, 0, fb(0x1p-30f)), 0x0001, "up to the least subnormal");
    cr_expect_eq(cvt(PTX_T_F16, PTX_T_F32, PTX_RND_RN, 0, fb(0x1p-25f)), 0, "half the least subnormal: even");
    cr_expect_eq(cvt(PTX_T_F16, PTX_T_F32, PTX_RND_RN, 0, fb(65520.0f)), 0x7c00);
    cr_expect_eq(cvt(PTX_T_F16, PTX_T_F32, PTX_RND_RN, PTX_MF_SATFINITE, fb(65520.0f)), 0x7bff);
    cr_expect_eq(cvt(PTX_T_F16, PTX_T_F32, PTX_RND_RN, PTX_MF_SATFINITE, F32_INF | 0x80000000u), 0xfbff);
    cr_expect_eq(cvt(PTX_T_F16, PTX_T_F32, PTX_RND_RN, PTX_MF_SATFINITE, F32_NAN), 0x7fff, "NaN stays NaN");
    cr_expect_eq(cvt(PTX_T_BF16, PTX_T_F32, PTX_RND_RN, PTX_MF_RELU, fb(-3.0f)), 0);
    cr_expect_eq(cvt(PTX_T_BF16, PTX_T_F32, PTX_RND_RN, 0, 0x3f808000u), 0x3f80, "a tie to even");
    cr_expect_eq(cvt(PTX_T_BF16, PTX_T_F32, PTX_RND_RZ, 0, 0x3f80ffffu), 0x3f80);
    cr_expect_eq(cvt(PTX_T_F32, PTX_T_F16, 0, 0, 0x0001), fb(0x1p-24f), "widening is exact");
    cr_expect_eq(cvt(PTX_T_F32, PTX_T_BF16, 0, 0, 0xff80), F32_INF | 0x80000000u);
    cr_expect_eq(cvt(PTX_T_F32, PTX_T_F64, PTX_RND_RZ, 0, db(1e300)), F32_MAX);
    cr_expect_eq(cvt(PTX_T_F32, PTX_T_F64, PTX_RND_RN, PTX_MF_FTZ, db(1e-40)), 0, "an f32 subnormal result flushed");
}

Test(ptx_alu_cvt, packed_pairs_and_int_sat)
{
    ptx_alu_t d = alu(PTX_OP_CVT, PTX_T_F16X2, PTX_T_F32, PTX_RND_RN, 0);
    cr_expect_eq(ev(&d, fb(1), fb(2), 0), 0x3c004000u, "the first source in the upper half");
    cr_expect_eq(cvt(PTX_T_U8, PTX_T_S32, 0, PTX_MF_SAT, (uint32_t)-5), 0);
    cr_expect_eq(cvt(PTX_T_S8, PTX_T_U64, 0, PTX_MF_SAT, ~0ull), 0x7f);
    cr_expect_eq(cvt(PTX_T_S8, PTX_T_U64, 0, 0, ~0ull), 0xff, "without .sat: truncated");
    cr_expect_eq(cvt(PTX_T_S64, PTX_T_S16, 0, 0, 0x8000), 0xffffffffffff8000ull);
    cr_expect_eq(cvt(PTX_T_U32, PTX_T_S8, 0, PTX_MF_SAT, 0x80), 0);
}

/* f32 to tf32: f32 bits with the low 13 mantissa bits rounded away. */
Test(ptx_alu_cvt, to_tf32)
{
    cr_expect_eq(cvt(PTX_T_TF32, PTX_T_F32, PTX_RND_RNA, 0, 0x3f801000u), 0x3f802000u, ".rna: a tie away from zero");
    cr_expect_eq(cvt(PTX_T_TF32, PTX_T_F32, PTX_RND_RNA, 0, 0xbf800fffu), 0xbf800000u);
    cr_expect_eq(cvt(PTX_T_TF32, PTX_T_F32, PTX_RND_RN, 0, 0x3f801000u), 0x3f800000u, ".rn: a tie to even");
    cr_expect_eq(cvt(PTX_T_TF32, PTX_T_F32, PTX_RND_RN, 0, 0x3f803000u), 0x3f804000u, ".rn: a tie to even, up");
    cr_expect_eq(cvt(PTX_T_TF32, PTX_T_F32, PTX_RND_RZ, 0, 0xbf803fffu), 0xbf802000u, ".rz: truncated");
    cr_expect_eq(cvt(PTX_T_TF32, PTX_T_F32, PTX_RND_RNA, 0, F32_MAX), F32_INF, "past the largest tf32: inf");
    cr_expect_eq(cvt(PTX_T_TF32, PTX_T_F32, PTX_RND_RNA, PTX_MF_SATFINITE, F32_MAX), 0x7f7fe000u);
    cr_expect_eq(cvt(PTX_T_TF32, PTX_T_F32, PTX_RND_RNA, PTX_MF_SATFINITE, F32_INF | 0x80000000u), 0xff7fe000u);
    cr_expect_eq(cvt(PTX_T_TF32, PTX_T_F32, PTX_RND_RZ, 0, F32_MAX), 0x7f7fe000u, ".rz stays finite");
    cr_expect_eq(cvt(PTX_T_TF32, PTX_T_F32, PTX_RND_RNA, 0, 0x00001000u), 0x00002000u, "subnormals round at bit 13");
    cr_expect_eq(cvt(PTX_T_TF32, PTX_T_F32, PTX_RND_RN, PTX_MF_RELU, fb(-3.0f)), 0);
    cr_expect_eq(cvt(PTX_T_TF32, PTX_T_F32, PTX_RND_RNA, PTX_MF_SATFINITE, F32_NAN | 0x1234u), 0x7fffffffu,
                 "NaN: the canonical one");
}

/* The exact widenings: all 65536 f16 values against the compiler's _Float16
 * (an independent conversion), NaNs canonical as cvt gives them; f32 to
 * f64 at the edges (subnormals, the largest finite, -0) and at random. */
Test(ptx_alu_cvt, exact_widenings)
{
    for (uint32_t h = 0; h < 0x10000; h++) {
        uint16_t bits = (uint16_t)h;
        _Float16 x;
        memcpy(&x, &bits, 2);
        uint64_t got = cvt(PTX_T_F32, PTX_T_F16, PTX_RND_NONE, 0, h);
        uint32_t want = (h & 0x7c00u) == 0x7c00u && (h & 0x3ffu) ? 0x7fffffffu : fb((float)x);
        cr_assert_eq(got, want, "cvt.f32.f16 %04x: %08llx, not %08x", h, (unsigned long long)got, want);
    }
    static const uint32_t edge[] = {0, 0x80000000u, 1, 0x807fffffu, 0x00800000u, 0x7f7fffffu, 0xff800000u, 0x3f800001u};
    uint32_t r = 12345;
    for (int i = 0; i < 100000; i++) {
        uint32_t f = i < 8 ? edge[i] : (r = r * 1664525u + 1013904223u);
        float v;
        memcpy(&v, &f, 4);
        uint64_t want = v != v ? 0x7fffffffffffffffull : db((double)v);
        cr_assert_eq(cvt(PTX_T_F64, PTX_T_F32, PTX_RND_NONE, 0, f), want, "cvt.f64.f32 %08x", f);
    }
}
