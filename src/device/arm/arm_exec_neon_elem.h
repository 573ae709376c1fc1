/* The bodies of the element family's NEON rows (arm_neon_elem_ops.def):
 * two registers misc, permutes, narrowing and widening, VEXT, VTBL/VTBX,
 * VDUP, the core-to-scalar transfers (arm_neon_misc, arm_neon_misc_f) and
 * the element and structure loads and stores (arm_neon_ldst). Every body
 * reads its operands whole, computes, then writes, so that a destination
 * overlapping a source (VZIP, VUZP, VTRN, VSWP write both) reads as the
 * ARM ARM's pseudocode does. */
#ifndef ARM_EXEC_NEON_ELEM_H
#define ARM_EXEC_NEON_ELEM_H

#include "arm_neon.h"
#include "arm_exec_loadstore.h"
#include "device/softfloat/vfp_cvt.h"

/* the kinds of arm_neon_misc and arm_neon_misc_f */
enum {
    ARM_NE_REV64, ARM_NE_REV32, ARM_NE_REV16, ARM_NE_PADDL, ARM_NE_PADAL, ARM_NE_CLS, ARM_NE_CLZ,
    ARM_NE_CNT, ARM_NE_MVN, ARM_NE_QABS, ARM_NE_QNEG, ARM_NE_CGT0, ARM_NE_CGE0, ARM_NE_CEQ0,
    ARM_NE_CLE0, ARM_NE_CLT0, ARM_NE_ABS, ARM_NE_NEG,
    /* shapes of their own */
    ARM_NE_SWP, ARM_NE_TRN, ARM_NE_UZP, ARM_NE_ZIP, ARM_NE_MOVN, ARM_NE_QMOVUN, ARM_NE_QMOVN,
    ARM_NE_SHLL, ARM_NE_EXT, ARM_NE_TBL, ARM_NE_TBX, ARM_NE_DUPS, ARM_NE_MOVSR, ARM_NE_MOVRS,
    ARM_NE_DUPR,
    /* float only */
    ARM_NE_CVT, ARM_NE_TOHALF, ARM_NE_FROMHALF, ARM_NE_RECPE, ARM_NE_RSQRTE
};

/* Loads and stores: the kind (the ops' argument) and the fields of imm */
#define ARM_NEON_LS_MULTI 0u /* multiple structures: VLDn/VSTn {list}, [Rn] */
#define ARM_NEON_LS_LANE  1u /* one structure to or from one lane: {Dd[x], ...} */
#define ARM_NEON_LS_ALL   2u /* one structure to all lanes: {Dd[], ...} */
#define ARM_NEON_LS_REGS(imm)  ((imm) & 15u)        /* passes (multi), registers (VLD1 all) */
#define ARM_NEON_LS_INC(imm)   (((imm) >> 4) & 15u) /* register spacing: 1 or 2 */
#define ARM_NEON_LS_INDEX(imm) (((imm) >> 8) & 7u)  /* the lane */
#define ARM_NEON_LS_ALIGN(imm) (((imm) >> 16) & 0xffu) /* alignment in bytes, minus 1 */
#define ARM_NEON_LS_IMM(regs, inc, index, align)                                                       \
    ((uint32_t)(regs) | (uint32_t)(inc) << 4 | (uint32_t)(index) << 8 | ((uint32_t)(align) - 1u) << 16)


/* Leading zeros of x as a value of `bits` bits (0 < bits <= 32) */
SIM_INLINE uint32_t arm_neon_clz(uint64_t x, uint32_t bits) { return sim_clz32((uint32_t)x) - (32u - bits); }

/* Signed saturation of x to 8 << esz bits; QC on saturation */
SIM_INLINE uint64_t arm_neon_sat_s(arm_ctx_t *c, int64_t x, uint32_t esz)
{
    int64_t hi = (int64_t)(arm_neon_mask(esz) >> 1), lo = -hi - 1;
    if (x > hi || x < lo) {
        c->fpscr |= ARM_NEON_QC;
        x = x > hi ? hi : lo;
    }
    return (uint64_t)x & arm_neon_mask(esz);
}

