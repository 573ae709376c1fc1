/* The module printer's pieces (ptx_print.c: module and functions;
 * ptx_print_var.c: variables, parameters and initializers). */
#ifndef PTX_PRINT_H
#define PTX_PRINT_H

#include "host/ptx/ptx_ir.h"
#include "host/ptx/ptx_sbuf.h"

/* [.align A] [.vN] .type name[count] [= init], after the space word. */
void ptx_print_var(ptx_sbuf_t *b, const ptx_module_t *m, const ptx_var_t *v, const char *name);
/* (.param ..., .param ...) */
void ptx_print_params(ptx_sbuf_t *b, const ptx_var_t *v, uint32_t n);
const char *ptx_space_name(uint8_t space);
const char *ptx_link_name(uint8_t link);

#endif
