/* The tester's list of forms: every ALU instruction with the types,
 * rounding modes and modifiers the PTX ISA gives it (the ones compilers
 * emit, and their edges). */
#include <stdio.h>
#include <string.h>

#include "alu_diff.h"

form_t forms[1200];
int forms_count;

static const char *const type_names[PTX_T_COUNT] = {
    "none", "b8", "b16", "b32", "b64", "b128", "u8", "u16", "u32", "u64", "s8", "s16", "s32", "s64",
    "f16", "f16x2", "bf16", "bf16x2", "f32", "f64", "pred"};
static const char *const rnd_names[] = {"", ".rn", ".rz", ".rm", ".rp", ".rna", ".rni", ".rzi", ".rmi", ".rpi"};
static const char *const cmp_names[] = {"", "eq", "ne", "lt", "le", "gt", "ge", "lo", "ls", "hi", "hs",
                                        "equ", "neu", "ltu", "leu", "gtu", "geu", "num", "nan"};

static unsigned tbits(unsigned t)
{
    switch (t) {
    case PTX_T_B8: case PTX_T_U8: case PTX_T_S8: return 8;
    case PTX_T_B16: case PTX_T_U16: case PTX_T_S16: case PTX_T_F16: case PTX_T_BF16: return 16;
    case PTX_T_B64: case PTX_T_U64: case PTX_T_S64: case PTX_T_F64: return 64;
    case PTX_T_PRED: return 1;
    default: return 32;
    }
}

static gen_t GI(unsigned t)
{
    return (gen_t){GEN_INT, tbits(t), {0, 0}, 0};
}

static gen_t GF(unsigned t)
{
    switch (t) {
    case PTX_T_F16: return (gen_t){GEN_FLOAT, 0, {16, 10}, 0};
    case PTX_T_BF16: return (gen_t){GEN_FLOAT, 0, {16, 7}, 0};
    case PTX_T_F64: return (gen_t){GEN_FLOAT, 0, {64, 52}, 0};
    case PTX_T_F16X2: case PTX_T_BF16X2: return GI(PTX_T_B32); /* two halves: random bits and edges */
    default: return (gen_t){GEN_FLOAT, 0, {32, 23}, 0};
    }
}

static gen_t GV(unsigned t)
{
    return t == PTX_T_PRED ? (gen_t){GEN_PRED, 1, {0, 0}, 0}
         : (t >= PTX_T_F16 && t <= PTX_T_F64) ? GF(t) : GI(t);
}

static const gen_t GP = {GEN_PRED, 1, {0, 0}, 0};
static const gen_t G0 = {GEN_NONE, 0, {0, 0}, 0};

static gen_t GS(unsigned bits, unsigned range)
{
    return (gen_t){GEN_SMALL, bits, {0, 0}, range};
}

static gen_t GSS(unsigned bits, unsigned range)
{
    return (gen_t){GEN_SIGNED_SMALL, bits, {0, 0}, range};
}

static form_t *add(const char *name, unsigned op, unsigned t, unsigned t2, unsigned rnd, uint32_t flags, int nsrc,
                   gen_t g0, gen_t g1, gen_t g2, gen_t g3)
{
    form_t *f = &forms[forms_count++];
    memset(f, 0, sizeof *f);
    snprintf(f->name, sizeof f->name, "%.63s", name);
    f->d.op = (uint16_t)op, f->d.type = (uint8_t)t, f->d.type2 = (uint8_t)t2, f->d.round = (uint8_t)rnd;
    f->d.flags = flags;
    f->nsrc = nsrc;
    f->gen[0] = g0, f->gen[1] = g1, f->gen[2] = g2, f->gen[3] = g3;
    f->weight = 4;
    return f;
}

static const char *mods(uint32_t fl)
{
    static char b[160];
    snprintf(b, sizeof b, "%s%s%s%s%s%s%s%s", fl & PTX_MF_APPROX ? ".approx" : "", fl & PTX_MF_FULL ? ".full" : "",
             fl & PTX_MF_FTZ ? ".ftz" : "", fl & PTX_MF_SAT ? ".sat" : "", fl & PTX_MF_CC ? ".cc" : "",
             fl & PTX_MF_NAN ? ".NaN" : "", fl & PTX_MF_RELU ? ".relu" : "", fl & PTX_MF_SATFINITE ? ".satfinite" : "");
    return b;
}

/* A name like "add.rz.ftz.f32". */
static const char *nm(const char *op, unsigned rnd, uint32_t fl, unsigned t, unsigned t2)
{
    static char b[160];
    snprintf(b, sizeof b, "%.40s%s%.60s.%s%s%s", op, rnd_names[rnd], mods(fl), type_names[t], t2 ? "." : "",
             t2 ? type_names[t2] : "");
    return b;
}

static const unsigned int_types[] = {PTX_T_S16, PTX_T_U16, PTX_T_S32, PTX_T_U32, PTX_T_S64, PTX_T_U64};
static const unsigned all_ints[] = {PTX_T_S8, PTX_T_U8, PTX_T_S16, PTX_T_U16, PTX_T_S32, PTX_T_U32, PTX_T_S64, PTX_T_U64};
#define EACH(arr, v) for (unsigned i_##v = 0, v; i_##v < sizeof arr / sizeof arr[0] && (v = arr[i_##v], 1); i_##v++)

