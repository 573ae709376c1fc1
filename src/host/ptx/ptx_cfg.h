/* Control flow for SIMT: basic blocks and every branch's reconvergence
 * point, its immediate post-dominator (ptx_cfg.c). */
#ifndef PTX_CFG_H
#define PTX_CFG_H

#include "host/ptx/ptx_ir.h"
#include "host/ptx/ptx_pool.h"

/* Fills fn->blocks and the reconv field of fn's branches (bra, brx.idx, and
 * guarded ret/exit/trap). 0 when out of memory. */
int ptx_cfg_build(ptx_pool_t *pool, ptx_func_t *fn);

#endif
