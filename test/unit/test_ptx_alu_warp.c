/* PTX ALU, the warp loop and the lowering: every fast form is picked where
 * it holds and agrees with ptx_alu_eval lane by lane under random masks;
 * ptx_alu_from_insn reads the parser's instructions (p|q, !p, mov's
 * sources); every ALU instruction of the corpus lowers and runs. */
#include <dirent.h>
#include <stdlib.h>

#include "ptx_alu_fixture.h"
#include "test_ptx_fixture.h"
#include "host/ptx/ptx_alu_lower.h"

static uint64_t rnd(void)
{
    static uint64_t x = 88172645463325252ull;
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    return x;
}

/* Random lanes (edge-heavy: small, huge, floats' specials), through both. */
static void warp_matches_eval(const ptx_alu_t *d, int nsrc)
{
    static const uint64_t edge[] = {0, 1, 0x7fffffff, 0x80000000u, 0xffffffffu, 0x7f800000u, 0xff800000u,
                                    0x7fc00000u, 0x00000001u, 0x3f800000u, ~0ull, 1ull << 63,
                                    /* f64: infinities, a quiet and a signalling NaN, the largest subnormal, 1.0,
                                       a value below f32's smallest subnormal, one past f32's largest finite */
                                    0x7ff0000000000000ull, 0xfff0000000000000ull, 0x7ff8000000000000ull,
                                    0x7ff0000000000001ull, 0x000fffffffffffffull, 0x3ff0000000000000ull,
                                    0x3690000000000000ull, 0x47efffffffffffffull};
    for (int round = 0; round < 200; round++) {
        uint64_t s[4][32], dst[32], dst2[32], want[32], want2[32];
        uint8_t cc[32], wantcc[32];
        const uint64_t *src[4] = {NULL, NULL, NULL, NULL};
        for (int i = 0; i < nsrc; i++) {
            for (int l = 0; l < 32; l++)
                s[i][l] = rnd() % 3 ? rnd() >> (rnd() % 64) : edge[rnd() % (sizeof edge / sizeof edge[0])];
            src[i] = s[i];
        }
        uint32_t mask = round % 7 == 0 ? ~0u : (uint32_t)rnd();
        for (int l = 0; l < 32; l++) {
            dst[l] = want[l] = 0xdead0000u + (uint64_t)l, dst2[l] = want2[l] = 0xbeef0000u + (uint64_t)l;
            cc[l] = wantcc[l] = (uint8_t)(rnd() & 1);
            if (!((mask >> l) & 1))
                continue;
            uint32_t c = cc[l];
            uint64_t q = want2[l];
            want[l] = ptx_alu_eval(d, nsrc > 0 ? s[0][l] : 0, nsrc > 1 ? s[1][l] : 0, nsrc > 2 ? s[2][l] : 0,
                                   nsrc > 3 ? s[3][l] : 0, &c, &q);
            want2[l] = q, wantcc[l] = (uint8_t)c;
        }
        ptx_alu_warp(d, dst, dst2, src, mask, cc);
        for (int l = 0; l < 32; l++) {
            cr_assert_eq(dst[l], want[l], "op %u form %u lane %d (mask %08x): %llx vs eval %llx", d->op, d->form, l,
                         mask, (unsigned long long)dst[l], (unsigned long long)want[l]);
            cr_assert_eq(dst2[l], want2[l], "op %u form %u lane %d: second destination", d->op, d->form, l);
            cr_assert_eq(cc[l], wantcc[l], "op %u form %u lane %d: carry", d->op, d->form, l);
        }
    }
}