static void int_arith(void)
{
    static const unsigned ops2[] = {PTX_OP_ADD, PTX_OP_SUB, PTX_OP_DIV, PTX_OP_REM, PTX_OP_MIN, PTX_OP_MAX};
    static const char *const ops2n[] = {"add", "sub", "div", "rem", "min", "max"};
    static const unsigned c32[] = {PTX_T_U32, PTX_T_S32, PTX_T_U64, PTX_T_S64};
    EACH(int_types, t) {
        for (int k = 0; k < 6; k++)
            add(nm(ops2n[k], 0, 0, t, 0), ops2[k], t, 0, 0, 0, 2, GI(t), GI(t), G0, G0);
        add(nm("sad", 0, 0, t, 0), PTX_OP_SAD, t, 0, 0, 0, 3, GI(t), GI(t), GI(t), G0);
        static const unsigned ms[] = {PTX_MUL_LO, PTX_MUL_HI, PTX_MUL_WIDE};
        static const char *const mn[] = {"mul.lo", "mul.hi", "mul.wide", "mad.lo", "mad.hi", "mad.wide"};
        for (int k = 0; k < 3; k++) {
            if (tbits(t) == 64 && ms[k] == PTX_MUL_WIDE)
                continue;
            unsigned wt = ms[k] == PTX_MUL_WIDE ? (tbits(t) == 16 ? PTX_T_U32 : PTX_T_U64) : t;
            add(nm(mn[k], 0, 0, t, 0), PTX_OP_MUL, t, 0, 0, 0, 2, GI(t), GI(t), G0, G0)->d.mul = (uint8_t)ms[k];
            add(nm(mn[k + 3], 0, 0, t, 0), PTX_OP_MAD, t, 0, 0, 0, 3, GI(t), GI(t), GI(wt), G0)->d.mul = (uint8_t)ms[k];
        }
    }
    EACH(c32, t) {
        add(nm("add", 0, PTX_MF_CC, t, 0), PTX_OP_ADD, t, 0, 0, PTX_MF_CC, 2, GI(t), GI(t), G0, G0);
        add(nm("sub", 0, PTX_MF_CC, t, 0), PTX_OP_SUB, t, 0, 0, PTX_MF_CC, 2, GI(t), GI(t), G0, G0);
        add(nm("addc", 0, 0, t, 0), PTX_OP_ADDC, t, 0, 0, 0, 2, GI(t), GI(t), G0, G0);
        add(nm("subc", 0, 0, t, 0), PTX_OP_SUBC, t, 0, 0, 0, 2, GI(t), GI(t), G0, G0);
        add(nm("addc", 0, PTX_MF_CC, t, 0), PTX_OP_ADDC, t, 0, 0, PTX_MF_CC, 2, GI(t), GI(t), G0, G0);
        add(nm("subc", 0, PTX_MF_CC, t, 0), PTX_OP_SUBC, t, 0, 0, PTX_MF_CC, 2, GI(t), GI(t), G0, G0);
        add(nm("mad.lo", 0, PTX_MF_CC, t, 0), PTX_OP_MAD, t, 0, 0, PTX_MF_CC, 3, GI(t), GI(t), GI(t), G0)->d.mul = PTX_MUL_LO;
        add(nm("madc.hi", 0, PTX_MF_CC, t, 0), PTX_OP_MADC, t, 0, 0, PTX_MF_CC, 3, GI(t), GI(t), GI(t), G0)->d.mul = PTX_MUL_HI;
        add(nm("madc.lo", 0, 0, t, 0), PTX_OP_MADC, t, 0, 0, 0, 3, GI(t), GI(t), GI(t), G0)->d.mul = PTX_MUL_LO;
    }
    add("add.sat.s32", PTX_OP_ADD, PTX_T_S32, 0, 0, PTX_MF_SAT, 2, GI(PTX_T_S32), GI(PTX_T_S32), G0, G0);
    add("sub.sat.s32", PTX_OP_SUB, PTX_T_S32, 0, 0, PTX_MF_SAT, 2, GI(PTX_T_S32), GI(PTX_T_S32), G0, G0);
    add("mad.hi.sat.s32", PTX_OP_MAD, PTX_T_S32, 0, 0, PTX_MF_SAT, 3, GI(PTX_T_S32), GI(PTX_T_S32), GI(PTX_T_S32), G0)->d.mul = PTX_MUL_HI;
    add("min.relu.s32", PTX_OP_MIN, PTX_T_S32, 0, 0, PTX_MF_RELU, 2, GI(PTX_T_S32), GI(PTX_T_S32), G0, G0);
    add("max.relu.s32", PTX_OP_MAX, PTX_T_S32, 0, 0, PTX_MF_RELU, 2, GI(PTX_T_S32), GI(PTX_T_S32), G0, G0);
    static const unsigned s_types[] = {PTX_T_S16, PTX_T_S32, PTX_T_S64};
    EACH(s_types, t) {
        add(nm("abs", 0, 0, t, 0), PTX_OP_ABS, t, 0, 0, 0, 1, GI(t), G0, G0, G0);
        add(nm("neg", 0, 0, t, 0), PTX_OP_NEG, t, 0, 0, 0, 1, GI(t), G0, G0, G0);
    }
    static const unsigned t24[] = {PTX_T_S32, PTX_T_U32};
    EACH(t24, t) {
        add(nm("mul24.lo", 0, 0, t, 0), PTX_OP_MUL24, t, 0, 0, 0, 2, GI(t), GI(t), G0, G0)->d.mul = PTX_MUL_LO;
        add(nm("mul24.hi", 0, 0, t, 0), PTX_OP_MUL24, t, 0, 0, 0, 2, GI(t), GI(t), G0, G0)->d.mul = PTX_MUL_HI;
        add(nm("mad24.lo", 0, 0, t, 0), PTX_OP_MAD24, t, 0, 0, 0, 3, GI(t), GI(t), GI(t), G0)->d.mul = PTX_MUL_LO;
        add(nm("mad24.hi", 0, 0, t, 0), PTX_OP_MAD24, t, 0, 0, 0, 3, GI(t), GI(t), GI(t), G0)->d.mul = PTX_MUL_HI;
    }
    add("mad24.hi.sat.s32", PTX_OP_MAD24, PTX_T_S32, 0, 0, PTX_MF_SAT, 3, GI(PTX_T_S32), GI(PTX_T_S32), GI(PTX_T_S32), G0)->d.mul = PTX_MUL_HI;
}

