/* A kernel's .param space from its launch-file `param` lines, laid out as
 * the kernel's .param declarations in the module say (ptx_func_t params:
 * offset and size each). */
#ifndef PTX_LAUNCH_PARAMS_H
#define PTX_LAUNCH_PARAMS_H

#include <stddef.h>
#include <stdint.h>

#include "host/ptx/ptx_ir.h"
#include "host/ptx/ptx_launch.h"
#include "host/ptx/ptx_launch_mem.h"

/* Do k's param lines match f's parameters in number and size? 0, or -1
 * with "LAUNCH:LINE: expected ..." naming the line to fix. */
int ptx_params_check(const ptx_launch_t *l, const ptx_kernel_decl_t *k, const ptx_func_t *f, char *err, size_t n);
/* Writes the .param bytes (f->param_size of them, zeroed between
 * parameters) at dst; pointers are the buffers' addresses in a. */
void ptx_params_pack(const ptx_kernel_decl_t *k, const ptx_func_t *f, const ptx_arena_t *a, uint8_t *dst);

#endif
