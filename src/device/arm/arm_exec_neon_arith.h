/* The bodies of the arithmetic family's NEON rows (arm_neon_arith_ops.def):
 * one per encoding class, the operation a kind (ARM_NEON_K_*) switched on
 * per element. Operands are read whole first, the result written last
 * (arm_neon.h), so a destination may overlap a source. */
#ifndef ARM_EXEC_NEON_ARITH_H
#define ARM_EXEC_NEON_ARITH_H

#include "arm_neon.h"
#include "device/softfloat/vfp_cvt.h"

/* amount bits of the family (arm_neon.h leaves 0x04..0x80 to the rows) */
#define ARM_NEON_SC   0x04u /* the second operand is the scalar Dm[imm], every lane */
#define ARM_NEON_POLY 0x08u /* VMULL.P8 */
/* the modified immediates' rows (which have no scalar): op, and cmode in bits 7..4 */
#define ARM_NEON_OP1  0x04u

enum {
    /* three registers of the same length, integer (3same) */
    ARM_NEON_K_HADD, ARM_NEON_K_HSUB, ARM_NEON_K_RHADD, ARM_NEON_K_QADD, ARM_NEON_K_QSUB,
    ARM_NEON_K_AND, ARM_NEON_K_BIC, ARM_NEON_K_ORR, ARM_NEON_K_ORN, ARM_NEON_K_EOR,
    ARM_NEON_K_BSL, ARM_NEON_K_BIT, ARM_NEON_K_BIF,
    ARM_NEON_K_CGT, ARM_NEON_K_CGE, ARM_NEON_K_CEQ, ARM_NEON_K_TST,
    ARM_NEON_K_SHL, ARM_NEON_K_QSHL, ARM_NEON_K_RSHL, ARM_NEON_K_QRSHL,
    ARM_NEON_K_MAX, ARM_NEON_K_MIN, ARM_NEON_K_ABD, ARM_NEON_K_ABA, ARM_NEON_K_ADD, ARM_NEON_K_SUB,
    ARM_NEON_K_MLA, ARM_NEON_K_MLS, ARM_NEON_K_MUL, ARM_NEON_K_PMAX, ARM_NEON_K_PMIN,
    ARM_NEON_K_QDMULH, ARM_NEON_K_QRDMULH, ARM_NEON_K_PADD,
    /* float (3samef) */
    ARM_NEON_K_FADD, ARM_NEON_K_FSUB, ARM_NEON_K_FPADD, ARM_NEON_K_FABD, ARM_NEON_K_FMLA,
    ARM_NEON_K_FMLS, ARM_NEON_K_FMUL, ARM_NEON_K_FCEQ, ARM_NEON_K_FCGE, ARM_NEON_K_FCGT,
    ARM_NEON_K_FACGE, ARM_NEON_K_FACGT, ARM_NEON_K_FMAX, ARM_NEON_K_FMIN, ARM_NEON_K_FPMAX,
    ARM_NEON_K_FPMIN, ARM_NEON_K_RECPS, ARM_NEON_K_RSQRTS, ARM_NEON_K_FMA, ARM_NEON_K_FMS,
    /* different lengths (3diff) */
    ARM_NEON_K_ADDL, ARM_NEON_K_ADDW, ARM_NEON_K_SUBL, ARM_NEON_K_SUBW, ARM_NEON_K_ADDHN,
    ARM_NEON_K_RADDHN, ARM_NEON_K_SUBHN, ARM_NEON_K_RSUBHN, ARM_NEON_K_ABAL, ARM_NEON_K_ABDL,
    ARM_NEON_K_MLAL, ARM_NEON_K_MLSL, ARM_NEON_K_QDMLAL, ARM_NEON_K_QDMLSL, ARM_NEON_K_MULL,
    ARM_NEON_K_QDMULL,
    /* shift by an immediate (shimm) */
    ARM_NEON_K_SHR, ARM_NEON_K_SRA, ARM_NEON_K_RSHR, ARM_NEON_K_RSRA, ARM_NEON_K_SRI,
    ARM_NEON_K_SHLI, ARM_NEON_K_SLI, ARM_NEON_K_QSHLI, ARM_NEON_K_QSHLU, ARM_NEON_K_SHRN,
    ARM_NEON_K_RSHRN, ARM_NEON_K_QSHRN, ARM_NEON_K_QRSHRN, ARM_NEON_K_QSHRUN, ARM_NEON_K_QRSHRUN,
    ARM_NEON_K_SHLL, ARM_NEON_K_CVTFX, ARM_NEON_K_CVTXF,
    /* modified immediate (modimm) */
    ARM_NEON_K_MOVI, ARM_NEON_K_MVNI, ARM_NEON_K_ORRI, ARM_NEON_K_BICI
};


