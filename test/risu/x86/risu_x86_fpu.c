/* The x87 state a block starts from, as an FRSTOR image: a control word
 * with every exception masked and random precision and rounding control,
 * a status word with a random TOP and condition codes, a random depth of
 * the register stack (empty registers below it: stack faults), and
 * 80-bit values of every kind: normals near 1 and anywhere, zeros,
 * infinities, quiet and signalling NaNs, denormals, small integers and
 * values in the integer stores' range, pseudo-denormals and unnormals now
 * and then. The integer classes start from FNINIT's state.
 *
 * qemu-i386 does not model the x87 stack faults: it reads an empty
 * register as the value left in it and pushes over a full one without
 * the invalid-operation response. So every register the instruction reads
 * is valid: the stack is full, or one short for a row that pushes. */
#include <string.h>

#include "risu_x86.h"
#include "risu_x86_seed.h"

static uint32_t rnd(uint64_t *rng, uint32_t n) { return (uint32_t)(risu_x86_rand(rng) % n); }

typedef struct risu_fp80 {
    uint64_t mant;
    uint16_t sexp;
} risu_fp80_t;

static risu_fp80_t risu_fp80_value(uint64_t *rng)
{
    risu_fp80_t v;
    uint64_t r = risu_x86_rand(rng);
    uint16_t sign = (uint16_t)(rnd(rng, 2) << 15);
    uint32_t kind = rnd(rng, 32);
    v.mant = r | 1ull << 63;
    if (kind < 12) { /* near 1 */
        v.sexp = (uint16_t)(0x3fff - 40 + rnd(rng, 80));
    } else if (kind < 15) { /* anywhere */
        v.sexp = (uint16_t)(1 + rnd(rng, 0x7ffe));
    } else if (kind < 19) { /* a small integer, or an integer-range value */
        uint32_t bits = 1 + rnd(rng, kind < 17 ? 8 : 66);
        v.sexp = (uint16_t)(0x3fff + bits - 1);
        if (kind < 17)
            v.mant &= ~0ull << (64 - bits);
    } else if (kind < 21) {
        v.sexp = 0, v.mant = 0;
    } else if (kind < 23) {
        v.sexp = 0x7fff, v.mant = 1ull << 63;
    } else if (kind < 25) { /* quiet NaN */
        v.sexp = 0x7fff, v.mant |= 3ull << 62;
    } else if (kind < 27) { /* signalling NaN */
        v.sexp = 0x7fff, v.mant = (v.mant & ~(1ull << 62)) | 1u;
    } else if (kind < 30) { /* denormal */
        v.sexp = 0, v.mant = (r & ~(1ull << 63)) >> rnd(rng, 63);
        v.mant |= v.mant == 0;
    } else if (kind < 31) { /* pseudo-denormal */
        v.sexp = 0;
    } else { /* unnormal */
        v.sexp = (uint16_t)(1 + rnd(rng, 0x7ffe)), v.mant = r >> 1;
    }
    v.sexp |= sign;
    return v;
}

static uint32_t risu_fp80_tag(risu_fp80_t v)
{
    uint32_t e = v.sexp & 0x7fffu;
    if (e == 0)
        return v.mant ? 2u : 1u;
    if (e == 0x7fff || !(v.mant >> 63))
        return 2u;
    return 0u;
}

static void risu_put16(uint8_t *b, uint32_t v) { b[0] = (uint8_t)v, b[1] = (uint8_t)(v >> 8); }

static void risu_put_fp80(uint8_t *b, risu_fp80_t v)
{
    for (uint32_t i = 0; i < 8; i++)
        b[i] = (uint8_t)(v.mant >> (8 * i));
    risu_put16(b + 8, v.sexp);
}

/* A control word: exceptions masked, precision 24, 53 or 64 bits (not the
 * reserved 01), any rounding. */
static uint32_t risu_x87_cw(uint64_t *rng)
{
    static const uint32_t pc[4] = {0, 2, 3, 3};
    return 0x1040u | 0x3fu | pc[rnd(rng, 4)] << 8 | rnd(rng, 4) << 10;
}

static int risu_x87_is(const char *n, const char *const *list)
{
    for (; *list; list++)
        if (!strcmp(n, *list))
            return 1;
    return 0;
}

/* The rows that push one register more than they pop. */
static const char *const risu_x87_pushes[] = {
    "fld_m32", "fld_m64", "fld_m80", "fld_sti", "fild_m16", "fild_m32", "fild_m64", "fbld", "fld1", "fldl2t",
    "fldl2e", "fldpi", "fldlg2", "fldln2", "fldz", "fsincos", "fptan", "fxtract", NULL};

