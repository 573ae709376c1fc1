/* PTX bit manipulation: popc clz bfind fns brev bfe bfi prmt shf shl shr
 * and or xor not cnot lop3. Sources arrive zero-extended from their
 * type's width (see ptx_alu.h); results are truncated by the caller. */
#ifndef PTX_ALU_BITS_H
#define PTX_ALU_BITS_H

#include "device/ptx/ptx_alu_util.h"

/* bfind: the position of the most significant bit that differs from the
 * sign (unsigned: the most significant 1); none: 0xffffffff. .shiftamt:
 * the left shift that brings it to the top instead. */
SIM_INLINE uint64_t ptx_bfind(uint32_t t, uint64_t a, uint32_t shiftamt)
{
    uint32_t bits = ptx_type_bits(t);
    uint64_t x = ptx_trunc(a, bits);
    if (ptx_type_signed(t) && ((x >> (bits - 1)) & 1))
        x = ptx_trunc(~x, bits);
    if (x == 0)
        return 0xffffffffu;
    uint32_t pos = 63 - ptx_clz64(x);
    return shiftamt ? bits - 1 - pos : pos;
}

/* fns: the offset-th set bit of mask counted from base (base included),
 * upward for a positive offset, downward for a negative one; offset 0:
 * base itself if its bit is set. None: 0xffffffff. */
SIM_INLINE uint64_t ptx_fns(uint64_t mask, uint64_t base, uint64_t offset)
{
    int32_t off = (int32_t)offset, pos = (int32_t)(uint32_t)base;
    if (pos < 0 || pos > 31)
        return 0xffffffffu;
    if (off == 0)
        return (mask >> pos) & 1 ? (uint64_t)pos : 0xffffffffu;
    int32_t step = off > 0 ? 1 : -1;
    uint32_t left = off > 0 ? (uint32_t)off : 0u - (uint32_t)off;
    for (; pos >= 0 && pos < 32; pos += step)
        if (((mask >> pos) & 1) && --left == 0)
            return (uint64_t)pos;
    return 0xffffffffu;
}

SIM_INLINE uint64_t ptx_brev(uint64_t a, uint32_t bits)
{
    uint64_t r = 0;
    for (uint32_t i = 0; i < bits; i++)
        r |= ((a >> i) & 1) << (bits - 1 - i);
    return r;
}

/* bfe: len bits from pos (each taken from the low 8 bits of its operand),
 * zero-extended, or sign-extended from the field's last bit inside the
 * value (s32/s64); bits past the value's top repeat that sign. */
SIM_INLINE uint64_t ptx_bfe(uint32_t t, uint64_t a, uint64_t b, uint64_t c)
{
    uint32_t bits = ptx_type_bits(t), pos = (uint32_t)b & 0xff, len = (uint32_t)c & 0xff;
    uint32_t msb = bits - 1, top = pos + len - 1 > msb ? msb : pos + len - 1;
    uint64_t sbit = (ptx_type_signed(t) && len) ? (a >> top) & 1 : 0, r = 0;
    for (uint32_t i = 0; i <= msb; i++) {
        uint64_t bit = (i < len && pos + i <= msb) ? (a >> (pos + i)) & 1 : sbit;
        r |= bit << i;
    }
    return r;
}

/* bfi: b with len bits of a inserted at pos (fields past the top cut). */
SIM_INLINE uint64_t ptx_bfi(uint32_t t, uint64_t a, uint64_t b, uint64_t c, uint64_t e)
{
    uint32_t bits = ptx_type_bits(t), pos = (uint32_t)c & 0xff, len = (uint32_t)e & 0xff;
    uint64_t r = b;
    for (uint32_t i = 0; i < len && pos + i < bits; i++)
        r = (r & ~(1ull << (pos + i))) | (((a >> i) & 1) << (pos + i));
    return r;
}

/* prmt: bytes of {b, a} (a: bytes 0..3, b: 4..7) picked by c. Default
 * mode: a nibble per result byte, bits 2..0 the byte, bit 3 replicate its
 * sign; the named modes pick by c's low two bits (PTX ISA's table). */