/* An element's value, signed or not, as a 64-bit integer. */
SIM_INLINE int64_t arm_neon_val(uint64_t x, uint32_t esz, uint32_t uns)
{
    return uns ? (int64_t)x : arm_neon_sext(x, esz);
}

/* The signed v saturated to the signed (uns 0) or unsigned (uns 1) range
 * of esz (< 3), the element's bits; *qc set when it saturated. */
SIM_INLINE uint64_t arm_neon_sat(int64_t v, uint32_t esz, uint32_t uns, uint32_t *qc)
{
    uint32_t bits = 8u << esz;
    int64_t hi = uns ? (int64_t)((1ull << bits) - 1u) : (int64_t)((1ull << (bits - 1u)) - 1u);
    int64_t lo = uns ? 0 : -hi - 1;
    if (v > hi) {
        *qc = 1u;
        v = hi;
    } else if (v < lo) {
        *qc = 1u;
        v = lo;
    }
    return (uint64_t)v & arm_neon_mask(esz);
}

/* Saturating add of 64-bit elements (sub: x - y), signed or not. */
SIM_INLINE uint64_t arm_neon_qadd64(uint64_t x, uint64_t y, uint32_t sub, uint32_t uns, uint32_t *qc)
{
    uint64_t r = sub ? x - y : x + y;
    if (uns) {
        if (sub ? x < y : r < x) {
            *qc = 1u;
            return sub ? 0u : ~0ull;
        }
        return r;
    }
    uint64_t ovf = sub ? (x ^ y) & (x ^ r) : ~(x ^ y) & (x ^ r);
    if (ovf >> 63) {
        *qc = 1u;
        return (x >> 63) ? 1ull << 63 : ~0ull >> 1;
    }
    return r;
}

/* A saturating add in esz bits (any size) of two signed values. */
SIM_INLINE uint64_t arm_neon_qadd_s(int64_t x, int64_t y, uint32_t esz, uint32_t *qc)
{
    if (esz >= 3u)
        return arm_neon_qadd64((uint64_t)x, (uint64_t)y, 0, 0, qc);
    return arm_neon_sat(x + y, esz, 0, qc);
}

/* x >> n (n >= 1, any n), arithmetic unless uns, plus the last bit shifted
 * out when rnd: the ARM ARM's (x + (1 << (n-1))) >> n without overflow. */
SIM_INLINE uint64_t arm_neon_shr(uint64_t x, uint32_t n, uint32_t uns, uint32_t rnd)
{
    uint64_t fill = uns ? 0u : (uint64_t)((int64_t)x >> 63);
    uint64_t r = n >= 64u ? fill : uns ? x >> n : (uint64_t)((int64_t)x >> n);
    if (rnd)
        r += (n - 1u >= 64u ? fill : x >> (n - 1u)) & 1u;
    return r;
}

/* x (the element's value, extended to 64 bits) << n, n >= 0; sat: the
 * result saturated to the element's signed or unsigned (uns) range. The
 * element's bits. */
