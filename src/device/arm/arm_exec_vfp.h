/* VFPv3-D32 (plus VFPv4's fused multiply-add): the register file's
 * access, the arithmetic, compares, conversions and the moves between the
 * core and the extension registers (arm_vfp_ops.def's rows). The IEEE work
 * is softfloat/vfp_fp.h's and softfloat/vfp_cvt.h's; here the operands are fetched and
 * the FPSCR is passed along.
 *
 * Record fields (arm_vfp_ops.def): rd, rn, rm name S registers (0..31) or
 * D registers (0..31) as amount's ARM_VFP_D (arm_vfp_ops.def) says; core registers of the
 * moves are rd (Rt) and rs (Rt2). */
#ifndef ARM_EXEC_VFP_H
#define ARM_EXEC_VFP_H

#include "arm_exec_base.h"
#include "device/softfloat/vfp_cvt.h"

/* The VFP bodies stay out of line on the GPU, keeping the persistent
 * kernel's one switch small (its registers a thread: 98 at sm_90 either
 * way, 90 before VFP). The host inlines as it sees fit. */
#ifdef __CUDACC__
#define ARM_VFP_FN __host__ __device__ static __noinline__
#else
#define ARM_VFP_FN static inline
#endif

SIM_INLINE uint32_t arm_vfp_fmt(uint32_t dbl) { return dbl ? PTX_FMT_F64 : PTX_FMT_F32; }

SIM_INLINE uint64_t arm_vfp_get(const arm_ctx_t *c, uint32_t n, uint32_t dbl)
{
    return dbl ? (uint64_t)c->vfp[2u * n + 1u] << 32 | c->vfp[2u * n] : c->vfp[n];
}

SIM_INLINE void arm_vfp_set(arm_ctx_t *c, uint32_t n, uint32_t dbl, uint64_t v)
{
    if (dbl) {
        c->vfp[2u * n] = (uint32_t)v;
        c->vfp[2u * n + 1u] = (uint32_t)(v >> 32);
    } else {
        c->vfp[n] = (uint32_t)v;
    }
}

/* The arithmetic of the three-register rows. */
enum {
    ARM_VFP_ADD, ARM_VFP_SUB, ARM_VFP_MUL, ARM_VFP_NMUL, ARM_VFP_DIV, ARM_VFP_MLA, ARM_VFP_MLS,
    ARM_VFP_NMLA, ARM_VFP_NMLS, ARM_VFP_FMA, ARM_VFP_FMS, ARM_VFP_FNMA, ARM_VFP_FNMS
};

/* FPNeg: the sign flipped, NaNs included (VNMUL, VMLS, VFMS... negate so). */
SIM_INLINE uint64_t arm_vfp_neg(uint32_t f, uint64_t x) { return x ^ vfp_sign_bit(f); }

ARM_VFP_FN void arm_vfp_arith(arm_ctx_t *c, const arm_insn_t *in, uint32_t kind)
{
    uint32_t dbl = in->amount & ARM_VFP_D, f = arm_vfp_fmt(dbl), *fs = &c->fpscr;
    uint64_t n = arm_vfp_get(c, in->rn, dbl), m = arm_vfp_get(c, in->rm, dbl);
    uint64_t d = arm_vfp_get(c, in->rd, dbl), r;
    switch (kind) {
    case ARM_VFP_ADD: r = vfp_addsub(f, n, m, 0, fs); break;
    case ARM_VFP_SUB: r = vfp_addsub(f, n, m, 1, fs); break;
    case ARM_VFP_MUL: r = vfp_mul(f, n, m, fs); break;
    case ARM_VFP_NMUL: r = arm_vfp_neg(f, vfp_mul(f, n, m, fs)); break;
    case ARM_VFP_DIV: r = vfp_div(f, n, m, fs); break;
    /* not fused: the product rounded, then the sum */
    case ARM_VFP_MLA: r = vfp_addsub(f, d, vfp_mul(f, n, m, fs), 0, fs); break;
    case ARM_VFP_MLS: r = vfp_addsub(f, d, arm_vfp_neg(f, vfp_mul(f, n, m, fs)), 0, fs); break;
    case ARM_VFP_NMLA: r = vfp_addsub(f, arm_vfp_neg(f, d), arm_vfp_neg(f, vfp_mul(f, n, m, fs)), 0, fs); break;
    case ARM_VFP_NMLS: r = vfp_addsub(f, arm_vfp_neg(f, d), vfp_mul(f, n, m, fs), 0, fs); break;
    /* fused: FPMulAdd(addend, op1, op2) */
    case ARM_VFP_FMA: r = vfp_muladd(f, d, n, m, fs); break;
    case ARM_VFP_FMS: r = vfp_muladd(f, d, arm_vfp_neg(f, n), m, fs); break;
    case ARM_VFP_FNMA: r = vfp_muladd(f, arm_vfp_neg(f, d), arm_vfp_neg(f, n), m, fs); break;
    default: r = vfp_muladd(f, arm_vfp_neg(f, d), n, m, fs); break; /* FNMS */
    }
    arm_vfp_set(c, in->rd, dbl, r);
}

