/* The NEON element family (arm_neon_elem_*.def): every row decoded from
 * the encodings GNU as gives, A32 and T32, and disassembled back to
 * objdump's text; the refused (UNDEFINED or UNPREDICTABLE) variants; and
 * semantic edge cases checked under qemu-arm 7.2 -cpu cortex-a15: the
 * VRECPE/VRSQRTE estimates, VTBX's out-of-range index, VQMOVN's saturation
 * and QC, VLD3/VST4 interleaving, an alignment fault. */
#include <criterion/criterion.h>
#include <string.h>

#include "device/arm/arm_step.h"
#include "mem_fixture.h"

static const struct {
    uint32_t a32, t32;
    const char *text;
} ne_words[] = {
    {0xf3b00001u, 0xffb00001u, "vrev64.8\td0, d1"},
    {0xf3b400c2u, 0xffb400c2u, "vrev32.16\tq0, q1"},
    {0xf3b00101u, 0xffb00101u, "vrev16.8\td0, d1"},
    {0xf3b00201u, 0xffb00201u, "vpaddl.s8\td0, d1"},
    {0xf3b402c2u, 0xffb402c2u, "vpaddl.u16\tq0, q1"},
    {0xf3b80601u, 0xffb80601u, "vpadal.s32\td0, d1"},
    {0xf3b00401u, 0xffb00401u, "vcls.s8\td0, d1"},
    {0xf3b404c2u, 0xffb404c2u, "vclz.i16\tq0, q1"},
    {0xf3b00501u, 0xffb00501u, "vcnt.8\td0, d1"},
    {0xf3b00581u, 0xffb00581u, "vmvn\td0, d1"},
    {0xf3b005c2u, 0xffb005c2u, "vmvn\tq0, q1"},
    {0xf3b00701u, 0xffb00701u, "vqabs.s8\td0, d1"},
    {0xf3b807c2u, 0xffb807c2u, "vqneg.s32\tq0, q1"},
    {0xf3b10001u, 0xffb10001u, "vcgt.s8\td0, d1, #0"},
    {0xf3b904c2u, 0xffb904c2u, "vcge.f32\tq0, q1, #0"},
    {0xf3b50101u, 0xffb50101u, "vceq.i16\td0, d1, #0"},
    {0xf3b90501u, 0xffb90501u, "vceq.f32\td0, d1, #0"},
    {0xf3b90181u, 0xffb90181u, "vcle.s32\td0, d1, #0"},
    {0xf3b90601u, 0xffb90601u, "vclt.f32\td0, d1, #0"},
    {0xf3b10301u, 0xffb10301u, "vabs.s8\td0, d1"},
    {0xf3b90701u, 0xffb90701u, "vabs.f32\td0, d1"},
    {0xf3b503c2u, 0xffb503c2u, "vneg.s16\tq0, q1"},
    {0xf3b907c2u, 0xffb907c2u, "vneg.f32\tq0, q1"},
    {0xf3b20001u, 0xffb20001u, "vswp\td0, d1"},
    {0xf3b20042u, 0xffb20042u, "vswp\tq0, q1"},
    {0xf3b20081u, 0xffb20081u, "vtrn.8\td0, d1"},
    {0xf3b60142u, 0xffb60142u, "vuzp.16\tq0, q1"},
    {0xf3ba01c2u, 0xffba01c2u, "vzip.32\tq0, q1"},
    {0xf3b20202u, 0xffb20202u, "vmovn.i16\td0, q1"},
    {0xf3b60242u, 0xffb60242u, "vqmovun.s32\td0, q1"},
    {0xf3ba0282u, 0xffba0282u, "vqmovn.s64\td0, q1"},
    {0xf3b202c2u, 0xffb202c2u, "vqmovn.u16\td0, q1"},
    {0xf3b20301u, 0xffb20301u, "vshll.i8\tq0, d1, #8"},
    {0xf3ba0301u, 0xffba0301u, "vshll.i32\tq0, d1, #32"},
    {0xf3b60602u, 0xffb60602u, "vcvt.f16.f32\td0, q1"},
    {0xf3b60701u, 0xffb60701u, "vcvt.f32.f16\tq0, d1"},
    {0xf3bb0401u, 0xffbb0401u, "vrecpe.u32\td0, d1"},
    {0xf3bb0542u, 0xffbb0542u, "vrecpe.f32\tq0, q1"},
    {0xf3bb0481u, 0xffbb0481u, "vrsqrte.u32\td0, d1"},
    {0xf3bb05c2u, 0xffbb05c2u, "vrsqrte.f32\tq0, q1"},
    {0xf3bb0601u, 0xffbb0601u, "vcvt.f32.s32\td0, d1"},
    {0xf3bb06c2u, 0xffbb06c2u, "vcvt.f32.u32\tq0, q1"},
    {0xf3bb0701u, 0xffbb0701u, "vcvt.s32.f32\td0, d1"},
    {0xf3bb07c2u, 0xffbb07c2u, "vcvt.u32.f32\tq0, q1"},
    {0xf2b10302u, 0xefb10302u, "vext.8\td0, d1, d2, #3"},
    {0xf2b20f44u, 0xefb20f44u, "vext.8\tq0, q1, q2, #15"},
    {0xf2b10602u, 0xefb10602u, "vext.8\td0, d1, d2, #6"},
    {0xf2b20444u, 0xefb20444u, "vext.8\tq0, q1, q2, #4"},
    {0xf3b10802u, 0xffb10802u, "vtbl.8\td0, {d1}, d2"},
    {0xf3b10903u, 0xffb10903u, "vtbl.8\td0, {d1-d2}, d3"},
    {0xf3b10a04u, 0xffb10a04u, "vtbl.8\td0, {d1-d3}, d4"},
    {0xf3be09c4u, 0xffbe09c4u, "vtbx.8\td0, {d30-d31}, d4"},
    {0xf3bc0bc4u, 0xffbc0bc4u, "vtbx.8\td0, {d28-d31}, d4"},
    {0xf3bf0c01u, 0xffbf0c01u, "vdup.8\td0, d1[7]"},
    {0xf3be0c41u, 0xffbe0c41u, "vdup.16\tq0, d1[3]"},
    {0xf3bc0c6fu, 0xffbc0c6fu, "vdup.32\tq0, d31[1]"},
    {0xeec01b10u, 0xeec01b10u, "vdup.8\td0, r1"},
    {0xeea02b30u, 0xeea02b30u, "vdup.16\tq0, r2"},
    {0xee8feb90u, 0xee8feb90u, "vdup.32\td31, lr"},
    {0xee401b70u, 0xee401b70u, "vmov.8\td0[3], r1"},
    {0xee2f1bf0u, 0xee2f1bf0u, "vmov.16\td31[3], r1"},
    {0xee510b70u, 0xee510b70u, "vmov.s8\tr0, d1[3]"},
    {0xeef10b70u, 0xeef10b70u, "vmov.u8\tr0, d1[7]"},
    {0xee310b70u, 0xee310b70u, "vmov.s16\tr0, d1[3]"},
    {0xee9f0bb0u, 0xee9f0bb0u, "vmov.u16\tr0, d31[0]"},
    {0xee310b10u, 0xee310b10u, "vmov.32\tr0, d1[1]"},
    {0xf420070fu, 0xf920070fu, "vld1.8\t{d0}, [r0]"},
    {0xf4200a4du, 0xf9200a4du, "vld1.16\t{d0-d1}, [r0]!"},
    {0xf4200681u, 0xf9200681u, "vld1.32\t{d0-d2}, [r0], r1"},
    {0xf42002ffu, 0xf92002ffu, "vld1.64\t{d0-d3}, [r0 :256]"},
    {0xf42002edu, 0xf92002edu, "vld1.64\t{d0-d3}, [r0 :128]!"},
    {0xf420071fu, 0xf920071fu, "vld1.8\t{d0}, [r0 :64]"},
    {0xf420080fu, 0xf920080fu, "vld2.8\t{d0-d1}, [r0]"},
    {0xf420090fu, 0xf920090fu, "vld2.8\t{d0,d2}, [r0]"},
    {0xf420037fu, 0xf920037fu, "vld2.16\t{d0-d3}, [r0 :256]"},
    {0xf420040fu, 0xf920040fu, "vld3.8\t{d0-d2}, [r0]"},
    {0xf420055fu, 0xf920055fu, "vld3.16\t{d0,d2,d4}, [r0 :64]"},
    {0xf42000afu, 0xf92000afu, "vld4.32\t{d0-d3}, [r0 :128]"},
    {0xf42001bdu, 0xf92001bdu, "vld4.32\t{d0,d2,d4,d6}, [r0 :256]!"},
    {0xf400070fu, 0xf900070fu, "vst1.8\t{d0}, [r0]"},
    {0xf400090fu, 0xf900090fu, "vst2.8\t{d0,d2}, [r0]"},
    {0xf400040fu, 0xf900040fu, "vst3.8\t{d0-d2}, [r0]"},
    {0xf40001b2u, 0xf90001b2u, "vst4.32\t{d0,d2,d4,d6}, [r0 :256], r2"},
    {0xf4a0006fu, 0xf9a0006fu, "vld1.8\t{d0[3]}, [r0]"},
    {0xf4a0049fu, 0xf9a0049fu, "vld1.16\t{d0[2]}, [r0 :16]"},
    {0xf4a008bdu, 0xf9a008bdu, "vld1.32\t{d0[1]}, [r0 :32]!"},
    {0xf4a0017fu, 0xf9a0017fu, "vld2.8\t{d0[3],d1[3]}, [r0 :16]"},
    {0xf4a0057fu, 0xf9a0057fu, "vld2.16\t{d0[1],d2[1]}, [r0 :32]"},
    {0xf4a009d3u, 0xf9a009d3u, "vld2.32\t{d0[1],d2[1]}, [r0 :64], r3"},
    {0xf4a0026fu, 0xf9a0026fu, "vld3.8\t{d0[3],d1[3],d2[3]}, [r0]"},
    {0xf4a0066fu, 0xf9a0066fu, "vld3.16\t{d0[1],d2[1],d4[1]}, [r0]"},
    {0xf4a0037fu, 0xf9a0037fu, "vld4.8\t{d0[3],d1[3],d2[3],d3[3]}, [r0 :32]"},
    {0xf4a007ffu, 0xf9a007ffu, "vld4.16\t{d0[3],d2[3],d4[3],d6[3]}, [r0 :64]"},
    {0xf4a00b9fu, 0xf9a00b9fu, "vld4.32\t{d0[1],d1[1],d2[1],d3[1]}, [r0 :64]"},
    {0xf4a00bafu, 0xf9a00bafu, "vld4.32\t{d0[1],d1[1],d2[1],d3[1]}, [r0 :128]"},
    {0xf480006fu, 0xf980006fu, "vst1.8\t{d0[3]}, [r0]"},
    {0xf480057fu, 0xf980057fu, "vst2.16\t{d0[1],d2[1]}, [r0 :32]"},
    {0xf4800a8fu, 0xf9800a8fu, "vst3.32\t{d0[1],d1[1],d2[1]}, [r0]"},
    {0xf480037fu, 0xf980037fu, "vst4.8\t{d0[3],d1[3],d2[3],d3[3]}, [r0 :32]"},
    {0xf4a00c0fu, 0xf9a00c0fu, "vld1.8\t{d0[]}, [r0]"},
    {0xf4a00c7fu, 0xf9a00c7fu, "vld1.16\t{d0[]-d1[]}, [r0 :16]"},
    {0xf4a00c9du, 0xf9a00c9du, "vld1.32\t{d0[]}, [r0 :32]!"},
    {0xf4a00d1fu, 0xf9a00d1fu, "vld2.8\t{d0[]-d1[]}, [r0 :16]"},
    {0xf4a00d6fu, 0xf9a00d6fu, "vld2.16\t{d0[],d2[]}, [r0]"},
    {0xf4a00e0fu, 0xf9a00e0fu, "vld3.8\t{d0[]-d2[]}, [r0]"},
    {0xf4a00e65u, 0xf9a00e65u, "vld3.16\t{d0[],d2[],d4[]}, [r0], r5"},
    {0xf4a00f1fu, 0xf9a00f1fu, "vld4.8\t{d0[]-d3[]}, [r0 :32]"},
    {0xf4a00fffu, 0xf9a00fffu, "vld4.32\t{d0[],d2[],d4[],d6[]}, [r0 :128]"},
    {0xf4a00f5fu, 0xf9a00f5fu, "vld4.16\t{d0[]-d3[]}, [r0 :64]"},
    {0xf42d070fu, 0xf92d070fu, "vld1.8\t{d0}, [sp]"},
};

