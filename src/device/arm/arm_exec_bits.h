/* Bit manipulation: counts, reversals, extends, bit fields, saturation,
 * SEL, USAD8, MOVW/MOVT. None of these sets N Z C V. */
#ifndef ARM_EXEC_BITS_H
#define ARM_EXEC_BITS_H

#include "arm_exec_base.h"

SIM_INLINE uint32_t arm_rbit(uint32_t v)
{
    v = ((v >> 1) & 0x55555555u) | ((v & 0x55555555u) << 1);
    v = ((v >> 2) & 0x33333333u) | ((v & 0x33333333u) << 2);
    v = ((v >> 4) & 0x0f0f0f0fu) | ((v & 0x0f0f0f0fu) << 4);
    return sim_bswap32(v);
}

/* CLZ, RBIT, REV, REV16, REVSH: f(Rm), the value (for the body below and
 * the lockstep engine's lanes) */
SIM_INLINE uint32_t arm_bitop_val(uint32_t op, uint32_t v)
{
    if (op == ARM_OP_CLZ)
        return sim_clz32(v);
    if (op == ARM_OP_RBIT)
        return arm_rbit(v);
    if (op == ARM_OP_REV)
        return sim_bswap32(v);
    if (op == ARM_OP_REV16)
        return ((v >> 8) & 0x00ff00ffu) | ((v << 8) & 0xff00ff00u);
    /* REVSH: SignExtend(Rm<7:0>:Rm<15:8>) */
    return (uint32_t)(int32_t)(int16_t)(uint16_t)(((v & 0xffu) << 8) | ((v >> 8) & 0xffu));
}

SIM_INLINE void arm_bitop(arm_ctx_t *c, const arm_insn_t *in, uint32_t op)
{
    c->r[in->rd] = arm_bitop_val(op, c->r[in->rm]);
}

/* Byte 0 and byte 2 of v extended into the two halfwords, plus the
 * halfwords of acc (SXTAB16/UXTAB16 add per lane, carries do not cross). */
SIM_INLINE uint32_t arm_xt16(uint32_t v, uint32_t sign, uint32_t acc)
{
    uint32_t lo = v & 0xffu, hi = (v >> 16) & 0xffu;
    if (sign) {
        lo = (uint32_t)(int32_t)(int8_t)lo;
        hi = (uint32_t)(int32_t)(int8_t)hi;
    }
    lo = (acc + lo) & 0xffffu;
    hi = ((acc >> 16) + hi) & 0xffffu;
    return hi << 16 | lo;
}

/* [SU]XT[A]{B,H,B16}: Rd = [Rn +] extend(ROR(Rm, rotation)) */
SIM_INLINE uint32_t arm_extend_has_acc(uint32_t op)
{
    return op == ARM_OP_SXTAB || op == ARM_OP_SXTAH || op == ARM_OP_UXTAB || op == ARM_OP_UXTAH ||
           op == ARM_OP_SXTAB16 || op == ARM_OP_UXTAB16;
}

/* The value: v is Rm, rot the rotation (amount), acc Rn (read by the
 * accumulating forms only) */
SIM_INLINE uint32_t arm_extend_val(uint32_t op, uint32_t v, uint32_t rot, uint32_t acc)
{
    v = arm_ror(v, rot);
    if (!arm_extend_has_acc(op))
        acc = 0;
    if (op == ARM_OP_SXTB || op == ARM_OP_SXTAB)
        return acc + (uint32_t)(int32_t)(int8_t)(uint8_t)v;
    if (op == ARM_OP_SXTH || op == ARM_OP_SXTAH)
        return acc + (uint32_t)(int32_t)(int16_t)(uint16_t)v;
    if (op == ARM_OP_UXTB || op == ARM_OP_UXTAB)
        return acc + (v & 0xffu);
    if (op == ARM_OP_UXTH || op == ARM_OP_UXTAH)
        return acc + (v & 0xffffu);
    return arm_xt16(v, op == ARM_OP_SXTB16 || op == ARM_OP_SXTAB16, acc);
}

