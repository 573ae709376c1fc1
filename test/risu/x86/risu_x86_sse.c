/* The sse class: the rows of x86_sse_ops.def (SSE, SSE2 and the MMX forms
 * of the packed-integer rows), each row in its register and memory forms,
 * found through warpsim's decoder as the other classes' rows are. A block
 * starts from random XMM0-7 and MXCSR, and for the rows that touch the MMX
 * registers (the MMX forms, the MMX<->XMM conversions and moves, EMMS) an
 * x87 state with a random TOP and tag word whose registers' significands
 * are MM0-7; the others start from FNINIT's state, which they must leave
 * alone. Operands are drawn mostly from the edges: signed zeros, the least
 * and largest denormals and normals, infinities, quiet and signalling NaNs
 * with payloads, values halfway between two of the narrower format, the
 * int32 limits and their neighbours for the conversions, x.5 values, the
 * integer lanes' limits; a register now and then a copy of another
 * (equal operands, exact cancellation).
 *
 * MXCSR: a random rounding control, FTZ and DAZ each a time in four, some
 * sticky flags, every exception masked (warpsim does not deliver unmasked
 * SIMD exceptions: DESIGN.md); LDMXCSR's operand is drawn the same way.
 *
 * Where qemu-i386 7.2 departs from the Intel SDM the blocks stay out of
 * it (checked against this host's CPU, which ran the same programs):
 *  - two NaN operands of an arithmetic op: the SDM (vol. 1, table 4-7)
 *    returns the first source's NaN, qemu the x87 rule's (the larger
 *    significand, a QNaN over an SNaN); such lanes keep only pairs where
 *    the two rules agree;
 *  - RCPPS/RCPSS/RSQRTPS/RSQRTSS are approximations (SDM: relative error
 *    at most 1.5 * 2^-12, no exceptions, denormal inputs as zeros, tiny
 *    results flushed, MXCSR's rounding ignored); warpsim computes the exact
 *    quotient rounded to nearest, as qemu does, but qemu applies MXCSR
 *    (rounding, DAZ, FTZ, the flags) and keeps denormals: these rows run
 *    with rounding to nearest, no DAZ or FTZ, normal inputs whose results
 *    are normal, and MXCSR's flags are not compared after them;
 *  - MINPS..MAXSD under DAZ: the SDM (vol. 1, 10.2.3.4) converts denormal
 *    sources to zeros before any computation, so a denormal returned is a
 *    zero; qemu compares the flushed values but returns the operand as it
 *    was: these rows run without DAZ;
 *  - CVTPI2PS/CVTPI2PD from memory cause no transition to MMX (SDM vol. 2,
 *    CVTPI2PS: "does not cause a transition to MMX technology"); qemu's
 *    do: their blocks start in MMX state already (TOP 0, every tag valid);
 *  - a misaligned 16-byte operand of a row that demands alignment is
 *    #GP(0) (SDM vol. 2, each row's exceptions; Linux sends SIGSEGV);
 *    qemu does not check it for the logic, unpack and shuffle rows of
 *    singles and doubles, the conversions and PSLL/PSRA by an XMM count:
 *    their operands are always aligned, the others' a time in sixteen not;
 *  - EMMS sets TOP to 0 as every MMX instruction does (SDM vol. 1, table
 *    9-2); qemu leaves TOP: EMMS's blocks start with TOP 0;
 *  - LDMXCSR of a value with a reserved bit (16..31) is #GP (SDM vol. 2,
 *    LDMXCSR); qemu loads it: LDMXCSR's operand has none (a CPU whose
 *    MXCSR_MASK has bit 17, AMD's misaligned-exception mask, loads that
 *    one too);
 *  - tininess is detected after rounding (SDM vol. 1, 4.9.1.5: the result
 *    rounded with an unbounded exponent below the least normal), and FTZ
 *    flushes only such results (10.2.3.3); qemu's flags follow that but
 *    its FTZ flushes results tiny before rounding (CVTPD2PS of
 *    0x380ffffff0000000 to nearest: 0, not 0x00800000 as on the CPU):
 *    blocks with those doubles run without FTZ;
 *  - qemu never sets MXCSR.DE (the denormal-operand flag): the generator
 *    never sets it in the MXCSR it loads, and the record shows MXCSR
 *    without it but after LDMXCSR;
 *  - an MMX register write sets the x87 register's exponent and sign to
 *    ones (SDM vol. 1, 9.5.1); qemu leaves them, so the records show the
 *    x87 registers' significands and the tag word abridged (empty or not),
 *    not the exponents and the full tag word FNSAVE computes from them.
 * FXSAVE and FXRSTOR are not in the class (their images hold the last
 * instruction's and operand's addresses, which differ by design). */
