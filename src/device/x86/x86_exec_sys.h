/* System-level user instructions: INT 0x80, RDTSC, CPUID, the segment
 * register moves (GS for TLS), and the hand-over to the x87 unit. */
#ifndef X86_EXEC_SYS_H
#define X86_EXEC_SYS_H

#include "x86_exec_base.h"
#include "x86_exec_move.h"
#include "x86_syscall.h"

/* CPUID.1:EDX: FPU | TSC | CX8 | CMOV | MMX | FXSR | SSE | SSE2, exactly
 * what the core implements (src/host/isa.c's AT_HWCAP is the same word):
 * static glibc then takes its SSE2 string functions and saves MXCSR with
 * the x87 state in fenv. No SSE3 and later: no PNI, SSSE3, SSE4 in ECX. */
#define X86_CPUID1_EDX 0x07808111u
/* Family 6, model 1, stepping 1 (a Pentium Pro's signature). */
#define X86_CPUID1_EAX 0x00000611u

SIM_FN void x86_cpuid(x86_ctx_t *c)
{
    uint32_t leaf = c->r[0];
    if (leaf == 0) { /* the highest leaf, and "GenuineIntel" in EBX EDX ECX */
        c->r[0] = 1u;
        c->r[3] = 0x756e6547u;
        c->r[2] = 0x49656e69u;
        c->r[1] = 0x6c65746eu;
    } else if (leaf == 1) {
        c->r[0] = X86_CPUID1_EAX;
        c->r[3] = 0;
        c->r[1] = 0;
        c->r[2] = X86_CPUID1_EDX;
    } else { /* every other leaf, the extended ones included: zeros */
        c->r[0] = c->r[1] = c->r[2] = c->r[3] = 0;
    }
}

/* RDTSC: the core's instruction count, deterministic. */
SIM_FN void x86_rdtsc(x86_ctx_t *c, uint64_t icount)
{
    c->r[0] = (uint32_t)icount;
    c->r[2] = (uint32_t)(icount >> 32);
}

SIM_FN void x86_int80(x86_ctx_t *c, const sim_mem_t *m, uint32_t core, uint32_t pc, uint64_t icount)
{
    sim_set_icount(&c->sys, icount); /* the virtual clock reads it */
    x86_syscall(c, m, core, pc);
}

/* Segment registers by number: 0 ES 1 CS 2 SS 3 DS 4 FS 5 GS. The flat
 * ones read as Linux's __USER_CS (0x23) and __USER_DS (0x2b). */
SIM_INLINE uint32_t x86_seg(const x86_ctx_t *c, uint32_t sreg)
{
    return sreg == 5u ? c->gs : sreg == 4u ? c->fs : sreg == 1u ? 0x23u : 0x2bu;
}

/* MOV Sreg, v: GS and FS take the null selector or the TLS entry's (GS's
 * base then the TLS base); DS ES SS only the flat data selector. Anything
 * else is what Linux would answer with SIGSEGV (#GP). */
SIM_FN void x86_load_seg(x86_ctx_t *c, const x86_insn_t *in, uint32_t pc, uint32_t sel)
{
    uint32_t sreg = in->aux;
    int tls = (sel | 3u) == X86_TLS_SELECTOR, null = sel < 4u;
    if (sreg == 5u && (tls || null)) {
        c->gs = sel;
        c->gs_base = tls ? c->sys.tls : 0u;
    } else if (sreg == 4u && (tls || null)) {
        c->fs = sel;
    } else if ((sreg == 0u || sreg == 2u || sreg == 3u) && (sel | 3u) == 0x2bu) {
        /* flat: nothing changes */
    } else {
        x86_fault(c, SIM_FAULT_PRIV, pc, sel);
    }
}

SIM_FN void x86_load_seg_m(x86_ctx_t *c, const x86_insn_t *in, const sim_mem_t *m, uint32_t core, uint32_t pc)
{
    uint32_t v;
    if (!x86_ld(c, m, core, pc, x86_ea(c, in), X86_W16, &v))
        x86_load_seg(c, in, pc, v);
}

/* POP Sreg: ESP moves only if the selector loads (a #GP leaves it). */
SIM_FN void x86_pop_seg(x86_ctx_t *c, const x86_insn_t *in, const sim_mem_t *m, uint32_t core, uint32_t pc)
{
    uint32_t v, sp = c->r[4];
    if (x86_pop(c, in, m, core, pc, &v))
        return;
    x86_load_seg(c, in, pc, v & 0xffffu);
    if (c->sys.status == SIM_FAULTED)
        c->r[4] = sp;
}

SIM_FN void x86_store_seg_m(x86_ctx_t *c, const x86_insn_t *in, const sim_mem_t *m, uint32_t core, uint32_t pc)
{
    x86_st(c, m, core, pc, x86_ea(c, in), X86_W16, x86_seg(c, in->aux));
}

/* A pending unmasked x87 exception: SIGFPE, as Linux delivers it (no
 * handler ever runs: the core ends, reported as killed by signal 8). */
SIM_FN void x86_fpe(x86_ctx_t *c, uint32_t pc)
{
    x86_fault(c, SIM_FAULT_SIGNAL, pc, 0);
    c->sys.exit_code = 8u;
}

/* FWAIT: SIGFPE if an unmasked x87 exception is pending, else nothing. */
SIM_FN void x86_fwait(x86_ctx_t *c, uint32_t pc)
{
    if (x86_x87_fwait(&c->x87) == X87_FAULT_FPE)
        x86_fpe(c, pc);
}

/* One x87 instruction (the opcode's low bits in reg, ModRM in aux): the
 * unit gets the effective address, EAX and EFLAGS materialized (FNSTSW
 * AX, FCOMI, FCMOV); what it changed comes back. */
SIM_FN void x86_x87(x86_ctx_t *c, const x86_insn_t *in, const sim_mem_t *m, uint32_t core, uint32_t pc)
{
    uint32_t ea = in->aux < 0xc0u ? x86_ea(c, in) : 0u, eax = c->r[0], f0 = x86_eflags(c), f = f0, fa = 0;
    uint32_t r = x86_x87_exec(&c->x87, m, core, 0xd8u + in->reg, in->aux, ea, pc, x86_w(in) == X86_W16, &eax, &f,
                              &fa);
    if (r == X87_OK) {
        c->r[0] = eax;
        if (f != f0)
            x86_set_eflags(c, f, X86_ARITH_FLAGS);
    } else if (r == X87_FAULT_READ || r == X87_FAULT_WRITE) {
        x86_fault(c, r == X87_FAULT_READ ? SIM_FAULT_READ : SIM_FAULT_WRITE, pc, fa);
    } else if (r == X87_FAULT_FPE) {
        x86_fpe(c, pc);
    } else {
        x86_undef(c, in, pc);
    }
}

#endif