static void bit_ops(void)
{
    static const unsigned bt[] = {PTX_T_B16, PTX_T_B32, PTX_T_B64};
    static const unsigned bf[] = {PTX_T_U32, PTX_T_S32, PTX_T_U64, PTX_T_S64};
    static const unsigned sh[] = {PTX_T_B16, PTX_T_B32, PTX_T_B64, PTX_T_U16, PTX_T_U32, PTX_T_S16, PTX_T_S32, PTX_T_U64, PTX_T_S64};
    for (unsigned t = PTX_T_B32; t <= PTX_T_B64; t++) {
        add(nm("popc", 0, 0, t, 0), PTX_OP_POPC, t, 0, 0, 0, 1, GI(t), G0, G0, G0);
        add(nm("clz", 0, 0, t, 0), PTX_OP_CLZ, t, 0, 0, 0, 1, GI(t), G0, G0, G0);
        add(nm("brev", 0, 0, t, 0), PTX_OP_BREV, t, 0, 0, 0, 1, GI(t), G0, G0, G0);
        add(nm("bfi", 0, 0, t, 0), PTX_OP_BFI, t, 0, 0, 0, 4, GI(t), GI(t), GS(32, 80), GS(32, 80));
    }
    EACH(bf, t) {
        add(nm("bfind", 0, 0, t, 0), PTX_OP_BFIND, t, 0, 0, 0, 1, GI(t), G0, G0, G0);
        add(nm("bfind.shiftamt", 0, 0, t, 0), PTX_OP_BFIND, t, 0, 0, PTX_MF_SHIFTAMT, 1, GI(t), G0, G0, G0);
        add(nm("bfe", 0, 0, t, 0), PTX_OP_BFE, t, 0, 0, 0, 3, GI(t), GS(32, 80), GS(32, 80), G0);
    }
    add("fns.b32", PTX_OP_FNS, PTX_T_B32, 0, 0, 0, 3, GI(PTX_T_B32), GS(32, 40), GSS(32, 40), G0);
    static const char *const pm[] = {"prmt.b32", "prmt.f4e.b32", "prmt.b4e.b32", "prmt.rc8.b32", "prmt.ecl.b32",
                                     "prmt.ecr.b32", "prmt.rc16.b32"};
    for (unsigned m = 0; m < 7; m++)
        add(pm[m], PTX_OP_PRMT, PTX_T_B32, 0, 0, 0, 3, GI(PTX_T_B32), GI(PTX_T_B32), m ? GS(32, 7) : GI(PTX_T_B32), G0)->d.prmt = (uint8_t)m;
    for (unsigned mode = PTX_SHFM_CLAMP; mode <= PTX_SHFM_WRAP; mode++)
        add(mode == PTX_SHFM_CLAMP ? "bmsk.clamp.b32" : "bmsk.wrap.b32", PTX_OP_BMSK, PTX_T_B32, 0, 0, 0, 2,
            GS(32, 70), GS(32, 70), G0, G0)->d.shf_mode = (uint8_t)mode;
    {
        static const char *const dp[8] = {"dp4a.u32.u32", "dp4a.u32.s32", "dp4a.s32.u32", "dp4a.s32.s32",
                                          "dp2a.lo.s32.u32", "dp2a.hi.s32.s32", "dp2a.lo.u32.s32", "dp2a.hi.u32.u32"};
        static const unsigned ta[8] = {PTX_T_U32, PTX_T_U32, PTX_T_S32, PTX_T_S32, PTX_T_S32, PTX_T_S32, PTX_T_U32, PTX_T_U32};
        static const unsigned tb[8] = {PTX_T_U32, PTX_T_S32, PTX_T_U32, PTX_T_S32, PTX_T_U32, PTX_T_S32, PTX_T_S32, PTX_T_U32};
        for (unsigned k = 0; k < 8; k++) {
            form_t *f = add(dp[k], k < 4 ? PTX_OP_DP4A : PTX_OP_DP2A, ta[k], tb[k], 0, 0, 3, GI(PTX_T_B32),
                            GI(PTX_T_B32), GI(PTX_T_B32), G0);
            f->d.mul = k < 4 ? 0 : k & 1 ? PTX_MUL_HI : PTX_MUL_LO;
        }
    }
    for (unsigned dir = PTX_SHF_L; dir <= PTX_SHF_R; dir++)
        for (unsigned mode = PTX_SHFM_CLAMP; mode <= PTX_SHFM_WRAP; mode++) {
            char b[48];
            snprintf(b, sizeof b, "shf.%s.%s.b32", dir == PTX_SHF_L ? "l" : "r", mode == PTX_SHFM_CLAMP ? "clamp" : "wrap");
            form_t *f = add(b, PTX_OP_SHF, PTX_T_B32, 0, 0, 0, 3, GI(PTX_T_B32), GI(PTX_T_B32), GS(32, 70), G0);
            f->d.shf_dir = (uint8_t)dir, f->d.shf_mode = (uint8_t)mode;
        }
    EACH(sh, t) {
        if (t <= PTX_T_B64)
            add(nm("shl", 0, 0, t, 0), PTX_OP_SHL, t, 0, 0, 0, 2, GI(t), GS(32, 70), G0, G0);
        add(nm("shr", 0, 0, t, 0), PTX_OP_SHR, t, 0, 0, 0, 2, GI(t), GS(32, 70), G0, G0);
    }
    static const unsigned lt[] = {PTX_T_B16, PTX_T_B32, PTX_T_B64, PTX_T_PRED};
    EACH(lt, t) {
        add(nm("and", 0, 0, t, 0), PTX_OP_AND, t, 0, 0, 0, 2, GV(t), GV(t), G0, G0);
        add(nm("or", 0, 0, t, 0), PTX_OP_OR, t, 0, 0, 0, 2, GV(t), GV(t), G0, G0);
        add(nm("xor", 0, 0, t, 0), PTX_OP_XOR, t, 0, 0, 0, 2, GV(t), GV(t), G0, G0);
        add(nm("not", 0, 0, t, 0), PTX_OP_NOT, t, 0, 0, 0, 1, GV(t), G0, G0, G0);
        add(nm("mov", 0, 0, t, 0), PTX_OP_MOV, t, 0, 0, 0, 1, GV(t), G0, G0, G0);
    }
    EACH(bt, t) add(nm("cnot", 0, 0, t, 0), PTX_OP_CNOT, t, 0, 0, 0, 1, GI(t), G0, G0, G0);
    add("lop3.b32", PTX_OP_LOP3, PTX_T_B32, 0, 0, 0, 4, GI(PTX_T_B32), GI(PTX_T_B32), GI(PTX_T_B32), GS(8, 255));
    add("mov.f32", PTX_OP_MOV, PTX_T_F32, 0, 0, 0, 1, GF(PTX_T_F32), G0, G0, G0);
    add("mov.u16", PTX_OP_MOV, PTX_T_U16, 0, 0, 0, 1, GI(PTX_T_U16), G0, G0, G0);
}

