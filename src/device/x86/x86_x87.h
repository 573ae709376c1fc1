/* The x87 unit as the IA-32 core sees it: its state in the core's context
 * and one entry point per instruction in the 0xD8..0xDF space. The core
 * decodes prefixes and ModRM and computes the effective address; this unit
 * does the rest on the 80-bit arithmetic of fp80_all.h: the register
 * stack and its faults (x86_x87_state.h), memory operands
 * (x86_x87_mem.h), the arithmetic and compare families (x86_x87_arith.h),
 * loads and stores (x86_x87_ldst.h), the D9 functions (x86_x87_func.h)
 * and the control instructions (x86_x87_env.h). The encodings are listed
 * once in x86_x87_ops.def.
 *
 * Unmasked exceptions: the instruction that raises one sets ES and B and,
 * for IE, DE and ZE (and OE, UE on a store to memory), leaves its
 * destination and the stack alone; the next waiting instruction answers
 * X87_FAULT_FPE without running, for the core to deliver SIGFPE. The
 * non-waiting ones (FNINIT, FNCLEX, FNSTCW, FNSTSW, FNSTENV, FNSAVE and
 * the 8087 leftovers FNENI, FNDISI, FNSETPM) run regardless.
 *
 * The seam is fixed (/work/brief_x87_seam.md): the state layout is this
 * unit's own, the entry's signature is shared with the core. */
#ifndef X86_X87_H
#define X86_X87_H

#include "x86_x87_defined.h"
#include "x86_x87_env.h"
#include "x86_x87_func.h"

/* FNINIT's state, what Linux gives a new i386 process. */
SIM_FN void x86_x87_init(x87_state_t *f)
{
    for (uint32_t w = 0; w < X86_X87_WORDS; w++)
        ((uint32_t *)f)[w] = 0;
    x87_fninit(f);
}

/* The instructions that neither wait for a pending exception nor change
 * the instruction and data pointers, and those that only do the latter. */
SIM_INLINE int x87_no_wait(uint32_t op, uint32_t modrm)
{
    uint32_t reg = (modrm >> 3) & 7u;
    if (modrm >= 0xc0)
        return (op == 0xdb && (modrm == 0xe0 || modrm == 0xe1 || modrm == 0xe2 || modrm == 0xe3 || modrm == 0xe4))
            || (op == 0xdf && modrm == 0xe0);
    return (op == 0xd9 && (reg == 6 || reg == 7)) || (op == 0xdd && (reg == 6 || reg == 7));
}

SIM_INLINE int x87_is_control(uint32_t op, uint32_t modrm)
{
    uint32_t reg = (modrm >> 3) & 7u;
    return x87_no_wait(op, modrm) || (modrm < 0xc0 && (op == 0xd9 || op == 0xdd) && (reg == 4 || reg == 5));
}

/* DB E0..E4: FNENI, FNDISI (no-ops since the 287), FNCLEX, FNINIT, FNSETPM. */
SIM_FN uint32_t x87_db_control(x87_state_t *f, uint32_t modrm)
{
    if (modrm == 0xe2)
        f->sw &= ~(X87_EXC | X87_SF | X87_ES | X87_B);
    else if (modrm == 0xe3)
        x87_fninit(f);
    return X87_OK;
}

