/* Lowering a parsed module into a ptx_prog_t (ptx_prog.h): the layout of
 * memory (ptx_lower.c) and the records of each instruction
 * (ptx_lower_insn.c, ptx_lower_call.c). Host only. */
#ifndef PTX_LOWER_H
#define PTX_LOWER_H

#include <setjmp.h>
#include <stdio.h>

#include "device/ptx/ptx_prog.h"
#include "host/ptx/ptx.h"

/* A growing array: PTX_GROW(arr, n, cap) makes room for one more. */
#define PTX_GROW(lw, arr, n, cap)                                                  \
    do {                                                                           \
        if ((n) == (cap)) {                                                        \
            (cap) = (cap) ? (cap) * 2 : 16;                                        \
            void *grown_ = realloc((arr), sizeof *(arr) * (cap));                  \
            if (!grown_)                                                           \
                ptx_lower_fail((lw), NULL, "out of memory");                       \
            (arr) = grown_;                                                        \
        }                                                                          \
    } while (0)

typedef struct ptx_lower {
    const ptx_module_t *m;
    const char *path;
    ptx_prog_t *p;
    char *err;
    size_t errlen;
    jmp_buf fail;
    uint64_t *gaddr;        /* module variables: address in their space */
    uint64_t gbase;         /* where the module's .global variables start */
    uint64_t **vaddr;       /* function variables' .shared offsets, per function */
    uint32_t ncap_recs, ncap_imms, ncap_targets, ncap_calls, ncap_cargs, ncap_pofs;
    uint32_t nimms, ntargets, ncalls, ncargs, npofs;
    uint32_t nmmas, ncap_mmas;
    /* the function being lowered */
    const ptx_func_t *f;
    uint32_t fi;
    uint32_t sink, scratch;  /* slots: `_`'s, and a special-register source's (ptx_exec_alu reads it
                                from a lane array instead) */
    uint32_t nslots;
} ptx_lower_t;

_Noreturn void ptx_lower_fail(ptx_lower_t *lw, const ptx_insn_t *in, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void ptx_lower_func(ptx_lower_t *lw, uint32_t fi);
/* Places the module's and functions' .shared variables (lw->gaddr,
 * lw->vaddr, each kernel's pf->shared_static); the bytes all of them span. */
uint64_t ptx_lower_shared_layout(ptx_lower_t *lw);
void ptx_lower_insn(ptx_lower_t *lw, const ptx_insn_t *in, ptx_rec_t *r);
void ptx_lower_call(ptx_lower_t *lw, const ptx_insn_t *in, ptx_rec_t *r);
/* tex, tld4, txq, suq, suld, sust (ptx_lower_tex.c). */
void ptx_lower_tex(ptx_lower_t *lw, const ptx_insn_t *in, ptx_rec_t *r);
/* The slot of a source operand (registers, immediates, symbols' addresses). */
uint32_t ptx_lower_src(ptx_lower_t *lw, const ptx_insn_t *in, const ptx_operand_t *o);
uint32_t ptx_lower_dst(ptx_lower_t *lw, const ptx_insn_t *in, const ptx_operand_t *o);
uint32_t ptx_lower_imm(ptx_lower_t *lw, uint64_t v);
/* A symbol's address: its PTX_MS_* space, offset, and whether the frame base adds. */
void ptx_lower_sym(ptx_lower_t *lw, const ptx_insn_t *in, ptx_symref_t s, uint8_t *space, uint64_t *addr,
                   int *frame);
uint32_t ptx_lower_reg_slot(const ptx_func_t *f, uint8_t rclass, uint32_t reg);
/* [base + imm] or [sym + imm] of a memory instruction: r's space, base slot and offset. */
void ptx_lower_address(ptx_lower_t *lw, const ptx_insn_t *in, const ptx_operand_t *o, ptx_rec_t *r);

#endif