SIM_INLINE uint64_t arm_neon_shl(uint64_t x, uint32_t n, uint32_t esz, uint32_t uns, uint32_t sat, uint32_t *qc)
{
    uint32_t bits = 8u << esz;
    uint64_t mask = arm_neon_mask(esz), r = n >= 64u ? 0u : x << n;
    if (!sat || x == 0u)
        return r & mask;
    if (uns) {
        if (n < bits && (r >> n) == x && (bits == 64u || (r >> bits) == 0u))
            return r;
        *qc = 1u;
        return mask;
    }
    if (n < bits && ((int64_t)r >> n) == (int64_t)x && arm_neon_sext(r & mask, esz) == (int64_t)r)
        return r & mask;
    *qc = 1u;
    return (int64_t)x < 0 ? (1ull << (bits - 1u)) & mask : mask >> 1;
}

/* The register shifts (VSHL, VQSHL, VRSHL, VQRSHL): x shifted by the
 * signed byte s, left or right. */
SIM_INLINE uint64_t arm_neon_shift_reg(uint64_t x, int32_t s, uint32_t esz, uint32_t uns, uint32_t rnd,
                                       uint32_t sat, uint32_t *qc)
{
    int64_t v = arm_neon_val(x, esz, uns);
    if (s >= 0)
        return arm_neon_shl((uint64_t)v, (uint32_t)s, esz, uns, sat, qc);
    return arm_neon_shr((uint64_t)v, (uint32_t)-s, uns, rnd) & arm_neon_mask(esz);
}

/* Polynomial (carry-less) product of two 8-bit values. */
SIM_INLINE uint32_t arm_neon_pmul8(uint32_t a, uint32_t b)
{
    uint32_t r = 0;
    for (uint32_t i = 0; i < 8u; i++)
        if ((b >> i) & 1u)
            r ^= a << i;
    return r;
}

/* 2 * a * b of esz-bit signed values (esz 1 or 2) in twice the bits,
 * saturated (only a = b = the least value overflows). */
SIM_INLINE int64_t arm_neon_qdmull(int64_t a, int64_t b, uint32_t esz, uint32_t *qc)
{
    int64_t lo = -(1ll << ((8u << esz) - 1u));
    if (a == lo && b == lo) {
        *qc = 1u;
        return esz == 2u ? (int64_t)(~0ull >> 1) : 0x7fffffffll;
    }
    return 2 * a * b;
}

/* The second operand: Vm, or the scalar Dm[imm] in every lane. */
SIM_INLINE void arm_neon_opm(const arm_ctx_t *c, const arm_insn_t *in, uint32_t nr, uint64_t *m)
{
    if (!(in->amount & ARM_NEON_SC)) {
        arm_neon_read(c, in->rm, nr, m);
        return;
    }
    uint64_t d = arm_neon_get_d(c, in->rm), x = arm_neon_elem(&d, in->shift, in->imm);
    uint64_t dup = in->shift == 1u ? x * 0x0001000100010001ull : x * 0x0000000100000001ull;
    for (uint32_t i = 0; i < nr; i++)
        m[i] = dup;
}

