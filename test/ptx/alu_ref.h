/* The reference of the PTX ALU differential tester (alu_diff.c): every
 * instruction's result computed again from the PTX ISA's text, apart from
 * the simulator's code: plain C with __int128 for the integers, C99
 * arithmetic under fesetround for f32/f64 rounding modes, MPFR where C has
 * no operation (f16, bf16, integer to float with a mode, the approximations'
 * exact values). Only the descriptor (ptx_alu_t) is shared. */
#ifndef ALU_REF_H
#define ALU_REF_H

#include "device/ptx/ptx_alu.h"

typedef struct {
    uint64_t r, r2;   /* first and second destination */
    uint32_t cc;      /* the carry after the instruction */
    int bound;        /* 1: r is not exact; check with ref_within */
} ref_out_t;

/* Sources as ptx_alu_eval takes them (already without garbage bits). */
void ref_eval(const ptx_alu_t *d, const uint64_t s[4], uint32_t cc_in, ref_out_t *o);
/* For ref_eval's bound results: is got within NVIDIA's published error
 * of the exact value? why: a short reason when not. */
int ref_within(const ptx_alu_t *d, const uint64_t s[4], uint64_t got, const char **why);

#endif