static void cmp_select(void)
{
    static const unsigned st[] = {PTX_T_S16, PTX_T_S32, PTX_T_S64, PTX_T_U16, PTX_T_U32, PTX_T_U64, PTX_T_B32, PTX_T_B64};
    EACH(st, t) {
        int sg = t == PTX_T_S16 || t == PTX_T_S32 || t == PTX_T_S64, b = t == PTX_T_B32 || t == PTX_T_B64;
        for (unsigned c = PTX_CMP_EQ; c <= PTX_CMP_HS; c++) {
            if ((b && c > PTX_CMP_NE) || (sg && c >= PTX_CMP_LO))
                continue;
            char n[48];
            snprintf(n, sizeof n, "setp.%s.%s", cmp_names[c], type_names[t]);
            add(n, PTX_OP_SETP, t, 0, 0, 0, 2, GI(t), GI(t), G0, G0)->d.cmp = (uint8_t)c;
        }
    }
    static const char *const bn[] = {"", "and", "or", "xor"};
    for (unsigned bo = PTX_BOOL_AND; bo <= PTX_BOOL_XOR; bo++) {
        char n[48];
        snprintf(n, sizeof n, "setp.lt.%s.s32", bn[bo]);
        form_t *f = add(n, PTX_OP_SETP, PTX_T_S32, 0, 0, 0, 3, GI(PTX_T_S32), GI(PTX_T_S32), GP, G0);
        f->d.cmp = PTX_CMP_LT, f->d.boolop = (uint8_t)bo;
        snprintf(n, sizeof n, "setp.gtu.%s.f32 !c", bn[bo]);
        f = add(n, PTX_OP_SETP, PTX_T_F32, 0, 0, 0, 3, GF(PTX_T_F32), GF(PTX_T_F32), GP, G0);
        f->d.cmp = PTX_CMP_GTU, f->d.boolop = (uint8_t)bo, f->d.negsrc = 4;
    }
    static const unsigned ft[] = {PTX_T_F32, PTX_T_F64, PTX_T_F16, PTX_T_BF16};
    EACH(ft, t)
        for (unsigned c = PTX_CMP_EQ; c <= PTX_CMP_NAN; c++) {
            if (c >= PTX_CMP_LO && c <= PTX_CMP_HS)
                continue;
            char n[48];
            snprintf(n, sizeof n, "setp.%s.%s", cmp_names[c], type_names[t]);
            add(n, PTX_OP_SETP, t, 0, 0, 0, 2, GF(t), GF(t), G0, G0)->d.cmp = (uint8_t)c;
        }
    add("setp.lt.ftz.f32", PTX_OP_SETP, PTX_T_F32, 0, 0, PTX_MF_FTZ, 2, GF(PTX_T_F32), GF(PTX_T_F32), G0, G0)->d.cmp = PTX_CMP_LT;
    add("setp.geu.ftz.f32", PTX_OP_SETP, PTX_T_F32, 0, 0, PTX_MF_FTZ, 2, GF(PTX_T_F32), GF(PTX_T_F32), G0, G0)->d.cmp = PTX_CMP_GEU;
    add("setp.lt.f16x2", PTX_OP_SETP, PTX_T_F16X2, 0, 0, 0, 2, GF(PTX_T_F16X2), GF(PTX_T_F16X2), G0, G0)->d.cmp = PTX_CMP_LT;
    form_t *f = add("setp.ne.and.bf16x2", PTX_OP_SETP, PTX_T_BF16X2, 0, 0, 0, 3, GF(PTX_T_BF16X2), GF(PTX_T_BF16X2), GP, G0);
    f->d.cmp = PTX_CMP_NE, f->d.boolop = PTX_BOOL_AND;
    static const unsigned sd[] = {PTX_T_U32, PTX_T_S32, PTX_T_F32};
    static const unsigned ss[] = {PTX_T_S32, PTX_T_U64, PTX_T_F32, PTX_T_F64};
    EACH(sd, dt) EACH(ss, s2) {
        char n[48];
        snprintf(n, sizeof n, "set.lt.%s.%s", type_names[dt], type_names[s2]);
        add(n, PTX_OP_SET, dt, s2, 0, 0, 2, GV(s2), GV(s2), G0, G0)->d.cmp = PTX_CMP_LT;
    }
    static const unsigned hd[] = {PTX_T_F16X2, PTX_T_BF16X2, PTX_T_U32};
    EACH(hd, dt) {
        char n[48];
        unsigned s2 = dt == PTX_T_BF16X2 ? PTX_T_BF16X2 : PTX_T_F16X2;
        snprintf(n, sizeof n, "set.ltu.%s.%s", type_names[dt], type_names[s2]);
        add(n, PTX_OP_SET, dt, s2, 0, 0, 2, GF(s2), GF(s2), G0, G0)->d.cmp = PTX_CMP_LTU;
    }
    add("set.eq.f16.f16", PTX_OP_SET, PTX_T_F16, PTX_T_F16, 0, 0, 2, GF(PTX_T_F16), GF(PTX_T_F16), G0, G0)->d.cmp = PTX_CMP_EQ;
    add("set.gt.bf16.f32", PTX_OP_SET, PTX_T_BF16, PTX_T_F32, 0, 0, 2, GF(PTX_T_F32), GF(PTX_T_F32), G0, G0)->d.cmp = PTX_CMP_GT;
    f = add("set.ne.or.u32.s32 !c", PTX_OP_SET, PTX_T_U32, PTX_T_S32, 0, 0, 3, GI(PTX_T_S32), GI(PTX_T_S32), GP, G0);
    f->d.cmp = PTX_CMP_NE, f->d.boolop = PTX_BOOL_OR, f->d.negsrc = 4;
    static const unsigned selt[] = {PTX_T_B16, PTX_T_B32, PTX_T_B64, PTX_T_F32, PTX_T_F64, PTX_T_S32, PTX_T_PRED};
    EACH(selt, t) add(nm("selp", 0, 0, t, 0), PTX_OP_SELP, t, 0, 0, 0, 3, GV(t), GV(t), GP, G0);
    add("selp.b32 !p", PTX_OP_SELP, PTX_T_B32, 0, 0, 0, 3, GI(PTX_T_B32), GI(PTX_T_B32), GP, G0)->d.negsrc = 4;
    static const unsigned slt[] = {PTX_T_B32, PTX_T_S32, PTX_T_F32, PTX_T_U64, PTX_T_F64};
    EACH(slt, t) {
        add(nm("slct", 0, 0, t, PTX_T_S32), PTX_OP_SLCT, t, PTX_T_S32, 0, 0, 3, GV(t), GV(t), GI(PTX_T_S32), G0);
        add(nm("slct", 0, 0, t, PTX_T_F32), PTX_OP_SLCT, t, PTX_T_F32, 0, 0, 3, GV(t), GV(t), GF(PTX_T_F32), G0);
    }
    add("slct.ftz.u32.f32", PTX_OP_SLCT, PTX_T_U32, PTX_T_F32, 0, PTX_MF_FTZ, 3, GI(PTX_T_U32), GI(PTX_T_U32), GF(PTX_T_F32), G0);
}