/* Integer (and bitwise) operations on three registers of the same length. */
ARM_NEON_FN void arm_neon_3same(arm_ctx_t *c, const arm_insn_t *in, uint32_t k)
{
    uint32_t nr = arm_neon_regs(in), esz = in->shift, uns = (in->amount & ARM_NEON_U) != 0u, qc = 0;
    uint32_t ne = (nr * 8u) >> esz, bits = 8u << esz;
    uint64_t n[2], m[2], d[2], r[2] = {0u, 0u}, mask = arm_neon_mask(esz);
    arm_neon_read(c, in->rn, nr, n);
    arm_neon_opm(c, in, nr, m);
    arm_neon_read(c, in->rd, nr, d);
    if (k >= ARM_NEON_K_AND && k <= ARM_NEON_K_BIF) {
        for (uint32_t j = 0; j < nr; j++) {
            uint64_t a = n[j], b = m[j], x = d[j];
            switch (k) {
            case ARM_NEON_K_AND: x = a & b; break;
            case ARM_NEON_K_BIC: x = a & ~b; break;
            case ARM_NEON_K_ORR: x = a | b; break;
            case ARM_NEON_K_ORN: x = a | ~b; break;
            case ARM_NEON_K_EOR: x = a ^ b; break;
            case ARM_NEON_K_BSL: x = (x & a) | (~x & b); break;
            case ARM_NEON_K_BIT: x = (a & b) | (x & ~b); break;
            default: x = (x & b) | (a & ~b); break; /* BIF */
            }
            r[j] = x;
        }
        arm_neon_write(c, in->rd, nr, r);
        return;
    }
    uint32_t pair = k == ARM_NEON_K_PMAX || k == ARM_NEON_K_PMIN || k == ARM_NEON_K_PADD;
    for (uint32_t i = 0; i < ne; i++) {
        uint64_t a, b, x = arm_neon_elem(d, esz, i);
        if (pair) {
            uint32_t h = ne / 2u, j = 2u * (i % h);
            const uint64_t *s = i < h ? n : m;
            a = arm_neon_elem(s, esz, j);
            b = arm_neon_elem(s, esz, j + 1u);
        } else {
            a = arm_neon_elem(n, esz, i);
            b = arm_neon_elem(m, esz, i);
        }
        int64_t sa = arm_neon_val(a, esz, uns), sb = arm_neon_val(b, esz, uns), t;
        switch (k) {
        case ARM_NEON_K_HADD: x = (uint64_t)((sa + sb) >> 1); break;
        case ARM_NEON_K_HSUB: x = (uint64_t)((sa - sb) >> 1); break;
        case ARM_NEON_K_RHADD: x = (uint64_t)((sa + sb + 1) >> 1); break;
        case ARM_NEON_K_QADD:
        case ARM_NEON_K_QSUB:
            if (bits == 64u)
                x = arm_neon_qadd64(a, b, k == ARM_NEON_K_QSUB, uns, &qc);
            else
                x = arm_neon_sat(k == ARM_NEON_K_QSUB ? sa - sb : sa + sb, esz, uns, &qc);
            break;
        case ARM_NEON_K_CGT: x = sa > sb ? mask : 0u; break;
        case ARM_NEON_K_CGE: x = sa >= sb ? mask : 0u; break;
        case ARM_NEON_K_CEQ: x = a == b ? mask : 0u; break;
        case ARM_NEON_K_TST: x = (a & b) ? mask : 0u; break;
        /* Vd = Vm shifted by Vn's bottom byte */
        case ARM_NEON_K_SHL: x = arm_neon_shift_reg(b, (int8_t)a, esz, uns, 0, 0, &qc); break;
        case ARM_NEON_K_QSHL: x = arm_neon_shift_reg(b, (int8_t)a, esz, uns, 0, 1, &qc); break;
        case ARM_NEON_K_RSHL: x = arm_neon_shift_reg(b, (int8_t)a, esz, uns, 1, 0, &qc); break;
        case ARM_NEON_K_QRSHL: x = arm_neon_shift_reg(b, (int8_t)a, esz, uns, 1, 1, &qc); break;
        case ARM_NEON_K_MAX:
        case ARM_NEON_K_PMAX: x = sa >= sb ? a : b; break;
        case ARM_NEON_K_MIN:
        case ARM_NEON_K_PMIN: x = sa >= sb ? b : a; break;
        case ARM_NEON_K_ABD: x = (uint64_t)(sa > sb ? sa - sb : sb - sa); break;
        case ARM_NEON_K_ABA: x += (uint64_t)(sa > sb ? sa - sb : sb - sa); break;
        case ARM_NEON_K_ADD:
        case ARM_NEON_K_PADD: x = a + b; break;
        case ARM_NEON_K_SUB: x = a - b; break;
        case ARM_NEON_K_MLA: x += a * b; break;
        case ARM_NEON_K_MLS: x -= a * b; break;
        case ARM_NEON_K_MUL: x = uns ? arm_neon_pmul8((uint32_t)a, (uint32_t)b) : a * b; break;
        default: /* QDMULH, QRDMULH (signed; U is the rounding): (2ab + round) >> esize, saturated */
            t = arm_neon_sext(a, esz) * arm_neon_sext(b, esz) + (k == ARM_NEON_K_QRDMULH ? 1ll << (bits - 2u) : 0);
            x = arm_neon_sat(t >> (bits - 1u), esz, 0, &qc);
            break;
        }
        arm_neon_set_elem(r, esz, i, x & mask);
    }
    arm_neon_write(c, in->rd, nr, r);
    if (qc)
        c->fpscr |= ARM_NEON_QC;
}