Test(arm_neon_elem, decode_and_disassemble_like_objdump)
{
    for (size_t i = 0; i < sizeof ne_words / sizeof ne_words[0]; i++) {
        arm_insn_t a, t;
        char buf[96];
        arm_decode_a32(ne_words[i].a32, 0x8000u, &a);
        cr_assert_neq(a.op, ARM_OP_UNDEF, "%08x", ne_words[i].a32);
        cr_assert_str_eq(arm_disasm(&a, 0x8000u, buf, sizeof buf), ne_words[i].text, "%08x", ne_words[i].a32);
        arm_decode_t32(ne_words[i].t32 >> 16, ne_words[i].t32 & 0xffffu, 0x8000u, &t);
        cr_assert_eq(t.op, a.op, "%08x", ne_words[i].t32);
        cr_assert_eq(arm_len(&t), 4u);
        cr_assert_str_eq(arm_disasm(&t, 0x8000u, buf, sizeof buf), ne_words[i].text, "%08x", ne_words[i].t32);
    }
}

Test(arm_neon_elem, refused_variants_are_undefined)
{
    static const uint32_t bad[] = {
        0xf3b80081u, /* vrev32.32 d0, d1 */
        0xf3b00041u, /* vrev64.8 q0, q0.5: Q with an odd register */
        0xf3b20000u, /* vswp d0, d0: d == m */
        0xf3b50581u, /* vcle.f32 with size 01 */
        0xf3ba0181u, /* vzip.32 d0, d1 */
        0xf3b20203u, /* vmovn.i16 d0, q1.5: Vm odd */
        0xf2b10802u, /* vext.8 d0, d1, d2, #8 */
        0xf3bf0a81u, /* vtbl.8 d0, {d31-d33}, d1: past D31 */
        0xf3b00c01u, /* vdup with imm4 0000 */
        0xf42f070fu, /* vld1.8 {d0}, [pc] */
        0xf460f00fu, /* vld4.8 {d31-d34}, [r0]: past D31 */
        0xf420073fu, /* vld1.8 {d0}, [r0 :256]: one register */
        0xf4800c0fu, /* a store to all lanes */
        0xf4a00c1fu, /* vld1.8 {d0[]}, [r0 :8] */
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        arm_insn_t a;
        arm_decode_a32(bad[i], 0x8000u, &a);
        cr_assert_eq(a.op, ARM_OP_UNDEF, "%08x", bad[i]);
    }
    arm_insn_t a;
    arm_decode_t32(0xeec0, 0xdb10, 0x8000u, &a); /* T32 vdup.8 d0, sp */
    cr_assert_eq(a.op, ARM_OP_UNDEF);
    arm_decode_a32(0xeec0db10u, 0x8000u, &a); /* A32 vdup.8 d0, sp: allowed */
    cr_assert_eq(a.op, ARM_OP_VDUP_R);
}

