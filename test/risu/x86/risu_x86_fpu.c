/* The x87 state a block starts from, as an FRSTOR image: a control word
 * with every exception masked and random precision and rounding control,
 * a status word with a random TOP and condition codes, a random depth of
 * the register stack (empty registers below it: stack faults), and
 * 80-bit values of every kind: normals near 1 and anywhere, zeros,
 * infinities, quiet and signalling NaNs, denormals, small integers and
 * values in the integer stores' range, pseudo-denormals and unnormals now
 * and then. The integer classes start from FNINIT's state. */
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

void risu_x86_fpu_state(risu_x86_case_t *c, uint64_t *rng)
{
    uint8_t *f = c->fpu;
    memset(f, 0, RISU_X86_FPU_BYTES);
    if (c->in.op != X86_OP_X87) {
        risu_put16(f, 0x037f), risu_put16(f + 8, 0xffff); /* FNINIT */
        return;
    }
    uint32_t top = rnd(rng, 8), depth = rnd(rng, 8) ? 2u + rnd(rng, 7) : rnd(rng, 3), tw = 0;
    if (depth > 8)
        depth = 8;
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

/* The transcendentals: qemu computes FSIN FCOS FSINCOS FPTAN through the
 * host's double, the others in its own floatx80 code; neither is warpsim's
 * algorithm, so results are compared to 32 significand bits and C1, PE and
 * UE are not compared. */
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

int risu_x86_x87_finish(risu_x86_case_t *c, uint64_t *rng)
{
    uint32_t key = risu_x86_row_key(RISU_X86_X87, c->row), row = key >> 1;
    const char *n = risu_x87_row_name(row);
    if (risu_x87_approx(n))
        c->opts |= RISU_X86_APPROX;
    if (!strcmp(n, "fnstenv") || !strcmp(n, "fnsave")) { /* FIP, FDP and FOP: not compared */
        c->opts |= RISU_X86_SCRUB | (key & 1u ? RISU_X86_SCRUB16 : 0u);
        c->scrub = c->ea;
    }
    if (c->in.aux < 0xc0u)
        risu_x87_memory(c, n, (int)(key & 1u), rng);
    return 1;
}