static void float_ops(void)
{
    static const unsigned ft[] = {PTX_T_F32, PTX_T_F64};
    static const unsigned ops[] = {PTX_OP_ADD, PTX_OP_SUB, PTX_OP_MUL, PTX_OP_FMA, PTX_OP_DIV, PTX_OP_SQRT, PTX_OP_RCP};
    static const char *const on[] = {"add", "sub", "mul", "fma", "div", "sqrt", "rcp"};
    static const int ns[] = {2, 2, 2, 3, 2, 1, 1};
    EACH(ft, t) {
        for (int k = 0; k < 7; k++)
            for (unsigned r = PTX_RND_RN; r <= PTX_RND_RP; r++)
                add(nm(on[k], r, 0, t, 0), ops[k], t, 0, r, 0, ns[k], GF(t), ns[k] > 1 ? GF(t) : G0, ns[k] > 2 ? GF(t) : G0, G0);
        add(nm("min", 0, 0, t, 0), PTX_OP_MIN, t, 0, 0, 0, 2, GF(t), GF(t), G0, G0);
        add(nm("max", 0, 0, t, 0), PTX_OP_MAX, t, 0, 0, 0, 2, GF(t), GF(t), G0, G0);
        add(nm("abs", 0, 0, t, 0), PTX_OP_ABS, t, 0, 0, 0, 1, GF(t), G0, G0, G0);
        add(nm("neg", 0, 0, t, 0), PTX_OP_NEG, t, 0, 0, 0, 1, GF(t), G0, G0, G0);
        add(nm("copysign", 0, 0, t, 0), PTX_OP_COPYSIGN, t, 0, 0, 0, 2, GF(t), GF(t), G0, G0);
        for (unsigned w = PTX_TESTP_FINITE; w <= PTX_TESTP_SUBNORMAL; w++) {
            char n[48];
            static const char *const tn[] = {"", "finite", "infinite", "number", "notanumber", "normal", "subnormal"};
            snprintf(n, sizeof n, "testp.%s.%s", tn[w], type_names[t]);
            add(n, PTX_OP_TESTP, t, 0, 0, 0, 1, GF(t), G0, G0, G0)->d.testp = (uint8_t)w;
        }
    }
    unsigned f = PTX_T_F32;
    static const uint32_t fl[] = {PTX_MF_FTZ, PTX_MF_SAT, PTX_MF_FTZ | PTX_MF_SAT};
    for (int i = 0; i < 3; i++) {
        add(nm("add", PTX_RND_RN, fl[i], f, 0), PTX_OP_ADD, f, 0, PTX_RND_RN, fl[i], 2, GF(f), GF(f), G0, G0);
        add(nm("sub", PTX_RND_RZ, fl[i], f, 0), PTX_OP_SUB, f, 0, PTX_RND_RZ, fl[i], 2, GF(f), GF(f), G0, G0);
        add(nm("mul", PTX_RND_RN, fl[i], f, 0), PTX_OP_MUL, f, 0, PTX_RND_RN, fl[i], 2, GF(f), GF(f), G0, G0);
        add(nm("fma", PTX_RND_RN, fl[i], f, 0), PTX_OP_FMA, f, 0, PTX_RND_RN, fl[i], 3, GF(f), GF(f), GF(f), G0);
        add(nm("mad", PTX_RND_RM, fl[i], f, 0), PTX_OP_MAD, f, 0, PTX_RND_RM, fl[i], 3, GF(f), GF(f), GF(f), G0);
    }
    add("add.f32", PTX_OP_ADD, f, 0, 0, 0, 2, GF(f), GF(f), G0, G0);
    add("mul.f32", PTX_OP_MUL, f, 0, 0, 0, 2, GF(f), GF(f), G0, G0);
    add("mad.rn.f32", PTX_OP_MAD, f, 0, PTX_RND_RN, 0, 3, GF(f), GF(f), GF(f), G0);
    add("div.rn.ftz.f32", PTX_OP_DIV, f, 0, PTX_RND_RN, PTX_MF_FTZ, 2, GF(f), GF(f), G0, G0);
    add("sqrt.rn.ftz.f32", PTX_OP_SQRT, f, 0, PTX_RND_RN, PTX_MF_FTZ, 1, GF(f), G0, G0, G0);
    add("rcp.rn.ftz.f32", PTX_OP_RCP, f, 0, PTX_RND_RN, PTX_MF_FTZ, 1, GF(f), G0, G0, G0);
    add("min.ftz.f32", PTX_OP_MIN, f, 0, 0, PTX_MF_FTZ, 2, GF(f), GF(f), G0, G0);
    add("max.NaN.f32", PTX_OP_MAX, f, 0, 0, PTX_MF_NAN, 2, GF(f), GF(f), G0, G0);
    add("min.NaN.f32", PTX_OP_MIN, f, 0, 0, PTX_MF_NAN, 2, GF(f), GF(f), G0, G0);
    add("abs.ftz.f32", PTX_OP_ABS, f, 0, 0, PTX_MF_FTZ, 1, GF(f), G0, G0, G0);
    add("neg.ftz.f32", PTX_OP_NEG, f, 0, 0, PTX_MF_FTZ, 1, GF(f), G0, G0, G0);
}

