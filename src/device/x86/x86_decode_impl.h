/* The decoder's shared parts (host only): the byte reader, the prefixes,
 * ModRM/SIB/displacement into the record's address fields, and the helpers
 * that pick an op's operand form. x86_decode.c holds the one-byte map,
 * x86_decode_0f.c the two-byte map. */
#ifndef X86_DECODE_IMPL_H
#define X86_DECODE_IMPL_H

#include <string.h>

#include "x86_insn.h"

typedef struct x86_dec {
    const uint8_t *p;
    uint32_t avail; /* bytes readable at p (at most X86_MAX_LEN) */
    uint32_t pos;
    uint32_t addr;  /* the instruction's address */
    int cut;        /* a read went past avail */
    int o16, a16;   /* 0x66, 0x67 */
    uint32_t modrm; /* the last ModRM byte read */
} x86_dec_t;

static inline uint32_t x86_dec_u8(x86_dec_t *d)
{
    if (d->pos >= d->avail) {
        d->cut = 1;
        return 0;
    }
    return d->p[d->pos++];
}

static inline uint32_t x86_dec_u16(x86_dec_t *d)
{
    uint32_t lo = x86_dec_u8(d);
    return lo | x86_dec_u8(d) << 8;
}

static inline uint32_t x86_dec_u32(x86_dec_t *d)
{
    uint32_t lo = x86_dec_u16(d);
    return lo | x86_dec_u16(d) << 16;
}

static inline uint32_t x86_dec_s8(x86_dec_t *d) { return (uint32_t)(int32_t)(int8_t)x86_dec_u8(d); }

/* An immediate of the operand width w (Iz: 16 or 32 bits; 8 for bytes). */
static inline uint32_t x86_dec_imm(x86_dec_t *d, uint32_t w)
{
    return w == X86_W8 ? x86_dec_u8(d) : w == X86_W16 ? (uint32_t)(int32_t)(int16_t)x86_dec_u16(d) : x86_dec_u32(d);
}

/* The operand width of an instruction whose low opcode bit picks byte or
 * full size. */
static inline uint32_t x86_dec_wv(const x86_dec_t *d) { return d->o16 ? X86_W16 : X86_W32; }
static inline uint32_t x86_dec_wb(const x86_dec_t *d, uint32_t op) { return op & 1u ? x86_dec_wv(d) : X86_W8; }

static inline void x86_set_w(x86_insn_t *o, uint32_t w) { o->wf = (uint8_t)((o->wf & ~3u) | w); }

/* Read ModRM (and SIB, displacement): the memory operand goes into base,
 * index, disp; a register operand (mod 3) into base. Returns 1 for a
 * register operand. The reg field is left in d->modrm. */
int x86_dec_modrm(x86_dec_t *d, x86_insn_t *o);

static inline uint32_t x86_modrm_reg(const x86_dec_t *d) { return (d->modrm >> 3) & 7u; }

/* The record's op: the row `base` plus form (for rows in form order). */
#define X86_FORM_RR 0u
#define X86_FORM_RM 1u
#define X86_FORM_MR 2u
#define X86_FORM_RI 3u
#define X86_FORM_MI 4u

/* The two-byte map (0F xx); returns 0 if the opcode is not known. */
int x86_decode_0f(x86_dec_t *d, x86_insn_t *o);

/* The SSE/SSE2/MMX opcodes of the two-byte map (x86_decode_sse.c):
 * whether opc has rows, and its decoding; 0 if the encoding is not known. */
int x86_is_sse_opcode(uint32_t opc);
int x86_decode_sse(x86_dec_t *d, x86_insn_t *o, uint32_t opc);

#endif