/* The two-register rows: VMOV, VABS, VNEG, VSQRT. */
enum { ARM_VFP_MOV, ARM_VFP_ABS, ARM_VFP_NEG, ARM_VFP_SQRT };

ARM_VFP_FN void arm_vfp_unary(arm_ctx_t *c, const arm_insn_t *in, uint32_t kind)
{
    uint32_t dbl = in->amount & ARM_VFP_D, f = arm_vfp_fmt(dbl);
    uint64_t m = arm_vfp_get(c, in->rm, dbl), r;
    switch (kind) {
    case ARM_VFP_MOV: r = m; break;
    case ARM_VFP_ABS: r = m & ~vfp_sign_bit(f); break;
    case ARM_VFP_NEG: r = m ^ vfp_sign_bit(f); break;
    default: r = vfp_sqrt(f, m, &c->fpscr); break;
    }
    arm_vfp_set(c, in->rd, dbl, r);
}

/* VCMP{E} Dd, Dm or #0: the FPSCR's NZCV */
ARM_VFP_FN void arm_vfp_cmp(arm_ctx_t *c, const arm_insn_t *in, uint32_t signal_qnan)
{
    uint32_t dbl = in->amount & ARM_VFP_D, f = arm_vfp_fmt(dbl);
    uint64_t m = (in->amount & ARM_VFP_ZERO) ? 0u : arm_vfp_get(c, in->rm, dbl);
    uint32_t nzcv = vfp_compare(f, arm_vfp_get(c, in->rd, dbl), m, signal_qnan, &c->fpscr);
    c->fpscr = (c->fpscr & 0x0fffffffu) | nzcv << 28;
}

/* VMOV Sd/Dd, #imm: imm holds the single, or the double's high word (its
 * low word is zero: VFPExpandImm). */
ARM_VFP_FN void arm_vfp_movi(arm_ctx_t *c, const arm_insn_t *in)
{
    uint32_t dbl = in->amount & ARM_VFP_D;
    arm_vfp_set(c, in->rd, dbl, dbl ? (uint64_t)in->imm << 32 : in->imm);
}

/* VCVT between f32 and f64: ARM_VFP_D says the source is the double. */
ARM_VFP_FN void arm_vfp_cvt_ff(arm_ctx_t *c, const arm_insn_t *in)
{
    uint32_t dbl = in->amount & ARM_VFP_D;
    uint64_t r = vfp_convert(arm_vfp_fmt(dbl), arm_vfp_fmt(!dbl), arm_vfp_get(c, in->rm, dbl), 1, 1, &c->fpscr);
    arm_vfp_set(c, in->rd, !dbl, r);
}

