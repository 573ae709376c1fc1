/* What the program registered: its fatbins (one a translation unit, or one
 * linked image under -rdc=true), each loaded into the PTX simulator on first
 * use; its kernels' host stubs; its __device__, __constant__ and __managed__
 * variables. */
#ifndef CUDART_MODULE_H
#define CUDART_MODULE_H

#include <stddef.h>
#include <stdint.h>

#include "device/ptx/ptx_grid.h"
#include "host/cudart/cudart_partial.h"
#include "host/ptx/ptx.h"

typedef struct cudart_module {
    const void *wrapper;
    char *ptx;                 /* the chosen entry's text */
    uint32_t arch;
    char name[300];            /* PROGRAM.K.sm_A.ptx, as cuobjdump names it: messages, WARPSIM_CUDA_DUMP_PTX */
    int state;                 /* 0 not loaded, 1 loaded, -1 failed (said once) */
    ptx_module_t *m;
    struct ptx_prog *prog;
    uint8_t *globals;          /* its .global variables in the arena */
    char *cut;                 /* the text with refused functions cut, when some are (cudart_partial.h) */
    cudart_partial_t partial;  /* those functions */
    int devrt;                 /* it links the device runtime's state (cudart_devrt.h) */
} cudart_module_t;

typedef struct cudart_func {
    const void *host;          /* the host stub */
    cudart_module_t *mod;
    char *name;                /* the PTX .entry (mangled) */
    int fi;                    /* its function index, once loaded; -1 before */
    uint32_t max_dyn_smem;     /* cudaFuncAttributeMaxDynamicSharedMemorySize */
    const char *refused;       /* why warpsim cannot run it (cudart_partial.h), else NULL */
    int refused_said;
} cudart_func_t;

typedef struct cudart_var {
    const void *host;          /* the host shadow (or, managed, the pointer's address) */
    cudart_module_t *mod;
    char *name;
    uint64_t size;
    int constant, managed;
} cudart_var_t;

cudart_module_t *cudart_module_register(const void *wrapper);
void cudart_func_register(cudart_module_t *m, const void *host, const char *name);
void cudart_var_register(cudart_module_t *m, const void *host, const char *name, uint64_t size, int constant,
                         int managed);
/* Loads (parses, lowers, places its globals); 0 or a cudaError_t. */
int cudart_module_load(cudart_module_t *m);
/* Was a kernel registered under this host stub? */
int cudart_func_registered(const void *host);
/* The kernel of a host stub, loaded; NULL: cudaErrorInvalidDeviceFunction. */
cudart_func_t *cudart_func_find(const void *host, int *err);
/* The kernel of function index fi of a loaded module, as registered (or,
 * launched only from the device, as its PTX names it) into *f, which
 * lives as long as the caller needs it; 0, or -1 if fi is not a kernel. */
int cudart_func_at(cudart_module_t *m, uint32_t fi, cudart_func_t *f);
/* 0, or cudaErrorInvalidPtx for a kernel whose PTX warpsim refused, or
 * that calls a function it refused (said once on stderr, and a refusal in
 * the report). */
int cudart_func_refused(cudart_func_t *f);
/* A variable's storage by its host shadow: where it lives in this process
 * (arena or .const bank), and its size. 0 or a cudaError_t. */
int cudart_var_find(const void *host, uint8_t **where, uint64_t *size);
/* Loads every module with managed variables and points their host pointers
 * at them (__cudaInitModule). */
int cudart_init_managed(cudart_module_t *m);

#endif
