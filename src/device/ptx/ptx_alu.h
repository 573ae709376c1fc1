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
 * Both run the same scalar semantics (ptx_alu_*.h). */
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
