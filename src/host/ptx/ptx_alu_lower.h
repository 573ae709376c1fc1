/* From a parsed PTX instruction to the ALU's descriptor (ptx_alu.h). */
#ifndef PTX_ALU_LOWER_H
#define PTX_ALU_LOWER_H

#include "device/ptx/ptx_alu.h"
#include "host/ptx/ptx_ir.h"

/* 1 and *d filled (ptx_alu_prepare not yet called) if in is an ALU
 * instruction: the arithmetic, bit, compare-and-select, float and cvt
 * rows, and mov whose source is a register or an immediate (not a special
 * register, symbol or vector); else 0. A source written !p sets its bit
 * in d->negsrc: ptx_alu_eval applies the negation, so the executor hands
 * over the predicate's plain value. */
int ptx_alu_from_insn(const ptx_insn_t *in, ptx_alu_t *d);

/* The index in in->opnd of the first source (after `p|q`'s two
 * destinations or the single one). */
int ptx_alu_first_src(const ptx_insn_t *in);

#endif
