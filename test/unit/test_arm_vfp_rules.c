/* VFP corner cases the ARM ARM spells out (FPProcessNaNs, FPUnpack's
 * flush, FPRound's flush, FPToFixed, FixedToFP, FPConvert, VFPExpandImm),
 * checked on softfloat/vfp_fp.h / softfloat/vfp_cvt.h, and the VFP records end to end:
 * decoded from the encodings GNU as gives (objdump's text beside them),
 * disassembled back, and executed (VMRS APSR_nzcv, VMSR's mask, VLDM/VSTM
 * write-back). Every value here was also checked under qemu-arm 7.2
 * (test/vfp/vfp_ops.c runs them all in `make vfp-diff`). */
#include <criterion/criterion.h>
#include <string.h>

#include "device/arm/arm_step.h"
#include "mem_fixture.h"

#define F32 PTX_FMT_F32
#define F64 PTX_FMT_F64
#define RM_RN (0u << 22)
#define RM_RP (1u << 22)
#define RM_RM (2u << 22)
#define RM_RZ (3u << 22)

Test(arm_vfp_rules, nan_propagation_first_snan_then_first_qnan)
{
    uint32_t fs = 0;
    /* qNaN + sNaN: the sNaN, quietened, with IOC */
    cr_assert_eq(vfp_addsub(F32, 0x7fc00001u, 0xff800002u, 0, &fs), 0xffc00002u);
    cr_assert_eq(fs, VFP_IOC);
    fs = 0; /* two qNaNs: the first, no flag */
    cr_assert_eq(vfp_mul(F32, 0xffc00005u, 0x7fc00006u, &fs), 0xffc00005u);
    cr_assert_eq(fs, 0u);
    fs = 0; /* a NaN's sign is its own in a subtraction */
    cr_assert_eq(vfp_addsub(F64, 0x3ff0000000000000ull, 0x7ff8000000000009ull, 1, &fs), 0x7ff8000000000009ull);
    fs = VFP_DN; /* default NaN */
    cr_assert_eq(vfp_div(F64, 0x7ff0000000000001ull, 1, &fs), 0x7ff8000000000000ull);
    cr_assert_eq(fs, VFP_DN | VFP_IOC);
    fs = 0; /* fused: the addend first; inf * 0 + qNaN is the default NaN and invalid */
    cr_assert_eq(vfp_muladd(F32, 0x7fc00011u, 0x7fc00022u, 0x3f800000u, &fs), 0x7fc00011u);
    cr_assert_eq(vfp_muladd(F32, 0x7fc00011u, 0x7f800000u, 0u, &fs), 0x7fc00000u);
    cr_assert_eq(fs, VFP_IOC);
}

Test(arm_vfp_rules, invalid_and_divide_by_zero)
{
    uint32_t fs = 0;
    cr_assert_eq(vfp_addsub(F32, 0x7f800000u, 0x7f800000u, 1, &fs), 0x7fc00000u);
    cr_assert_eq(fs, VFP_IOC);
    fs = 0;
    cr_assert_eq(vfp_div(F32, 0xbf800000u, 0u, &fs), 0xff800000u);
    cr_assert_eq(fs, VFP_DZC);
    fs = 0;
    cr_assert_eq(vfp_sqrt(F64, 0x8000000000000000ull, &fs), 0x8000000000000000ull, "sqrt(-0) = -0");
    cr_assert_eq(vfp_sqrt(F64, 0xbff0000000000000ull, &fs), 0x7ff8000000000000ull);
    cr_assert_eq(fs, VFP_IOC);
}

Test(arm_vfp_rules, flush_to_zero_inputs_and_results)
{
    uint32_t fs = VFP_FZ;
    /* a denormal input is a zero of its sign: IDC */
    cr_assert_eq(vfp_addsub(F32, 0x80000001u, 0x80000000u, 0, &fs), 0x80000000u);
    cr_assert_eq(fs, VFP_FZ | VFP_IDC);
    fs = VFP_FZ; /* a result tiny before rounding is zero: UFC, not IXC */
    cr_assert_eq(vfp_mul(F32, 0x00800000u, 0x3f000000u, &fs), 0u);
    cr_assert_eq(fs, VFP_FZ | VFP_UFC);
    fs = VFP_FZ; /* ... even one that would round up to the smallest normal */
    cr_assert_eq(vfp_mul(F32, 0x00ffffffu, 0x3f000000u, &fs), 0u);
    cr_assert_eq(fs, VFP_FZ | VFP_UFC);
    fs = 0; /* without FZ: a subnormal, UFC only when inexact */
    cr_assert_eq(vfp_mul(F32, 0x00800000u, 0x3f000000u, &fs), 0x00400000u);
    cr_assert_eq(fs, 0u);
    cr_assert_eq(vfp_mul(F32, 0x00800001u, 0x3f000000u, &fs), 0x00400000u);
    cr_assert_eq(fs, VFP_UFC | VFP_IXC);
    fs = VFP_FZ; /* compares flush too */
    cr_assert_eq(vfp_compare(F64, 1, 0x8000000000000000ull, 0, &fs), 0x6u);
    cr_assert_eq(fs, VFP_FZ | VFP_IDC);
}