static uint32_t ne_priv[1024];

/* Each word decoded (A32) and executed at 0x8000 + 4i; the last one's
 * stop answer */
static uint32_t ne_run(arm_ctx_t *c, const uint32_t *w, size_t n)
{
    sim_mem_t m = one_core_mem(ne_priv, 0x10000u, sizeof ne_priv);
    uint32_t stop = 0;
    for (size_t i = 0; i < n; i++) {
        arm_insn_t in;
        arm_decode_a32(w[i], 0x8000u + 4u * (uint32_t)i, &in);
        cr_assert_neq(in.op, ARM_OP_UNDEF, "%08x", w[i]);
        c->r[15] = 0x8000u + 4u * (uint32_t)i + 8u;
        c->npc = c->r[15] - 4u;
        stop = arm_exec(c, &in, &m, 0, 0x8000u + 4u * (uint32_t)i, 0);
    }
    return stop;
}

static uint64_t ne_d(const arm_ctx_t *c, uint32_t d) { return (uint64_t)c->vfp[2 * d + 1] << 32 | c->vfp[2 * d]; }
static void ne_set_d(arm_ctx_t *c, uint32_t d, uint64_t v)
{
    c->vfp[2 * d] = (uint32_t)v;
    c->vfp[2 * d + 1] = (uint32_t)(v >> 32);
}