void risu_x86_fpu_state(risu_x86_case_t *c, uint64_t *rng)
{
    uint8_t *f = c->fpu;
    memset(f, 0, RISU_X86_FPU_BYTES);
    if (c->in.op != X86_OP_X87) {
        risu_put16(f, 0x037f), risu_put16(f + 8, 0xffff); /* FNINIT */
        return;
    }
    const char *n = risu_x87_row_name(risu_x86_row_key(RISU_X86_X87, c->row) >> 1);
    uint32_t top = rnd(rng, 8), depth = risu_x87_is(n, risu_x87_pushes) ? 7u : 8u, tw = 0;
    for (uint32_t i = 0; i < 8; i++) { /* ST(i), in the image's stack order */
        risu_fp80_t v = risu_fp80_value(rng);
        risu_put_fp80(f + 28 + 10 * i, v);
        tw |= (i < depth ? risu_fp80_tag(v) : 3u) << (2u * ((top + i) & 7u));
    }
    uint32_t sw = top << 11 | ((uint32_t)risu_x86_rand(rng) & 0x4700u) | ((uint32_t)risu_x86_rand(rng) & 0x3fu & -(rnd(rng, 4) == 0));
    risu_put16(f, risu_x87_cw(rng));
    risu_put16(f + 4, sw);
    risu_put16(f + 8, tw);
}

static uint32_t risu_x87_cc_sdm(const char *n);
/* The status word bits compared after row n: TOP, B, ES, SF, the
 * exception flags and the condition codes the SDM defines, less what
 * qemu-i386 does not model: C1 (the round-up indicator, the 0 after most
 * ops) but where qemu sets it (FXAM's sign, FPREM's quotient bit, the
 * state loads and FNINIT), DE (the denormal-operand exception, which
 * qemu raises in FXTRACT alone), and FPREM1's quotient bits. */
static uint32_t risu_x87_sw_compared(const char *n)
{
    static const char *const c1[] = {"fxam", "fprem", "fprem1", "fldenv", "frstor", "fninit", "fnsave", NULL};
    uint32_t sw = 0xb8ffu | risu_x87_cc_sdm(n);
    if (!risu_x87_is(n, c1))
        sw &= ~0x0200u;
    if (!strcmp(n, "fprem1")) /* qemu's quotient bits C0 C3 C1 are wrong (checked exactly) */
        sw &= ~0x4300u;
    if (strcmp(n, "fxtract") != 0)
        sw &= ~0x0002u;
    return sw;
}

/* The condition codes the SDM defines after a row (C0 0x100, C1 0x200, C2
 * 0x400, C3 0x4000); the others are "undefined" and not compared:
 *   compares, FXAM, FPREM(1), the environment loads, FNINIT, FNSAVE and the
 *   FCOMI family: all four;  FSIN FCOS FPTAN FSINCOS: C1 C2;
 *   FNSTSW FNSTCW FLDCW FNCLEX FNOP FFREE(P) and the no-op FNENI FNDISI
 *   FNSETPM: none;  every other row: C1. */
static uint32_t risu_x87_cc_sdm(const char *n)
{
    static const char *const all[] = {
        "fcom_m32", "fcomp_m32", "fcom_sti", "fcomp_sti", "ficom_m32", "ficomp_m32", "fcom_m64", "fcomp_m64",
        "fcom2", "fcomp3", "ficom_m16", "ficomp_m16", "fcomp5", "fcompp", "fucom", "fucomp", "fucompp", "ftst",
        "fxam", "fprem", "fprem1", "fldenv", "frstor", "fninit", "fnsave", "fnstenv", "fucomi", "fcomi",
        "fucomip", "fcomip", NULL};
    static const char *const none[] = {"fnstsw_m16", "fnstsw_ax", "fnstcw", "fldcw", "fnclex", "fnop", "ffree",
                                       "ffreep", "fneni", "fndisi", "fnsetpm", NULL};
    static const char *const trig[] = {"fsin", "fcos", "fptan", "fsincos", NULL};
    if (risu_x87_is(n, all))
        return 0x4700u;
    if (risu_x87_is(n, none))
        return 0;
    if (risu_x87_is(n, trig))
        return 0x0600u;
    return 0x0200u;
}

/* The transcendentals: qemu computes FSIN FCOS FSINCOS FPTAN through the
 * host's double, the others in its own floatx80 code; neither is warpsim's
 * algorithm, so results are compared to 32 significand bits and C1, PE and
 * UE are not compared. */
/* Precision control: the SDM applies it to the results of FADD FSUB(R)
 * FMUL FDIV(R) (their popping and integer forms) and FSQRT alone.
 * qemu-i386 7.2 applies it to loads, conversions of m64 and integer
 * operands, FPREM and the transcendentals too, and in the directed
 * rounding modes rounds some results a unit too far (checked against
 * exact arithmetic: warpsim's were right). So a reduced precision goes to
 * the SDM's rows with register or m32 operands only, and those at reduced
 * precision round to nearest. */