Test(arm_vfp_rules, rounding_modes_and_overflow)
{
    uint32_t modes[4] = {RM_RN, RM_RP, RM_RM, RM_RZ};
    /* 1 + 2^-24 in single: a tie (RN: even), up, down, toward zero */
    uint32_t want[4] = {0x3f800000u, 0x3f800001u, 0x3f800000u, 0x3f800000u};
    /* max * 2: inf, inf, max, max for a positive result */
    uint32_t wover[4] = {0x7f800000u, 0x7f800000u, 0x7f7fffffu, 0x7f7fffffu};
    for (int i = 0; i < 4; i++) {
        uint32_t fs = modes[i];
        cr_assert_eq(vfp_addsub(F32, 0x3f800000u, 0x33800000u, 0, &fs), want[i], "mode %d", i);
        cr_assert_eq(fs & 0x9fu, VFP_IXC);
        fs = modes[i];
        cr_assert_eq(vfp_mul(F32, 0x7f7fffffu, 0x40000000u, &fs), wover[i], "mode %d", i);
        cr_assert_eq(fs & 0x9fu, VFP_OFC | VFP_IXC);
    }
    uint32_t fs = RM_RM; /* x - x is -0 rounding down, +0 otherwise */
    cr_assert_eq(vfp_addsub(F64, 0x4000000000000000ull, 0x4000000000000000ull, 1, &fs), 0x8000000000000000ull);
    fs = RM_RP;
    cr_assert_eq(vfp_addsub(F64, 0x4000000000000000ull, 0x4000000000000000ull, 1, &fs), 0u);
}

Test(arm_vfp_rules, to_integer_and_fixed_point)
{
    uint32_t fs = 0;
    cr_assert_eq(vfp_to_fixed(F32, 0x7fc00000u, 0, 32, 1, PTX_RND_RZ, &fs), 0u, "NaN: 0");
    cr_assert_eq(fs, VFP_IOC);
    fs = 0; /* out of range saturates with IOC alone */
    cr_assert_eq(vfp_to_fixed(F32, 0x4f000000u, 0, 32, 1, PTX_RND_RZ, &fs), 0x7fffffffu);
    cr_assert_eq(fs, VFP_IOC);
    fs = 0;
    cr_assert_eq(vfp_to_fixed(F64, 0xbff8000000000000ull, 0, 32, 0, PTX_RND_RZ, &fs), 0u, "-1.5 unsigned");
    cr_assert_eq(fs, VFP_IOC);
    fs = 0; /* -0.5 toward zero is 0 for unsigned: inexact, not invalid */
    cr_assert_eq(vfp_to_fixed(F64, 0xbfe0000000000000ull, 0, 32, 0, PTX_RND_RZ, &fs), 0u);
    cr_assert_eq(fs, VFP_IXC);
    fs = 0; /* VCVTR: the FPSCR's mode; 2.5 to nearest even, -2.5 down */
    cr_assert_eq(vfp_to_fixed(F32, 0x40200000u, 0, 32, 1, PTX_RND_RN, &fs), 2u);
    cr_assert_eq(vfp_to_fixed(F32, 0xc0200000u, 0, 32, 1, PTX_RND_RM, &fs), (uint32_t)-3);
    fs = 0; /* 16-bit fixed point, 3 fraction bits: -1.25 * 8 = -10, sign-extended */
    cr_assert_eq(vfp_to_fixed(F32, 0xbfa00000u, 3, 16, 1, PTX_RND_RZ, &fs), 0xfffffff6u);
    cr_assert_eq(vfp_to_fixed(F32, 0x47000000u, 3, 16, 1, PTX_RND_RZ, &fs), 0x7fffu, "saturates at 16 bits");
    cr_assert_eq(fs, VFP_IOC);
    fs = 0; /* from fixed: the low 16 bits, signed; 0xfff6 / 8 = -1.25 */
    cr_assert_eq(vfp_from_fixed(F32, 0x1234fff6u, 3, 16, 1, PTX_RND_RN, &fs), 0xbfa00000u);
    cr_assert_eq(vfp_from_fixed(F64, 0xffffffffu, 32, 32, 0, PTX_RND_RN, &fs), 0x3fefffffffe00000ull);
    cr_assert_eq(fs, 0u);
    cr_assert_eq(vfp_from_fixed(F32, 0x7fffffffu, 0, 32, 1, PTX_RND_RZ, &fs), 0x4effffffu);
    cr_assert_eq(fs, VFP_IXC);
}

