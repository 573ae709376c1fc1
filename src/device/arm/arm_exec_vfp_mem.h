/* VFP loads and stores: VLDR/VSTR of one S or D register, VLDM/VSTM (and
 * VPUSH/VPOP, their sp! forms) of a run of them. A D register is two words
 * in memory, the low one first, as it is two S registers in the file; so
 * every form moves a run of words from S index `first` on, from a word
 * aligned address (else an alignment fault, as qemu-arm's SIGBUS). A fault
 * stops the core with the base and the faulting word's register unchanged
 * (the words before it are moved). */
#ifndef ARM_EXEC_VFP_MEM_H
#define ARM_EXEC_VFP_MEM_H

#include "arm_exec_vfp.h"
#include "arm_exec_loadstore.h"

/* Move `words` words between memory at a and the register file's words
 * from first on (S<first>, or D<first / 2>); 1 after a fault (reported). */
SIM_INLINE uint32_t arm_vfp_xfer(arm_ctx_t *c, const sim_mem_t *m, uint32_t core, uint32_t pc,
                                 uint32_t a, uint32_t first, uint32_t words, uint32_t load)
{
    if (arm_word_misaligned(c, pc, a))
        return 1;
    for (uint32_t i = 0; i < words; i++, a += 4u) {
        uint32_t *s = &c->vfp[(first + i) % (2u * ARM_VFP_DREGS)], v;
        /* a faulting load writes no register: the word goes through v */
        if (load ? arm_ld_size(m, core, a, 4u, &v) : arm_st_size(m, core, a, 4u, *s)) {
            arm_fault(c, load ? SIM_FAULT_READ : SIM_FAULT_WRITE, pc, a);
            return 1;
        }
        if (load)
            *s = v;
    }
    return 0;
}

/* VLDR/VSTR Sd/Dd, [Rn, #+-imm] (or a literal's absolute address) */
ARM_VFP_FN uint32_t arm_vfp_ldst(arm_ctx_t *c, const arm_insn_t *in, const sim_mem_t *m, uint32_t core,
                                 uint32_t pc, uint32_t load)
{
    uint32_t dbl = in->amount & ARM_VFP_D, a = in->imm;
    if (!(in->amount & ARM_VFP_LIT))
        a = (in->flags & ARM_F_U) ? c->r[in->rn] + in->imm : c->r[in->rn] - in->imm;
    return arm_vfp_xfer(c, m, core, pc, a, dbl ? 2u * in->rd : in->rd, dbl ? 2u : 1u, load);
}

/* VLDM/VSTM Rn{!}, {list}: imm = the words moved (a D register: two), shift
 * = the write-back offset in words (FLDMX's odd count: one more). IA from
 * Rn up; DB (ARM_F_P) from Rn - 4 * offset. */
ARM_VFP_FN uint32_t arm_vfp_ldstm(arm_ctx_t *c, const arm_insn_t *in, const sim_mem_t *m, uint32_t core,
                                  uint32_t pc, uint32_t load)
{
    uint32_t dbl = in->amount & ARM_VFP_D, base = c->r[in->rn], span = 4u * in->shift;
    uint32_t a = (in->flags & ARM_F_P) ? base - span : base;
    if (arm_vfp_xfer(c, m, core, pc, a, dbl ? 2u * in->rd : in->rd, in->imm, load))
        return 1;
    if (in->flags & ARM_F_W)
        c->r[in->rn] = (in->flags & ARM_F_P) ? base - span : base + span;
    return 0;
}

#endif
