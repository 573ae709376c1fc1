/* PTX ALU, bit instructions: the ISA's edge cases (bfind of 0, shifts past
 * the width, shf's clamp and wrap, prmt's modes, bfe's sign, lop3's table). */
#include "ptx_alu_fixture.h"

Test(ptx_alu_bits, bfind)
{
    ptx_alu_t u = alu(PTX_OP_BFIND, PTX_T_U32, 0, 0, 0), s = alu(PTX_OP_BFIND, PTX_T_S32, 0, 0, 0);
    ptx_alu_t sa = alu(PTX_OP_BFIND, PTX_T_U64, 0, 0, PTX_MF_SHIFTAMT);
    cr_expect_eq(ev(&u, 0, 0, 0), 0xffffffffu);
    cr_expect_eq(ev(&u, 0x80000000u, 0, 0), 31);
    cr_expect_eq(ev(&s, 0xffffffffu, 0, 0), 0xffffffffu, "-1: no bit differs from the sign");
    cr_expect_eq(ev(&s, 0xfffffff0u, 0, 0), 3);
    cr_expect_eq(ev(&sa, 1, 0, 0), 63);
    cr_expect_eq(ev(&sa, 0, 0, 0), 0xffffffffu);
}

Test(ptx_alu_bits, shifts_past_the_width)
{
    ptx_alu_t shl = alu(PTX_OP_SHL, PTX_T_B32, 0, 0, 0), shr = alu(PTX_OP_SHR, PTX_T_S32, 0, 0, 0);
    ptx_alu_t shru = alu(PTX_OP_SHR, PTX_T_U16, 0, 0, 0);
    cr_expect_eq(ev(&shl, 1, 32, 0), 0);
    cr_expect_eq(ev(&shl, 1, 31, 0), 0x80000000u);
    cr_expect_eq(ev(&shl, 1, 0x100000000ull | 1, 0), 2, "the amount is a u32");
    cr_expect_eq(ev(&shr, 0x80000000u, 40, 0), 0xffffffffu);
    cr_expect_eq(ev(&shr, 0x40000000u, 40, 0), 0);
    cr_expect_eq(ev(&shru, 0x8000, 16, 0), 0);
}

Test(ptx_alu_bits, shf_clamp_and_wrap)
{
    ptx_alu_t lc = alu(PTX_OP_SHF, PTX_T_B32, 0, 0, 0), rw = alu(PTX_OP_SHF, PTX_T_B32, 0, 0, 0);
    lc.shf_dir = PTX_SHF_L, lc.shf_mode = PTX_SHFM_CLAMP;
    rw.shf_dir = PTX_SHF_R, rw.shf_mode = PTX_SHFM_WRAP;
    cr_expect_eq(ev(&lc, 0x80000000u, 0x00000001u, 1), 0x00000003u);
    cr_expect_eq(ev(&lc, 0x12345678u, 0x9abcdef0u, 40), 0x12345678u, "clamped to 32: the low word");
    cr_expect_eq(ev(&rw, 0x12345678u, 0x9abcdef0u, 36), 0x01234567u, "36 mod 32 = 4");
    cr_expect_eq(ev(&rw, 0x12345678u, 0x9abcdef0u, 32), 0x12345678u);
}

Test(ptx_alu_bits, bmsk_clamp_and_wrap)
{
    ptx_alu_t c = alu(PTX_OP_BMSK, PTX_T_B32, 0, 0, 0), w = alu(PTX_OP_BMSK, PTX_T_B32, 0, 0, 0);
    c.shf_mode = PTX_SHFM_CLAMP;
    w.shf_mode = PTX_SHFM_WRAP;
    cr_expect_eq(ev(&w, 1, 2, 0), 0x00000006u, "the manual's example");
    cr_expect_eq(ev(&c, 4, 8, 0), 0x00000ff0u);
    cr_expect_eq(ev(&c, 28, 8, 0), 0xf0000000u, "cut at bit 31");
    cr_expect_eq(ev(&c, 0, 32, 0), 0xffffffffu);
    cr_expect_eq(ev(&w, 0, 32, 0), 0, "a width of 32 wraps to 0");
    cr_expect_eq(ev(&c, 32, 5, 0), 0, "a start of 32 or more: nothing");
    cr_expect_eq(ev(&w, 33, 2, 0), 0x00000006u, "33 mod 32 = 1");
    cr_expect_eq(ev(&c, 3, 0, 0), 0);
}

Test(ptx_alu_bits, dp4a_dp2a)
{
    ptx_alu_t uu = alu(PTX_OP_DP4A, PTX_T_U32, PTX_T_U32, 0, 0), ss = alu(PTX_OP_DP4A, PTX_T_S32, PTX_T_S32, 0, 0);
    ptx_alu_t lo = alu(PTX_OP_DP2A, PTX_T_S32, PTX_T_U32, 0, 0), hi = alu(PTX_OP_DP2A, PTX_T_S32, PTX_T_U32, 0, 0);
    lo.mul = PTX_MUL_LO, hi.mul = PTX_MUL_HI;
    cr_expect_eq(ev(&uu, 0x04030201u, 0x01010101u, 10), 20u);
    cr_expect_eq(ev(&uu, 0xffu, 0xffu, 0), 255u * 255u);
    cr_expect_eq(ev(&ss, 0xffu, 0xffu, 0), 1u, "-1 * -1");
    cr_expect_eq(ev(&ss, 0x80u, 0x01u, 0), (uint32_t)-128);
    cr_expect_eq(ev(&lo, 0xffff0002u, 0x05040302u, 1), (uint32_t)(1 + 2 * 2 - 3), "halves 2 and -1, bytes 2 and 3");
    cr_expect_eq(ev(&hi, 0xffff0002u, 0x05040302u, 1), (uint32_t)(1 + 2 * 4 - 5), "bytes 4 and 5");
}