Test(arm_vfp_rules, float_double_half_conversions)
{
    uint32_t fs = 0;
    /* sNaN: quietened, its payload's top bits kept, IOC */
    cr_assert_eq(vfp_convert(F32, F64, 0xff812345u, 1, 1, &fs), 0xfff82468a0000000ull);
    cr_assert_eq(fs, VFP_IOC);
    fs = RM_RZ; /* narrowing rounds by the FPSCR */
    cr_assert_eq(vfp_convert(F64, F32, 0x3ff0000010000001ull, 1, 1, &fs), 0x3f800000u);
    cr_assert_eq(fs & 0x9fu, VFP_IXC);
    fs = 0; /* f32 -> f16: 65520 rounds to inf (overflow); a tiny value to a subnormal half */
    cr_assert_eq(vfp_convert(F32, PTX_FMT_F16, 0x477ff000u, 1, 0, &fs), 0x7c00u);
    cr_assert_eq(fs, VFP_OFC | VFP_IXC);
    fs = VFP_FZ; /* half results are not flushed; half inputs never */
    cr_assert_eq(vfp_convert(F32, PTX_FMT_F16, 0x33800000u, 1, 0, &fs), 0x0001u);
    cr_assert_eq(vfp_convert(PTX_FMT_F16, F32, 0x0001u, 0, 1, &fs), 0x33800000u);
    cr_assert_eq(fs, VFP_FZ);
}

/* ---- records: decode, disassemble, execute -------------------------------- */

static const struct {
    uint32_t word;
    const char *text;
} vfp_words[] = {
    {0xee000a40u, "vmls.f32\ts0, s0, s0"},      {0xee900a40u, "vfnma.f32\ts0, s0, s0"},
    {0xee311b02u, "vadd.f64\td1, d1, d2"},      {0xeeb70a00u, "vmov.f32\ts0, #1"},
    {0xeeb20ac0u, "vcvtt.f32.f16\ts0, s0"},     {0xeeb50a40u, "vcmp.f32\ts0, #0.0"},
    {0xeeb70ac0u, "vcvt.f64.f32\td0, s0"},      {0xeeba0a67u, "vcvt.f32.s16\ts0, s0, #1"},
    {0xeebf0aefu, "vcvt.u32.f32\ts0, s0, #1"},  {0xeebc0a40u, "vcvtr.u32.f32\ts0, s0"},
    {0xeef1fa10u, "vmrs\tAPSR_nzcv, fpscr"},    {0xee300b10u, "vmov.32\tr0, d0[1]"},
    {0xec510b10u, "vmov\tr0, r1, d0"},          {0xec410a10u, "vmov\ts0, s1, r0, r1"},
    {0xed900a01u, "vldr\ts0, [r0, #4]"},        {0xed000b01u, "vstr\td0, [r0, #-4]"},
    {0xecb00a04u, "vldmia\tr0!, {s0-s3}"},      {0xed2d8b04u, "vpush\t{d8-d9}"},
    {0x1e300a00u, "vaddne.f32\ts0, s0, s0"},
    /* D16-D31 (VFPv3-D32) */
    {0xee311b82u, "vadd.f64\td1, d17, d2"},     {0xeef70ae7u, "vcvt.f64.f32\td16, s15"},
    {0xed6d0b20u, "vpush\t{d16-d31}"},          {0xec510b3fu, "vmov\tr0, r1, d31"},
    {0xee2f0b90u, "vmov.32\td31[1], r0"},       {0xeef1fb6fu, "vneg.f64\td31, d31"},
    {0xecf00b20u, "vldmia\tr0!, {d16-d31}"},    {0xee7e0bebu, "vsub.f64\td16, d30, d27"},
    {0xeefa0bc5u, "vcvt.f64.s32\td16, d16, #22"},
};