static void approx_ops(void)
{
    static const unsigned ops[] = {PTX_OP_SIN, PTX_OP_COS, PTX_OP_LG2, PTX_OP_EX2, PTX_OP_TANH, PTX_OP_RSQRT,
                                   PTX_OP_RCP, PTX_OP_SQRT};
    static const char *const on[] = {"sin", "cos", "lg2", "ex2", "tanh", "rsqrt", "rcp", "sqrt"};
    unsigned f = PTX_T_F32;
    for (int k = 0; k < 8; k++)
        for (int z = 0; z < 2; z++) {
            uint32_t fl = PTX_MF_APPROX | (z ? PTX_MF_FTZ : 0);
            if (ops[k] == PTX_OP_TANH && z)
                continue;
            add(nm(on[k], 0, fl, f, 0), ops[k], f, 0, 0, fl, 1, GF(f), G0, G0, G0);
        }
    add("div.approx.f32", PTX_OP_DIV, f, 0, 0, PTX_MF_APPROX, 2, GF(f), GF(f), G0, G0);
    add("div.approx.ftz.f32", PTX_OP_DIV, f, 0, 0, PTX_MF_APPROX | PTX_MF_FTZ, 2, GF(f), GF(f), G0, G0);
    add("div.full.f32", PTX_OP_DIV, f, 0, 0, PTX_MF_FULL, 2, GF(f), GF(f), G0, G0);
    add("div.full.ftz.f32", PTX_OP_DIV, f, 0, 0, PTX_MF_FULL | PTX_MF_FTZ, 2, GF(f), GF(f), G0, G0);
    add("rcp.approx.ftz.f64", PTX_OP_RCP, PTX_T_F64, 0, 0, PTX_MF_APPROX | PTX_MF_FTZ, 1, GF(PTX_T_F64), G0, G0, G0);
    add("rsqrt.approx.f64", PTX_OP_RSQRT, PTX_T_F64, 0, 0, PTX_MF_APPROX, 1, GF(PTX_T_F64), G0, G0, G0);
    static const unsigned ht[] = {PTX_T_F16, PTX_T_F16X2, PTX_T_BF16, PTX_T_BF16X2};
    EACH(ht, t) {
        if (t == PTX_T_F16 || t == PTX_T_F16X2)
            add(nm("ex2", 0, PTX_MF_APPROX, t, 0), PTX_OP_EX2, t, 0, 0, PTX_MF_APPROX, 1, GF(t), G0, G0, G0);
        add(nm("tanh", 0, PTX_MF_APPROX, t, 0), PTX_OP_TANH, t, 0, 0, PTX_MF_APPROX, 1, GF(t), G0, G0, G0);
    }
}

