/* PTX types: spelling, size, kind (PTX_TK_*) and register class. */
#ifndef PTX_TYPES_H
#define PTX_TYPES_H

#include <stddef.h>

#include "host/ptx/ptx_ir.h"

/* ".u32" -> PTX_T_U32 (the spelling with its dot); PTX_T_NONE if not a type. */
ptx_type_t ptx_type_lookup(const char *s, size_t len);
/* "u32" for PTX_T_U32. */
const char *ptx_type_name(ptx_type_t t);
/* Size in bytes (pred: 0 bytes in memory; ptx_type_bits says 1). */
unsigned ptx_type_size(ptx_type_t t);
unsigned ptx_type_bits(ptx_type_t t);
uint32_t ptx_type_kind(ptx_type_t t);
/* The class of a register declared with this type; PTX_RC_NONE for b128. */
ptx_rclass_t ptx_type_rclass(ptx_type_t t);
/* Same size, and each is a bit type or both the same kind of number:
 * PTX's rule for a register of type r used where an instruction has t. */
int ptx_type_compatible(ptx_type_t r, ptx_type_t t);
/* Unsigned type of `bits` (8..64) bits; for .wide results. */
ptx_type_t ptx_type_uint(unsigned bits);
ptx_type_t ptx_type_widen(ptx_type_t t);
/* The bit type of `bits` (8..64) bits: .b8 .. .b64. */
ptx_type_t ptx_type_bits_of(unsigned bits);
const char *ptx_rclass_name(ptx_rclass_t c);
/* ".global" for PTX_SPACE_GLOBAL; "generic" for none. */
const char *ptx_space_word(uint8_t space);

#endif
