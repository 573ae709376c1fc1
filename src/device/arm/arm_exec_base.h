/* What every ARM executor family shares: flag updates, the condition test,
 * the ways an instruction writes the PC, and faults. Single source (gcc and
 * nvcc). Within a step, c->r[15] reads as the instruction's address + 8 (A32)
 * or + 4 (T32) and c->npc is where execution continues; PC writes go to npc. */
#ifndef ARM_EXEC_BASE_H
#define ARM_EXEC_BASE_H

#include "arm_ctx.h"
#include "../sim_mem.h"
#include "arm_flags.h"

#define ARM_CPSR_NZCV 0xf0000000u
#define ARM_CPSR_GE   0x000f0000u

/* ConditionPassed(): bit <NZCV> of row <cond> is 1 when the condition holds.
 * Rows: EQ NE CS CC MI PL VS VC HI LS GE LT GT LE AL (and 1111, also always). */
#define ARM_COND_ROWS                                                          \
    {0xf0f0u, 0x0f0fu, 0xccccu, 0x3333u, 0xff00u, 0x00ffu, 0xaaaau, 0x5555u,   \
     0x0c0cu, 0xf3f3u, 0xaa55u, 0x55aau, 0x0a05u, 0xf5fau, 0xffffu, 0xffffu}

static const uint16_t arm_cond_rows_host[16] = ARM_COND_ROWS;
#ifdef __CUDACC__
static __constant__ uint16_t arm_cond_rows_dev[16] = ARM_COND_ROWS;
#endif

/* Whether the condition of row `row` holds under flags nzcv (c->nzcv) */
SIM_INLINE uint32_t arm_row_passes(uint32_t row, uint32_t nzcv) { return (row >> nzcv) & 1u; }

SIM_INLINE uint32_t arm_cond_pass(uint32_t cond, uint32_t nzcv)
{
#ifdef __CUDA_ARCH__
    return arm_row_passes(arm_cond_rows_dev[cond & 15u], nzcv);
#else
    if (cond > 15u)
        __builtin_unreachable(); /* a 4-bit field: spares the host a mask */
    return arm_row_passes(arm_cond_rows_host[cond], nzcv);
#endif
}

/* ConditionPassed() again, from the flag bits by the manual's expressions,
 * where the rows need a shift by each word's own flags: with cond a
 * constant, a loop of these over many flag words vectorises (the lockstep
 * engine's masks; SSE2 has no per-element shift). test_arm_exec's
 * cond_bits_match_rows checks them against the rows for every cond and
 * flags. */
SIM_INLINE uint32_t arm_cond_bits(uint32_t cond, uint32_t f)
{
    uint32_t n = f >> 3 & 1u, z = f >> 2 & 1u, c = f >> 1 & 1u, v = f & 1u;
    switch (cond & 15u) {
    case 0: return z;                    /* EQ */
    case 1: return z ^ 1u;               /* NE */
    case 2: return c;                    /* CS */
    case 3: return c ^ 1u;               /* CC */
    case 4: return n;                    /* MI */
    case 5: return n ^ 1u;               /* PL */
    case 6: return v;                    /* VS */
    case 7: return v ^ 1u;               /* VC */
    case 8: return c & (z ^ 1u);         /* HI */
    case 9: return (c ^ 1u) | z;         /* LS */
    case 10: return n ^ v ^ 1u;          /* GE */
    case 11: return n ^ v;               /* LT */
    case 12: return (z | (n ^ v)) ^ 1u;  /* GT */
    case 13: return z | (n ^ v);         /* LE */
    default: return 1u;                  /* AL */
    }
}

/* Whether record `in` runs on its own condition (outside IT blocks). */
SIM_INLINE uint32_t arm_record_passes(const arm_ctx_t *c, const arm_insn_t *in)
{
    return in->cond == ARM_COND_AL || arm_cond_pass(in->cond, c->nzcv);
}

SIM_INLINE uint32_t arm_cflag(const arm_ctx_t *c) { return (c->nzcv >> 1) & 1u; }

/* Flags f with N and Z from result r (and C = carry): the values, for the
 * setters below and for the lockstep engine's lanes (fast/arm_lockstep.c). */