static void half_ops(void)
{
    static const unsigned ht[] = {PTX_T_F16, PTX_T_F16X2, PTX_T_BF16, PTX_T_BF16X2};
    EACH(ht, t) {
        add(nm("add", PTX_RND_RN, 0, t, 0), PTX_OP_ADD, t, 0, PTX_RND_RN, 0, 2, GF(t), GF(t), G0, G0);
        add(nm("sub", PTX_RND_RN, 0, t, 0), PTX_OP_SUB, t, 0, PTX_RND_RN, 0, 2, GF(t), GF(t), G0, G0);
        add(nm("mul", PTX_RND_RN, 0, t, 0), PTX_OP_MUL, t, 0, PTX_RND_RN, 0, 2, GF(t), GF(t), G0, G0);
        add(nm("fma", PTX_RND_RN, 0, t, 0), PTX_OP_FMA, t, 0, PTX_RND_RN, 0, 3, GF(t), GF(t), GF(t), G0);
        add(nm("fma", PTX_RND_RN, PTX_MF_RELU, t, 0), PTX_OP_FMA, t, 0, PTX_RND_RN, PTX_MF_RELU, 3, GF(t), GF(t), GF(t), G0);
        add(nm("min", 0, 0, t, 0), PTX_OP_MIN, t, 0, 0, 0, 2, GF(t), GF(t), G0, G0);
        add(nm("max", 0, 0, t, 0), PTX_OP_MAX, t, 0, 0, 0, 2, GF(t), GF(t), G0, G0);
        add(nm("max", 0, PTX_MF_NAN, t, 0), PTX_OP_MAX, t, 0, 0, PTX_MF_NAN, 2, GF(t), GF(t), G0, G0);
        add(nm("min", 0, PTX_MF_RELU, t, 0), PTX_OP_MIN, t, 0, 0, PTX_MF_RELU, 2, GF(t), GF(t), G0, G0);
        add(nm("neg", 0, 0, t, 0), PTX_OP_NEG, t, 0, 0, 0, 1, GF(t), G0, G0, G0);
        add(nm("abs", 0, 0, t, 0), PTX_OP_ABS, t, 0, 0, 0, 1, GF(t), G0, G0, G0);
    }
    add("add.rn.ftz.sat.f16", PTX_OP_ADD, PTX_T_F16, 0, PTX_RND_RN, PTX_MF_FTZ | PTX_MF_SAT, 2, GF(PTX_T_F16), GF(PTX_T_F16), G0, G0);
    add("fma.rz.f16", PTX_OP_FMA, PTX_T_F16, 0, PTX_RND_RZ, 0, 3, GF(PTX_T_F16), GF(PTX_T_F16), GF(PTX_T_F16), G0);
    add("mul.rm.bf16", PTX_OP_MUL, PTX_T_BF16, 0, PTX_RND_RM, 0, 2, GF(PTX_T_BF16), GF(PTX_T_BF16), G0, G0);
}