/* Unsigned saturation of x (signed or not, as sgn says) to 8 << esz bits */
SIM_INLINE uint64_t arm_neon_sat_u(arm_ctx_t *c, uint64_t x, uint32_t sgn, uint32_t esz)
{
    uint64_t hi = arm_neon_mask(esz);
    if (sgn && (int64_t)x < 0) {
        c->fpscr |= ARM_NEON_QC;
        return 0;
    }
    if (x > hi) {
        c->fpscr |= ARM_NEON_QC;
        return hi;
    }
    return x;
}

/* The per-element integer operations of the two registers misc rows */
SIM_INLINE uint64_t arm_neon_unary(arm_ctx_t *c, uint32_t kind, uint64_t x, uint32_t esz)
{
    uint32_t bits = 8u << esz;
    uint64_t mask = arm_neon_mask(esz);
    int64_t sx = arm_neon_sext(x, esz), min = -(int64_t)(mask >> 1) - 1;
    switch (kind) {
    case ARM_NE_CLS: return arm_neon_clz((sx < 0 ? ~x : x) & mask, bits) - 1u;
    case ARM_NE_CLZ: return arm_neon_clz(x, bits);
    case ARM_NE_CNT: {
        uint32_t n = 0;
        for (uint32_t b = 0; b < 8u; b++)
            n += (uint32_t)(x >> b) & 1u;
        return n;
    }
    case ARM_NE_MVN: return ~x & mask;
    case ARM_NE_QABS:
    case ARM_NE_QNEG:
        if (sx == min) {
            c->fpscr |= ARM_NEON_QC;
            return mask >> 1;
        }
        return (uint64_t)(kind == ARM_NE_QNEG ? -sx : sx < 0 ? -sx : sx) & mask;
    case ARM_NE_CGT0: return sx > 0 ? mask : 0u;
    case ARM_NE_CGE0: return sx >= 0 ? mask : 0u;
    case ARM_NE_CEQ0: return sx == 0 ? mask : 0u;
    case ARM_NE_CLE0: return sx <= 0 ? mask : 0u;
    case ARM_NE_CLT0: return sx < 0 ? mask : 0u;
    case ARM_NE_ABS: return (uint64_t)(sx < 0 ? -sx : sx) & mask;
    default: return (uint64_t)(-sx) & mask; /* NEG */
    }
}

/* VSWP, VTRN, VUZP, VZIP: Vd and Vm of n elements each, both written.
 * cat holds Vd's words then Vm's, the concatenation VUZP reads and VZIP
 * writes (Vd the low half). */
SIM_INLINE void arm_neon_permute(arm_ctx_t *c, const arm_insn_t *in, uint32_t kind)
{
    uint32_t regs = arm_neon_regs(in), esz = in->shift & 3u, n = (8u * regs) >> esz;
    uint64_t cat[4], r[4];
    arm_neon_read(c, in->rd, regs, cat);
    arm_neon_read(c, in->rm, regs, cat + regs);
    for (uint32_t i = 0; i < 4u; i++)
        r[i] = cat[i];
    if (kind == ARM_NE_SWP) {
        arm_neon_write(c, in->rd, regs, cat + regs);
        arm_neon_write(c, in->rm, regs, cat);
        return;
    }
    uint64_t *rd = r, *rm = r + regs;
    const uint64_t *d = cat, *m = cat + regs;
    for (uint32_t e = 0; e < n; e++) {
        if (kind == ARM_NE_TRN) {
            if (e & 1u)
                arm_neon_set_elem(rm, esz, e - 1u, arm_neon_elem(d, esz, e));
            else
                arm_neon_set_elem(rd, esz, e + 1u, arm_neon_elem(m, esz, e));
        } else if (kind == ARM_NE_UZP) { /* Vd: the even elements of Vm:Vd, Vm: the odd */
            arm_neon_set_elem(rd, esz, e, arm_neon_elem(cat, esz, 2u * e));
            arm_neon_set_elem(rm, esz, e, arm_neon_elem(cat, esz, 2u * e + 1u));
        } else { /* ZIP: element e of Vd, then of Vm, pairwise into Vm:Vd */
            uint64_t lo = arm_neon_elem(d, esz, e), hi = arm_neon_elem(m, esz, e);
            arm_neon_set_elem(r, esz, 2u * e, lo);
            arm_neon_set_elem(r, esz, 2u * e + 1u, hi);
        }
    }
    arm_neon_write(c, in->rd, regs, rd);
    arm_neon_write(c, in->rm, regs, rm);
}

