/* One simulated ARM core's architectural state, plus the OS state every core
 * has (sim_sys_t, last). Only uint32_t fields: the machine stores the
 * registers and the OS state as two structures-of-arrays (sim_soa.h) and a
 * backend stages one core's context into this struct for a run of steps. */
#ifndef ARM_CTX_H
#define ARM_CTX_H

#include "../sim_core.h"
#include "arm_insn.h"

/* The CPSR's bits as MRS reads them (arm_cpsr_read) */
#define ARM_CPSR_N 0x80000000u
#define ARM_CPSR_Z 0x40000000u
#define ARM_CPSR_C 0x20000000u
#define ARM_CPSR_V 0x10000000u
#define ARM_CPSR_Q 0x08000000u
#define ARM_CPSR_GE_SHIFT 16
#define ARM_CPSR_NZCV_SHIFT 28

/* The double registers, D0-D31 (VFPv3-D32); the single ones alias the
 * first half, S<2n>, S<2n+1> = D<n>. AT_HWCAP (arm_host.h) says D32. */
#define ARM_VFP_DREGS 32u

typedef struct arm_ctx {
    uint32_t r[16];     /* r[15]: address of the next instruction to run, between steps */
    uint32_t nzcv;      /* N Z C V in bits 3..0: the CPSR's 31..28, in a word of their
                         * own so that setting them merges nothing, and a condition's
                         * test shifts its row by them as they are (ARM_COND_ROWS) */
    uint32_t cpsr;      /* the rest as MRS reads it: Q (27), GE (19..16), the mode (4..0).
                         * Its 31..28 stay 0; T lives in `thumb` */
    uint32_t thumb;     /* 1 in Thumb state */
    uint32_t it;        /* ITSTATE (8 bits) as the architecture keeps it; 0 outside IT */
    uint32_t npc;       /* next pc, scratch within one step */
    uint32_t excl_addr; /* exclusive monitor: address of the last LDREX, ~0 when clear */
    uint32_t excl_val;  /* value LDREX read (STREX succeeds by compare-and-swap on it) */
    uint32_t excl_val2; /* second word for LDREXD */
    uint32_t vfp[2 * ARM_VFP_DREGS]; /* D<n> is vfp[2n+1]:vfp[2n]; S<n> is vfp[n]
                                      * (VFPv3-D32, arm_exec_vfp.h) */
    uint32_t fpscr;     /* FPSCR: NZCV, DN, FZ, RMode and the cumulative flags */
    sim_sys_t sys;
} arm_ctx_t;

#define ARM_CTX_WORDS (sizeof(arm_ctx_t) / sizeof(uint32_t))
/* The register words, stored apart from the OS state (sim_soa.h). */
#define ARM_REGS_WORDS ((uint32_t)(offsetof(arm_ctx_t, sys) / sizeof(uint32_t)))
SIM_STATIC_ASSERT(offsetof(arm_ctx_t, sys) + sizeof(sim_sys_t) == sizeof(arm_ctx_t),
                  arm_ctx_ends_with_sys);

/* Code in the private windows is decoded by pages of this many bytes. */
#define ARM_CODE_PAGE 4096u

/* One page of one core's window as code (arm_code_t.win): its records in
 * both instruction sets, decoded from the core's bytes where the core
 * fetches (ARM_OP_UNDECODED elsewhere), each set stamped with the core's
 * sys.code_gen when its records were dropped last (~0: never decoded); a
 * fetch that finds the stamp old waits for them to be dropped and decoded
 * again. */
typedef struct arm_win_page {
    uint32_t gen[2];                   /* A32's, T32's */
    arm_insn_t a32[ARM_CODE_PAGE / 4]; /* a record a word */
    arm_insn_t t32[ARM_CODE_PAGE / 2]; /* a record a halfword */
} arm_win_page_t;

/* The predecoded program every core shares. */
typedef struct arm_code {
    const arm_insn_t *a32; /* one record per text word: index (pc - text_lo) >> 2 */
    const arm_insn_t *t32; /* one record per text halfword: index (pc - text_lo) >> 1 */
    uint32_t text_lo;      /* first executable address */
    uint32_t text_size;    /* bytes, multiple of 4 */
    /* Code in the private windows (DESIGN.md, code written at run time):
     * win[core * win_pages + p], page p of core's window (NULL: not yet
     * fetched from), allocated and decoded by the host. win NULL: no code
     * runs from the windows (the CUDA backend). */
    arm_win_page_t *const *win;
    uint32_t win_pages;
} arm_code_t;

/* The kernel user helpers page (Linux arch/arm/kernel/entry-armv.S). */
#define ARM_KUSER_MEMBARRIER 0xffff0fa0u
#define ARM_KUSER_CMPXCHG    0xffff0fc0u
#define ARM_KUSER_GET_TLS    0xffff0fe0u
#define ARM_KUSER_VERSION    0xffff0ffcu /* word: number of helpers (we report 2) */
#define ARM_KUSER_CMPXCHG64  0xffff0f60u

#endif
