/* Float literals to the bits of a type: PTX writes 0fXXXXXXXX (an f32's
 * bits), 0dXXXXXXXXXXXXXXXX (an f64's) and decimal (a double); an
 * instruction or initializer of another float type converts the value
 * (round to nearest even). */
#ifndef PTX_FLOAT_H
#define PTX_FLOAT_H

#include <stdint.h>

#include "host/ptx/ptx_ir.h"

/* bits: a float of `size` bytes (4 or 8). to: F16, BF16, F32 or F64. */
uint64_t ptx_float_to(uint64_t bits, unsigned size, ptx_type_t to);
/* An integer's value as a float type's bits. */
uint64_t ptx_int_to_float(int64_t v, ptx_type_t to);
/* An f16's or bf16's bits as the bits of the double of the same value. */
uint64_t ptx_half_to_double(uint32_t bits, ptx_type_t from);
/* Negates a literal's bits (the sign bit of its size). */
uint64_t ptx_float_negate(uint64_t bits, unsigned size);

#endif
