/* The random instruction tester (in the spirit of QEMU's risu): random valid
 * encodings of every row of warpsim's encoding tables, each wrapped in a
 * block that loads random registers and flags, runs it, and stores them
 * back; the same ARM program runs on qemu-arm and on warpsim and their
 * records are compared (test/risu/README.md). Host side: the picker. */
#ifndef RISU_H
#define RISU_H

#include <stdint.h>

#include "device/arm/arm_insn.h"

/* vfp and tvfp: arm_vfp_enc.def's rows in A32 and in T32 encoding (the
 * same bits but the top four, decoded on the two decoders' paths); neon
 * and tneon: arm_neon_enc.def's rows (A32 words) in A32 and in their T32
 * encoding (1111 001U as 111U 1111, 1111 0100 as 1111 1001). */
typedef enum risu_class {
    RISU_A32, RISU_T16, RISU_T32, RISU_VFP, RISU_TVFP, RISU_NEON, RISU_TNEON, RISU_CLASSES
} risu_class_t;

static inline int risu_class_neon(risu_class_t cls) { return cls == RISU_NEON || cls == RISU_TNEON; }
/* The classes whose blocks load and dump the VFP state too. */
static inline int risu_class_fp(risu_class_t cls)
{
    return cls == RISU_VFP || cls == RISU_TVFP || risu_class_neon(cls);
}
/* Thumb, in its 16- or 32-bit encodings. */
static inline int risu_class_thumb(risu_class_t cls)
{
    return cls != RISU_A32 && cls != RISU_VFP && cls != RISU_NEON;
}

/* The scratch buffer every memory operand points into (risu_main.c). */
#define RISU_SCRATCH_BYTES 4096u
/* In rel: the block loads or stores. Only such a block has the buffer
 * filled before and digested after it (no other has a register pointing
 * there); the rest, most blocks, skip the harness's costliest part. */
#define RISU_REL_MEM 0x80000000u

typedef struct risu_case {
    uint32_t word;     /* A32 word; T16 halfword; T32 hw1 << 16 | hw2 */
    arm_insn_t in;     /* warpsim's decode, which chose the constraints */
    uint32_t regs[14]; /* r0..r12, lr */
    uint32_t apsr;     /* NZCVQ and GE */
    uint32_t mem_seed; /* the scratch buffer's contents */
    uint32_t rel;      /* bit k: regs[k] is an offset into the scratch buffer; RISU_REL_MEM */
    uint32_t fpscr;    /* the FP classes': the FPSCR, and D0-D31 as words (S0-S31 the first 32) */
    uint32_t s[64];
} risu_case_t;

uint64_t risu_rand(uint64_t *state);
const char *risu_class_name(risu_class_t cls);
int risu_class_of(const char *name, risu_class_t *cls);
/* Rows of the class's encoding table. */
uint32_t risu_rows(risu_class_t cls);
/* A random valid instance of row `row`: 1 with *out filled, 0 when the
 * tries found none that is well defined and comparable. */
int risu_pick_row(risu_class_t cls, uint32_t row, uint64_t *rng, risu_case_t *out);

/* risu_pick_vfp.c: whether a decoded VFP row is comparable (and its memory
 * operand's base, set in c), and the random FP state of a block. */
int risu_vfp_ok(risu_class_t cls, risu_case_t *c, uint64_t *rng);
void risu_vfp_inputs(risu_case_t *c, uint64_t *rng);
uint32_t risu_r32(uint64_t *rng);
/* risu_pick_neon.c: whether a decoded NEON row is comparable, and the
 * block's random FP state. */
int risu_neon_ok(risu_case_t *c, uint64_t *rng);
/* risu_pick_neon_mem.c: whether a decoded NEON load or store (a row whose
 * op has ARM_P_LOAD or ARM_P_STORE) is comparable; if so its base (and
 * index) registers made to point into the scratch buffer, as offsets, with
 * c->rel's bits for them and RISU_REL_MEM set. */
int risu_neon_mem_ok(risu_case_t *c, uint64_t *rng);
uint32_t risu_value(uint64_t *rng);

#endif