static const char *const risu_x87_pc_rows[] = {
    "fadd_m32", "fmul_m32", "fsub_m32", "fsubr_m32", "fdiv_m32", "fdivr_m32", "fadd_st0_sti", "fmul_st0_sti",
    "fsub_st0_sti", "fsubr_st0_sti", "fdiv_st0_sti", "fdivr_st0_sti", "fadd_sti_st0", "fmul_sti_st0",
    "fsubr_sti_st0", "fsub_sti_st0", "fdivr_sti_st0", "fdiv_sti_st0", "faddp", "fmulp", "fsubrp", "fsubp",
    "fdivrp", "fdivp", "fsqrt", NULL};

static int risu_x87_approx(const char *n)
{
    static const char *const approx[] = {"fsin", "fcos", "fsincos", "fptan", "fpatan", "f2xm1", "fyl2x", "fyl2xp1"};
    for (size_t i = 0; i < sizeof approx / sizeof approx[0]; i++)
        if (!strcmp(n, approx[i]))
            return 1;
    return 0;
}

/* Values for the operand a row reads from memory where random bytes are
 * mostly meaningless: packed BCD digits for FBLD, a sane control word or
 * environment head, an 80-bit value of the kinds above. */
static void risu_x87_memory(risu_x86_case_t *c, const char *n, int o16, uint64_t *rng)
{
    uint32_t v[3] = {(uint32_t)risu_x86_rand(rng), (uint32_t)risu_x86_rand(rng), (uint32_t)risu_x86_rand(rng)};
    if (!strcmp(n, "fbld")) {
        uint8_t b[12];
        for (uint32_t i = 0; i < 9; i++)
            b[i] = (uint8_t)(rnd(rng, 10) << 4 | rnd(rng, 10));
        b[9] = (uint8_t)(rnd(rng, 2) << 7), b[10] = b[11] = 0;
        memcpy(v, b, sizeof v);
    } else if (!strcmp(n, "fld_m80")) {
        risu_fp80_t x = risu_fp80_value(rng);
        v[0] = (uint32_t)x.mant, v[1] = (uint32_t)(x.mant >> 32), v[2] = x.sexp;
    } else if (!strcmp(n, "fldcw")) {
        v[0] = risu_x87_cw(rng);
    } else if (!strcmp(n, "fldenv") || !strcmp(n, "frstor")) {
        uint32_t cw = risu_x87_cw(rng), sw = (uint32_t)risu_x86_rand(rng) & 0x7f00u, tw = (uint32_t)risu_x86_rand(rng) & 0xffffu;
        if (o16)
            v[0] = cw | sw << 16, v[1] = tw | (v[1] & 0xffff0000u);
        else
            v[0] = cw, v[1] = sw, v[2] = tw;
    } else if (rnd(rng, 2)) {
        return; /* the buffer's random bytes */
    }
    c->poke_off = c->ea;
    memcpy(c->poke_val, v, sizeof v);
}

/* ST(i) in the image a normal of exponent 2^lo..2^hi (unbiased), sign
 * random unless `positive`; its tag valid. */
static void risu_x87_set_normal(risu_x86_case_t *c, uint32_t i, int lo, int hi, int positive, uint64_t *rng)
{
    risu_fp80_t v = {risu_x86_rand(rng) | 1ull << 63, 0};
    v.sexp = (uint16_t)(0x3fff + lo + (int)rnd(rng, (uint32_t)(hi - lo + 1)));
    if (!positive && rnd(rng, 2))
        v.sexp |= 0x8000u;
    risu_put_fp80(c->fpu + 28 + 10 * i, v);
    uint32_t top = (c->fpu[5] >> 3) & 7u, phys = (top + i) & 7u;
    uint32_t tw = (c->fpu[8] | (uint32_t)c->fpu[9] << 8) & ~(3u << (2u * phys));
    risu_put16(c->fpu + 8, tw);
}

/* The transcendentals' operands: normals in the domain the SDM defines
 * (F2XM1 |x| < 1, FYL2XP1 |x| < 1 - sqrt(2)/2, FYL2X x > 0) and where a
 * double's argument is accurate enough to compare 32 bits (|x| < 64):
 * qemu's FSIN FCOS FPTAN FSINCOS go through the host's double. */
static void risu_x87_domain(risu_x86_case_t *c, const char *n, uint64_t *rng)
{
    if (!strcmp(n, "f2xm1"))
        risu_x87_set_normal(c, 0, -30, -1, 0, rng);
    else if (!strcmp(n, "fyl2xp1"))
        risu_x87_set_normal(c, 0, -30, -3, 0, rng), risu_x87_set_normal(c, 1, -20, 20, 0, rng);
    else if (!strcmp(n, "fyl2x"))
        risu_x87_set_normal(c, 0, -60, 60, 1, rng), risu_x87_set_normal(c, 1, -20, 20, 0, rng);
    else if (!strcmp(n, "fpatan"))
        risu_x87_set_normal(c, 0, -30, 30, 0, rng), risu_x87_set_normal(c, 1, -30, 30, 0, rng);
    else
        risu_x87_set_normal(c, 0, -20, 5, 0, rng);
}

