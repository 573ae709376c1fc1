/* The x87 unit as the IA-32 core sees it: its state in the core's context
 * and one entry point per instruction in the 0xD8..0xDF space. The core
 * decodes prefixes and ModRM and computes the effective address; this unit
 * does the rest on the 80-bit arithmetic of fp80_all.h.
 *
 * The seam is fixed (/work/brief_x87_seam.md): the state layout is this
 * unit's own, the entry's signature is shared with the core. Until the
 * executor lands every x87 encoding answers X87_UNDEF, which the core
 * turns into its undefined-instruction fault. */
#ifndef X86_X87_H
#define X86_X87_H

#include "../sim_mem.h"
#include "fp80_all.h"

/* Only uint32_t words: contexts are stored as structures of arrays. */
typedef struct x87_state {
    uint32_t st[8][3];   /* physical registers R0..R7: significand low, high, sign|exponent */
    uint32_t cw, sw, tw; /* control, status (TOP in 13..11), tag word (2 bits a register) */
    uint32_t fip, fdp, fop;
} x87_state_t;

#define X86_X87_WORDS ((uint32_t)(sizeof(x87_state_t) / sizeof(uint32_t)))

enum { X87_OK = 0, X87_FAULT_READ, X87_FAULT_WRITE, X87_UNDEF };

/* FNINIT's state, what Linux gives a new i386 process. */
SIM_FN void x86_x87_init(x87_state_t *f)
{
    for (uint32_t w = 0; w < X86_X87_WORDS; w++)
        ((uint32_t *)f)[w] = 0;
    f->cw = 0x037f;
    f->tw = 0xffff;
}

SIM_FN uint32_t x86_x87_exec(x87_state_t *f, const sim_mem_t *m, uint32_t core, uint32_t op,
                             uint32_t modrm, uint32_t ea, uint32_t pc, uint32_t opsize16,
                             uint32_t *eax, uint32_t *eflags, uint32_t *fault_addr)
{
    (void)f, (void)m, (void)core, (void)op, (void)modrm, (void)ea, (void)pc, (void)opsize16;
    (void)eax, (void)eflags, (void)fault_addr;
    return X87_UNDEF;
}

#endif
