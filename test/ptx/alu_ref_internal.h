/* Shared by the reference's two files (alu_ref.c, alu_ref_float.c). */
#ifndef ALU_REF_INTERNAL_H
#define ALU_REF_INTERNAL_H

#include "alu_ref.h"

unsigned rt_bits(unsigned t);
int rt_signed(unsigned t);
uint64_t rt_mask(unsigned w);
int ref_cmp(unsigned cmp, unsigned t, uint64_t a, uint64_t b, int ftz);
int ref_float_cmp(unsigned cmp, unsigned t, uint64_t a, uint64_t b, int ftz);
int ref_f32_nonneg(uint64_t c, int ftz);
void ref_float_eval(const ptx_alu_t *d, const uint64_t *s, ref_out_t *o);

#endif