/* VRECPE/VRSQRTE .u32 and .f32 (d0 = op(d1), both lanes x): the results
 * and the FPSCR's cumulative flags qemu-arm gives */
Test(arm_neon_elem, reciprocal_estimates_as_qemu)
{
    static const uint32_t v[][7] = {
        /* x, recpe.u32, recpe.f32, rsqrte.u32, rsqrte.f32, flags after recpe.f32, rsqrte.f32 */
        {0x80000000u, 0xff800000u, 0xff800000u, 0xb4800000u, 0xff800000u, 0x02u, 0x02u},
        {0xffffffffu, 0x80000000u, 0x7fc00000u, 0x80000000u, 0x7fc00000u, 0x00u, 0x00u},
        {0x7fffffffu, 0xffffffffu, 0x7fc00000u, 0xb5000000u, 0x7fc00000u, 0x00u, 0x00u},
        {0x40000000u, 0xffffffffu, 0x3eff8000u, 0xff800000u, 0x3f348000u, 0x00u, 0x00u},
        {0xc0000000u, 0xaa800000u, 0xbeff8000u, 0x93800000u, 0x7fc00000u, 0x00u, 0x01u},
        {0x3f800000u, 0xffffffffu, 0x3f7f8000u, 0xffffffffu, 0x3f7f8000u, 0x00u, 0x00u},
        {0x40400000u, 0xffffffffu, 0x3eaa8000u, 0xff800000u, 0x3f138000u, 0x00u, 0x00u},
        {0x00000000u, 0xffffffffu, 0x7f800000u, 0xffffffffu, 0x7f800000u, 0x02u, 0x02u},
        {0x7f000000u, 0xffffffffu, 0x00000000u, 0xb5800000u, 0x1fb48000u, 0x08u, 0x00u},
        {0x7e800000u, 0xffffffffu, 0x00000000u, 0xb6000000u, 0x1fff8000u, 0x08u, 0x00u},
        {0x7f800000u, 0xffffffffu, 0x00000000u, 0xb5000000u, 0x00000000u, 0x00u, 0x00u},
        {0xbf800000u, 0xab000000u, 0xbf7f8000u, 0x94000000u, 0x7fc00000u, 0x00u, 0x01u},
        {0x00400000u, 0xffffffffu, 0x7f800000u, 0xffffffffu, 0x7f800000u, 0x82u, 0x82u},
        {0x7f800001u, 0xffffffffu, 0x7fc00000u, 0xb5000000u, 0x7fc00000u, 0x01u, 0x01u},
        {0x3e800000u, 0xffffffffu, 0x407f8000u, 0xffffffffu, 0x3fff8000u, 0x00u, 0x00u},
        {0x41200000u, 0xffffffffu, 0x3dcc8000u, 0xfd800000u, 0x3ea18000u, 0x00u, 0x00u},
        {0x3fc00000u, 0xffffffffu, 0x3f2a8000u, 0xffffffffu, 0x3f510000u, 0x00u, 0x00u},
    };
    /* vrecpe.u32, vrecpe.f32, vrsqrte.u32, vrsqrte.f32 d0, d1 */
    static const uint32_t words[4] = {0xf3bb0401u, 0xf3bb0501u, 0xf3bb0481u, 0xf3bb0581u};
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++)
        for (uint32_t k = 0; k < 4u; k++) {
            arm_ctx_t c;
            memset(&c, 0, sizeof c);
            ne_set_d(&c, 1, (uint64_t)v[i][0] << 32 | v[i][0]);
            ne_run(&c, &words[k], 1);
            cr_assert_eq(ne_d(&c, 0), (uint64_t)v[i][1 + k] << 32 | v[i][1 + k], "%08x op %u", v[i][0], k);
            if (k & 1u)
                cr_assert_eq(c.fpscr & 0x9fu, v[i][5 + k / 2u], "%08x op %u flags", v[i][0], k);
        }
}

