/* The VFP classes of the picker (vfp: A32, tvfp: T32): which decoded rows
 * of arm_vfp_enc.def can be compared, where a load's or store's base
 * points, and the FP state a block starts from: the FPSCR (rounding mode,
 * FZ, DN, AHP, some cumulative flags) and D0-D31, rich in the values where
 * implementations part: signed zeros, denormals, infinities, quiet and
 * signalling NaNs with payloads, the largest and smallest normals, halfway
 * cases, the integer limits the conversions saturate at, and halves for
 * VCVTB/VCVTT. The decoder has already refused the ARM ARM's UNPREDICTABLE
 * field values (arm_decode_vfp.c). */
#include <string.h>

#include "risu.h"

static int risu_core_bad(uint32_t r) { return r == 13u || r == 15u; }

/* The core registers a VFP row names: no sp (the harness's pointer), no pc
 * but VMRS APSR_nzcv and the base of a literal VLDR (or of an A32 VLDMIA
 * without write-back, which reads the text after it). */
static int risu_vfp_cores_ok(risu_class_t cls, const arm_insn_t *in)
{
    switch (in->op) {
    case ARM_OP_VMRS:
        return in->rd != 13u;
    case ARM_OP_VMOV_RS: case ARM_OP_VMOV_SR: case ARM_OP_VMSR:
    case ARM_OP_VMOV_RSX: case ARM_OP_VMOV_SRX: case ARM_OP_VDUP_R: /* NEON rows, Rt in rd */
        return !risu_core_bad(in->rd);
    case ARM_OP_VMOV_RRD: case ARM_OP_VMOV_DRR: case ARM_OP_VMOV_RRS: case ARM_OP_VMOV_SRR:
        return !risu_core_bad(in->rd) && !risu_core_bad(in->rs);
    case ARM_OP_VLDR:
        return in->rn != 13u;
    case ARM_OP_VLDM:
        return in->rn != 13u && (in->rn != 15u || cls == RISU_VFP);
    case ARM_OP_VSTR: case ARM_OP_VSTM:
        return !risu_core_bad(in->rn);
    default:
        return 1;
    }
}

/* The base of a VLDR/VSTR/VLDM/VSTM, made to point at an 8-byte aligned
 * place of the scratch buffer (an offset: risu_main.c adds its address);
 * at most 33 words are moved, which stay inside. */
static void risu_vfp_memory(risu_case_t *c, uint64_t *rng)
{
    const arm_insn_t *in = &c->in;
    uint32_t ea = 512u + 8u * (risu_r32(rng) % ((RISU_SCRATCH_BYTES - 1024u) / 8u)), base;
    if (in->rn == 15u)
        return; /* the text, the same in both */
    if (in->op == ARM_OP_VLDR || in->op == ARM_OP_VSTR)
        base = (in->flags & ARM_F_U) ? ea - in->imm : ea + in->imm;
    else /* DB: from base - 4 * shift */
        base = (in->flags & ARM_F_P) ? ea + 4u * in->shift : ea;
    uint32_t k = in->rn == 14u ? 13u : in->rn;
    c->regs[k] = base;
    c->rel |= 1u << k;
}

int risu_vfp_ok(risu_class_t cls, risu_case_t *c, uint64_t *rng)
{
    if (!risu_vfp_cores_ok(cls, &c->in))
        return 0;
    if (arm_op_has(c->in.op, ARM_P_LOAD | ARM_P_STORE)) {
        c->rel |= RISU_REL_MEM;
        risu_vfp_memory(c, rng);
    }
    risu_vfp_inputs(c, rng);
    return 1;
}

/* Integer-valued doubles where the conversions to integers saturate or
 * round (and their halfway neighbours). */
static const double risu_limits[] = {
    2147483647.0, 2147483648.0, 2147483647.5, 2147483646.5, 2147483648.5, -2147483648.0, -2147483648.5,
    -2147483649.0, -2147483647.5, 4294967295.0, 4294967295.5, 4294967296.0, 4294967294.5, 65535.0,
    65535.5, 65536.0, 32767.0, 32767.5, 32768.0, -32768.0, -32768.5, -32769.0, 0.5, 1.5, 2.5, -0.5,
    -1.5, -2.5, 0.49999999999999994, 1.0, -1.0, 3.0, 1e10, -1e10, 0.25, 0.75};

/* A double near an integer limit, scaled by 2^-k for the fixed-point
 * conversions' fraction bits. */
static double risu_limit(uint64_t *rng)
{
    uint32_t r = risu_r32(rng), k = (r >> 8) & 3u ? 0u : (r >> 10) % 33u;
    double v = risu_limits[r % (sizeof risu_limits / sizeof risu_limits[0])];
    for (uint32_t i = 0; i < k; i++)
        v /= 2.0;
    return v;
}

/* A value of a format of eb exponent and mb fraction bits (f16, f32, f64),
 * as its bits; lim: that format's bits for a double (NULL for f16). */
