/* The seam between the PTX executor and the PTX ALU semantics: every
 * instruction that computes a value from register or immediate operands
 * without touching memory, control flow or other lanes (ptx_ops.def's
 * arithmetic, bit, compare-and-select, float, conversion rows, and mov
 * between registers).
 *
 * Values: every register slot of a lane is 64 bits. A value of a type of N
 * bits is its low N bits, zero-extended (f16x2 and bf16x2: 32 bits, .lo half
 * in bits 15:0); a predicate is 0 or 1. Sources are read by their type's
 * width only, whatever the upper bits hold; results are returned
 * zero-extended. Immediates arrive already as the bits of their type.
 *
 * The executor lowers each such instruction into a ptx_alu_t once (host),
 * calls ptx_alu_prepare on it, then per warp instruction calls
 *   - on the CPU, ptx_alu_warp: all 32 lanes at once, the lane loop inside
 *     (vectorisable for the common forms);
 *   - on the GPU, ptx_alu_eval: one lane, one thread.
 * Both run the same scalar semantics (ptx_alu_*.h).
 *
 *   SIM_FN void ptx_alu_prepare(ptx_alu_t *d);   host: picks d->form
 *   SIM_FN uint64_t ptx_alu_eval(const ptx_alu_t *d, uint64_t a, uint64_t b, uint64_t c, uint64_t e,
 *                                uint32_t *cc, uint64_t *d2);
 *     one lane: a, b, c, e the sources in PTX order after the destinations
 *     (absent: 0); *cc the lane's carry (read by addc/subc/madc, written by
 *     .cc); *d2 the second destination (setp's q of p|q: !p combined with c
 *     like p; for setp.f16x2, p is the low halves' result and q the high
 *     ones'), untouched otherwise. Returns the first destination.
 *   SIM_FN void ptx_alu_warp(const ptx_alu_t *d, uint64_t *dst, uint64_t *dst2,
 *                            const uint64_t *const s[4], uint32_t mask, uint8_t *cc);
 *     32 lanes: s[i] the lanes of source i (an immediate broadcast), NULL if
 *     absent; lanes of mask get dst, dst2 (if not NULL) and cc; the others
 *     keep their values.
 * A source written !p arrives as the predicate's plain value: d->negsrc
 * (set by ptx_alu_from_insn) says which, and the ALU negates it.
 *
 * Choices where the ISA leaves results open or hardware differs from the
 * text (each tested, test/unit/test_ptx_alu_*.c):
 *   - integer division by zero: div gives all ones (signed too), rem the
 *     dividend; MIN / -1 = MIN, MIN rem -1 = 0;
 *   - float NaN results are canonical: f32 0x7fffffff, f16/bf16 0x7fff,
 *     f64 0x7fffffffffffffff (abs, neg, copysign, mov keep the bits);
 *   - .relu turns every result with the sign bit set (-0 too) into +0,
 *     NaN into the canonical NaN; .sat turns -0 and NaN into +0;
 *   - cvt without a rounding modifier: .rn to float, .rzi to integer;
 *   - the .approx functions are computed in double and rounded once
 *     (ptx_alu_approx.h has NVIDIA's bounds; tests check them with MPFR). */
#ifndef PTX_ALU_H
#define PTX_ALU_H

#include "device/sim_port.h"
#include "device/ptx/ptx_ops.h"
#include "device/ptx/ptx_enums.h"

typedef struct ptx_alu {
    uint16_t op;        /* ptx_op_t */
    uint16_t form;      /* ptx_alu_prepare's choice of loop; 0: the generic one */
    uint8_t type;       /* ptx_type_t (ptx_enums.h): the instruction's type */
    uint8_t type2;      /* cvt/set/slct: the source type */
    uint8_t round;      /* ptx_round_t */
    uint8_t cmp;        /* ptx_cmp_t */
    uint8_t boolop;     /* ptx_bool_t */
    uint8_t mul;        /* ptx_mul_t */
    uint8_t prmt;       /* ptx_prmt_t */
    uint8_t shf_dir, shf_mode, testp;
    uint32_t flags;     /* PTX_MF_* (ftz, sat, approx, cc, ...) */
    uint8_t negsrc;     /* bit i: source i is a predicate written !p; applied here */
    uint8_t cmp_sets;   /* ptx_alu_prepare: the PTX_CMPS_* outcomes for which cmp is true */
} ptx_alu_t;

/* A compare's outcomes (ptx_alu_t.cmp_sets), for the branch-free loops. */
#define PTX_CMPS_LT 1u
#define PTX_CMPS_EQ 2u
#define PTX_CMPS_GT 4u
#define PTX_CMPS_UN 8u

#include "device/ptx/ptx_alu_int.h"
#include "device/ptx/ptx_alu_bits.h"
#include "device/ptx/ptx_alu_fop.h"
#include "device/ptx/ptx_alu_cvt.h"
#include "device/ptx/ptx_alu_eval.h"
#include "device/ptx/ptx_alu_warp.h"

#endif