/* The integer rows of two registers misc and the other shapes. */
ARM_NEON_FN void arm_neon_misc(arm_ctx_t *c, const arm_insn_t *in, uint32_t kind)
{
    uint32_t regs = arm_neon_regs(in), esz = in->shift & 3u, n = (8u * regs) >> esz;
    uint32_t lane = in->imm & ((8u >> esz) - 1u); /* a scalar's index (masked: records are trusted, not indices) */
    uint32_t u = (in->amount & ARM_NEON_U) != 0;
    uint64_t m[4], r[4] = {0, 0, 0, 0};
    if (esz == 3u && (kind == ARM_NE_PADDL || kind == ARM_NE_PADAL || (kind >= ARM_NE_MOVN && kind <= ARM_NE_SHLL)))
        esz = 2u; /* widening and narrowing: never 64-bit elements from the decoder */
    switch (kind) {
    case ARM_NE_SWP: case ARM_NE_TRN: case ARM_NE_UZP: case ARM_NE_ZIP:
        arm_neon_permute(c, in, kind);
        return;
    case ARM_NE_MOVN: case ARM_NE_QMOVUN: case ARM_NE_QMOVN: /* Dd = narrow(Qm), esz: Dd's */
        arm_neon_read(c, in->rm, 2u, m);
        for (uint32_t e = 0; e < (8u >> esz); e++) {
            uint64_t x = arm_neon_elem(m, esz + 1u, e);
            if (kind == ARM_NE_QMOVUN)
                x = arm_neon_sat_u(c, (uint64_t)arm_neon_sext(x, esz + 1u), 1, esz);
            else if (kind == ARM_NE_QMOVN)
                x = u ? arm_neon_sat_u(c, x, 0, esz) : arm_neon_sat_s(c, arm_neon_sext(x, esz + 1u), esz);
            arm_neon_set_elem(r, esz, e, x);
        }
        arm_neon_write(c, in->rd, 1u, r);
        return;
    case ARM_NE_SHLL: /* Qd = Dm << esize, widened; esz: Dm's */
        arm_neon_read(c, in->rm, 1u, m);
        for (uint32_t e = 0; e < (8u >> esz); e++)
            arm_neon_set_elem(r, esz + 1u, e, arm_neon_elem(m, esz, e) << (8u << esz));
        arm_neon_write(c, in->rd, 2u, r);
        return;
    case ARM_NE_EXT: { /* bytes imm.. of Vm:Vn */
        uint64_t cat[4];
        arm_neon_read(c, in->rn, regs, cat);
        arm_neon_read(c, in->rm, regs, cat + regs);
        for (uint32_t e = 0; e < 8u * regs; e++)
            arm_neon_set_elem(r, 0, e, arm_neon_elem(cat, 0, (e + in->imm) & (16u * regs - 1u)));
        arm_neon_write(c, in->rd, regs, r);
        return;
    }
    case ARM_NE_TBL: case ARM_NE_TBX: { /* table D(n)..D(n + imm), indices Dm */
        uint64_t t[4];
        uint32_t len = (in->imm & 3u) + 1u;
        arm_neon_read(c, in->rn, len, t);
        arm_neon_read(c, in->rm, 1u, m);
        arm_neon_read(c, in->rd, 1u, r);
        for (uint32_t e = 0; e < 8u; e++) {
            uint32_t i = (uint32_t)arm_neon_elem(m, 0, e);
            if (i < 8u * len)
                arm_neon_set_elem(r, 0, e, arm_neon_elem(t, 0, i));
            else if (kind == ARM_NE_TBL)
                arm_neon_set_elem(r, 0, e, 0);
        }
        arm_neon_write(c, in->rd, 1u, r);
        return;
    }
    case ARM_NE_DUPS: case ARM_NE_DUPR: { /* every lane of Vd: Dm[imm], or Rt's low bits */
        uint64_t x;
        if (kind == ARM_NE_DUPS) {
            arm_neon_read(c, in->rm, 1u, m);
            x = arm_neon_elem(m, esz, lane);
        } else {
            x = c->r[in->rd & 15u] & arm_neon_mask(esz);
        }
        for (uint32_t e = 0; e < n; e++)
            arm_neon_set_elem(r, esz, e, x);
        arm_neon_write(c, kind == ARM_NE_DUPS ? in->rd : in->rm, regs, r);
        return;
    }
    case ARM_NE_MOVSR: /* Dm[imm] = Rt */
        arm_neon_read(c, in->rm, 1u, r);
        arm_neon_set_elem(r, esz, lane, c->r[in->rd & 15u]);
        arm_neon_write(c, in->rm, 1u, r);
        return;
    case ARM_NE_MOVRS: { /* Rt = Dm[imm], extended as U says */
        arm_neon_read(c, in->rm, 1u, m);
        uint64_t x = arm_neon_elem(m, esz, lane);
        c->r[in->rd & 15u] = (uint32_t)(u ? x : (uint64_t)arm_neon_sext(x, esz));
        return;
    }
    case ARM_NE_PADDL: case ARM_NE_PADAL: /* pairs summed into elements twice as wide */
        arm_neon_read(c, in->rm, regs, m);
        arm_neon_read(c, in->rd, regs, r);
        for (uint32_t e = 0; e < n / 2u; e++) {
            uint64_t a = arm_neon_elem(m, esz, 2u * e), b = arm_neon_elem(m, esz, 2u * e + 1u);
            uint64_t s = u ? a + b : (uint64_t)(arm_neon_sext(a, esz) + arm_neon_sext(b, esz));
            if (kind == ARM_NE_PADAL)
                s += arm_neon_elem(r, esz + 1u, e);
            arm_neon_set_elem(r, esz + 1u, e, s);
        }
        arm_neon_write(c, in->rd, regs, r);
        return;
    case ARM_NE_REV64: case ARM_NE_REV32: case ARM_NE_REV16: { /* reversed in groups of 8, 4, 2 bytes */
        uint32_t group = (8u >> (kind - ARM_NE_REV64)) >> esz, flip = group ? group - 1u : 0u;
        arm_neon_read(c, in->rm, regs, m);
        for (uint32_t e = 0; e < n; e++)
            arm_neon_set_elem(r, esz, e ^ flip, arm_neon_elem(m, esz, e));
        arm_neon_write(c, in->rd, regs, r);
        return;
    }
    default:
        arm_neon_read(c, in->rm, regs, m);
        for (uint32_t e = 0; e < n; e++)
            arm_neon_set_elem(r, esz, e, arm_neon_unary(c, kind, arm_neon_elem(m, esz, e), esz));
        arm_neon_write(c, in->rd, regs, r);
        return;
    }
}

