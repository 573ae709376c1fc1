/* The x87 unit's state in the core's context and the register stack on it:
 * ST(i) to physical register, tags, TOP, push and pop, the stack faults,
 * and how an instruction's exceptions end (the masked responses are the
 * fp80 functions'; here what an unmasked one stops).
 *
 * Tags: tw keeps the 2-bit tag of each physical register as FNSTENV shows
 * it (00 valid, 01 zero, 10 special, 11 empty); a write sets it from the
 * value, and FLDENV/FRSTOR keep only "empty or not", recomputing the rest
 * from the contents, as the hardware does. A popped register keeps its
 * contents (FNSAVE stores them, FXAM shows their sign). */
#ifndef X86_X87_STATE_H
#define X86_X87_STATE_H

#include "../sim_mem.h"
#include "device/softfloat/fp80_all.h"

/* Only uint32_t words: contexts are stored as structures of arrays. */
typedef struct x87_state {
    uint32_t st[8][3];   /* physical registers R0..R7: significand low, high, sign|exponent */
    uint32_t cw, sw, tw; /* control, status (TOP in 13..11), tag word (2 bits a register) */
    uint32_t fip, fdp, fop;
} x87_state_t;

#define X86_X87_WORDS ((uint32_t)(sizeof(x87_state_t) / sizeof(uint32_t)))

/* X87_FAULT_FPE: the instruction is a waiting one and an unmasked exception
 * is pending (ES): it has not run; the core delivers SIGFPE at its pc, as
 * Linux does for the #MF the CPU raises there. */
enum { X87_OK = 0, X87_FAULT_READ, X87_FAULT_WRITE, X87_UNDEF, X87_FAULT_FPE };

/* Status word bits beside fp80.h's exception flags and condition codes. */
#define X87_SF 0x0040u
#define X87_ES 0x0080u
#define X87_B 0x8000u
#define X87_EXC 0x003fu
#define X87_TOP_SHIFT 11u

#define X87_TAG_VALID 0u
#define X87_TAG_ZERO 1u
#define X87_TAG_SPECIAL 2u
#define X87_TAG_EMPTY 3u

SIM_INLINE uint32_t x87_top(const x87_state_t *f) { return (f->sw >> X87_TOP_SHIFT) & 7u; }

SIM_INLINE void x87_set_top(x87_state_t *f, uint32_t top)
{
    f->sw = (f->sw & ~(7u << X87_TOP_SHIFT)) | ((top & 7u) << X87_TOP_SHIFT);
}

SIM_INLINE uint32_t x87_phys(const x87_state_t *f, uint32_t i) { return (x87_top(f) + i) & 7u; }

SIM_INLINE fp80_t x87_reg(const x87_state_t *f, uint32_t r)
{
    fp80_t v;
    v.mant = (uint64_t)f->st[r][1] << 32 | f->st[r][0];
    v.sexp = (uint16_t)f->st[r][2];
    return v;
}

SIM_INLINE fp80_t x87_st(const x87_state_t *f, uint32_t i) { return x87_reg(f, x87_phys(f, i)); }

SIM_INLINE uint32_t x87_tag_of(fp80_t v)
{
    int c = fp80_class(v);
    return c == FP80_CLASS_NORMAL ? X87_TAG_VALID : c == FP80_CLASS_ZERO ? X87_TAG_ZERO : X87_TAG_SPECIAL;
}

SIM_INLINE void x87_set_tag(x87_state_t *f, uint32_t r, uint32_t tag)
{
    f->tw = (f->tw & ~(3u << (2u * r))) | (tag << (2u * r));
}

SIM_INLINE int x87_reg_empty(const x87_state_t *f, uint32_t r) { return ((f->tw >> (2u * r)) & 3u) == X87_TAG_EMPTY; }
SIM_INLINE int x87_empty(const x87_state_t *f, uint32_t i) { return x87_reg_empty(f, x87_phys(f, i)); }

