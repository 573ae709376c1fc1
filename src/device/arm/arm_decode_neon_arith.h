/* The arithmetic family's field extractors (arm_neon_enc.def's forms):
 *   int arm_neon_form_<form>(uint32_t w, uint32_t addr, arm_insn_t *out);
 * w is the A32 word; nonzero: UNDEFINED or UNPREDICTABLE. */
#ifndef ARM_DECODE_NEON_ARITH_H
#define ARM_DECODE_NEON_ARITH_H

#include "arm_insn.h"

#define ARM_NEON_ARITH_FORMS(_)                                                  \
    _(q3) _(i3) _(h3) _(p3) _(b3) _(f3) _(fp3)                                   \
    _(l3) _(w3) _(n3) _(ql3) _(pl3)                                              \
    _(scq) _(scf) _(scl)                                                         \
    _(shr) _(shl) _(shn) _(shll) _(cvx) _(mi)

#define ARM_NEON_ARITH_FORM_DECL(f) int arm_neon_form_##f(uint32_t w, uint32_t addr, arm_insn_t *o);
ARM_NEON_ARITH_FORMS(ARM_NEON_ARITH_FORM_DECL)
#undef ARM_NEON_ARITH_FORM_DECL

#endif