/* RecipEstimate's table (ARM ARM A2.7.10 / qemu's recip_estimate): a in
 * 256..511 is 0.a of [0.5, 1) in 1/512ths; the estimate 256..511 of its
 * reciprocal in 1/256ths. */
SIM_INLINE uint32_t arm_neon_recip_est(uint32_t a)
{
    return ((1u << 19) / (2u * a + 1u) + 1u) >> 1;
}

/* RecipSqrtEstimate: a in 128..511 (below 256: [0.25, 0.5) in 1/512ths,
 * else [0.5, 1) in 1/256ths of pairs); the estimate 256..511 in 1/256ths.
 * The least b with a * (b + 1)^2 >= 2^28, found by halving. */
SIM_INLINE uint32_t arm_neon_rsqrt_est(uint32_t a)
{
    a = a < 256u ? 2u * a + 1u : ((a >> 1) << 1) * 2u + 2u;
    uint32_t lo = 512u, hi = 1024u; /* the answer lies in [lo, hi) */
    while (lo < hi) {
        uint32_t b = (lo + hi) / 2u;
        if ((uint64_t)a * (b + 1u) * (b + 1u) < (1ull << 28))
            lo = b + 1u;
        else
            hi = b;
    }
    return (lo + 1u) / 2u;
}

/* An f32 NaN operand's result under the standard FPSCR: the default NaN */
SIM_INLINE uint32_t arm_neon_nan(uint32_t x, uint32_t *fs) { return (uint32_t)vfp_nan_result(PTX_FMT_F32, x, fs); }