#include <string.h>

#include "device/x86/x86_sse_rows.h"
#include "risu_x86.h"

static uint32_t rnd(uint64_t *rng, uint32_t n) { return (uint32_t)(risu_x86_rand(rng) % n); }

static const char *const risu_sse_names[SSE_ID_COUNT] = {
#define SSE_OP(name, pfx, opc, sub, form, msize, flags, mn, exec) #name,
    SSE_OP_TABLE
#undef SSE_OP
};

/* A row's key: the row id, the memory form, the MMX form. */
int risu_x86_sse_row_of(const x86_insn_t *in)
{
    if (in->op != X86_OP_SSE_R && in->op != X86_OP_SSE_M)
        return -1;
    if ((in->wf & X86_F_LOCK) || in->aux == SSE_ID_fxsave || in->aux == SSE_ID_fxrstor)
        return -1; /* LOCK: #UD */
    return (int)((uint32_t)(in->op == X86_OP_SSE_M) << 16 | (uint32_t)in->aux << 8 | x86_w(in));
}

const char *risu_x86_sse_row_name(uint32_t key)
{
    static char buf[48];
    uint32_t id = (key >> 8) & 0xffu;
    strcpy(buf, risu_sse_names[id]);
    strcat(buf, (key & 3u) == X86_W16 ? ".mm" : "");
    strcat(buf, key >> 16 ? ".m" : ".r");
    return buf;
}

/* The lane kind a row's operands are drawn for: by the row's name. */
enum { RISU_SSE_F32, RISU_SSE_F64, RISU_SSE_INT };

static int risu_sse_ends(const char *n, const char *tail)
{
    size_t a = strlen(n), b = strlen(tail);
    return a >= b && !strcmp(n + a - b, tail);
}

static uint32_t risu_sse_kind(uint32_t id)
{
    const char *n = risu_sse_names[id];
    if (!strncmp(n, "cvt", 3)) { /* the source's kind */
        const char *k = n + (n[3] == 't' ? 4 : 3);
        return k[1] == 's' ? RISU_SSE_F32 : k[1] == 'd' && k[0] != 'd' ? RISU_SSE_F64 : RISU_SSE_INT;
    }
    if (risu_sse_ends(n, "ps") || risu_sse_ends(n, "ss"))
        return RISU_SSE_F32;
    if (risu_sse_ends(n, "pd") || risu_sse_ends(n, "sd") || risu_sse_ends(n, "sd_l") || risu_sse_ends(n, "sd_s"))
        return RISU_SSE_F64;
    return RISU_SSE_INT;
}

static int risu_sse_is(uint32_t id, const char *const *names)
{
    for (; *names; names++)
        if (!strcmp(risu_sse_names[id], *names))
            return 1;
    return 0;
}

static const char *const risu_sse_approx_rows[] = {"rcpps", "rcpss", "rsqrtps", "rsqrtss", NULL};
/* The rows whose 16-byte memory operand qemu-i386 7.2 does not check for
 * alignment (it checks the moves, the arithmetic, compares, square roots,
 * reciprocals, the packed integers, PSRLW/D/Q, PSHUF*, PUNPCK* and PACK*). */
static const char *const risu_sse_unaligned_rows[] = {
    "andps", "andpd", "andnps", "andnpd", "orps", "orpd", "xorps", "xorpd", "unpcklps", "unpcklpd", "unpckhps",
    "unpckhpd", "shufps", "shufpd", "cvtdq2ps", "cvtps2dq", "cvttps2dq", "cvtpd2ps", "cvtpd2dq", "cvttpd2dq",
    "cvtpd2pi", "cvttpd2pi", "psllw", "pslld", "psllq", "psraw", "psrad", NULL};
static const char *const risu_sse_minmax_rows[] = {
    "minps", "minpd", "minss", "minsd", "maxps", "maxpd", "maxss", "maxsd", NULL};
static const char *const risu_sse_arith_rows[] = {
    "addps", "addpd", "addss", "addsd", "subps", "subpd", "subss", "subsd", "mulps", "mulpd", "mulss",
    "mulsd", "divps", "divpd", "divss", "divsd", NULL};

/* Whether the row reads or writes the MMX registers (and so the x87 tags). */
static int risu_sse_touches_mm(const x86_insn_t *in)
{
    uint32_t form = sse_info_form(sse_row_info(in->aux));
    return x86_w(in) == X86_W16 || form == SSE_F_XQ || form == SSE_F_QX || in->aux == SSE_ID_emms;
}

