/* One simulated IA-32 core's architectural state, plus the OS state every
 * core has (sim_sys_t, last). Only uint32_t fields: the machine stores the
 * registers and the OS state as structures of arrays (sim_soa.h).
 *
 * The arithmetic flags are lazy: an instruction that sets them records
 * what it computed (cc_op, cc_res, cc_a, cc_b) and x86_flags.h derives CF
 * PF AF ZF SF OF from that when something reads them. */
#ifndef X86_CTX_H
#define X86_CTX_H

#include "../sim_core.h"
#include "x86_insn.h"
#include "x86_x87.h"
#include "x86_sse_state.h"

/* EFLAGS bits */
#define X86_CF 0x0001u
#define X86_PF 0x0004u
#define X86_AF 0x0010u
#define X86_ZF 0x0040u
#define X86_SF 0x0080u
#define X86_DF 0x0400u
#define X86_OF 0x0800u
#define X86_ARITH_FLAGS (X86_CF | X86_PF | X86_AF | X86_ZF | X86_SF | X86_OF)
/* What POPF may change in user mode: the arithmetic flags, DF, AC and ID
 * (glibc's CPUID probe toggles ID). Bit 1 is always set, IF always on. */
#define X86_USER_FLAGS (X86_ARITH_FLAGS | X86_DF | 0x00040000u | 0x00200000u)
#define X86_FLAGS_FIXED 0x00000202u

/* Linux i386's first TLS entry in the GDT (GDT_ENTRY_TLS_MIN): the one
 * set_thread_area hands out; its user selector is 6 << 3 | 3. */
#define X86_TLS_ENTRY 6u
#define X86_TLS_SELECTOR ((X86_TLS_ENTRY << 3) | 3u)

typedef struct x86_ctx {
    uint32_t r[8];    /* EAX ECX EDX EBX ESP EBP ESI EDI */
    uint32_t zero;    /* register X86_NOREG: reads 0 (an address without base or index) */
    uint32_t eip;     /* the next instruction, between steps */
    uint32_t eflags;  /* DF, ID, AC and the fixed bits; all of EFLAGS when cc_op is
                       * X86_CC_EFLAGS (x86_flags.h) */
    uint32_t cc_op;   /* how the arithmetic flags follow from cc_res, cc_a, cc_b */
    uint32_t cc_res;
    uint32_t cc_a;
    uint32_t cc_b;
    uint32_t gs;      /* the GS selector */
    uint32_t gs_base; /* its base: 0, or sys.tls for the TLS entry's selector */
    uint32_t fs;      /* the FS selector (FS's base is 0: Linux i386 gives a process none) */
    x87_state_t x87;
    sse_state_t sse;  /* XMM0-7 and MXCSR (the MMX registers are in x87) */
    sim_sys_t sys;
} x86_ctx_t;

#define X86_CTX_WORDS (sizeof(x86_ctx_t) / sizeof(uint32_t))
#define X86_REGS_WORDS ((uint32_t)(offsetof(x86_ctx_t, sys) / sizeof(uint32_t)))
SIM_STATIC_ASSERT(offsetof(x86_ctx_t, sys) + sizeof(sim_sys_t) == sizeof(x86_ctx_t),
                  x86_ctx_ends_with_sys);
SIM_STATIC_ASSERT(offsetof(x86_ctx_t, zero) == X86_NOREG * sizeof(uint32_t), x86_noreg_is_zero);

/* Code in the private windows is decoded by pages of this many bytes. */
#define X86_CODE_PAGE 4096u

/* One page of one core's window as code (x86_code_t.win): a record a byte,
 * decoded from the core's bytes, and those bytes (`seen`), with the first
 * 14 of the next page, which an instruction from this one may reach into.
 * A record runs only while the core's bytes under it still equal those
 * (x86_fetch_win), so a store by any path is seen by the next fetch. */
typedef struct x86_win_page {
    x86_insn_t recs[X86_CODE_PAGE];
    uint8_t seen[X86_CODE_PAGE + X86_MAX_LEN - 1u];
} x86_win_page_t;

/* The predecoded program every core shares. */
typedef struct x86_code {
    const x86_insn_t *recs; /* one record per text byte: index pc - text_lo */
    uint32_t text_lo;       /* first executable address */
    uint32_t text_size;     /* bytes */
    /* Code in the private windows (DESIGN.md, code written at run time):
     * win[core * win_pages + p], page p of core's window (NULL: not yet
     * fetched from), allocated and decoded by the host. win NULL: no code
     * runs from the windows (the CUDA backend). */
    x86_win_page_t *const *win;
    uint32_t win_pages;
} x86_code_t;

#endif