SIM_INLINE uint32_t arm_neon_recpe_f32(uint32_t x, uint32_t *fs)
{
    x = (uint32_t)vfp_flush_in(PTX_FMT_F32, x, fs);
    uint32_t sign = x & 0x80000000u, e = (x >> 23) & 0xffu;
    if (vfp_is_nan(PTX_FMT_F32, x))
        return arm_neon_nan(x, fs);
    if (e == 0xffu)
        return sign;
    if (e == 0u) {
        *fs |= VFP_DZC;
        return sign | 0x7f800000u;
    }
    if (e >= 253u) {
        *fs |= VFP_UFC;
        return sign;
    }
    uint32_t est = arm_neon_recip_est(256u | ((x >> 15) & 0xffu));
    return sign | (253u - e) << 23 | (est & 0xffu) << 15;
}

SIM_INLINE uint32_t arm_neon_rsqrte_f32(uint32_t x, uint32_t *fs)
{
    x = (uint32_t)vfp_flush_in(PTX_FMT_F32, x, fs);
    uint32_t sign = x & 0x80000000u, e = (x >> 23) & 0xffu;
    if (vfp_is_nan(PTX_FMT_F32, x))
        return arm_neon_nan(x, fs);
    if (e == 0u) {
        *fs |= VFP_DZC;
        return sign | 0x7f800000u;
    }
    if (sign) {
        *fs |= VFP_IOC;
        return (uint32_t)vfp_default_nan(PTX_FMT_F32);
    }
    if (e == 0xffu)
        return 0;
    uint32_t a = (e & 1u) ? 128u | ((x >> 16) & 0x7fu) : 256u | ((x >> 15) & 0xffu);
    return ((380u - e) / 2u) << 23 | (arm_neon_rsqrt_est(a) & 0xffu) << 15;
}

