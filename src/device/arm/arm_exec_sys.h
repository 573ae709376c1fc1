/* Status register access, TLS, system calls, breakpoints and undefined
 * encodings. */
#ifndef ARM_EXEC_SYS_H
#define ARM_EXEC_SYS_H

#include "arm_exec_base.h"
#include "arm_syscall.h"

/* MRS Rd, APSR: N Z C V Q and GE; User mode (0x10) in the mode field, as
 * the CPSR reads on hardware and under qemu-user. */
SIM_INLINE void arm_mrs(arm_ctx_t *c, const arm_insn_t *in)
{
    c->r[in->rd] = (arm_cpsr_read(c) & (ARM_CPSR_NZCV | ARM_CPSR_Q | ARM_CPSR_GE)) | 0x10u;
}

/* MSR APSR_<nzcvq,g>, #imm or Rm: amount bit 3 writes NZCVQ, bit 2 GE. */
SIM_INLINE void arm_msr(arm_ctx_t *c, const arm_insn_t *in, uint32_t op)
{
    uint32_t v = op == ARM_OP_MSR_IMM ? in->imm : c->r[in->rm];
    uint32_t mask = ((in->amount & 8u) ? ARM_CPSR_NZCV | ARM_CPSR_Q : 0u) |
                    ((in->amount & 4u) ? ARM_CPSR_GE : 0u);
    arm_cpsr_write(c, v, mask);
}

SIM_INLINE void arm_undef(arm_ctx_t *c, const arm_insn_t *in, uint32_t pc)
{
    arm_fault(c, SIM_FAULT_UNDEF, pc, pc);
    c->sys.fault_insn = in->imm;
}

/* The record of a page not decoded yet: wait for the host's decoder
 * (SIM_WAIT_DECODE, arm_host.c), then fetch the instruction at pc again.
 * Like a fault, it does not retire (arm_run). */
SIM_INLINE void arm_wait_decode(arm_ctx_t *c, uint32_t pc)
{
    c->sys.status = SIM_WAIT_DECODE;
    c->npc = pc;
}

#endif