/* FPMax, FPMin as ARMv7 has them: NaN operands by FPProcessNaNs (the
 * default NaN here), -0 below +0. */
SIM_INLINE uint64_t arm_neon_fmaxmin(uint64_t a, uint64_t b, uint32_t max, uint32_t *fs)
{
    uint32_t f = PTX_FMT_F32;
    uint64_t r;
    a = vfp_flush_in(f, a, fs);
    b = vfp_flush_in(f, b, fs);
    if (vfp_nans2(f, a, b, fs, &r))
        return r;
    if (((a | b) & 0x7fffffffu) == 0u) /* two zeros: max ANDs the signs, min ORs them */
        return max ? a & b : a | b;
    uint32_t gt = vfp_compare(f, a, b, 0, fs) == 0x2u;
    return gt == max ? a : b;
}

/* FPRecipStep (2 - a*b) and FPRSqrtStep ((3 - a*b) / 2); inf * 0 is 0 there. */
SIM_INLINE uint64_t arm_neon_fstep(uint64_t a, uint64_t b, uint32_t rsqrt, uint32_t *fs)
{
    uint32_t f = PTX_FMT_F32;
    uint64_t r, p;
    a = vfp_flush_in(f, a, fs);
    b = vfp_flush_in(f, b, fs);
    if (vfp_nans2(f, a, b, fs, &r))
        return r;
    uint64_t ma = a & 0x7fffffffu, mb = b & 0x7fffffffu;
    if ((ma == 0x7f800000u && mb == 0u) || (ma == 0u && mb == 0x7f800000u))
        p = 0u;
    else
        p = vfp_mul(f, a, b, fs);
    if (!rsqrt)
        return vfp_addsub(f, 0x40000000u, p, 1, fs);
    return vfp_mul(f, vfp_addsub(f, 0x40400000u, p, 1, fs), 0x3f000000u, fs);
}

/* Float operations on three registers of the same length (and the float
 * scalar forms). */
