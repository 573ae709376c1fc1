/* PTX ALU, integer arithmetic: carries across words, the .hi/.wide
 * products, saturation, 24-bit products, division's edge cases. */
#include "ptx_alu_fixture.h"

/* A 128-bit sum from add.cc + addc.cc + addc.cc + addc, a word at a time. */
Test(ptx_alu_int, carry_chain_adds_128_bits)
{
    ptx_alu_t first = alu(PTX_OP_ADD, PTX_T_U32, 0, 0, PTX_MF_CC), mid = alu(PTX_OP_ADDC, PTX_T_U32, 0, 0, PTX_MF_CC),
              last = alu(PTX_OP_ADDC, PTX_T_U32, 0, 0, 0);
    uint32_t a[4] = {0xffffffffu, 0xffffffffu, 0x00000000u, 0x80000000u}, b[4] = {1, 0, 0xffffffffu, 0x7fffffffu};
    uint32_t r[4], cc = 0;
    r[0] = (uint32_t)ev4(&first, a[0], b[0], 0, 0, &cc, NULL);
    r[1] = (uint32_t)ev4(&mid, a[1], b[1], 0, 0, &cc, NULL);
    r[2] = (uint32_t)ev4(&mid, a[2], b[2], 0, 0, &cc, NULL);
    r[3] = (uint32_t)ev4(&last, a[3], b[3], 0, 0, &cc, NULL);
    cr_expect_eq(r[0], 0);
    cr_expect_eq(r[1], 0);
    cr_expect_eq(r[2], 0);
    cr_expect_eq(r[3], 0);
    cr_expect_eq(cc, 1, "addc without .cc leaves the flag: %u", cc);
}

Test(ptx_alu_int, sub_cc_is_a_borrow)
{
    ptx_alu_t s = alu(PTX_OP_SUB, PTX_T_U64, 0, 0, PTX_MF_CC), sc = alu(PTX_OP_SUBC, PTX_T_U64, 0, 0, PTX_MF_CC);
    uint32_t cc = 0;
    cr_expect_eq(ev4(&s, 1, 2, 0, 0, &cc, NULL), ~0ull);
    cr_expect_eq(cc, 1);
    cr_expect_eq(ev4(&sc, 5, 4, 0, 0, &cc, NULL), 0); /* 5 - 4 - 1 */
    cr_expect_eq(cc, 0);
    cr_expect_eq(ev4(&sc, 0, 0, 0, 0, &cc, NULL), 0);
    cr_expect_eq(cc, 0);
}

Test(ptx_alu_int, mul_hi_and_wide)
{
    ptx_alu_t hs = alu(PTX_OP_MUL, PTX_T_S64, 0, 0, 0), hu = alu(PTX_OP_MUL, PTX_T_U64, 0, 0, 0);
    ptx_alu_t ws = alu(PTX_OP_MUL, PTX_T_S32, 0, 0, 0), h32 = alu(PTX_OP_MUL, PTX_T_S32, 0, 0, 0);
    hs.mul = hu.mul = h32.mul = PTX_MUL_HI, ws.mul = PTX_MUL_WIDE;
    cr_expect_eq(ev(&hs, (uint64_t)-1, 5, 0), ~0ull, "-1 * 5: high word all ones");
    cr_expect_eq(ev(&hu, ~0ull, ~0ull, 0), ~0ull - 1);
    cr_expect_eq(ev(&hs, 1ull << 63, 1ull << 63, 0), 1ull << 62);
    cr_expect_eq(ev(&ws, 0xffffffffu, 0x7fffffffu, 0), (uint64_t)-0x7fffffffll);
    cr_expect_eq(ev(&h32, 0x80000000u, 0x80000000u, 0), 0x40000000u);
    ptx_alu_t lo = alu(PTX_OP_MUL, PTX_T_U16, 0, 0, 0);
    cr_expect_eq(ev(&lo, 0xffff, 0xffff, 0), 0x0001);
}