SIM_INLINE void arm_extend(arm_ctx_t *c, const arm_insn_t *in, uint32_t op)
{
    c->r[in->rd] = arm_extend_val(op, c->r[in->rm], in->amount, arm_extend_has_acc(op) ? c->r[in->rn] : 0u);
}

/* UBFX/SBFX Rd = Rn<lsb+width-1:lsb>; BFI Rd<msb:lsb> = Rn<width-1:0>;
 * BFC Rd<msb:lsb> = 0. amount = lsb, imm = width (1..32). */
SIM_INLINE void arm_bitfield(arm_ctx_t *c, const arm_insn_t *in, uint32_t op)
{
    uint32_t lsb = in->amount, width = in->imm;
    uint32_t mask = width >= 32u ? 0xffffffffu : (1u << width) - 1u;
    if (op == ARM_OP_UBFX) {
        c->r[in->rd] = (c->r[in->rn] >> lsb) & mask;
    } else if (op == ARM_OP_SBFX) {
        uint32_t sh = 32u - width;
        c->r[in->rd] = (uint32_t)((int32_t)((c->r[in->rn] >> lsb) << sh) >> sh);
    } else {
        uint32_t src = op == ARM_OP_BFI ? c->r[in->rn] : 0u;
        c->r[in->rd] = (c->r[in->rd] & ~(mask << lsb)) | ((src & mask) << lsb);
    }
}

/* SSAT Rd = SignedSatQ(shifted Rn, amount) (1..32); USAT UnsignedSatQ (0..31).
 * Shift: LSL #0..31 or ASR #1..32 (imm); Q set when it saturates. */
SIM_INLINE void arm_saturate(arm_ctx_t *c, const arm_insn_t *in, uint32_t op)
{
    uint32_t v = c->r[in->rn], n = in->amount;
    int64_t x, hi, lo;
    if (in->shift == ARM_SH_ASR)
        x = (int32_t)v >> (in->imm < 32u ? in->imm : 31u);
    else
        x = (int32_t)(v << (in->imm & 31u));
    if (op == ARM_OP_SSAT) {
        hi = ((int64_t)1 << (n - 1u)) - 1;
        lo = -((int64_t)1 << (n - 1u));
    } else {
        hi = ((int64_t)1 << n) - 1;
        lo = 0;
    }
    if (x > hi || x < lo) {
        x = x > hi ? hi : lo;
        arm_set_q(c);
    }
    c->r[in->rd] = (uint32_t)x;
}

/* SEL: byte i of Rd = GE<i> ? Rn<i> : Rm<i> */
SIM_INLINE void arm_sel(arm_ctx_t *c, const arm_insn_t *in)
{
    uint32_t ge = (c->cpsr >> ARM_CPSR_GE_SHIFT) & 15u, mask = 0;
    for (uint32_t i = 0; i < 4u; i++)
        if (ge & (1u << i))
            mask |= 0xffu << (8u * i);
    c->r[in->rd] = (c->r[in->rn] & mask) | (c->r[in->rm] & ~mask);
}

/* USAD8 Rd = sum |Rn<i> - Rm<i>|; USADA8 adds Rs (rs != 15) */
SIM_INLINE void arm_usad8(arm_ctx_t *c, const arm_insn_t *in)
{
    uint32_t a = c->r[in->rn], b = c->r[in->rm], sum = in->rs != 15 ? c->r[in->rs] : 0u;
    for (uint32_t i = 0; i < 32u; i += 8u) {
        uint32_t x = (a >> i) & 0xffu, y = (b >> i) & 0xffu;
        sum += x > y ? x - y : y - x;
    }
    c->r[in->rd] = sum;
}

SIM_INLINE void arm_movwt(arm_ctx_t *c, const arm_insn_t *in, uint32_t op)
{
    if (op == ARM_OP_MOVW)
        c->r[in->rd] = in->imm;
    else
        c->r[in->rd] = (c->r[in->rd] & 0xffffu) | (in->imm << 16);
}

#endif