Test(ptx_alu_bits, prmt)
{
    ptx_alu_t p = alu(PTX_OP_PRMT, PTX_T_B32, 0, 0, 0);
    uint64_t a = 0x44332211u, b = 0x88776655u;
    cr_expect_eq(ev(&p, a, b, 0x3210), a);
    cr_expect_eq(ev(&p, a, b, 0x7654), b);
    cr_expect_eq(ev(&p, a, b, 0x0123), 0x11223344u);
    cr_expect_eq(ev(&p, a, b, 0xfff0), 0xffffff11u, "bit 3: byte 7 (0x88) replicates its sign");
    p.prmt = PTX_PRMT_F4E;
    cr_expect_eq(ev(&p, a, b, 1), 0x55443322u);
    p.prmt = PTX_PRMT_B4E;
    cr_expect_eq(ev(&p, a, b, 0), 0x66778811u);
    p.prmt = PTX_PRMT_RC8;
    cr_expect_eq(ev(&p, a, b, 2), 0x33333333u);
    p.prmt = PTX_PRMT_ECL;
    cr_expect_eq(ev(&p, a, b, 2), 0x44333333u);
    p.prmt = PTX_PRMT_ECR;
    cr_expect_eq(ev(&p, a, b, 1), 0x22222211u);
    p.prmt = PTX_PRMT_RC16;
    cr_expect_eq(ev(&p, a, b, 1), 0x44334433u);
}

Test(ptx_alu_bits, bfe_bfi)
{
    ptx_alu_t u = alu(PTX_OP_BFE, PTX_T_U32, 0, 0, 0), s = alu(PTX_OP_BFE, PTX_T_S32, 0, 0, 0);
    ptx_alu_t bfi = alu(PTX_OP_BFI, PTX_T_B32, 0, 0, 0);
    cr_expect_eq(ev(&u, 0xabcd1234u, 8, 8), 0x12);
    cr_expect_eq(ev(&s, 0x0000f000u, 12, 4), 0xffffffffu, "field 1111 sign-extended");
    cr_expect_eq(ev(&s, 0x80000000u, 28, 10), 0xfffffff8u, "past the top: the top bit repeats");
    cr_expect_eq(ev(&u, 0xffffffffu, 0, 0), 0, "length 0");
    cr_expect_eq(ev(&s, 0xffffffffu, 0x105, 0x100), 0, "only the low 8 bits of pos and len count");
    cr_expect_eq(ev4(&bfi, 0xf, 0x12345678u, 8, 4, NULL, NULL), 0x12345f78u);
    cr_expect_eq(ev4(&bfi, 0xff, 0, 28, 8, NULL, NULL), 0xf0000000u);
}

Test(ptx_alu_bits, counts_reverse_logic)
{
    ptx_alu_t pc = alu(PTX_OP_POPC, PTX_T_B64, 0, 0, 0), cz = alu(PTX_OP_CLZ, PTX_T_B32, 0, 0, 0);
    ptx_alu_t br = alu(PTX_OP_BREV, PTX_T_B32, 0, 0, 0), l3 = alu(PTX_OP_LOP3, PTX_T_B32, 0, 0, 0);
    ptx_alu_t cn = alu(PTX_OP_CNOT, PTX_T_B16, 0, 0, 0), np = alu(PTX_OP_NOT, PTX_T_PRED, 0, 0, 0);
    ptx_alu_t fns = alu(PTX_OP_FNS, PTX_T_B32, 0, 0, 0);
    cr_expect_eq(ev(&pc, ~0ull, 0, 0), 64);
    cr_expect_eq(ev(&cz, 0, 0, 0), 32);
    cr_expect_eq(ev(&cz, 0x00010000u, 0, 0), 15);
    cr_expect_eq(ev(&br, 1, 0, 0), 0x80000000u);
    cr_expect_eq(ev4(&l3, 0xf0f0u, 0xccccu, 0xaaaau, 0x96, NULL, NULL), 0x9696u, "0x96: a ^ b ^ c");
    cr_expect_eq(ev4(&l3, 0x12345678u, 0, 0, 0xf0, NULL, NULL), 0x12345678u, "0xf0: a");
    cr_expect_eq(ev(&cn, 0x10000, 0, 0), 1, "the upper bits are not the b16 value");
    cr_expect_eq(ev(&np, 1, 0, 0), 0);
    cr_expect_eq(ev(&fns, 0xf0u, 0, 2), 5, "the second set bit from 0");
    cr_expect_eq(ev(&fns, 0xf0u, 31, (uint32_t)-1), 7, "downward");
    cr_expect_eq(ev(&fns, 0xf0u, 3, 0), 0xffffffffu);
}