ARM_NEON_FN void arm_neon_3samef(arm_ctx_t *c, const arm_insn_t *in, uint32_t k)
{
    uint32_t nr = arm_neon_regs(in), ne = nr * 2u, f = PTX_FMT_F32, fs = arm_neon_fp_begin(c), cmp;
    uint64_t n[2], m[2], d[2], r[2] = {0u, 0u};
    arm_neon_read(c, in->rn, nr, n);
    arm_neon_opm(c, in, nr, m);
    arm_neon_read(c, in->rd, nr, d);
    uint32_t pair = k == ARM_NEON_K_FPADD || k == ARM_NEON_K_FPMAX || k == ARM_NEON_K_FPMIN;
    for (uint32_t i = 0; i < ne; i++) {
        uint64_t a, b, x = arm_neon_elem(d, 2u, i);
        if (pair) {
            const uint64_t *s = i < 1u ? n : m;
            a = arm_neon_elem(s, 2u, 0u);
            b = arm_neon_elem(s, 2u, 1u);
        } else {
            a = arm_neon_elem(n, 2u, i);
            b = arm_neon_elem(m, 2u, i);
        }
        switch (k) {
        case ARM_NEON_K_FADD:
        case ARM_NEON_K_FPADD: x = vfp_addsub(f, a, b, 0, &fs); break;
        case ARM_NEON_K_FSUB: x = vfp_addsub(f, a, b, 1, &fs); break;
        case ARM_NEON_K_FABD: x = vfp_addsub(f, a, b, 1, &fs) & 0x7fffffffu; break;
        /* not fused: the product rounded, then the sum */
        case ARM_NEON_K_FMLA: x = vfp_addsub(f, x, vfp_mul(f, a, b, &fs), 0, &fs); break;
        case ARM_NEON_K_FMLS: x = vfp_addsub(f, x, vfp_mul(f, a, b, &fs) ^ 0x80000000u, 0, &fs); break;
        case ARM_NEON_K_FMUL: x = vfp_mul(f, a, b, &fs); break;
        case ARM_NEON_K_FCEQ: x = vfp_compare(f, a, b, 0, &fs) == 0x6u ? 0xffffffffu : 0u; break;
        case ARM_NEON_K_FCGE:
        case ARM_NEON_K_FCGT:
        case ARM_NEON_K_FACGE:
        case ARM_NEON_K_FACGT:
            if (k == ARM_NEON_K_FACGE || k == ARM_NEON_K_FACGT) {
                a &= 0x7fffffffu;
                b &= 0x7fffffffu;
            }
            cmp = vfp_compare(f, a, b, 1, &fs);
            x = cmp == 0x2u || (cmp == 0x6u && (k == ARM_NEON_K_FCGE || k == ARM_NEON_K_FACGE)) ? 0xffffffffu : 0u;
            break;
        case ARM_NEON_K_FMAX:
        case ARM_NEON_K_FPMAX: x = arm_neon_fmaxmin(a, b, 1, &fs); break;
        case ARM_NEON_K_FMIN:
        case ARM_NEON_K_FPMIN: x = arm_neon_fmaxmin(a, b, 0, &fs); break;
        case ARM_NEON_K_RECPS: x = arm_neon_fstep(a, b, 0, &fs); break;
        case ARM_NEON_K_RSQRTS: x = arm_neon_fstep(a, b, 1, &fs); break;
        /* fused: FPMulAdd(addend, op1, op2) */
        case ARM_NEON_K_FMA: x = vfp_muladd(f, x, a, b, &fs); break;
        default: x = vfp_muladd(f, x, a ^ 0x80000000u, b, &fs); break; /* FMS */
        }
        arm_neon_set_elem(r, 2u, i, x);
    }
    arm_neon_write(c, in->rd, nr, r);
    arm_neon_fp_end(c, fs);
}

/* Three registers of different lengths (and the long scalar forms): esz
 * the narrow elements' size. */
ARM_NEON_FN void arm_neon_3diff(arm_ctx_t *c, const arm_insn_t *in, uint32_t k)
{
    uint32_t esz = in->shift, uns = (in->amount & ARM_NEON_U) != 0u, ne = 8u >> esz, bits = 8u << esz, qc = 0;
    uint32_t wide_n = k == ARM_NEON_K_ADDW || k == ARM_NEON_K_SUBW || (k >= ARM_NEON_K_ADDHN && k <= ARM_NEON_K_RSUBHN);
    uint32_t narrow = k >= ARM_NEON_K_ADDHN && k <= ARM_NEON_K_RSUBHN;
    uint64_t n[2], m[2], d[2], r[2] = {0u, 0u}, wmask = arm_neon_mask(esz + 1u);
    arm_neon_read(c, in->rn, wide_n ? 2u : 1u, n);
    arm_neon_opm(c, in, narrow ? 2u : 1u, m);
    arm_neon_read(c, in->rd, narrow ? 1u : 2u, d);
    for (uint32_t i = 0; i < ne; i++) {
        uint64_t a = arm_neon_elem(n, wide_n ? esz + 1u : esz, i), b = arm_neon_elem(m, narrow ? esz + 1u : esz, i);
        uint64_t x = narrow ? 0u : arm_neon_elem(d, esz + 1u, i);
        int64_t sa = wide_n ? (int64_t)a : arm_neon_val(a, esz, uns), sb = arm_neon_val(b, esz, uns), p;
        switch (k) {
        case ARM_NEON_K_ADDL:
        case ARM_NEON_K_ADDW: x = (uint64_t)sa + (uint64_t)sb; break;
        case ARM_NEON_K_SUBL:
        case ARM_NEON_K_SUBW: x = (uint64_t)sa - (uint64_t)sb; break;
        case ARM_NEON_K_ADDHN:
        case ARM_NEON_K_RADDHN:
        case ARM_NEON_K_SUBHN:
        case ARM_NEON_K_RSUBHN:
            x = (k <= ARM_NEON_K_RADDHN ? a + b : a - b) + (k == ARM_NEON_K_RADDHN || k == ARM_NEON_K_RSUBHN ? 1ull << (bits - 1u) : 0u);
            x = (x & wmask) >> bits;
            break;
        case ARM_NEON_K_ABAL: x += (uint64_t)(sa > sb ? sa - sb : sb - sa); break;
        case ARM_NEON_K_ABDL: x = (uint64_t)(sa > sb ? sa - sb : sb - sa); break;
        case ARM_NEON_K_MLAL: x += (uint64_t)sa * (uint64_t)sb; break;
        case ARM_NEON_K_MLSL: x -= (uint64_t)sa * (uint64_t)sb; break;
        case ARM_NEON_K_MULL:
            x = (in->amount & ARM_NEON_POLY) ? arm_neon_pmul8((uint32_t)a, (uint32_t)b) : (uint64_t)sa * (uint64_t)sb;
            break;
        case ARM_NEON_K_QDMULL: x = (uint64_t)arm_neon_qdmull(sa, sb, esz, &qc); break;
        default: /* QDMLAL, QDMLSL */
            p = arm_neon_qdmull(sa, sb, esz, &qc);
            x = arm_neon_qadd_s(arm_neon_sext(x, esz + 1u), k == ARM_NEON_K_QDMLSL ? -p : p, esz + 1u, &qc);
            break;
        }
        arm_neon_set_elem(r, narrow ? esz : esz + 1u, i, x);
    }
    arm_neon_write(c, in->rd, narrow ? 1u : 2u, r);
    if (qc)
        c->fpscr |= ARM_NEON_QC;
}