SIM_INLINE uint64_t ptx_prmt(uint32_t mode, uint64_t a, uint64_t b, uint64_t c)
{
    uint64_t src = ((b & 0xffffffffu) << 32) | (a & 0xffffffffu);
    uint32_t s = (uint32_t)c & 3, r = 0;
    for (uint32_t i = 0; i < 4; i++) {
        uint32_t nib = (uint32_t)(c >> (4 * i)) & 0xf, sel;
        switch (mode) {
        case PTX_PRMT_F4E: sel = (s + i) & 7; break;
        case PTX_PRMT_B4E: sel = (s - i) & 7; break;
        case PTX_PRMT_RC8: sel = s; break;
        case PTX_PRMT_ECL: sel = i > s ? i : s; break;
        case PTX_PRMT_ECR: sel = i < s ? i : s; break;
        case PTX_PRMT_RC16: sel = ((s & 1) << 1) | (i & 1); break;
        default: sel = nib & 7; break;
        }
        uint32_t byte = (uint32_t)(src >> (8 * sel)) & 0xff;
        if (mode == PTX_PRMT_NONE && (nib & 8))
            byte = (byte & 0x80) ? 0xff : 0;
        r |= byte << (8 * i);
    }
    return r;
}

/* shf: the 64 bits {b, a} shifted by c (.clamp: at most 32; .wrap: c mod
 * 32); .l keeps the upper word, .r the lower. */
SIM_INLINE uint64_t ptx_shf(uint32_t dir, uint32_t mode, uint64_t a, uint64_t b, uint64_t c)
{
    uint64_t v = ((b & 0xffffffffu) << 32) | (a & 0xffffffffu);
    uint32_t n = mode == PTX_SHFM_WRAP ? (uint32_t)c & 31 : ((uint32_t)c > 32 ? 32 : (uint32_t)c);
    return dir == PTX_SHF_L ? ((v << n) >> 32) & 0xffffffffu : (v >> n) & 0xffffffffu;
}

/* bmsk: b bits set from bit a (PTX ISA 9.7.8.x); .wrap takes both mod 32
 * (so a width of 32 is 0), .clamp caps them at 32 (a start of 32 is 0). */
SIM_INLINE uint64_t ptx_bmsk(uint32_t mode, uint64_t a, uint64_t b)
{
    uint32_t a32 = (uint32_t)a, b32 = (uint32_t)b, a1 = a32 & 31, b1 = b32 & 31, sum = a1 + b1;
    uint32_t mask0 = 0xffffffffu << a1;
    int overflow = sum >= 32;
    if (mode == PTX_SHFM_CLAMP) {
        if (a32 >= 32)
            mask0 = 0, overflow = 1;
        if (b32 >= 32)
            overflow = 1;
    }
    uint32_t mask1 = overflow ? 0 : b1 == 0 ? 0xffffffffu : 0xffffffffu << sum;
    return mask0 & ~mask1;
}

/* shl/shr: amounts at or past the width give 0 (shr.s: the sign). */
SIM_INLINE uint64_t ptx_shl(uint32_t bits, uint64_t a, uint64_t n)
{
    uint32_t k = (uint32_t)n;
    return k >= bits ? 0 : ptx_trunc(a << k, bits);
}

SIM_INLINE uint64_t ptx_shr(uint32_t t, uint64_t a, uint64_t n)
{
    uint32_t bits = ptx_type_bits(t), k = (uint32_t)n;
    if (ptx_type_signed(t))
        return ptx_trunc((uint64_t)(ptx_sext(a, bits) >> (k >= bits ? 63 : k)), bits);
    return k >= bits ? 0 : ptx_trunc(a, bits) >> k;
}

/* lop3: bit i of the result is lut's bit (a_i << 2 | b_i << 1 | c_i). */
SIM_INLINE uint64_t ptx_lop3(uint64_t a, uint64_t b, uint64_t c, uint64_t lut)
{
    uint64_t r = 0;
    for (uint32_t i = 0; i < 8; i++)
        if ((lut >> i) & 1)
            r |= ((i & 4) ? a : ~a) & ((i & 2) ? b : ~b) & ((i & 1) ? c : ~c);
    return r;
}

#endif