static void cvt_forms(void)
{
    EACH(all_ints, d) EACH(all_ints, s) {
        add(nm("cvt", 0, 0, d, s), PTX_OP_CVT, d, s, 0, 0, 1, GI(s), G0, G0, G0)->weight = 1;
        add(nm("cvt", 0, PTX_MF_SAT, d, s), PTX_OP_CVT, d, s, 0, PTX_MF_SAT, 1, GI(s), G0, G0, G0)->weight = 1;
    }
    static const unsigned fts[] = {PTX_T_F16, PTX_T_BF16, PTX_T_F32, PTX_T_F64};
    static const unsigned ti[] = {PTX_T_S8, PTX_T_U8, PTX_T_S16, PTX_T_U16, PTX_T_S32, PTX_T_U32, PTX_T_S64, PTX_T_U64};
    EACH(fts, s) EACH(ti, d)
        for (unsigned r = PTX_RND_RNI; r <= PTX_RND_RPI; r++)
            add(nm("cvt", r, 0, d, s), PTX_OP_CVT, d, s, r, 0, 1, GF(s), G0, G0, G0)->weight = 2;
    add("cvt.rmi.ftz.s32.f32", PTX_OP_CVT, PTX_T_S32, PTX_T_F32, PTX_RND_RMI, PTX_MF_FTZ, 1, GF(PTX_T_F32), G0, G0, G0);
    add("cvt.rzi.ftz.s32.f32", PTX_OP_CVT, PTX_T_S32, PTX_T_F32, PTX_RND_RZI, PTX_MF_FTZ, 1, GF(PTX_T_F32), G0, G0, G0);
    EACH(ti, s) EACH(fts, d)
        for (unsigned r = PTX_RND_RN; r <= PTX_RND_RP; r++)
            add(nm("cvt", r, 0, d, s), PTX_OP_CVT, d, s, r, 0, 1, GI(s), G0, G0, G0)->weight = 2;
    add("cvt.rn.sat.f32.s32", PTX_OP_CVT, PTX_T_F32, PTX_T_S32, PTX_RND_RN, PTX_MF_SAT, 1, GI(PTX_T_S32), G0, G0, G0);
    EACH(fts, d) EACH(fts, s) {
        if (d == s) {
            for (unsigned r = PTX_RND_RNI; r <= PTX_RND_RPI; r++)
                add(nm("cvt", r, 0, d, s), PTX_OP_CVT, d, s, r, 0, 1, GF(s), G0, G0, G0)->weight = 2;
            continue;
        }
        for (unsigned r = PTX_RND_RN; r <= PTX_RND_RP; r++)
            add(nm("cvt", r, 0, d, s), PTX_OP_CVT, d, s, r, 0, 1, GF(s), G0, G0, G0)->weight = 2;
    }
    unsigned F = PTX_T_F32;
    add("cvt.rni.ftz.f32.f32", PTX_OP_CVT, F, F, PTX_RND_RNI, PTX_MF_FTZ, 1, GF(F), G0, G0, G0);
    add("cvt.ftz.f32.f32", PTX_OP_CVT, F, F, 0, PTX_MF_FTZ, 1, GF(F), G0, G0, G0);
    add("cvt.sat.f32.f32", PTX_OP_CVT, F, F, 0, PTX_MF_SAT, 1, GF(F), G0, G0, G0);
    add("cvt.rn.ftz.sat.f32.f64", PTX_OP_CVT, F, PTX_T_F64, PTX_RND_RN, PTX_MF_FTZ | PTX_MF_SAT, 1, GF(PTX_T_F64), G0, G0, G0);
    add("cvt.ftz.f64.f32", PTX_OP_CVT, PTX_T_F64, F, 0, PTX_MF_FTZ, 1, GF(F), G0, G0, G0);
    static const unsigned h[] = {PTX_T_F16, PTX_T_BF16};
    EACH(h, d) {
        add(nm("cvt", PTX_RND_RN, PTX_MF_RELU, d, F), PTX_OP_CVT, d, F, PTX_RND_RN, PTX_MF_RELU, 1, GF(F), G0, G0, G0);
        add(nm("cvt", PTX_RND_RN, PTX_MF_SATFINITE, d, F), PTX_OP_CVT, d, F, PTX_RND_RN, PTX_MF_SATFINITE, 1, GF(F), G0, G0, G0);
        add(nm("cvt", PTX_RND_RZ, PTX_MF_RELU | PTX_MF_SATFINITE, d, F), PTX_OP_CVT, d, F, PTX_RND_RZ, PTX_MF_RELU | PTX_MF_SATFINITE, 1, GF(F), G0, G0, G0);
    }
    add("cvt.rn.f16x2.f32", PTX_OP_CVT, PTX_T_F16X2, F, PTX_RND_RN, 0, 2, GF(F), GF(F), G0, G0);
    add("cvt.rn.relu.f16x2.f32", PTX_OP_CVT, PTX_T_F16X2, F, PTX_RND_RN, PTX_MF_RELU, 2, GF(F), GF(F), G0, G0);
    add("cvt.rn.bf16x2.f32", PTX_OP_CVT, PTX_T_BF16X2, F, PTX_RND_RN, 0, 2, GF(F), GF(F), G0, G0);
    add("cvt.rz.satfinite.bf16x2.f32", PTX_OP_CVT, PTX_T_BF16X2, F, PTX_RND_RZ, PTX_MF_SATFINITE, 2, GF(F), GF(F), G0, G0);
}

void forms_build(void)
{
    forms_count = 0;
    int_arith();
    bit_ops();
    cmp_select();
    float_ops();
    approx_ops();
    half_ops();
    cvt_forms();
}