/* Two registers and a shift amount (imm); VCVT's fraction bits. */
ARM_NEON_FN void arm_neon_shimm(arm_ctx_t *c, const arm_insn_t *in, uint32_t k)
{
    uint32_t esz = in->shift, uns = (in->amount & ARM_NEON_U) != 0u, sh = in->imm, qc = 0;
    uint32_t narrow = k >= ARM_NEON_K_SHRN && k <= ARM_NEON_K_QRSHRUN, nr = arm_neon_regs(in);
    uint32_t sesz = narrow ? esz + 1u : esz, snr = narrow ? 2u : k == ARM_NEON_K_SHLL ? 1u : nr;
    uint32_t dnr = narrow ? 1u : k == ARM_NEON_K_SHLL ? 2u : nr, ne = (snr * 8u) >> sesz, bits = 8u << esz;
    uint32_t rnd = k == ARM_NEON_K_RSHR || k == ARM_NEON_K_RSRA || k == ARM_NEON_K_RSHRN ||
                   k == ARM_NEON_K_QRSHRN || k == ARM_NEON_K_QRSHRUN;
    uint64_t m[2], d[2], r[2] = {0u, 0u}, mask = arm_neon_mask(esz), fm;
    uint32_t fs = arm_neon_fp_begin(c);
    arm_neon_read(c, in->rm, snr, m);
    arm_neon_read(c, in->rd, dnr, d);
    for (uint32_t i = 0; i < ne; i++) {
        uint64_t a = arm_neon_elem(m, sesz, i), x = k == ARM_NEON_K_SHLL ? 0u : arm_neon_elem(d, esz, i);
        uint64_t v = (uint64_t)arm_neon_val(a, sesz, uns && k != ARM_NEON_K_QSHLU && k != ARM_NEON_K_QSHRUN && k != ARM_NEON_K_QRSHRUN);
        switch (k) {
        case ARM_NEON_K_SHR:
        case ARM_NEON_K_RSHR: x = arm_neon_shr(v, sh, uns, rnd) & mask; break;
        case ARM_NEON_K_SRA:
        case ARM_NEON_K_RSRA: x = (x + arm_neon_shr(v, sh, uns, rnd)) & mask; break;
        case ARM_NEON_K_SRI:
            fm = sh >= 64u ? 0u : mask >> sh;
            x = (x & ~fm) | (sh >= 64u ? 0u : a >> sh);
            break;
        case ARM_NEON_K_SHLI: x = (a << sh) & mask; break;
        case ARM_NEON_K_SLI:
            fm = (mask << sh) & mask;
            x = (x & ~fm) | ((a << sh) & fm);
            break;
        case ARM_NEON_K_QSHLI: x = arm_neon_shl(v, sh, esz, uns, 1, &qc); break;
        case ARM_NEON_K_QSHLU:
            if ((int64_t)v < 0) {
                qc = 1u;
                x = 0u;
            } else {
                x = arm_neon_shl(v, sh, esz, 1, 1, &qc);
            }
            break;
        case ARM_NEON_K_SHRN:
        case ARM_NEON_K_RSHRN: x = arm_neon_shr(v, sh, uns, rnd) & mask; break;
        case ARM_NEON_K_QSHRN:
        case ARM_NEON_K_QRSHRN:
        case ARM_NEON_K_QSHRUN:
        case ARM_NEON_K_QRSHRUN: {
            uint32_t sgn_in = k == ARM_NEON_K_QSHRUN || k == ARM_NEON_K_QRSHRUN || !uns;
            uint32_t uns_out = uns || k == ARM_NEON_K_QSHRUN || k == ARM_NEON_K_QRSHRUN;
            uint64_t s = arm_neon_shr(v, sh, !sgn_in, rnd);
            if (!sgn_in) { /* unsigned in, unsigned out: s is exact, below 2^63 */
                x = s;
                if (s >> bits) {
                    qc = 1u;
                    x = mask;
                }
            } else
                x = arm_neon_sat((int64_t)s, esz, uns_out, &qc);
            break;
        }
        case ARM_NEON_K_SHLL: x = (v << sh) & arm_neon_mask(esz + 1u); break;
        case ARM_NEON_K_CVTFX: x = vfp_to_fixed(PTX_FMT_F32, a, sh, 32u, !uns, PTX_RND_RZ, &fs); break;
        default: /* CVTXF */ x = vfp_from_fixed(PTX_FMT_F32, (uint32_t)a, sh, 32u, !uns, PTX_RND_RN, &fs); break;
        }
        arm_neon_set_elem(r, k == ARM_NEON_K_SHLL ? esz + 1u : esz, i, x);
    }
    arm_neon_write(c, in->rd, dnr, r);
    if (qc)
        c->fpscr |= ARM_NEON_QC;
    if (k == ARM_NEON_K_CVTFX || k == ARM_NEON_K_CVTXF)
        arm_neon_fp_end(c, fs);
}