Test(ptx_alu_warp, every_fast_form_agrees_with_eval)
{
    static const struct { unsigned op, type, type2, round, flags, mul, cmp; int nsrc; } t[] = {
        {PTX_OP_ADD, PTX_T_F32, 0, 0, 0, 0, 0, 2}, {PTX_OP_SUB, PTX_T_F32, 0, PTX_RND_RN, 0, 0, 0, 2},
        {PTX_OP_MUL, PTX_T_F32, 0, 0, 0, 0, 0, 2}, {PTX_OP_FMA, PTX_T_F32, 0, PTX_RND_RN, 0, 0, 0, 3},
        {PTX_OP_MAD, PTX_T_F32, 0, PTX_RND_RN, 0, 0, 0, 3},
        {PTX_OP_RCP, PTX_T_F32, 0, 0, PTX_MF_APPROX, 0, 0, 1}, {PTX_OP_SQRT, PTX_T_F32, 0, PTX_RND_RN, 0, 0, 0, 1},
        {PTX_OP_EX2, PTX_T_F32, 0, 0, PTX_MF_APPROX, 0, 0, 1},
        {PTX_OP_EX2, PTX_T_F32, 0, 0, PTX_MF_APPROX | PTX_MF_FTZ, 0, 0, 1},
        {PTX_OP_ADD, PTX_T_F64, 0, 0, 0, 0, 0, 2}, {PTX_OP_SUB, PTX_T_F64, 0, PTX_RND_RN, 0, 0, 0, 2},
        {PTX_OP_MUL, PTX_T_F64, 0, PTX_RND_RN, 0, 0, 0, 2}, {PTX_OP_FMA, PTX_T_F64, 0, PTX_RND_RN, 0, 0, 0, 3},
        {PTX_OP_MAD, PTX_T_F64, 0, PTX_RND_RN, 0, 0, 0, 3},
        {PTX_OP_ADD, PTX_T_S32, 0, 0, 0, 0, 0, 2}, {PTX_OP_SUB, PTX_T_U32, 0, 0, 0, 0, 0, 2},
        {PTX_OP_MUL, PTX_T_S32, 0, 0, 0, PTX_MUL_LO, 0, 2}, {PTX_OP_MAD, PTX_T_U32, 0, 0, 0, PTX_MUL_LO, 0, 3},
        {PTX_OP_SHL, PTX_T_B32, 0, 0, 0, 0, 0, 2}, {PTX_OP_SHR, PTX_T_U32, 0, 0, 0, 0, 0, 2},
        {PTX_OP_SHR, PTX_T_S32, 0, 0, 0, 0, 0, 2}, {PTX_OP_AND, PTX_T_B32, 0, 0, 0, 0, 0, 2},
        {PTX_OP_OR, PTX_T_PRED, 0, 0, 0, 0, 0, 2}, {PTX_OP_XOR, PTX_T_B64, 0, 0, 0, 0, 0, 2},
        {PTX_OP_MUL, PTX_T_S32, 0, 0, 0, PTX_MUL_WIDE, 0, 2}, {PTX_OP_MUL, PTX_T_U32, 0, 0, 0, PTX_MUL_WIDE, 0, 2},
        {PTX_OP_ADD, PTX_T_S64, 0, 0, 0, 0, 0, 2}, {PTX_OP_SUB, PTX_T_U64, 0, 0, 0, 0, 0, 2},
        {PTX_OP_SETP, PTX_T_S32, 0, 0, 0, 0, PTX_CMP_LT, 2}, {PTX_OP_SETP, PTX_T_U32, 0, 0, 0, 0, PTX_CMP_HS, 2},
        {PTX_OP_SETP, PTX_T_S64, 0, 0, 0, 0, PTX_CMP_NE, 2}, {PTX_OP_SETP, PTX_T_U64, 0, 0, 0, 0, PTX_CMP_LS, 2},
        {PTX_OP_SETP, PTX_T_F32, 0, 0, 0, 0, PTX_CMP_GEU, 2}, {PTX_OP_SETP, PTX_T_F32, 0, 0, 0, 0, PTX_CMP_NE, 2},
        {PTX_OP_SETP, PTX_T_F32, 0, 0, 0, 0, PTX_CMP_NUM, 2},
        {PTX_OP_SETP, PTX_T_F64, 0, 0, 0, 0, PTX_CMP_LT, 2}, {PTX_OP_SETP, PTX_T_F64, 0, 0, 0, 0, PTX_CMP_NEU, 2},
        {PTX_OP_SELP, PTX_T_B16, 0, 0, 0, 0, 0, 3}, {PTX_OP_MOV, PTX_T_U16, 0, 0, 0, 0, 0, 1},
        {PTX_OP_CVT, PTX_T_F32, PTX_T_S32, PTX_RND_RN, 0, 0, 0, 1}, {PTX_OP_CVT, PTX_T_F32, PTX_T_U32, PTX_RND_RN, 0, 0, 0, 1},
        {PTX_OP_CVT, PTX_T_S32, PTX_T_F32, PTX_RND_RZI, 0, 0, 0, 1}, {PTX_OP_CVT, PTX_T_U32, PTX_T_F32, PTX_RND_RZI, PTX_MF_FTZ, 0, 0, 1},
        {PTX_OP_CVT, PTX_T_S64, PTX_T_S32, 0, 0, 0, 0, 1}, {PTX_OP_CVT, PTX_T_U64, PTX_T_U32, 0, 0, 0, 0, 1},
        {PTX_OP_CVT, PTX_T_U32, PTX_T_U64, 0, 0, 0, 0, 1},
        {PTX_OP_CVT, PTX_T_F64, PTX_T_F32, 0, 0, 0, 0, 1}, {PTX_OP_CVT, PTX_T_F32, PTX_T_F64, PTX_RND_RN, 0, 0, 0, 1},
    };
    uint8_t seen[PTX_FORM_COUNT] = {0};
    for (unsigned i = 0; i < sizeof t / sizeof t[0]; i++) {
        ptx_alu_t d = alu(t[i].op, t[i].type, t[i].type2, t[i].round, t[i].flags);
        d.mul = (uint8_t)t[i].mul, d.cmp = (uint8_t)t[i].cmp;
        ptx_alu_prepare(&d);
        cr_assert(d.form != PTX_FORM_GENERIC, "row %u: no fast form", i);
        seen[d.form] = 1;
        warp_matches_eval(&d, t[i].nsrc);
        d.form = PTX_FORM_GENERIC; /* and the generic loop too */
        warp_matches_eval(&d, t[i].nsrc);
    }
    for (unsigned f = 1; f < PTX_FORM_COUNT; f++)
        cr_expect(seen[f], "form %u has no row here", f);
}

