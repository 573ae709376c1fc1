/* The disassembler's inside, shared with the module printer: names that
 * the printer makes unique within a function (ptx_print.c). */
#ifndef PTX_DISASM_H
#define PTX_DISASM_H

#include <stddef.h>

#include "host/ptx/ptx_ir.h"

typedef struct ptx_dnames {
    const char *const *vars, *const *tlists, *const *protos; /* NULL: the IR's own names */
} ptx_dnames_t;

int ptx_disasm_insn_named(const ptx_module_t *m, const ptx_func_t *f, const ptx_insn_t *in, const ptx_dnames_t *dn,
                          char *buf, size_t n);
/* %r5, %rd5, %p5: a register's printed name. */
int ptx_reg_name(uint8_t rclass, uint32_t slot, char *buf, size_t n);

#endif