/* ---- values ---- */

/* A single: the edges most of the time. */
static uint32_t risu_sse_f32(uint64_t *rng)
{
    uint32_t r = (uint32_t)risu_x86_rand(rng), sign = (uint32_t)(risu_x86_rand(rng) & 1u) << 31;
    switch (rnd(rng, 16)) {
    case 0: return sign;                                     /* zero */
    case 1: return sign | (r & 0x7fffffu) >> rnd(rng, 23) | (rnd(rng, 4) == 0); /* denormal */
    case 2: {
        static const uint32_t e[] = {0x1u, 0x7fffffu, 0x800000u, 0x800001u, 0x7f7fffffu, 0x7f7ffffeu,
                                     0x3f800000u, 0x3f7fffffu, 0x4f000000u, 0x4effffffu, 0x4f000001u, 0x3f000000u,
                                     0x00ffffffu, 0x00fffffeu};
        return sign | e[rnd(rng, sizeof e / sizeof e[0])];
    }
    case 3: return sign | 0x7f800000u;                       /* infinity */
    case 4: return sign | 0x7fc00000u | (r & 0x3fffffu);     /* QNaN */
    case 5: return sign | 0x7f800000u | ((r & 0x3fffffu) | 1u); /* SNaN */
    case 6: /* an integer, or one and a half: the conversions' rounding */
        return sign | (((uint32_t)(127 + rnd(rng, 32)) << 23) | (r & 0x7fffffu & (0x7fffffu << rnd(rng, 24))));
    case 7: return sign | ((uint32_t)(1 + rnd(rng, 30)) << 23) | (r & 0x7fffffu); /* tiny: underflow */
    case 8: return sign | ((uint32_t)(224 + rnd(rng, 31)) << 23) | (r & 0x7fffffu); /* huge: overflow */
    case 9: return sign | ((uint32_t)(120 + rnd(rng, 40)) << 23) | (r & 0x7fffffu); /* near 1 */
    default: return r;
    }
}

static uint64_t risu_sse_f64(uint64_t *rng)
{
    uint64_t r = risu_x86_rand(rng), sign = (risu_x86_rand(rng) & 1u) << 63, m = (1ull << 52) - 1u;
    switch (rnd(rng, 18)) {
    case 0: return sign;
    case 1: return sign | (r & m) >> rnd(rng, 52) | (rnd(rng, 4) == 0);
    case 2: {
        static const uint64_t e[] = {1u, (1ull << 52) - 1u, 1ull << 52, 0x7fefffffffffffffull, 0x3ff0000000000000ull,
                                     0x41dfffffffc00000ull, 0x41dfffffffe00000ull, 0x41e0000000000000ull,
                                     0xc1e0000000100000ull, 0x41dfffffffffffffull, 0x47efffffe0000000ull,
                                     0x47efffffefffffffull, 0x47efffffffffffffull, 0x3690000000000000ull,
                                     0x36a0000000000000ull, 0x380fffffe0000000ull, 0x3fe0000000000000ull,
                                     /* below the least single, tiny or not after rounding to 24 bits */
                                     0x380fffffe8000000ull, 0x380ffffff0000000ull, 0x380ffffff8000000ull,
                                     0x001fffffffffffffull, 0x3fe0000000000001ull};
        return sign | e[rnd(rng, sizeof e / sizeof e[0])];
    }
    case 3: return sign | 0x7ff0000000000000ull;
    case 4: return sign | 0x7ff8000000000000ull | (r & ((1ull << 51) - 1u));
    case 5: return sign | 0x7ff0000000000000ull | ((r & ((1ull << 51) - 1u)) | 1u);
    case 6:
        return sign | (uint64_t)(1023 + rnd(rng, 33)) << 52 | (r & m & (m << rnd(rng, 53)));
    case 7: /* halfway between two singles, or a step beside it */
        return sign | (uint64_t)(1023 - 140 + rnd(rng, 280)) << 52 | ((r & m) & ~((1ull << 29) - 1u)) |
               ((1ull << 28) + (uint64_t)rnd(rng, 3) - 1u);
    case 8: return sign | (uint64_t)(1 + rnd(rng, 60)) << 52 | (r & m);
    case 9: return sign | (uint64_t)(2047 - 61 + rnd(rng, 60)) << 52 | (r & m);
    case 10: return sign | (uint64_t)(1023 - 150 + rnd(rng, 300)) << 52 | (r & m); /* a single's range */
    case 11: return sign | (uint64_t)(1023 - 30 + rnd(rng, 60)) << 52 | (r & m);
    default: return r;
    }
}

