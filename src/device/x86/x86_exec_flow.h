/* Control transfers that need more than an assignment to EIP: indirect
 * JMP and CALL through memory, CALL, RET (imm16), the LOOP forms. EIP
 * already holds the next instruction's address when they run. */
#ifndef X86_EXEC_FLOW_H
#define X86_EXEC_FLOW_H

#include "x86_exec_move.h"

/* A 16-bit operand size truncates the target to 16 bits. */
SIM_INLINE uint32_t x86_target(const x86_insn_t *in, uint32_t t)
{
    return x86_w(in) == X86_W16 ? t & 0xffffu : t;
}

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
