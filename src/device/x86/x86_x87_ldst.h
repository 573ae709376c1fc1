/* Loads and stores: FLD, FST, FSTP of m32, m64, m80 and ST(i); FILD,
 * FIST, FISTP (and FISTTP) of m16, m32, m64; FBLD, FBSTP; FXCH, FFREE.
 * A store from an empty ST(0) stores the format's indefinite when IE is
 * masked; a push onto a full ST(7) pushes the real indefinite. */
#ifndef X86_X87_LDST_H
#define X86_X87_LDST_H

#include "x86_x87_arith.h"

/* A push of v, whose loading has set e's flags: on overflow the loading
 * counts for nothing (no DE or IE from it, measured); an underflow already
 * found (FLD of an empty ST(i)) comes first. */
SIM_FN void x87_load(x87_state_t *f, fp80_env_t *e, fp80_t v, int underflow)
{
    if (!x87_empty(f, 7) && !underflow) {
        *e = x87_env(f);
        x87_stack_fault(e, 1);
        v = fp80_indefinite();
    }
    if (x87_finish(f, e, X87_STOP_LOAD))
        x87_push(f, v);
}

/* FLD ST(i): an exact copy (no IE even for an SNaN). */
SIM_FN void x87_fld_st(x87_state_t *f, uint32_t i)
{
    fp80_env_t e = x87_env(f);
    fp80_t v = x87_st(f, i);
    fp80_begin(&e);
    if (x87_empty(f, i)) {
        x87_stack_fault(&e, 0);
        v = fp80_indefinite();
    }
    x87_load(f, &e, v, x87_empty(f, i));
}

/* FLD m32/m64/m80, FILD m16/m32/m64, FBLD: kind = the opcode and ModRM.reg. */
SIM_FN uint32_t x87_fld_mem(x87_state_t *f, const x87_mem_t *x, uint32_t op, uint32_t reg)
{
    fp80_env_t e = x87_env(f);
    fp80_t v;
    uint64_t raw;
    fp80_begin(&e);
    if (op == 0xdb && reg == 5) {
        if (x87_mld80(x, 0, &v))
            return X87_FAULT_READ;
    } else if (op == 0xdf && reg == 4) {
        fp80_bcd_t b;
        if (x87_mld(x, 0, 8, &b.lo) || x87_mld(x, 8, 2, &raw))
            return X87_FAULT_READ;
        b.hi = (uint16_t)raw;
        v = fp80_from_bcd(&e, b);
    } else {
        uint32_t n = op == 0xdd || reg == 5 ? 8u : op == 0xdf ? 2u : 4u;
        if (x87_mld(x, 0, n, &raw))
            return X87_FAULT_READ;
        if (op == 0xd9)
            v = fp80_from_f32(&e, (uint32_t)raw);
        else if (op == 0xdd)
            v = fp80_from_f64(&e, raw);
        else
            v = fp80_from_i64(n == 2 ? (int16_t)raw : n == 4 ? (int32_t)raw : (int64_t)raw);
    }
    x87_load(f, &e, v, 0);
    return X87_OK;
}

/* The value a store of ST(0) writes: kind 0 m32, 1 m64, 2 m80, 3 m16int,
 * 4 m32int, 5 m64int, 6 BCD (hi in *hi), with trunc for FISTTP. */
SIM_FN uint64_t x87_store_value(fp80_env_t *e, fp80_t a, int empty, uint32_t kind, int trunc, uint64_t *hi)
{
    static const uint8_t ibits[3] = {16, 32, 64};
    *hi = 0;
    if (empty) {
        static const uint64_t indef[6] = {0xffc00000u, 0xfff8000000000000ull, FP80_J | FP80_QUIET, 0x8000u,
                                          0x80000000u, 0x8000000000000000ull};
        x87_stack_fault(e, 0);
        *hi = kind == 2 || kind == 6 ? 0xffffu : 0u;
        return kind == 6 ? 0xc000000000000000ull : indef[kind];
    }
    switch (kind) {
    case 0:
    case 1: {
        uint64_t v = kind ? fp80_to_f64(e, a) : fp80_to_f32(e, a);
        uint64_t field = kind ? v << 1 >> 53 : v << 33 >> 56;
        int c = fp80_class(a);
        if (!(e->cw & FP80_UE) && field == 0 && (c == FP80_CLASS_NORMAL || c == FP80_CLASS_DENORMAL))
            e->sw |= FP80_UE; /* unmasked, a tiny result underflows even when exact */
        return v;
    }
    case 2: fp80_begin(e); *hi = a.sexp; return a.mant;
    case 6: {
        fp80_bcd_t b = fp80_to_bcd(e, a);
        *hi = b.hi;
        return b.lo;
    }
    default: {
        uint32_t bits = ibits[kind - 3];
        return (uint64_t)fp80_to_int(e, a, bits, trunc) & (~0ull >> (64 - bits));
    }
    }
}