static uint32_t risu_sse_int(uint64_t *rng)
{
    static const uint32_t e[] = {0, 1, 0xffffffffu, 0x7fffffffu, 0x80000000u, 0x7fff7fffu, 0x80008000u,
                                 0x7f7f7f7fu, 0x80808080u, 0xffff0000u, 0x0000ffffu, 0x00ff00ffu, 0x01000100u};
    uint64_t r = risu_x86_rand(rng);
    switch (r & 3u) {
    case 0: return e[(r >> 8) % (sizeof e / sizeof e[0])];
    case 1: return (uint32_t)(r >> 8) & 0x3fu; /* shift counts */
    default: return (uint32_t)(r >> 32);
    }
}

/* 16 bytes of lanes of one kind, or another now and then. */
static void risu_sse_fill(uint32_t *v, uint32_t kind, uint64_t *rng)
{
    if (rnd(rng, 4) == 0)
        kind = rnd(rng, 3);
    for (uint32_t i = 0; i < 4; i++) {
        if (kind == RISU_SSE_F64 && !(i & 1u)) {
            uint64_t x = risu_sse_f64(rng);
            v[i] = (uint32_t)x, v[i + 1] = (uint32_t)(x >> 32);
        } else if (kind == RISU_SSE_F32) {
            v[i] = risu_sse_f32(rng);
        } else if (kind == RISU_SSE_INT) {
            v[i] = risu_sse_int(rng);
        }
    }
}

/* MXCSR: every exception masked, no DE (qemu never sets it), random
 * rounding, FTZ and DAZ a time in four each, some sticky flags. */
static uint32_t risu_sse_mxcsr(uint64_t *rng)
{
    uint32_t mx = 0x1f80u | rnd(rng, 4) << 13;
    mx |= rnd(rng, 4) == 0 ? 0x8000u : 0u;
    mx |= rnd(rng, 4) == 0 ? 0x0040u : 0u;
    if (rnd(rng, 4) == 0)
        mx |= (uint32_t)risu_x86_rand(rng) & 0x3du;
    return mx;
}

/* ---- the x87 state of an MMX row ---- */

static void risu_put16(uint8_t *b, uint32_t v) { b[0] = (uint8_t)v, b[1] = (uint8_t)(v >> 8); }

/* MM0-7 are the physical registers' significands; the image is in stack
 * order (ST(i) is R((TOP + i) & 7)); a random TOP, tag word and
 * exponents, so the instruction's TOP 0 and valid tags show. */
static void risu_sse_mm_state(risu_x86_case_t *c, uint64_t *rng)
{
    uint8_t *f = c->fpu;
    uint32_t top = rnd(rng, 8);
    for (uint32_t i = 0; i < 8; i++) {
        uint32_t v[4];
        risu_sse_fill(v, RISU_SSE_INT, rng);
        uint8_t *st = f + 28 + 10 * ((i - top) & 7u);
        memcpy(st, v, 8);
        risu_put16(st + 8, rnd(rng, 2) ? 0xffffu : (uint32_t)risu_x86_rand(rng));
    }
    risu_put16(f + 4, top << 11 | ((uint32_t)risu_x86_rand(rng) & 0x4700u));
    risu_put16(f + 8, rnd(rng, 2) ? 0xffffu : (uint32_t)risu_x86_rand(rng));
}

/* ---- the block ---- */

int risu_x86_sse_setup(risu_x86_case_t *c, uint64_t *rng)
{
    uint32_t info = sse_row_info(c->in.aux), ms = sse_info_msize(info);
    if (x86_w(&c->in) == X86_W16 && ms == 16u)
        ms = 8u;
    /* 16-aligned where the row demands it, but a time in sixteen (#GP)
     * where qemu checks it too (see above) */
    c->align = (sse_info_flags(info) & SSE_A) && ms == 16u ? 16u : 1u;
    if (c->align == 16u && !risu_sse_is(c->in.aux, risu_sse_unaligned_rows) && rnd(rng, 16) == 0)
        c->align = 1u;
    if (c->in.aux == SSE_ID_maskmovdqu) { /* the store goes to [EDI] */
        if (c->in.wf & X86_F_A16)
            return 0;
        c->regs[7] = RISU_X86_MARGIN + rnd(rng, RISU_X86_SCRATCH_BYTES - 2u * RISU_X86_MARGIN - 16u);
        c->rel |= 1u << 7;
        c->pinned |= 1u << 7;
    }
    return 1;
}

/* Two NaN lanes where the SDM's rule (the first source's) and qemu's x87
 * rule (a QNaN over an SNaN, else the larger significand, else the
 * positive) disagree: the source lane made a number. */