/* AdvSIMDExpandImm's 64 bits from the record (arm_decode_neon_arith.c). */
SIM_INLINE uint64_t arm_neon_imm64(const arm_insn_t *in)
{
    if ((in->amount >> 4) == 14u && (in->amount & ARM_NEON_OP1)) { /* cmode 1110 op 1: a byte per bit */
        uint64_t r = 0;
        for (uint32_t i = 0; i < 8u; i++)
            if ((in->imm >> i) & 1u)
                r |= 0xffull << (8u * i);
        return r;
    }
    return (uint64_t)in->imm << 32 | in->imm;
}

/* One register and a modified immediate. */
ARM_NEON_FN void arm_neon_modimm(arm_ctx_t *c, const arm_insn_t *in, uint32_t k)
{
    uint32_t nr = arm_neon_regs(in);
    uint64_t imm = arm_neon_imm64(in), d[2];
    arm_neon_read(c, in->rd, nr, d);
    for (uint32_t j = 0; j < nr; j++) {
        switch (k) {
        case ARM_NEON_K_MOVI: d[j] = imm; break;
        case ARM_NEON_K_MVNI: d[j] = ~imm; break;
        case ARM_NEON_K_ORRI: d[j] |= imm; break;
        default: d[j] &= ~imm; break; /* BICI */
        }
    }
    arm_neon_write(c, in->rd, nr, d);
}

#endif
