/* The element family's field extractors (arm_neon_enc.def's forms):
 *   int arm_neon_form_<form>(uint32_t w, uint32_t addr, arm_insn_t *out);
 * w is the A32 word; nonzero: UNDEFINED or UNPREDICTABLE. */
#ifndef ARM_DECODE_NEON_ELEM_H
#define ARM_DECODE_NEON_ELEM_H

#include "arm_insn.h"

int arm_neon_form_MISC(uint32_t w, uint32_t addr, arm_insn_t *out);   /* two registers misc */
int arm_neon_form_PERM(uint32_t w, uint32_t addr, arm_insn_t *out);   /* VSWP VTRN VUZP VZIP */
int arm_neon_form_NARROW(uint32_t w, uint32_t addr, arm_insn_t *out); /* VMOVN VQMOVN VQMOVUN */
int arm_neon_form_SHLL(uint32_t w, uint32_t addr, arm_insn_t *out);   /* VSHLL #esize */
int arm_neon_form_CVTH(uint32_t w, uint32_t addr, arm_insn_t *out);   /* VCVT f16 <-> f32 */
int arm_neon_form_EXT(uint32_t w, uint32_t addr, arm_insn_t *out);
int arm_neon_form_TBL(uint32_t w, uint32_t addr, arm_insn_t *out);
int arm_neon_form_DUPS(uint32_t w, uint32_t addr, arm_insn_t *out);   /* VDUP Vd, Dm[x] */
int arm_neon_form_LSM(uint32_t w, uint32_t addr, arm_insn_t *out);    /* multiple structures */
int arm_neon_form_LSL(uint32_t w, uint32_t addr, arm_insn_t *out);    /* one lane */
int arm_neon_form_LSA(uint32_t w, uint32_t addr, arm_insn_t *out);    /* to all lanes */
/* The A7.8 transfers, coprocessor 11 encodings (arm_decode_vfp.c's forms
 * SCALARX and DUPR call these; w the A32 or T32 word, t32 which) */
int arm_neon_form_scalarx(uint32_t w, uint32_t t32, arm_insn_t *out);
int arm_neon_form_dupr(uint32_t w, uint32_t t32, arm_insn_t *out);

#endif