SIM_INLINE uint32_t arm_nz_merge(uint32_t f, uint32_t r) { return (f & 3u) | arm_nz_of(r); }
SIM_INLINE uint32_t arm_nzc_merge(uint32_t f, uint32_t r, uint32_t carry)
{
    return (f & 1u) | arm_nz_of(r) | carry << 1;
}

SIM_INLINE void arm_set_nz(arm_ctx_t *c, uint32_t r) { c->nzcv = arm_nz_merge(c->nzcv, r); }

SIM_INLINE void arm_set_nzc(arm_ctx_t *c, uint32_t r, uint32_t carry)
{
    c->nzcv = arm_nzc_merge(c->nzcv, r, carry);
}

SIM_INLINE void arm_set_nzcv(arm_ctx_t *c, uint32_t r, uint32_t carry, uint32_t ovf)
{
    c->nzcv = arm_nz_of(r) | carry << 1 | ovf;
}

/* The CPSR as MRS reads it, and MSR's write of the bits in mask. */
SIM_INLINE uint32_t arm_cpsr_read(const arm_ctx_t *c)
{
    return c->cpsr | c->nzcv << ARM_CPSR_NZCV_SHIFT;
}

SIM_INLINE void arm_cpsr_write(arm_ctx_t *c, uint32_t v, uint32_t mask)
{
    uint32_t cpsr = (arm_cpsr_read(c) & ~mask) | (v & mask);
    c->nzcv = cpsr >> ARM_CPSR_NZCV_SHIFT;
    c->cpsr = cpsr & ~ARM_CPSR_NZCV;
}

SIM_INLINE void arm_set_q(arm_ctx_t *c) { c->cpsr |= ARM_CPSR_Q; }

/* Whether a flag-setting encoding sets flags now: T16 "S outside IT" forms
 * (ARM_F_ITS) set them only when no IT block is active. */
SIM_INLINE uint32_t arm_setflags(const arm_ctx_t *c, const arm_insn_t *in)
{
    if (SIM_UNLIKELY(in->flags & ARM_F_ITS))
        return c->it == 0;
    return in->flags & ARM_F_S;
}

/* BranchWritePC: stay in the current instruction set. */
SIM_INLINE void arm_branch_write_pc(arm_ctx_t *c, uint32_t a)
{
    c->npc = c->thumb ? a & ~1u : a & ~3u;
}

/* BXWritePC (also LoadWritePC from v5T): bit 0 selects Thumb. */
SIM_INLINE void arm_bx_write_pc(arm_ctx_t *c, uint32_t a)
{
    c->thumb = a & 1u;
    c->npc = (a & 1u) ? a & ~1u : a & ~3u;
}

/* ALUWritePC: interworking in A32 (ARMv7), a plain branch in T32. */
SIM_INLINE void arm_alu_write_pc(arm_ctx_t *c, const arm_insn_t *in, uint32_t a)
{
    if (in->flags & ARM_F_T32)
        arm_branch_write_pc(c, a);
    else
        arm_bx_write_pc(c, a);
}

/* A data-processing result: Rd, or the PC through ALUWritePC. */
SIM_INLINE void arm_wr_alu(arm_ctx_t *c, const arm_insn_t *in, uint32_t v)
{
    if (SIM_UNLIKELY(in->rd == 15))
        arm_alu_write_pc(c, in, v);
    else
        c->r[in->rd] = v;
}

/* A loaded value: register n, or the PC through LoadWritePC. */
SIM_INLINE void arm_wr_load(arm_ctx_t *c, uint32_t n, uint32_t v)
{
    if (SIM_UNLIKELY(n == 15))
        arm_bx_write_pc(c, v);
    else
        c->r[n] = v;
}

/* Stop the core at the instruction at pc; the step leaves r15 = pc. */
SIM_INLINE void arm_fault(arm_ctx_t *c, uint32_t reason, uint32_t pc, uint32_t addr)
{
    sim_fault(&c->sys, reason, pc, addr);
    c->npc = pc;
}

SIM_INLINE uint32_t arm_ror(uint32_t v, uint32_t n)
{
    n &= 31u;
    return n ? (v >> n) | (v << (32u - n)) : v;
}

SIM_INLINE uint32_t arm_ctz(uint32_t x)
{
#ifdef __CUDA_ARCH__
    return (uint32_t)(__ffs((int)x) - 1);
#else
    return (uint32_t)__builtin_ctz(x);
#endif
}

#endif
