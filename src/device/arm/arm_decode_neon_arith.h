/* The arithmetic family's field extractors (arm_neon_enc.def's forms):
 *   int arm_neon_form_<form>(uint32_t w, uint32_t addr, arm_insn_t *out);
 * w is the A32 word; nonzero: UNDEFINED or UNPREDICTABLE. */
#ifndef ARM_DECODE_NEON_ARITH_H
#define ARM_DECODE_NEON_ARITH_H

#include "arm_insn.h"

#endif