Test(ptx_alu_warp, the_generic_loop_where_a_form_does_not_hold)
{
    ptx_alu_t rz = alu(PTX_OP_ADD, PTX_T_F32, 0, PTX_RND_RZ, 0), ftz = alu(PTX_OP_MUL, PTX_T_F32, 0, 0, PTX_MF_FTZ);
    ptx_alu_t cc = alu(PTX_OP_ADD, PTX_T_U32, 0, 0, PTX_MF_CC), andp = alu(PTX_OP_SETP, PTX_T_S32, 0, 0, 0);
    andp.boolop = PTX_BOOL_AND, andp.cmp = PTX_CMP_LT;
    ptx_alu_prepare(&andp);
    cr_expect_eq(rz.form, PTX_FORM_GENERIC);
    cr_expect_eq(ftz.form, PTX_FORM_GENERIC);
    cr_expect_eq(cc.form, PTX_FORM_GENERIC);
    cr_expect_eq(andp.form, PTX_FORM_GENERIC);
    warp_matches_eval(&cc, 2);
    warp_matches_eval(&andp, 3);
}

Test(ptx_alu_warp, lowering_reads_the_parsed_instruction)
{
    ptx_module_t *m = tp_parse_kernel("", ".reg .pred %p<4>;\n.reg .b32 %r<4>;\n.reg .f32 %f<3>;\n"
                                          "setp.lt.and.s32 %p1|%p2, %r1, %r2, !%p3;\n"
                                          "mov.u32 %r1, %tid.x;\n"
                                          "mov.b32 %r2, 7;\n"
                                          "cvt.rzi.ftz.s32.f32 %r3, %f1;\n"
                                          "ld.param.u32 %r1, [p1];\n"
                                          "selp.b32 %r1, %r2, %r3, !%p1;\n");
    const ptx_func_t *f = tp_kernel(m);
    ptx_alu_t d;
    cr_assert(ptx_alu_from_insn(&f->insns[0], &d));
    cr_expect_eq(d.op, PTX_OP_SETP);
    cr_expect_eq(d.cmp, PTX_CMP_LT);
    cr_expect_eq(d.boolop, PTX_BOOL_AND);
    cr_expect_eq(d.negsrc, 4, "the third source is !p");
    cr_expect_eq(ptx_alu_first_src(&f->insns[0]), 2);
    cr_expect_not(ptx_alu_from_insn(&f->insns[1], &d), "mov from a special register");
    cr_expect(ptx_alu_from_insn(&f->insns[2], &d));
    cr_assert(ptx_alu_from_insn(&f->insns[3], &d));
    cr_expect_eq(d.type, PTX_T_S32);
    cr_expect_eq(d.type2, PTX_T_F32);
    cr_expect_eq(d.round, PTX_RND_RZI);
    cr_expect(d.flags & PTX_MF_FTZ);
    cr_expect_not(ptx_alu_from_insn(&f->insns[4], &d), "a load");
    cr_assert(ptx_alu_from_insn(&f->insns[5], &d));
    cr_expect_eq(d.negsrc, 4);
    ptx_module_free(m);
}

/* Every instruction of the corpus that lowers runs in both loops alike. */
Test(ptx_alu_warp, every_corpus_alu_instruction_runs)
{
    DIR *dir = opendir("test/ptx/gen");
    cr_assert(dir != NULL);
    struct dirent *e;
    unsigned lowered = 0, files = 0;
    while ((e = readdir(dir))) {
        if (!strstr(e->d_name, ".sm_80.ptx") && !strstr(e->d_name, ".clang.ptx"))
            continue;
        char path[512], err[512];
        snprintf(path, sizeof path, "test/ptx/gen/%s", e->d_name);
        ptx_module_t *m = ptx_parse_file(path, err, sizeof err);
        cr_assert(m != NULL, "%s", err);
        files++;
        for (uint32_t fi = 0; fi < m->nfuncs; fi++)
            for (uint32_t i = 0; i < m->funcs[fi].ninsns; i++) {
                ptx_alu_t d;
                const ptx_insn_t *in = &m->funcs[fi].insns[i];
                if (!ptx_alu_from_insn(in, &d))
                    continue;
                ptx_alu_prepare(&d);
                lowered++;
                if (lowered % 7 == 0) /* a sample: the whole corpus would take long */
                    warp_matches_eval(&d, in->nopnd - ptx_alu_first_src(in));
            }
        ptx_module_free(m);
    }
    closedir(dir);
    cr_log_info("%u ALU instructions lowered from %u files", lowered, files);
    cr_expect(lowered > 1000, "only %u", lowered);
}