/* The floating-point rows (f32 elements), under the standard FPSCR. */
ARM_NEON_FN void arm_neon_misc_f(arm_ctx_t *c, const arm_insn_t *in, uint32_t kind)
{
    uint32_t regs = arm_neon_regs(in), n = 2u * regs, fs = arm_neon_fp_begin(c);
    uint32_t u = (in->amount & ARM_NEON_U) != 0;
    uint64_t m[4], r[4] = {0, 0, 0, 0};
    if (kind == ARM_NE_TOHALF || kind == ARM_NE_FROMHALF) { /* Dd = f16(Qm), Qd = f32(Dm) */
        uint32_t to = kind == ARM_NE_TOHALF, ahp = fs & VFP_AHP;
        arm_neon_read(c, in->rm, to ? 2u : 1u, m);
        for (uint32_t e = 0; e < 4u; e++) {
            uint32_t x = (uint32_t)arm_neon_elem(m, to ? 2u : 1u, e);
            uint64_t y = to ? (ahp ? vfp_f32_to_ahp(x, &fs) : vfp_convert(PTX_FMT_F32, PTX_FMT_F16, x, 1, 0, &fs))
                            : (ahp ? vfp_ahp_to_f32(x, &fs) : vfp_convert(PTX_FMT_F16, PTX_FMT_F32, x, 0, 1, &fs));
            arm_neon_set_elem(r, to ? 1u : 2u, e, y);
        }
        arm_neon_write(c, in->rd, to ? 1u : 2u, r);
        arm_neon_fp_end(c, fs);
        return;
    }
    arm_neon_read(c, in->rm, regs, m);
    for (uint32_t e = 0; e < n; e++) {
        uint32_t x = (uint32_t)arm_neon_elem(m, 2u, e), y = 0;
        switch (kind) {
        case ARM_NE_ABS: y = x & 0x7fffffffu; break;
        case ARM_NE_NEG: y = x ^ 0x80000000u; break;
        case ARM_NE_CGT0: y = vfp_compare(PTX_FMT_F32, x, 0, 1, &fs) == 0x2u; break;
        case ARM_NE_CGE0: y = (vfp_compare(PTX_FMT_F32, x, 0, 1, &fs) & 0x3u) == 0x2u; break;
        case ARM_NE_CEQ0: y = vfp_compare(PTX_FMT_F32, x, 0, 0, &fs) == 0x6u; break;
        case ARM_NE_CLE0: y = (vfp_compare(PTX_FMT_F32, 0, x, 1, &fs) & 0x3u) == 0x2u; break;
        case ARM_NE_CLT0: y = vfp_compare(PTX_FMT_F32, 0, x, 1, &fs) == 0x2u; break;
        case ARM_NE_RECPE:
            y = u ? arm_neon_recpe_f32(x, &fs) : (x >> 31) ? arm_neon_recip_est(x >> 23) << 23 : ~0u;
            break;
        case ARM_NE_RSQRTE:
            y = u ? arm_neon_rsqrte_f32(x, &fs) : (x >> 30) ? arm_neon_rsqrt_est(x >> 23) << 23 : ~0u;
            break;
        default: /* CVT, imm = op: 0 f32.s32, 1 f32.u32, 2 s32.f32, 3 u32.f32 */
            y = in->imm < 2u ? (uint32_t)vfp_from_fixed(PTX_FMT_F32, x, 0, 32, in->imm == 0u, PTX_RND_RN, &fs)
                             : vfp_to_fixed(PTX_FMT_F32, x, 0, 32, in->imm == 2u, PTX_RND_RZ, &fs);
            break;
        }
        if (kind >= ARM_NE_CGT0 && kind <= ARM_NE_CLT0)
            y = y ? ~0u : 0u;
        arm_neon_set_elem(r, 2u, e, y);
    }
    arm_neon_write(c, in->rd, regs, r);
    arm_neon_fp_end(c, fs);
}

/* One element of 1 << esz bytes between memory at a and *x (a load
 * replaces *x); 1 after a fault (reported). An unaligned one goes by
 * bytes. */
SIM_INLINE uint32_t arm_neon_mem_elem(arm_ctx_t *c, const sim_mem_t *m, uint32_t core, uint32_t pc, uint32_t a,
                                      uint32_t esz, uint64_t *x, uint32_t load)
{
    uint32_t eb = 1u << esz, step = eb > 4u ? 4u : eb;
    if (a & (step - 1u))
        step = 1u;
    uint64_t v = 0;
    for (uint32_t o = 0; o < eb; o += step) {
        uint32_t w = (uint32_t)(*x >> (8u * o));
        if (load ? arm_ld_size(m, core, a + o, step, &w) : arm_st_size(m, core, a + o, step, w)) {
            arm_fault(c, load ? SIM_FAULT_READ : SIM_FAULT_WRITE, pc, a + o);
            return 1;
        }
        v |= (uint64_t)(w & (uint32_t)arm_neon_mask(step == 4u ? 2u : step == 2u ? 1u : 0u)) << (8u * o);
    }
    if (load)
        *x = v;
    return 0;
}