static void risu_sse_nan_pairs(uint32_t *d, uint32_t *s, uint32_t id)
{
    uint32_t kind = risu_sse_kind(id), f64 = kind == RISU_SSE_F64;
    if (!risu_sse_is(id, risu_sse_arith_rows))
        return;
    for (uint32_t i = 0; i < 4; i += 1u + f64) {
        uint64_t a = f64 ? (uint64_t)d[i + 1] << 32 | d[i] : d[i], b = f64 ? (uint64_t)s[i + 1] << 32 | s[i] : s[i];
        uint64_t sgn = f64 ? 1ull << 63 : 1ull << 31, qb = f64 ? 1ull << 51 : 1ull << 22;
        uint64_t inf = f64 ? 0x7ff0000000000000ull : 0x7f800000ull, ma = a & ~sgn, mb = b & ~sgn;
        if (ma <= inf || mb <= inf)
            continue;
        int qa = (a & qb) != 0, qbn = (b & qb) != 0, first;
        if (qa != qbn)
            first = qa;
        else
            first = ma > mb || (ma == mb && !(a & sgn));
        if (!first) {
            if (f64)
                s[i + 1] = 0x3ff00000u, s[i] = 0;
            else
                s[i] = 0x3f800000u;
        }
    }
}

/* RCP/RSQRT: normal lanes whose results are normal (see above). */
static void risu_sse_approx_lanes(uint32_t *v, uint64_t *rng)
{
    for (uint32_t i = 0; i < 4; i++) {
        uint32_t e = (v[i] >> 23) & 0xffu;
        if (e == 0 || (e >= 253u && e != 255u))
            v[i] = (v[i] & 0x807fffffu) | (uint32_t)(64 + rnd(rng, 128)) << 23;
    }
}

int risu_x86_sse_finish(risu_x86_case_t *c, uint64_t *rng)
{
    uint32_t id = c->in.aux, kind = risu_sse_kind(id), *x = c->sse;
    int mem = c->in.op == X86_OP_SSE_M, approx = risu_sse_is(id, risu_sse_approx_rows);
    for (uint32_t r = 0; r < 8; r++) {
        if (r && rnd(rng, 8) == 0)
            memcpy(x + 4 * r, x + 4 * rnd(rng, r), 16); /* a copy of an earlier one */
        else
            risu_sse_fill(x + 4 * r, kind, rng);
    }
    x[RISU_X86_SSE_MXCSR] = approx ? 0x1f80u | ((uint32_t)risu_x86_rand(rng) & 0x3du) : risu_sse_mxcsr(rng);
    x[RISU_X86_SSE_MEM_OFF] = ~0u;
    uint32_t *src = x + 4 * (c->in.base & 7u);
    if (mem) {
        x[RISU_X86_SSE_MEM_OFF] = c->ea;
        risu_sse_fill(x + RISU_X86_SSE_MEM, kind, rng);
        if (id == SSE_ID_ldmxcsr) /* with DE now and then: the record shows it */
            x[RISU_X86_SSE_MEM] = risu_sse_mxcsr(rng) | (rnd(rng, 4) == 0 ? 0x2u : 0u);
        src = x + RISU_X86_SSE_MEM;
    }
    if (id != SSE_ID_ldmxcsr)
        c->opts |= RISU_X86_NODE;
    if (approx) {
        risu_sse_approx_lanes(src, rng);
        c->opts |= RISU_X86_NOMXFLAGS;
    }
    if (sse_info_form(sse_row_info(id)) == SSE_F_XX && x86_w(&c->in) != X86_W16)
        risu_sse_nan_pairs(x + 4 * (c->in.reg & 7u), src, id);
    if (risu_sse_is(id, risu_sse_minmax_rows))
        x[RISU_X86_SSE_MXCSR] &= ~0x0040u;
    for (uint32_t k = 0; k + 1u < RISU_X86_SSE_WORDS; k += 2) /* see above: FTZ */
        if ((x[k + 1] & 0x7fffffffu) == 0x380fffffu && x[k] >= 0xf0000000u)
            x[RISU_X86_SSE_MXCSR] &= ~0x8000u;
    if (risu_sse_touches_mm(&c->in)) {
        risu_sse_mm_state(c, rng);
        if (mem && sse_info_form(sse_row_info(id)) == SSE_F_XQ) /* in MMX state already */
            c->fpu[5] &= 0xc7u, c->fpu[8] = c->fpu[9] = 0;
        if (id == SSE_ID_emms) /* TOP 0 already */
            c->fpu[5] &= 0xc7u;
    }
    return 1;
}
