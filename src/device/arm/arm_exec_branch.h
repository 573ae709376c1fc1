/* Branches and IT. Targets of the immediate forms are absolute (resolved by
 * the decoders); the link value is the next instruction, | 1 in Thumb. */
#ifndef ARM_EXEC_BRANCH_H
#define ARM_EXEC_BRANCH_H

#include "arm_exec_base.h"

SIM_INLINE uint32_t arm_link_to(uint32_t next, uint32_t thumb)
{
    return thumb ? next | 1u : next;
}

SIM_INLINE uint32_t arm_link(const arm_ctx_t *c)
{
    return arm_link_to(c->npc, c->thumb);
}

/* B, BL, BLX (immediate: always switches instruction set) */
SIM_INLINE void arm_branch(arm_ctx_t *c, const arm_insn_t *in, uint32_t op)
{
    if (op != ARM_OP_B)
        c->r[14] = arm_link(c);
    if (op == ARM_OP_BLX_IMM) {
        c->thumb ^= 1u;
        c->npc = c->thumb ? in->imm & ~1u : in->imm & ~3u;
    } else {
        c->npc = in->imm;
    }
}

/* Where a plain B at pc, outside an IT block, goes on: its target if its
 * condition passes, else the next instruction. The run loops' shortcut for
 * the loops' back edges, instead of arm_branch's npc bookkeeping. */
SIM_INLINE uint32_t arm_b_next(const arm_ctx_t *c, const arm_insn_t *in, uint32_t pc)
{
    return arm_record_passes(c, in) ? in->imm : pc + arm_len(in);
}

/* Where a BX Rm (Rm not the PC) at pc, outside an IT block, goes on, and
 * the instruction set it selects in c->thumb. */
SIM_INLINE uint32_t arm_bx_next(arm_ctx_t *c, const arm_insn_t *in, uint32_t pc)
{
    if (!arm_record_passes(c, in))
        return pc + arm_len(in);
    arm_bx_write_pc(c, c->r[in->rm]);
    return c->npc;
}

/* BX Rm, BLX Rm: BXWritePC(Rm), the target read before LR is written */
SIM_INLINE void arm_bx(arm_ctx_t *c, const arm_insn_t *in, uint32_t op)
{
    uint32_t t = c->r[in->rm];
    if (op == ARM_OP_BLX_REG)
        c->r[14] = arm_link(c);
    arm_bx_write_pc(c, t);
}

/* CBZ/CBNZ Rn, target */
SIM_INLINE void arm_cbz(arm_ctx_t *c, const arm_insn_t *in, uint32_t op)
{
    if ((c->r[in->rn] == 0) == (op == ARM_OP_CBZ))
        c->npc = in->imm;
}

/* TBB [Rn, Rm]: PC = PC + 2*byte[Rn + Rm]; TBH [Rn, Rm, LSL #1]: halfword */
SIM_INLINE void arm_tb(arm_ctx_t *c, const arm_insn_t *in, const sim_mem_t *m,
                       uint32_t core, uint32_t pc, uint32_t op)
{
    uint32_t a = c->r[in->rn] + (op == ARM_OP_TBH ? c->r[in->rm] << 1 : c->r[in->rm]), v;
    int f = op == ARM_OP_TBH ? sim_ld16(m, core, a, &v) : sim_ld8(m, core, a, &v);
    if (SIM_UNLIKELY(f)) {
        arm_fault(c, SIM_FAULT_READ, pc, a);
        return;
    }
    c->npc = pc + 4u + 2u * v;
}

/* ITAdvance(): shift the mask; the block ends when ITSTATE<2:0> is 0. */
SIM_INLINE uint32_t arm_it_advance(uint32_t it)
{
    return (it & 7u) == 0 ? 0u : (it & 0xe0u) | ((it << 1) & 0x1fu);
}

#endif