Test(arm_vfp_rules, decode_and_disassemble_like_objdump)
{
    for (size_t i = 0; i < sizeof vfp_words / sizeof vfp_words[0]; i++) {
        arm_insn_t a, t;
        char buf[80];
        arm_decode_a32(vfp_words[i].word, 0x8000u, &a);
        cr_assert_neq(a.op, ARM_OP_UNDEF, "%08x", vfp_words[i].word);
        cr_assert_str_eq(arm_disasm(&a, 0x8000u, buf, sizeof buf), vfp_words[i].text);
        if (vfp_words[i].word >> 28 != 14u)
            continue;
        /* T32: the same bits, halfwords in order */
        arm_decode_t32(vfp_words[i].word >> 16, vfp_words[i].word & 0xffffu, 0x8000u, &t);
        cr_assert_eq(t.op, a.op);
        cr_assert_eq(arm_len(&t), 4u);
        cr_assert_str_eq(arm_disasm(&t, 0x8000u, buf, sizeof buf), vfp_words[i].text);
    }
    arm_insn_t u;
    arm_decode_a32(0xec900b22u, 0x8000u, &u); /* vldmia r0, {d0-d16}: 17 doubles, UNPREDICTABLE */
    cr_assert_eq(u.op, ARM_OP_UNDEF);
    arm_decode_a32(0xecd00b22u, 0x8000u, &u); /* vldmia r0, {d16-d32}: past D31 */
    cr_assert_eq(u.op, ARM_OP_UNDEF);
    arm_decode_a32(0xeef00a10u, 0x8000u, &u); /* vmrs r0, fpsid: not from user mode */
    cr_assert_eq(u.op, ARM_OP_UNDEF);
}

static uint32_t rec_priv[1024];

static void run_words(arm_ctx_t *c, const uint32_t *w, size_t n)
{
    sim_mem_t m = one_core_mem(rec_priv, 0x10000u, sizeof rec_priv);
    for (size_t i = 0; i < n; i++) {
        arm_insn_t in;
        arm_decode_a32(w[i], 0x8000u + 4u * (uint32_t)i, &in);
        c->r[15] = 0x8000u + 4u * (uint32_t)i + 8u;
        c->npc = c->r[15] - 4u;
        if (in.cond == ARM_COND_AL || arm_cond_pass(in.cond, c->nzcv))
            arm_exec(c, &in, &m, 0, 0x8000u + 4u * (uint32_t)i, 0);
    }
}

Test(arm_vfp_rules, vmrs_apsr_nzcv_and_vmsr_mask)
{
    arm_ctx_t c;
    memset(&c, 0, sizeof c);
    c.r[0] = 0xffffffffu;
    c.vfp[1] = 0x3f800000u; /* s1 = 1.0 */
    c.vfp[2] = 0x7fc00000u; /* s2 = qNaN */
    /* vmsr fpscr, r0; vmrs r1, fpscr; vcmpe.f32 s1, s2; vmrs APSR_nzcv, fpscr */
    const uint32_t w[] = {0xeee10a10u, 0xeef11a10u, 0xeef40ac1u, 0xeef1fa10u};
    run_words(&c, w, 4);
    cr_assert_eq(c.r[1], VFP_FPSCR_WRITABLE, "the trap enables read as zero");
    cr_assert_eq(c.nzcv, 0x3u, "unordered: C and V");
    cr_assert_eq(c.fpscr >> 28, 0x3u);
    /* vcmp.f32 s2, s1 with s2 = -2: less, N */
    c.vfp[2] = 0xc0000000u;
    const uint32_t w2[] = {0xeeb41a60u, 0xeef1fa10u};
    run_words(&c, w2, 2);
    cr_assert_eq(c.nzcv, 0x8u);
}

