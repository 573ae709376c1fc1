/* The random instruction tester for IA-32 (test/risu/README.md): random
 * encodings of every op of warpsim's x86 tables (x86_ops.def, and for the
 * x87 class the rows of x86_x87_ops.def), found through warpsim's own
 * decoder, each wrapped in a block that loads random registers, flags and
 * x87 state, runs it and stores them back; the same static i686 program
 * runs on qemu-i386 and on warpsim and their records are compared.
 * Host side: the generator. */
#ifndef RISU_X86_H
#define RISU_X86_H

#include <stdint.h>

#include "device/x86/x86_insn.h"

/* int: integer ops at 8 and 32 bits; int16: the same under 0x66; x87;
 * sse: the rows of x86_sse_ops.def (SSE, SSE2 and their MMX forms). */
typedef enum risu_x86_class { RISU_X86_INT, RISU_X86_INT16, RISU_X86_X87, RISU_X86_SSE, RISU_X86_CLASSES } risu_x86_class_t;

/* The scratch buffer every memory operand, string pointer and the stack
 * point into (risu_x86_main.c); the edges keep RISU_X86_MARGIN free. */
#define RISU_X86_SCRATCH_BYTES 4096u
#define RISU_X86_MARGIN 160u

/* The x87 state of a block as FNSAVE/FRSTOR lay it out (32-bit form). */
#define RISU_X86_FPU_BYTES 108u

/* The SSE state of a block (sse class): XMM0-7, MXCSR, and a memory
 * operand's 16 bytes written at its offset (~0: none) after the fill. */
#define RISU_X86_SSE_WORDS 38u
#define RISU_X86_SSE_MXCSR 32u
#define RISU_X86_SSE_MEM_OFF 33u
#define RISU_X86_SSE_MEM 34u

/* EFLAGS bits the records show */
#define RISU_CF 0x0001u
#define RISU_PF 0x0004u
#define RISU_AF 0x0010u
#define RISU_ZF 0x0040u
#define RISU_SF 0x0080u
#define RISU_DF 0x0400u
#define RISU_OF 0x0800u
#define RISU_ARITH (RISU_CF | RISU_PF | RISU_AF | RISU_ZF | RISU_SF | RISU_OF)

/* Flags of a block's record (risu_x86_case_t.opts, read by the harness). */
#define RISU_X86_APPROX 0x1u /* transcendental: ST(i) compared to 32 significand bits, C1 not */
#define RISU_X86_SCRUB 0x2u  /* an environment image at scrub: its FIP..FDS words cleared */
#define RISU_X86_SCRUB16 0x4u /* the image is the 16-bit layout */
#define RISU_X86_NOMXFLAGS 0x8u /* sse: MXCSR's exception flags not compared (RCP, RSQRT) */
#define RISU_X86_NODE 0x10u     /* sse: MXCSR's DE not compared (but after LDMXCSR) */
/* opts bits 16..31: the x87 status word bits compared (x87 class) */

typedef struct risu_x86_case {
    uint8_t bytes[16];  /* the instruction */
    uint8_t len;
    uint8_t modrm_at;   /* where the ModRM byte (or a moffs form's address) sits; 0xff: none */
    uint8_t abs_at;     /* 0, or where a disp32 relative to the scratch buffer sits */
    uint32_t abs_off;   /* that disp32's offset into the buffer */
    uint32_t ea;        /* the memory operand's offset into the buffer (when it has one) */
    uint32_t pinned;    /* bit k: regs[k] is set by the op's implicit operands; placing
                         * the memory operand must not change it */
    x86_insn_t in;      /* warpsim's decode */
    uint32_t row;       /* the tester's row (risu_x86_rows.c) */
    uint32_t regs[8];   /* EAX ECX EDX EBX ESP EBP ESI EDI */
    uint32_t rel;       /* bit k: regs[k] is an offset into the scratch buffer */
    uint32_t eflags;    /* the arithmetic flags and DF */
    uint32_t flag_mask; /* the flags the SDM defines after this instruction */
    uint32_t mem_seed;  /* the scratch buffer's contents */
    uint32_t poke_off, poke_val[3]; /* three words written into the buffer after the fill (~0: none) */
    uint32_t opts;      /* RISU_X86_APPROX, RISU_X86_SCRUB */
    uint32_t scrub;     /* the offset of the environment image to scrub */
    uint8_t fpu[RISU_X86_FPU_BYTES]; /* the x87 state loaded (FRSTOR image) */
    uint32_t align;     /* the memory operand's alignment (1, 8 or 16: sse) */
    uint32_t sse[RISU_X86_SSE_WORDS]; /* the SSE state loaded (sse class) */
} risu_x86_case_t;

uint64_t risu_x86_rand(uint64_t *state);
const char *risu_x86_class_name(risu_x86_class_t cls);
int risu_x86_class_of(const char *name, risu_x86_class_t *cls);

/* The tester's rows of a class: an op (and sub-kind) of the integer table,
 * or a row of the x87 table. */
uint32_t risu_x86_rows(risu_x86_class_t cls);
const char *risu_x86_row_name(risu_x86_class_t cls, uint32_t row);
/* The row a decoded instruction belongs to, or ~0u when the class does
 * not test it (control flow, system ops, segment loads, ...). */
uint32_t risu_x86_row_of(risu_x86_class_t cls, const x86_insn_t *in);

/* A random valid instance of `row`: 1 with *out filled, 0 when no try
 * gave one that is comparable. */
int risu_x86_pick(risu_x86_class_t cls, uint32_t row, uint64_t *rng, risu_x86_case_t *out);

/* Pieces of the pick (risu_x86_place.c, risu_x86_flags.c, risu_x86_fpu.c). */
int risu_x86_has_mem(risu_x86_class_t cls, const x86_insn_t *in);
int risu_x86_place(risu_x86_case_t *c, uint64_t *rng);
int risu_x86_setup(risu_x86_class_t cls, risu_x86_case_t *c, uint64_t *rng);
int risu_x86_finish(risu_x86_class_t cls, risu_x86_case_t *c, uint64_t *rng);
uint32_t risu_x86_defined_flags(const risu_x86_case_t *c);
void risu_x86_fpu_state(risu_x86_case_t *c, uint64_t *rng);
int risu_x86_x87_finish(risu_x86_case_t *c, uint64_t *rng);
int risu_x86_sse_row_of(const x86_insn_t *in);
const char *risu_x86_sse_row_name(uint32_t key);
int risu_x86_sse_setup(risu_x86_case_t *c, uint64_t *rng);
int risu_x86_sse_finish(risu_x86_case_t *c, uint64_t *rng);
uint32_t risu_x86_value(uint64_t *rng);

#endif
