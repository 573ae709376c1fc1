/* Advanced SIMD (NEON, ARMv7-A): what every NEON row shares. The record's
 * fields, the lanes of the extension register file, the saturation flag
 * and the "standard FPSCR value" NEON's floating point runs under. The
 * rows are arm_neon_ops.def's; their bodies arm_exec_neon_arith.h (three
 * registers, scalars, shifts, immediates) and arm_exec_neon_elem.h (two
 * register misc, permutes, tables, element and structure loads/stores).
 *
 * Record fields of every NEON row:
 *   rd, rn, rm  D register numbers 0..31; a Q register Qn is D(2n), and a
 *               Q operand's record holds that even D number
 *   shift       the element size, log2 of its bytes (0: 8 bits .. 3: 64)
 *   amount      ARM_NEON_Q, ARM_NEON_U below; bits 0x04..0x80 the row's own
 *   imm, rs     the row's own (an immediate, a shift count, a scalar's
 *               index, a core register, a list length)
 *
 * Operands are read whole into arrays of 64-bit words (one per D register,
 * lane 0 in the low bits) before the result is written, so that a
 * destination that overlaps a source is read as the architecture's
 * pseudocode reads it. */
#ifndef ARM_NEON_H
#define ARM_NEON_H

#include "arm_exec_base.h"
#include "device/softfloat/vfp_fp.h"

#define ARM_NEON_Q 0x01u /* amount: a 128-bit (quadword) operation */
#define ARM_NEON_U 0x02u /* amount: the encoding's U bit (unsigned, or the row's variant) */

/* FPSCR.QC: set by a saturating row that saturated; cleared only by VMSR */
#define ARM_NEON_QC (1u << 27)

/* The bodies stay out of line on the GPU, as the VFP ones (arm_exec_vfp.h). */
#ifdef __CUDACC__
#define ARM_NEON_FN __host__ __device__ static __noinline__
#else
#define ARM_NEON_FN static inline
#endif

/* D registers an operand of the record spans: 2 for Q, else 1. */
SIM_INLINE uint32_t arm_neon_regs(const arm_insn_t *in) { return (in->amount & ARM_NEON_Q) ? 2u : 1u; }

SIM_INLINE uint64_t arm_neon_get_d(const arm_ctx_t *c, uint32_t d)
{
    d %= ARM_VFP_DREGS;
    return (uint64_t)c->vfp[2u * d + 1u] << 32 | c->vfp[2u * d];
}

SIM_INLINE void arm_neon_set_d(arm_ctx_t *c, uint32_t d, uint64_t v)
{
    d %= ARM_VFP_DREGS;
    c->vfp[2u * d] = (uint32_t)v;
    c->vfp[2u * d + 1u] = (uint32_t)(v >> 32);
}

/* n D registers from D d on, into v[0..n) (n <= 4) */
SIM_INLINE void arm_neon_read(const arm_ctx_t *c, uint32_t d, uint32_t n, uint64_t *v)
{
    for (uint32_t i = 0; i < n; i++)
        v[i] = arm_neon_get_d(c, d + i);
}

SIM_INLINE void arm_neon_write(arm_ctx_t *c, uint32_t d, uint32_t n, const uint64_t *v)
{
    for (uint32_t i = 0; i < n; i++)
        arm_neon_set_d(c, d + i, v[i]);
}

/* An element's all-ones mask, 8 << esz bits (esz 3 and above: 64). */
SIM_INLINE uint64_t arm_neon_mask(uint32_t esz) { return esz >= 3u ? ~0ull : (1ull << (8u << esz)) - 1u; }

/* Element i of size 8 << esz bits of the words v (lane 0 lowest), zero
 * extended; and its store. */
SIM_INLINE uint64_t arm_neon_elem(const uint64_t *v, uint32_t esz, uint32_t i)
{
    uint32_t bits = 8u << esz;
    uint64_t x = v[i >> (3u - esz)] >> ((i << (3u + esz)) & 63u);
    return bits == 64u ? x : x & ((1ull << bits) - 1u);
}

SIM_INLINE void arm_neon_set_elem(uint64_t *v, uint32_t esz, uint32_t i, uint64_t x)
{
    uint32_t bits = 8u << esz, sh = (i << (3u + esz)) & 63u;
    uint64_t mask = bits == 64u ? ~0ull : ((1ull << bits) - 1u) << sh;
    uint64_t *w = &v[i >> (3u - esz)];
    *w = (*w & ~mask) | ((x << sh) & mask);
}

/* An element's value as a signed one. */
SIM_INLINE int64_t arm_neon_sext(uint64_t x, uint32_t esz)
{
    uint32_t sh = 64u - (8u << esz);
    return (int64_t)(x << sh) >> sh;
}

/* NEON's floating point ignores the FPSCR's RMode, FZ, DN (and Len,
 * Stride): it runs round to nearest with flush-to-zero and the default NaN
 * (ARM ARM A2.7.7, StandardFPSCRValue), AHP kept; its cumulative exception
 * flags do reach the FPSCR. A body passes &fs of arm_neon_fp_begin to the
 * softfloat calls, then arm_neon_fp_end. */
SIM_INLINE uint32_t arm_neon_fp_begin(const arm_ctx_t *c) { return (c->fpscr & VFP_AHP) | VFP_DN | VFP_FZ; }

SIM_INLINE void arm_neon_fp_end(arm_ctx_t *c, uint32_t fs)
{
    c->fpscr |= fs & (VFP_IOC | VFP_DZC | VFP_OFC | VFP_UFC | VFP_IXC | VFP_IDC);
}

#endif