/* An SNaN with a QNaN: the SDM returns the QNaN operand, qemu the NaN of
 * the larger significand (as for two NaNs of a kind); no such pairs. The
 * registers' SNaNs become quiet where a register holds a QNaN, and a float
 * memory operand's SNaN becomes quiet. */
static int risu_fp80_nan(const uint8_t *st) { return (st[9] & 0x7fu) == 0x7fu && st[8] == 0xffu && (st[7] & 0x7fu) | st[6] | st[5] | st[4] | st[3] | st[2] | st[1] | st[0]; }
static int risu_fp80_qnan(const uint8_t *st) { return (st[9] & 0x7fu) == 0x7fu && st[8] == 0xffu && (st[7] & 0xc0u) == 0xc0u; }

static void risu_x87_no_snan_with_qnan(risu_x86_case_t *c, const char *n, uint64_t *rng)
{
    int q = 0;
    for (uint32_t i = 0; i < 8; i++)
        q |= risu_fp80_qnan(c->fpu + 28 + 10 * i);
    if (q)
        for (uint32_t i = 0; i < 8; i++) {
            uint8_t *st = c->fpu + 28 + 10 * i;
            if ((st[9] & 0x7fu) == 0x7fu && st[8] == 0xffu && (st[7] & 0x80u))
                st[7] |= 0x40u;
        }
    size_t len = strlen(n);
    if (n[1] == 'i' || len < 4 || n[len - 4] != '_')
        return;
    int m32 = !strcmp(n + len - 3, "m32"), m64 = !strcmp(n + len - 3, "m64");
    if (!m32 && !m64)
        return;
    if (c->poke_off == ~0u) { /* the buffer's bytes: poke random words instead */
        c->poke_off = c->ea;
        for (uint32_t k = 0; k < 3; k++)
            c->poke_val[k] = (uint32_t)risu_x86_rand(rng);
    }
    if (m32 && ((c->poke_val[0] >> 23) & 0xffu) == 0xffu)
        c->poke_val[0] |= 1u << 22;
    if (m64 && ((c->poke_val[1] >> 20) & 0x7ffu) == 0x7ffu)
        c->poke_val[1] |= 1u << 19;
}

int risu_x86_x87_finish(risu_x86_case_t *c, uint64_t *rng)
{
    uint32_t key = risu_x86_row_key(RISU_X86_X87, c->row), row = key >> 1;
    const char *n = risu_x87_row_name(row);
    uint32_t sw = risu_x87_sw_compared(n);
    if (risu_x87_approx(n)) {
        c->opts |= RISU_X86_APPROX, sw &= ~0x0230u; /* not C1, PE, UE */
        risu_x87_domain(c, n, rng);
    }
    if (!strcmp(n, "fld_sti") && (c->in.aux & 7u) == 7u)
        return 0; /* ST(7) is the one empty register */
    c->opts |= sw << 16;
    if (!strcmp(n, "fnstenv") || !strcmp(n, "fnsave")) { /* FIP, FDP and FOP: not compared */
        c->opts |= RISU_X86_SCRUB | (key & 1u ? RISU_X86_SCRUB16 : 0u);
        c->scrub = c->ea;
    }
    if (c->in.aux < 0xc0u)
        risu_x87_memory(c, n, (int)(key & 1u), rng);
    risu_x87_no_snan_with_qnan(c, n, rng);
    if (!strcmp(n, "fscale") && risu_fp80_nan(c->fpu + 28) && risu_fp80_nan(c->fpu + 38))
        risu_x87_set_normal(c, 1, 0, 5, 0, rng); /* two NaNs: qemu returns ST(1)'s, the SDM the larger */
    if (!risu_x87_is(n, risu_x87_pc_rows)) /* 64 bits (see above) */
        c->fpu[1] |= 3u;
    else if ((c->fpu[1] & 3u) != 3u) /* reduced precision: to nearest */
        c->fpu[1] &= (uint8_t)~0x0cu;
    if (!strcmp(n, "fprem") || !strcmp(n, "fprem1")) { /* normal operands: a quotient to show */
        for (uint32_t i = 0; i < 2; i++) {
            uint8_t *st = c->fpu + 28 + 10 * i;
            st[7] |= 0x80u;
            st[9] = (uint8_t)((st[9] & 0x80u) | 0x3fu);
            st[8] = (uint8_t)(0xc0u + rnd(rng, 0x50));
        }
    }
    return 1;
}
