/* Instruction modifiers: the spelling of each, the field (PTX_M_*) it sets
 * and its value there. One table (ptx_mods.c) serves the parser and the
 * disassembler. */
#ifndef PTX_MODS_H
#define PTX_MODS_H

#include <stddef.h>

#include "host/ptx/ptx_ir.h"

typedef enum { PTX_MOD_OK, PTX_MOD_UNKNOWN, PTX_MOD_REPEATED, PTX_MOD_TYPES } ptx_mod_status_t;

/* Applies the modifier spelled s (".rn", ".L2::cache_hint", ".u32") to an
 * instruction of op `op`, in the first field the op accepts that has such a
 * spelling. UNKNOWN: none does; REPEATED: that field is already set; TYPES:
 * one type too many. */
ptx_mod_status_t ptx_mod_apply(ptx_insn_t *in, const char *s, size_t len);

/* The spelling of value v in field f (PTX_M_*), as the table has it; eviction
 * fields take 0x100|v (L1), 0x200|v (L2), 0x400|size/32 (prefetch size). */
const char *ptx_mod_spelling(uint64_t field, uint32_t v);

/* Appends the instruction's modifiers and types, each with its dot, in the
 * order PTX writes them; returns the length written (snprintf-style). */
int ptx_mods_print(const ptx_insn_t *in, char *buf, size_t n);

#endif