/* The register forms (ModRM 0xC0..0xFF) of D9, DA, DB, DD, DF. */
SIM_FN uint32_t x87_exec_reg(x87_state_t *f, uint32_t op, uint32_t modrm, uint32_t *eax, uint32_t *eflags)
{
    uint32_t reg = (modrm >> 3) & 7u, i = modrm & 7u;
    switch (op) {
    case 0xd9:
        if (reg == 0)
            x87_fld_st(f, i);
        else if (reg == 1)
            x87_fxch(f, i);
        else if (reg == 3)
            x87_fstp1(f, i);
        else if (reg >= 4)
            return x87_d9_func(f, modrm);
        return X87_OK; /* D9 D0: FNOP */
    case 0xda:
        if (modrm == 0xe9)
            x87_compare(f, x87_st(f, 0), x87_st(f, 1), x87_empty(f, 0) || x87_empty(f, 1), 0, 1, 2);
        else
            x87_fcmov(f, op, modrm, *eflags);
        return X87_OK;
    case 0xdb:
        if (reg < 4)
            x87_fcmov(f, op, modrm, *eflags);
        else if (reg == 4)
            return x87_db_control(f, modrm);
        else
            x87_comi(f, i, reg == 5, 0, eflags);
        return X87_OK;
    case 0xdd:
        if (reg == 0) { /* FFREE: C1 cleared (measured) */
            x87_set_tag(f, x87_phys(f, i), X87_TAG_EMPTY);
            f->sw &= ~FP80_C1;
        } else if (reg == 1)
            x87_fxch(f, i);
        else if (reg == 2 || reg == 3)
            x87_fst_st(f, i, reg == 3);
        else
            x87_compare(f, x87_st(f, 0), x87_st(f, i), x87_empty(f, 0) || x87_empty(f, i), 0, 1, reg == 5);
        return X87_OK;
    default: /* DF */
        if (reg == 0) { /* FFREEP: FFREE, then a pop */
            x87_set_tag(f, x87_phys(f, i), X87_TAG_EMPTY);
            f->sw &= ~FP80_C1;
            x87_pop(f);
        } else if (reg == 1) {
            x87_fxch(f, i);
        } else if (reg == 2 || reg == 3) {
            x87_fst_st(f, i, 1);
        } else if (reg == 4) {
            *eax = (*eax & 0xffff0000u) | f->sw;
        } else {
            x87_comi(f, i, reg == 5, 1, eflags);
        }
        return X87_OK;
    }
}

SIM_FN uint32_t x87_exec_mem(x87_state_t *f, const x87_mem_t *x, uint32_t op, uint32_t reg, uint32_t opsize16)
{
    if (!(op & 1u))
        return x87_arith_mem(f, x, op, reg);
    if ((op == 0xd9 || op == 0xdd) && reg >= 4)
        return x87_env_mem(f, x, op, reg, opsize16);
    return x87_ldst_mem(f, x, op, reg);
}

SIM_FN uint32_t x86_x87_exec(x87_state_t *f, const sim_mem_t *m, uint32_t core, uint32_t op,
                             uint32_t modrm, uint32_t ea, uint32_t pc, uint32_t opsize16,
                             uint32_t *eax, uint32_t *eflags, uint32_t *fault_addr)
{
    if (!x86_x87_defined(op, modrm))
        return X87_UNDEF;
    if ((f->sw & X87_ES) && !x87_no_wait(op, modrm))
        return X87_FAULT_FPE;
    uint32_t rc;
    if (modrm >= 0xc0) {
        rc = (op == 0xd8 || op == 0xdc || op == 0xde) ? x87_arith_reg(f, op, modrm)
                                                       : x87_exec_reg(f, op, modrm, eax, eflags);
    } else {
        x87_mem_t x;
        x.m = m;
        x.core = core;
        x.ea = ea;
        x.fault_addr = fault_addr;
        rc = x87_exec_mem(f, &x, op, (modrm >> 3) & 7u, opsize16);
    }
    if (rc == X87_OK && !x87_is_control(op, modrm)) {
        f->fip = pc;
        f->fop = ((op & 7u) << 8) | modrm;
        if (modrm < 0xc0)
            f->fdp = ea;
    }
    return rc;
}

/* FWAIT (0x9B), the core's instruction: X87_FAULT_FPE when an unmasked
 * exception is pending, else X87_OK. */
SIM_INLINE uint32_t x86_x87_fwait(const x87_state_t *f) { return (f->sw & X87_ES) ? X87_FAULT_FPE : X87_OK; }

/* The si_code Linux gives the SIGFPE of a pending x87 exception
 * (arch/x86/kernel/traps.c, fpu__exception_code): the first unmasked flag
 * of IE, ZE, OE, DE or UE, PE; FPE_FLTINV = 7, FLTDIV 3, FLTOVF 4,
 * FLTUND 5, FLTRES 6. */
SIM_INLINE uint32_t x86_x87_fpe_code(const x87_state_t *f)
{
    uint32_t err = f->sw & ~f->cw & X87_EXC;
    return (err & FP80_IE) ? 7u : (err & FP80_ZE) ? 3u : (err & FP80_OE) ? 4u
         : (err & (FP80_DE | FP80_UE)) ? 5u : (err & FP80_PE) ? 6u : 0u;
}

#endif