Test(arm_neon_elem, vtbx_keeps_out_of_range_bytes_vtbl_zeroes_them)
{
    arm_ctx_t c;
    memset(&c, 0, sizeof c);
    ne_set_d(&c, 1, 0x1716151413121110ull);
    ne_set_d(&c, 2, 0x1f1e1d1c1b1a1918ull);
    ne_set_d(&c, 3, 0x0311070811ff0f00ull); /* indices (lane 0 first) 0, 15, 255, 17, 8, 7, 17, 3 */
    ne_set_d(&c, 0, 0xaaaaaaaaaaaaaaaaull);
    const uint32_t tbx = 0xf3b10943u; /* vtbx.8 d0, {d1-d2}, d3 */
    ne_run(&c, &tbx, 1);
    cr_assert_eq(ne_d(&c, 0), 0x13aa1718aaaa1f10ull);
    const uint32_t tbl = 0xf3b10903u; /* vtbl.8 d0, {d1-d2}, d3 */
    ne_run(&c, &tbl, 1);
    cr_assert_eq(ne_d(&c, 0), 0x1300171800001f10ull);
}

Test(arm_neon_elem, vqmovn_saturates_and_sets_qc)
{
    arm_ctx_t c;
    memset(&c, 0, sizeof c);
    ne_set_d(&c, 2, 0x0005ff7f00807fffull); /* 32767, 128, -129, 5 */
    ne_set_d(&c, 3, 0xffffff80007f8000ull); /* -32768, 127, -128, -1 */
    const uint32_t s16 = 0xf3b20282u; /* vqmovn.s16 d0, q1 */
    ne_run(&c, &s16, 1);
    cr_assert_eq(ne_d(&c, 0), 0xff807f8005807f7full);
    cr_assert_eq(c.fpscr, ARM_NEON_QC);
    /* in range: QC is left as it was (clear) */
    c.fpscr = 0;
    ne_set_d(&c, 2, 0x0005ff80007f0000ull);
    ne_set_d(&c, 3, 0);
    ne_run(&c, &s16, 1);
    cr_assert_eq(ne_d(&c, 0), 0x0000000005807f00ull);
    cr_assert_eq(c.fpscr, 0u);
    /* vqmovun.s16 d0, q1: negatives to 0, QC */
    const uint32_t un = 0xf3b20242u;
    ne_set_d(&c, 2, 0x0100ffff00ff0001ull); /* 1, 255, -1, 256 */
    ne_run(&c, &un, 1);
    cr_assert_eq(ne_d(&c, 0) & 0xffffffffu, 0xff00ff01u);
    cr_assert_eq(c.fpscr, ARM_NEON_QC);
}