/* VCVT{R}.S32/U32.F32/F64 Sd, Sm/Dm */
ARM_VFP_FN void arm_vfp_cvt_f2i(arm_ctx_t *c, const arm_insn_t *in)
{
    uint32_t dbl = in->amount & ARM_VFP_D;
    uint32_t mode = (in->amount & ARM_VFP_RZ) ? PTX_RND_RZ : vfp_mode(c->fpscr);
    c->vfp[in->rd] = vfp_to_fixed(arm_vfp_fmt(dbl), arm_vfp_get(c, in->rm, dbl), 0, 32,
                                  (in->amount & ARM_VFP_SIGNED) != 0, mode, &c->fpscr);
}

/* VCVT.F32/F64.S32/U32 Sd/Dd, Sm: ARM_VFP_D says the result is the double. */
ARM_VFP_FN void arm_vfp_cvt_i2f(arm_ctx_t *c, const arm_insn_t *in)
{
    uint32_t dbl = in->amount & ARM_VFP_D;
    arm_vfp_set(c, in->rd, dbl, vfp_from_fixed(arm_vfp_fmt(dbl), c->vfp[in->rm], 0, 32,
                                               (in->amount & ARM_VFP_SIGNED) != 0, vfp_mode(c->fpscr), &c->fpscr));
}

/* VCVT between floating and fixed point in place, imm fraction bits:
 * to fixed rounds toward zero, from fixed to nearest, whatever the FPSCR
 * says (FPToFixed and FixedToFP's round_zero / round_to_nearest). */
ARM_VFP_FN void arm_vfp_cvt_fix(arm_ctx_t *c, const arm_insn_t *in, uint32_t to_fixed)
{
    uint32_t dbl = in->amount & ARM_VFP_D, f = arm_vfp_fmt(dbl);
    uint32_t bits = (in->amount & ARM_VFP_RZ) ? 32u : 16u, sg = (in->amount & ARM_VFP_SIGNED) != 0;
    uint64_t v = arm_vfp_get(c, in->rd, dbl);
    if (to_fixed)
        v = vfp_to_fixed(f, v, in->imm, bits, sg, PTX_RND_RZ, &c->fpscr);
    else
        v = vfp_from_fixed(f, (uint32_t)v, in->imm, bits, sg, PTX_RND_RN, &c->fpscr);
    arm_vfp_set(c, in->rd, dbl, dbl && to_fixed ? (uint64_t)(uint32_t)v | (sg && (int32_t)v < 0 ? ~0ull << 32 : 0u) : v);
}

/* VCVTB/VCVTT: a half (IEEE, or ARM's alternative one under FPSCR.AHP) in
 * the bottom or top (ARM_VFP_SIGNED) half of Sd or Sm, the other half kept. */
ARM_VFP_FN void arm_vfp_cvt_half(arm_ctx_t *c, const arm_insn_t *in, uint32_t to_half)
{
    uint32_t sh = (in->amount & ARM_VFP_SIGNED) ? 16u : 0u, m = c->vfp[in->rm], ahp = c->fpscr & VFP_AHP;
    if (to_half) {
        uint32_t h = ahp ? vfp_f32_to_ahp(m, &c->fpscr)
                         : (uint32_t)vfp_convert(PTX_FMT_F32, PTX_FMT_F16, m, 1, 0, &c->fpscr);
        c->vfp[in->rd] = (c->vfp[in->rd] & ~(0xffffu << sh)) | h << sh;
    } else {
        uint32_t h = (m >> sh) & 0xffffu;
        c->vfp[in->rd] = ahp ? vfp_ahp_to_f32(h, &c->fpscr)
                             : (uint32_t)vfp_convert(PTX_FMT_F16, PTX_FMT_F32, h, 0, 1, &c->fpscr);
    }
}

/* VMRS Rt, FPSCR (Rt = 15: APSR_nzcv, the FPSCR's flags to the core's) */
SIM_INLINE void arm_vfp_vmrs(arm_ctx_t *c, const arm_insn_t *in)
{
    if (in->rd == 15)
        c->nzcv = c->fpscr >> 28;
    else
        c->r[in->rd] = c->fpscr;
}

SIM_INLINE void arm_vfp_vmsr(arm_ctx_t *c, const arm_insn_t *in)
{
    c->fpscr = c->r[in->rd] & VFP_FPSCR_WRITABLE;
}

#endif