Test(arm_vfp_rules, vpush_vpop_and_vldr_literal_layout)
{
    arm_ctx_t c;
    memset(&c, 0, sizeof c);
    c.r[13] = 0x10000u + sizeof rec_priv;
    for (int i = 0; i < 32; i++)
        c.vfp[i] = 0x1000u + (uint32_t)i;
    /* vpush {d8-d9}; vpop {d8}: d8 is s16, s17, the low word first */
    const uint32_t w[] = {0xed2d8b04u};
    run_words(&c, w, 1);
    cr_assert_eq(c.r[13], 0x10000u + sizeof rec_priv - 16u);
    cr_assert_eq(rec_priv[1024 - 4], 0x1010u);
    cr_assert_eq(rec_priv[1024 - 1], 0x1013u);
    memset(c.vfp, 0, sizeof c.vfp);
    const uint32_t w2[] = {0xecbd8b02u};
    run_words(&c, w2, 1);
    cr_assert_eq(c.vfp[16], 0x1010u);
    cr_assert_eq(c.vfp[17], 0x1011u);
    cr_assert_eq(c.r[13], 0x10000u + sizeof rec_priv - 8u);
    /* vpush {d16-d31}; vneg.f64 d31, d31; vldmia sp!, {d16-d31}: the upper half, apart from S0-S31 */
    for (int i = 32; i < 64; i++)
        c.vfp[i] = 0x2000u + (uint32_t)i;
    const uint32_t w3[] = {0xed6d0b20u, 0xeef1fb6fu};
    run_words(&c, w3, 2);
    cr_assert_eq(rec_priv[1024 - 2 - 32], 0x2020u, "d16's low word at sp");
    cr_assert_eq(c.vfp[63], 0x2000u + 63u + 0x80000000u, "d31's sign flipped");
    memset(&c.vfp[32], 0, 32 * sizeof c.vfp[0]);
    const uint32_t w4[] = {0xecfd0b20u};
    run_words(&c, w4, 1);
    cr_assert_eq(c.vfp[32], 0x2020u);
    cr_assert_eq(c.vfp[63], 0x2000u + 63u);
    cr_assert_eq(c.vfp[17], 0x1011u, "S0-S31 untouched");
    arm_insn_t lit;
    arm_decode_a32(0xed9f0b02u, 0x8000u, &lit); /* vldr d0, [pc, #8]: Align(0x8008, 4) + 8 */
    cr_assert_eq(lit.imm, 0x8010u);
    arm_decode_t32(0xed9f, 0x0b02, 0x8002u, &lit); /* T32: Align(0x8006, 4) + 8 */
    cr_assert_eq(lit.imm, 0x800cu);
}

/* The host-arithmetic fast path (softfloat/vfp_fast.h) against the integer path
 * it stands for: same bits, same IXC, and taken for ordinary operands. */
static uint64_t fr_state = 0x853c49e6748fea9bull;
static uint64_t fr_next(void)
{
    fr_state ^= fr_state << 13;
    fr_state ^= fr_state >> 7;
    fr_state ^= fr_state << 17;
    return fr_state;
}

static uint64_t fr_operand(uint32_t f)
{
    uint64_t r = fr_next(), bias = (uint64_t)ptx_fmt_bias(f);
    uint64_t e = bias - 40 + r % 80; /* both inside and outside the fast range */
    uint64_t frac = fr_next() & ((1ull << ptx_fmt_mbits(f)) - 1u);
    if (r & 0x100)
        frac &= ~0ull << (ptx_fmt_mbits(f) - 4); /* short: exact results */
    return (r & 0x200 ? ptx_fmt_sign(f) : 0u) | e << ptx_fmt_mbits(f) | frac;
}

Test(arm_vfp_rules, fast_path_equals_integer_path)
{
    uint32_t taken = 0;
    for (int i = 0; i < 200000; i++) {
        uint32_t f = (i & 1) ? F64 : F32, kind = (uint32_t)(i >> 1) % 4u, fs = 0, lost = 0;
        uint64_t x = fr_operand(f), y = fr_operand(f), fast, soft;
        ptx_unpacked_t a = ptx_unpack(f, x), b = ptx_unpack(f, y);
        int ok;
        if (kind == 0u) {
            ok = vfp_fast_addsub(f, x, y, 0, &fs, &fast);
            soft = ptx_soft_sum_x(f, a.sign, a.exp, fp80_u128(0, a.m), b.sign, b.exp, fp80_u128(0, b.m),
                                  PTX_RND_RN, &lost);
        } else if (kind == 1u) {
            ok = vfp_fast_muldiv(f, x, y, 0, &fs, &fast);
            soft = ptx_soft_round_x(f, a.sign ^ b.sign, a.exp + b.exp, fp80_mul64(a.m, b.m), PTX_RND_RN, &lost);
        } else if (kind == 2u) {
            ok = vfp_fast_muldiv(f, x, y, 1, &fs, &fast);
            soft = ptx_soft_quot_x(f, a, b, PTX_RND_RN, &lost);
        } else {
            x &= ~ptx_fmt_sign(f);
            a.sign = 0;
            ok = vfp_fast_muldiv(f, x, 0, 2, &fs, &fast);
            soft = ptx_soft_root_x(f, a, PTX_RND_RN, &lost);
        }
        if (!ok)
            continue;
        taken++;
        cr_assert_eq(fast, soft, "kind %u f%u %llx %llx: %llx vs %llx", kind, f, (unsigned long long)x,
                     (unsigned long long)y, (unsigned long long)fast, (unsigned long long)soft);
        cr_assert_eq((fs & VFP_IXC) != 0, (lost & SOFT_X_INEXACT) != 0, "kind %u f%u %llx %llx: IXC", kind, f,
                     (unsigned long long)x, (unsigned long long)y);
    }
    cr_assert_gt(taken, 100000u, "the fast path ran %u times", taken);
}