Test(arm_neon_elem, vld3_and_vst4_interleave)
{
    arm_ctx_t c;
    memset(&c, 0, sizeof c);
    uint8_t *b = (uint8_t *)ne_priv;
    for (int i = 0; i < 64; i++)
        b[i] = (uint8_t)i;
    c.r[0] = 0x10000u;
    const uint32_t ld3 = 0xf420040du; /* vld3.8 {d0-d2}, [r0]! */
    cr_assert_eq(ne_run(&c, &ld3, 1), 0u);
    cr_assert_eq(ne_d(&c, 0), 0x15120f0c09060300ull);
    cr_assert_eq(ne_d(&c, 1), 0x1613100d0a070401ull);
    cr_assert_eq(ne_d(&c, 2), 0x1714110e0b080502ull);
    cr_assert_eq(c.r[0], 0x10000u + 24u, "written back by the bytes moved");
    /* vst4.16 {d0-d3}, [r0]: halfword e of d0, d1, d2, d3, then e + 1 */
    for (uint32_t d = 0; d < 4u; d++)
        ne_set_d(&c, d, 0x0003000200010000ull + 0x0010001000100010ull * d);
    c.r[0] = 0x10040u;
    const uint32_t st4 = 0xf400004fu;
    cr_assert_eq(ne_run(&c, &st4, 1), 0u);
    const uint16_t *h = (const uint16_t *)(b + 0x40);
    for (uint32_t e = 0; e < 4u; e++)
        for (uint32_t d = 0; d < 4u; d++)
            cr_assert_eq(h[4u * e + d], 0x10u * d + e, "element %u of d%u", e, d);
    cr_assert_eq(c.r[0], 0x10040u, "Rm = 15: no write-back");
}

Test(arm_neon_elem, alignment_hint_faults_and_changes_nothing)
{
    arm_ctx_t c;
    memset(&c, 0, sizeof c);
    memset(ne_priv, 0x5a, 64);
    ne_set_d(&c, 0, 1u);
    ne_set_d(&c, 1, 2u);
    c.r[0] = 0x10008u;
    const uint32_t ld = 0xf4200aadu; /* vld1.32 {d0-d1}, [r0 :128]! */
    cr_assert_eq(ne_run(&c, &ld, 1), 1u, "a fault stops the core");
    cr_assert_eq(c.r[0], 0x10008u);
    cr_assert_eq(ne_d(&c, 0), 1u);
    cr_assert_eq(ne_d(&c, 1), 2u);
    memset(&c, 0, sizeof c);
    c.r[0] = 0x10010u;
    cr_assert_eq(ne_run(&c, &ld, 1), 0u);
    cr_assert_eq(c.r[0], 0x10020u);
    cr_assert_eq(ne_d(&c, 1), 0x5a5a5a5a5a5a5a5aull);
    /* without a hint an element need not be aligned (qemu-arm checks nothing) */
    c.r[0] = 0x10001u;
    const uint32_t ld16 = 0xf420074fu; /* vld1.16 {d0}, [r0] */
    cr_assert_eq(ne_run(&c, &ld16, 1), 0u);
}