/* The bytes a load or store moves (a multiple-structure one: 8 a register
 * pass and element of its structures; a lane or all-lanes one: its n
 * elements), for the trace (arm_trace.h); 0 for another row. */
SIM_INLINE uint32_t arm_neon_ls_bytes(const arm_insn_t *in)
{
    uint32_t passes = ARM_NEON_LS_REGS(in->imm) & 7u, eb = 1u << (in->shift & 3u);
    switch (in->op) {
#define ARM_NEON_LS_BYTES(name, mn, kind, n, load)                                                 \
    case ARM_OP_##name:                                                                            \
        return ARM_NEON_LS_##kind == ARM_NEON_LS_MULTI ? 8u * passes * (n) : eb * (n);
        ARM_NEON_LS_LIST(ARM_NEON_LS_BYTES)
#undef ARM_NEON_LS_BYTES
    default:
        return 0u;
    }
}

/* VLDn/VSTn of n-element structures (arm_neon_elem_ops.def): kind
 * ARM_NEON_LS_*, imm's fields ARM_NEON_LS_*. The registers named lie in a
 * window of at most 7 from rd on; a load fills a copy of them and writes it
 * back only when no access faulted, and the base is written back last. */
ARM_NEON_FN uint32_t arm_neon_ldst(arm_ctx_t *c, const arm_insn_t *in, const sim_mem_t *m, uint32_t core,
                                   uint32_t pc, uint32_t kind, uint32_t n, uint32_t load)
{
    uint32_t esz = in->shift & 3u, eb = 1u << esz, regs = ARM_NEON_LS_REGS(in->imm) & 7u;
    uint32_t inc = ARM_NEON_LS_INC(in->imm) & 3u, per = 8u >> esz, idx = ARM_NEON_LS_INDEX(in->imm) & (per - 1u);
    uint32_t base = c->r[in->rn & 15u], a = base;
    uint32_t span = (n - 1u) * inc + (kind == ARM_NEON_LS_LANE ? 1u : regs);
    uint64_t v[8];
    if (span > 8u) /* never from the decoder (at most 7) */
        span = 8u;
    if (a & ARM_NEON_LS_ALIGN(in->imm)) {
        arm_fault(c, SIM_FAULT_ALIGN, pc, a);
        return 1;
    }
    arm_neon_read(c, in->rd, span, v);
    if (kind == ARM_NEON_LS_MULTI) {
        for (uint32_t p = 0; p < regs; p++)
            for (uint32_t e = 0; e < per; e++)
                for (uint32_t k = 0; k < n; k++, a += eb) {
                    uint64_t *w = &v[(p + k * inc) & 7u], x = arm_neon_elem(w, esz, e);
                    if (arm_neon_mem_elem(c, m, core, pc, a, esz, &x, load))
                        return 1;
                    arm_neon_set_elem(w, esz, e, x);
                }
    } else {
        for (uint32_t k = 0; k < n; k++, a += eb) {
            uint64_t *w = &v[(k * inc) & 7u], x = arm_neon_elem(w, esz, idx);
            if (arm_neon_mem_elem(c, m, core, pc, a, esz, &x, load))
                return 1;
            if (kind == ARM_NEON_LS_LANE) {
                arm_neon_set_elem(w, esz, idx, x);
                continue;
            }
            for (uint32_t r = 0; r < regs && (k * inc + r) < 8u; r++)
                for (uint32_t e = 0; e < per; e++)
                    arm_neon_set_elem(w + r, esz, e, x);
        }
    }
    if (load)
        arm_neon_write(c, in->rd, span, v);
    if (in->rm != 15u)
        c->r[in->rn & 15u] = base + (in->rm == 13u ? a - base : c->r[in->rm & 15u]);
    return 0;
}

#endif
