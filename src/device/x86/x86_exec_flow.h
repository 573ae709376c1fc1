/* Control transfers that need more than an assignment to EIP: indirect
 * JMP and CALL through memory, CALL, RET (imm16), the LOOP forms. EIP
 * already holds the next instruction's address when they run. */
#ifndef X86_EXEC_FLOW_H
#define X86_EXEC_FLOW_H

#include "x86_exec_move.h"

SIM_INLINE void x86_jmp_m(x86_ctx_t *c, const x86_insn_t *in, const sim_mem_t *m, uint32_t core, uint32_t pc)
{
    uint32_t t;
    if (!x86_ld(c, m, core, pc, x86_ea(c, in), x86_w(in), &t))
        c->eip = x86_target(in, t);
}

SIM_INLINE void x86_call(x86_ctx_t *c, const x86_insn_t *in, const sim_mem_t *m, uint32_t core, uint32_t pc,
                         uint32_t target)
{
    if (!x86_push(c, in, m, core, pc, pc + x86_len(in)))
        c->eip = x86_target(in, target);
}

SIM_INLINE void x86_call_m(x86_ctx_t *c, const x86_insn_t *in, const sim_mem_t *m, uint32_t core, uint32_t pc)
{
    uint32_t t;
    if (!x86_ld(c, m, core, pc, x86_ea(c, in), x86_w(in), &t))
        x86_call(c, in, m, core, pc, t);
}

SIM_INLINE void x86_ret(x86_ctx_t *c, const x86_insn_t *in, const sim_mem_t *m, uint32_t core, uint32_t pc)
{
    uint32_t t;
    if (x86_pop(c, in, m, core, pc, &t))
        return;
    c->r[4] += in->imm;
    c->eip = x86_target(in, t);
}

/* Far transfers. CS stays flat (x86_seg reads 0x23): only Linux's user
 * code selector loads, 0x20..0x23 for JMP and CALL (the CPU raises the RPL
 * to 3) and 0x23 alone for RETF (a return may not go inward); any other is
 * the #GP that Linux answers with SIGSEGV, nothing changed. */
SIM_FN void x86_jmpf(x86_ctx_t *c, const x86_insn_t *in, uint32_t pc, uint32_t off, uint32_t sel)
{
    if ((sel & 0xfffcu) != 0x20u)
        x86_fault(c, SIM_FAULT_PRIV, pc, sel);
    else
        c->eip = x86_target(in, off);
}

/* CALL far: CS (zero-extended to the slot, as qemu-i386 writes it), then the return address. */
SIM_FN void x86_callf(x86_ctx_t *c, const x86_insn_t *in, const sim_mem_t *m, uint32_t core, uint32_t pc,
                      uint32_t off, uint32_t sel)
{
    uint32_t w = x86_w(in), n = x86_slot_bytes(in), sp = c->r[4]; /* w: X86_W16 or X86_W32 */
    if ((sel & 0xfffcu) != 0x20u) {
        x86_fault(c, SIM_FAULT_PRIV, pc, sel);
        return;
    }
    if (x86_st(c, m, core, pc, sp - n, w, 0x23u) || x86_st(c, m, core, pc, sp - 2u * n, w, pc + x86_len(in)))
        return;
    c->r[4] = sp - 2u * n;
    c->eip = x86_target(in, off);
}

/* JMP and CALL m16:16/32: the offset, then the selector after it. */
SIM_FN void x86_far_m(x86_ctx_t *c, const x86_insn_t *in, const sim_mem_t *m, uint32_t core, uint32_t pc, int call)
{
    uint32_t a = x86_ea(c, in), off, sel;
    if (x86_ld(c, m, core, pc, a, x86_w(in), &off) ||
        x86_ld(c, m, core, pc, a + x86_slot_bytes(in), X86_W16, &sel))
        return;
    if (call)
        x86_callf(c, in, m, core, pc, off, sel);
    else
        x86_jmpf(c, in, pc, off, sel);
}

SIM_FN void x86_retf(x86_ctx_t *c, const x86_insn_t *in, const sim_mem_t *m, uint32_t core, uint32_t pc)
{
    uint32_t w = x86_w(in), n = x86_slot_bytes(in), sp = c->r[4], off, sel;
    if (x86_ld(c, m, core, pc, sp, w, &off) || x86_ld(c, m, core, pc, sp + n, X86_W16, &sel))
        return;
    if (sel != 0x23u) {
        x86_fault(c, SIM_FAULT_PRIV, pc, sel);
        return;
    }
    c->r[4] = sp + 2u * n + in->imm;
    c->eip = x86_target(in, off);
}

/* LOOPNE (aux 0), LOOPE (1), LOOP (2): decrement the count register, jump
 * while it is not 0 (and ZF says so); JECXZ (3) jumps on a count of 0. */
SIM_FN void x86_loop(x86_ctx_t *c, const x86_insn_t *in)
{
    uint32_t a16 = (in->wf & X86_F_A16) != 0, n, take;
    if (in->aux == 3u) {
        take = (a16 ? c->r[1] & 0xffffu : c->r[1]) == 0;
    } else {
        if (a16)
            c->r[1] = (c->r[1] & 0xffff0000u) | ((c->r[1] - 1u) & 0xffffu);
        else
            c->r[1]--;
        n = a16 ? c->r[1] & 0xffffu : c->r[1];
        take = n != 0;
        if (in->aux == 0u)
            take &= !x86_cond(c, 4); /* ZF clear */
        else if (in->aux == 1u)
            take &= x86_cond(c, 4);
    }
    if (take)
        c->eip = x86_target(in, in->imm);
}

#endif