Test(ptx_alu_int, mad_forms)
{
    ptx_alu_t sat = alu(PTX_OP_MAD, PTX_T_S32, 0, 0, PTX_MF_SAT), wide = alu(PTX_OP_MAD, PTX_T_U32, 0, 0, 0);
    sat.mul = PTX_MUL_HI, wide.mul = PTX_MUL_WIDE;
    cr_expect_eq(ev(&sat, 0x7fffffffu, 0x7fffffffu, 0x7fffffffu), 0x7fffffffu, "clamped to MAX");
    cr_expect_eq(ev(&sat, 0x80000000u, 0x7fffffffu, 0x80000000u), 0x80000000u, "clamped to MIN");
    cr_expect_eq(ev(&wide, 0xffffffffu, 0xffffffffu, 0xffffffffffffffffull), 0xfffffffe00000000ull);
    ptx_alu_t madc = alu(PTX_OP_MADC, PTX_T_U32, 0, 0, PTX_MF_CC);
    madc.mul = PTX_MUL_HI;
    uint32_t cc = 1;
    cr_expect_eq(ev4(&madc, 0xffffffffu, 0xffffffffu, 0, 0, &cc, NULL), 0xffffffffu); /* 0xfffffffe + 0 + 1 */
    cr_expect_eq(cc, 0);
}

Test(ptx_alu_int, mul24)
{
    ptx_alu_t lo = alu(PTX_OP_MUL24, PTX_T_S32, 0, 0, 0), hi = alu(PTX_OP_MUL24, PTX_T_U32, 0, 0, 0);
    lo.mul = PTX_MUL_LO, hi.mul = PTX_MUL_HI;
    cr_expect_eq(ev(&lo, 0xff800000u, 2, 0), 0xff000000u, "bit 23 is the sign; bits above ignored");
    cr_expect_eq(ev(&hi, 0xffffff, 0xffffff, 0), 0xfffffe00u, "bits 47..16 of 0xfffffe000001");
}

Test(ptx_alu_int, division_edges)
{
    ptx_alu_t du = alu(PTX_OP_DIV, PTX_T_U32, 0, 0, 0), ds = alu(PTX_OP_DIV, PTX_T_S32, 0, 0, 0);
    ptx_alu_t rs = alu(PTX_OP_REM, PTX_T_S32, 0, 0, 0), r64 = alu(PTX_OP_REM, PTX_T_U64, 0, 0, 0);
    cr_expect_eq(ev(&du, 7, 0, 0), 0xffffffffu);
    cr_expect_eq(ev(&ds, (uint32_t)-7, 0, 0), 0xffffffffu);
    cr_expect_eq(ev(&rs, (uint32_t)-7, 0, 0), (uint32_t)-7, "rem by 0: the dividend");
    cr_expect_eq(ev(&r64, 12345, 0, 0), 12345);
    cr_expect_eq(ev(&ds, 0x80000000u, 0xffffffffu, 0), 0x80000000u, "MIN / -1 wraps");
    cr_expect_eq(ev(&rs, 0x80000000u, 0xffffffffu, 0), 0);
    cr_expect_eq(ev(&ds, (uint32_t)-7, 2, 0), (uint32_t)-3, "toward zero");
    cr_expect_eq(ev(&rs, (uint32_t)-7, 2, 0), (uint32_t)-1);
}

Test(ptx_alu_int, abs_neg_min_max_sad_sat)
{
    ptx_alu_t ab = alu(PTX_OP_ABS, PTX_T_S32, 0, 0, 0), mn = alu(PTX_OP_MIN, PTX_T_S16, 0, 0, 0);
    ptx_alu_t mx = alu(PTX_OP_MAX, PTX_T_U16, 0, 0, 0), sad = alu(PTX_OP_SAD, PTX_T_S32, 0, 0, 0);
    ptx_alu_t as = alu(PTX_OP_ADD, PTX_T_S32, 0, 0, PTX_MF_SAT), relu = alu(PTX_OP_MAX, PTX_T_S32, 0, 0, PTX_MF_RELU);
    cr_expect_eq(ev(&ab, 0x80000000u, 0, 0), 0x80000000u);
    cr_expect_eq(ev(&mn, 0x8000, 0x7fff, 0), 0x8000);
    cr_expect_eq(ev(&mx, 0x8000, 0x7fff, 0), 0x8000);
    cr_expect_eq(ev(&sad, (uint32_t)-5, 3, 10), 18);
    cr_expect_eq(ev(&as, 0x7fffffffu, 1, 0), 0x7fffffffu);
    cr_expect_eq(ev(&as, 0x80000000u, 0xffffffffu, 0), 0x80000000u);
    cr_expect_eq(ev(&relu, (uint32_t)-9, (uint32_t)-3, 0), 0);
}
