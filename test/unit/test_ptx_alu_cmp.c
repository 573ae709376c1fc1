/* PTX ALU, compare and select: setp's p|q and .and/.or/.xor, ordered and
 * unordered float compares, .ftz compares, set's values, selp, slct, and
 * a source written !p. */
#include "ptx_alu_fixture.h"

Test(ptx_alu_cmp, setp_pair_and_combine)
{
    ptx_alu_t d = alu(PTX_OP_SETP, PTX_T_S32, 0, 0, 0);
    d.cmp = PTX_CMP_LT;
    uint64_t q = 7;
    cr_expect_eq(ev4(&d, (uint32_t)-1, 0, 0, 0, NULL, &q), 1);
    cr_expect_eq(q, 0, "q is !p");
    d.boolop = PTX_BOOL_AND;
    cr_expect_eq(ev4(&d, (uint32_t)-1, 0, 0, 0, NULL, &q), 0, "lt AND c=0");
    cr_expect_eq(q, 0, "!lt AND c=0");
    d.boolop = PTX_BOOL_OR;
    cr_expect_eq(ev4(&d, 5, 0, 1, 0, NULL, &q), 1);
    cr_expect_eq(q, 1);
    d.boolop = PTX_BOOL_XOR;
    cr_expect_eq(ev4(&d, (uint32_t)-1, 0, 1, 0, NULL, &q), 0);
    cr_expect_eq(q, 1);
    d.negsrc = 4; /* setp.lt.xor.s32 p|q, a, b, !c */
    cr_expect_eq(ev4(&d, (uint32_t)-1, 0, 1, 0, NULL, &q), 1);
}

Test(ptx_alu_cmp, float_nan_ordering)
{
    ptx_alu_t d = alu(PTX_OP_SETP, PTX_T_F32, 0, 0, 0);
    static const struct { unsigned cmp; int with_nan, lt; } t[] = {
        {PTX_CMP_EQ, 0, 0}, {PTX_CMP_NE, 0, 1}, {PTX_CMP_LT, 0, 1}, {PTX_CMP_GE, 0, 0},
        {PTX_CMP_EQU, 1, 0}, {PTX_CMP_NEU, 1, 1}, {PTX_CMP_LTU, 1, 1}, {PTX_CMP_GEU, 1, 0},
        {PTX_CMP_NUM, 0, 1}, {PTX_CMP_NAN, 1, 0}};
    for (unsigned i = 0; i < sizeof t / sizeof t[0]; i++) {
        d.cmp = (uint8_t)t[i].cmp;
        cr_expect_eq(ev(&d, F32_NAN, fb(1), 0), (uint64_t)t[i].with_nan, "cmp %u with NaN", t[i].cmp);
        cr_expect_eq(ev(&d, fb(1), fb(2), 0), (uint64_t)t[i].lt, "cmp %u, 1 vs 2", t[i].cmp);
    }
    d.cmp = PTX_CMP_EQ;
    cr_expect_eq(ev(&d, 0x80000000u, 0, 0), 1, "-0 == +0");
}

Test(ptx_alu_cmp, ftz_compares_subnormals_as_zero)
{
    ptx_alu_t d = alu(PTX_OP_SETP, PTX_T_F32, 0, 0, 0), z = alu(PTX_OP_SETP, PTX_T_F32, 0, 0, PTX_MF_FTZ);
    d.cmp = z.cmp = PTX_CMP_EQ;
    cr_expect_eq(ev(&d, F32_MIN_SUB, 0, 0), 0);
    cr_expect_eq(ev(&z, F32_MIN_SUB, 0x80000000u, 0), 1);
}

Test(ptx_alu_cmp, set_values)
{
    ptx_alu_t f = alu(PTX_OP_SET, PTX_T_F32, PTX_T_S32, 0, 0), u = alu(PTX_OP_SET, PTX_T_U32, PTX_T_F64, 0, 0);
    f.cmp = u.cmp = PTX_CMP_GT;
    cr_expect_eq(ev(&f, 2, 1, 0), 0x3f800000u, "1.0f");
    cr_expect_eq(ev(&f, 1, 2, 0), 0);
    cr_expect_eq(ev(&u, db(2.5), db(-1), 0), 0xffffffffu);
}

Test(ptx_alu_cmp, selp_slct)
{
    ptx_alu_t s = alu(PTX_OP_SELP, PTX_T_B64, 0, 0, 0), si = alu(PTX_OP_SLCT, PTX_T_B32, PTX_T_S32, 0, 0);
    ptx_alu_t sf = alu(PTX_OP_SLCT, PTX_T_B32, PTX_T_F32, 0, 0), sz = alu(PTX_OP_SLCT, PTX_T_B32, PTX_T_F32, 0, PTX_MF_FTZ);
    cr_expect_eq(ev(&s, 1ull << 40, 2, 1), 1ull << 40);
    cr_expect_eq(ev(&s, 1ull << 40, 2, 0), 2);
    s.negsrc = 4;
    cr_expect_eq(ev(&s, 1ull << 40, 2, 0), 1ull << 40, "!p");
    cr_expect_eq(ev(&si, 10, 20, 0), 10);
    cr_expect_eq(ev(&si, 10, 20, 0x80000000u), 20);
    cr_expect_eq(ev(&sf, 10, 20, 0x80000000u), 10, "-0.0 >= 0");
    cr_expect_eq(ev(&sf, 10, 20, 0x80000001u), 20, "a negative subnormal");
    cr_expect_eq(ev(&sz, 10, 20, 0x80000001u), 10, "flushed to -0");
    cr_expect_eq(ev(&sf, 10, 20, F32_NAN), 20);
}