/* Stores of ST(0) to memory, then a pop for the P forms. */
SIM_FN uint32_t x87_store(x87_state_t *f, const x87_mem_t *x, uint32_t kind, int trunc, int pop)
{
    static const uint8_t size[7] = {4, 8, 10, 2, 4, 8, 10};
    uint32_t n = size[kind];
    if (x87_check(x, n))
        return X87_FAULT_WRITE;
    fp80_env_t e = x87_env(f);
    uint64_t hi, v = x87_store_value(&e, x87_st(f, 0), x87_empty(f, 0), kind, trunc, &hi);
    if (!x87_finish(f, &e, X87_STOP_MEM))
        return X87_OK;
    if (n == 10) {
        x87_mst(x, 0, 8, v);
        x87_mst(x, 8, 2, hi);
    } else {
        x87_mst(x, 0, n, v);
    }
    if (pop)
        x87_pop(f);
    return X87_OK;
}

/* FST/FSTP ST(i) (and the aliases FSTP1, FSTP8, FSTP9): a copy. */
SIM_FN void x87_fst_st(x87_state_t *f, uint32_t i, int pop)
{
    fp80_env_t e = x87_env(f);
    fp80_t v = x87_st(f, 0);
    fp80_begin(&e);
    if (x87_empty(f, 0)) {
        x87_stack_fault(&e, 0);
        v = fp80_indefinite();
    }
    if (x87_finish(f, &e, X87_STOP_REG)) {
        x87_set_st(f, i, v);
        if (pop)
            x87_pop(f);
    }
}

/* FSTP1 (D9 D8+i), the alias: no stack check; an empty ST(0) is popped
 * and nothing written (measured). */
SIM_FN void x87_fstp1(x87_state_t *f, uint32_t i)
{
    if (!x87_empty(f, 0))
        x87_set_st(f, i, x87_st(f, 0));
    f->sw &= ~FP80_C1;
    x87_pop(f);
}

/* FXCH (and FXCH4, FXCH7): an empty register reads as the indefinite. */
SIM_FN void x87_fxch(x87_state_t *f, uint32_t i)
{
    fp80_env_t e = x87_env(f);
    fp80_t a = x87_st(f, 0), b = x87_st(f, i);
    fp80_begin(&e);
    if (x87_empty(f, 0) || x87_empty(f, i)) {
        x87_stack_fault(&e, 0);
        if (x87_empty(f, 0))
            a = fp80_indefinite();
        if (x87_empty(f, i))
            b = fp80_indefinite();
    }
    if (x87_finish(f, &e, X87_STOP_REG)) {
        x87_set_st(f, 0, b);
        x87_set_st(f, i, a);
    }
}

/* The memory forms of D9 (m32), DB (m32int, m80), DD (m64), DF (m16int,
 * BCD, m64int) that load or store a value. */
SIM_FN uint32_t x87_ldst_mem(x87_state_t *f, const x87_mem_t *x, uint32_t op, uint32_t reg)
{
    if (reg == 0 || (reg == 5 && (op == 0xdb || op == 0xdf)) || (reg == 4 && op == 0xdf))
        return x87_fld_mem(f, x, op, reg);
    if (op == 0xdb && reg == 7)
        return x87_store(f, x, 2, 0, 1);
    if (op == 0xdf && reg >= 6)
        return x87_store(f, x, reg == 6 ? 6u : 5u, 0, 1);
    /* reg 1 FISTTP, 2 FST/FIST, 3 FSTP/FISTP */
    uint32_t kind = op == 0xd9 ? 0u : op == 0xdd ? 1u : op == 0xdb ? 4u : 3u;
    if (reg == 1)
        kind = op == 0xdd ? 5u : op == 0xdb ? 4u : 3u;
    return x87_store(f, x, kind, reg == 1, reg != 2);
}

#endif