SIM_INLINE void x87_write_reg(x87_state_t *f, uint32_t r, fp80_t v)
{
    f->st[r][0] = (uint32_t)v.mant;
    f->st[r][1] = (uint32_t)(v.mant >> 32);
    f->st[r][2] = v.sexp;
    x87_set_tag(f, r, x87_tag_of(v));
}

SIM_INLINE void x87_set_st(x87_state_t *f, uint32_t i, fp80_t v) { x87_write_reg(f, x87_phys(f, i), v); }

SIM_INLINE void x87_pop(x87_state_t *f)
{
    x87_set_tag(f, x87_phys(f, 0), X87_TAG_EMPTY);
    x87_set_top(f, x87_top(f) + 1u);
}

SIM_INLINE void x87_push(x87_state_t *f, fp80_t v)
{
    x87_set_top(f, x87_top(f) - 1u);
    x87_set_st(f, 0, v);
}

/* The tag word as FNSTENV stores it: every register not empty tagged
 * from its contents. */
SIM_FN uint32_t x87_full_tags(const x87_state_t *f)
{
    uint32_t tw = 0;
    for (uint32_t r = 0; r < 8; r++)
        tw |= (x87_reg_empty(f, r) ? X87_TAG_EMPTY : x87_tag_of(x87_reg(f, r))) << (2u * r);
    return tw;
}

/* ES and B follow the exception flags the control word leaves unmasked:
 * they are what makes the next waiting instruction trap. */
SIM_INLINE void x87_update_es(x87_state_t *f)
{
    if (f->sw & ~f->cw & X87_EXC)
        f->sw |= X87_ES | X87_B;
    else
        f->sw &= ~(X87_ES | X87_B);
}

/* An instruction's working copy of the control and status words. */
SIM_INLINE fp80_env_t x87_env(const x87_state_t *f)
{
    fp80_env_t e;
    e.cw = (uint16_t)f->cw;
    e.sw = (uint16_t)f->sw;
    return e;
}

/* Stack underflow (an empty operand) or overflow (a push onto a full
 * register): IE and SF, C1 = 0 for underflow, 1 for overflow. B marks the
 * working copy as faulted for x87_finish (it is recomputed there, and
 * clear at the start of every waiting instruction). */
#define X87_FAULTED X87_B

SIM_INLINE void x87_stack_fault(fp80_env_t *e, uint32_t overflow)
{
    e->sw = (uint16_t)((e->sw & ~FP80_C1) | FP80_IE | X87_SF | X87_FAULTED | (overflow ? FP80_C1 : 0u));
}

/* Which unmasked exceptions keep an instruction from writing its
 * destination (and from popping or pushing): for registers IE, DE and ZE;
 * for a store to memory OE and UE too; FLD m32/m64 loads a denormal even
 * with DE unmasked (measured). */
#define X87_STOP_REG (FP80_IE | FP80_DE | FP80_ZE)
#define X87_STOP_MEM (FP80_IE | FP80_DE | FP80_ZE | FP80_OE | FP80_UE)
#define X87_STOP_LOAD (FP80_IE | FP80_ZE)

/* The end of an instruction: the status word taken back, ES and B from
 * what is unmasked. Returns whether the destination may be written. An
 * instruction stopped so did not round: no C1 (but a stack fault's), and
 * no PE, UE or OE from an operation that did not happen (measured). */
SIM_FN int x87_finish(x87_state_t *f, const fp80_env_t *e, uint32_t stop)
{
    uint32_t raised = e->sw & ~f->sw & X87_EXC, sw = e->sw;
    int keep = !(raised & ~f->cw & stop);
    if (!keep) {
        if (raised & ~f->cw & X87_STOP_REG)
            sw &= ~(raised & (FP80_OE | FP80_UE | FP80_PE));
        else
            sw &= ~(raised & FP80_PE);
        if (!(sw & X87_FAULTED))
            sw &= ~FP80_C1;
    }
    f->sw = (f->sw & (7u << X87_TOP_SHIFT)) | (sw & ~(7u << X87_TOP_SHIFT));
    x87_update_es(f);
    return keep;
}

#endif