static uint64_t risu_float(uint64_t *rng, uint32_t eb, uint32_t mb, uint64_t (*lim)(double))
{
    uint64_t r = risu_rand(rng), frac = (1ull << mb) - 1u, emax = (1ull << eb) - 1u, bias = emax >> 1;
    uint64_t sign = (r & 1u) << (eb + mb), m = risu_rand(rng) & frac, quiet = 1ull << (mb - 1u);
    uint32_t pick = (uint32_t)(r >> 1) % 16u, b = (uint32_t)(r >> 8) & 1u;
    uint64_t e = (r >> 16) % (emax - 1u) + 1u; /* any normal exponent */
    switch (pick) {
    case 0: return sign;                                      /* +-0 */
    case 1: return sign | (m ? m : 1u);                       /* a denormal */
    case 2: return sign | (b ? 1u : frac);                    /* the least, the largest */
    case 3: return sign | emax << mb;                         /* +-inf */
    case 4: return sign | emax << mb | quiet | (b ? 0u : m);  /* qNaN, default or a payload */
    case 5: return sign | emax << mb | ((m & (quiet - 1u)) ? m & (quiet - 1u) : 1u); /* sNaN */
    case 6: /* the largest and least normals, and a step beside */
        return (sign | (b ? (emax - 1u) << mb | frac : 1ull << mb)) + (r >> 20) % 3u - 1u;
    case 7: /* a halfway pattern in the low bits, exponent near 1.0 */
        e = bias - 4u + (r >> 16) % (mb + 8u);
        m = (m & ~0xffull) | (b ? 0x80u : 0x7fu) | ((r >> 24) & 1u);
        return sign | e << mb | (m & frac);
    case 8:
        if (lim)
            return lim(risu_limit(rng));
        /* fall through */
    case 9: return sign | e << mb;                            /* a power of two */
    case 10: case 11: /* exponent within 30 of 1.0: the fast path's */
        e = bias - 30u + (r >> 16) % 61u;
        return sign | e << mb | m;
    default: return sign | e << mb | m;                      /* any normal */
    }
}

static uint64_t risu_f64_bits(double v)
{
    uint64_t b;
    memcpy(&b, &v, sizeof b);
    return b;
}

static uint64_t risu_f32_bits(double v)
{
    float f = (float)v;
    uint32_t b;
    memcpy(&b, &f, sizeof b);
    return b;
}

/* One S register: a single, an integer (the conversions from integer and
 * fixed point), or two halves (VCVTB/VCVTT). */
static uint32_t risu_single(uint64_t *rng)
{
    uint32_t k = risu_r32(rng) % 8u;
    if (k < 5u)
        return (uint32_t)risu_float(rng, 8u, 23u, risu_f32_bits);
    if (k < 7u)
        return risu_value(rng);
    return (uint32_t)(risu_float(rng, 5u, 10u, NULL) << 16 | risu_float(rng, 5u, 10u, NULL));
}

/* The FPSCR a block starts with: random NZCV and QC, each of AHP, DN and FZ
 * a time in four, round to nearest half the time, a few cumulative flags;
 * Len and Stride zero (short vectors are UNDEFINED on a Cortex-A8 or A15). */
static uint32_t risu_fpscr(uint64_t *rng)
{
    uint32_t r = risu_r32(rng), x = risu_r32(rng), y = risu_r32(rng);
    uint32_t v = r & 0xf8000000u;
    v |= (r & 3u) == 0 ? 1u << 26 : 0u;        /* AHP */
    v |= (r >> 2 & 3u) == 0 ? 1u << 25 : 0u;   /* DN */
    v |= (r >> 4 & 3u) == 0 ? 1u << 24 : 0u;   /* FZ */
    v |= (r >> 6 & 1u) ? (r >> 7 & 3u) << 22 : 0u;
    return v | (x & y & 0x9fu);                /* IDC IXC UFC OFC DZC IOC */
}

void risu_vfp_inputs(risu_case_t *c, uint64_t *rng)
{
    c->fpscr = risu_fpscr(rng);
    for (uint32_t d = 0; d < 32; d++) {
        uint32_t k = risu_r32(rng) % 16u, *s = &c->s[2u * d];
        if (k < 6u) {
            uint64_t v = risu_float(rng, 11u, 52u, risu_f64_bits);
            s[0] = (uint32_t)v;
            s[1] = (uint32_t)(v >> 32);
        } else if (k < 14u || d == 0) {
            s[0] = risu_single(rng);
            s[1] = risu_single(rng);
        } else { /* an earlier register's value, or a step beside it: equal operands, exact cancellation */
            uint32_t from = risu_r32(rng) % d, step = (k & 1u) ? risu_r32(rng) % 3u - 1u : 0u;
            s[0] = c->s[2u * from] + step;
            s[1] = c->s[2u * from + 1u];
        }
    }
}
