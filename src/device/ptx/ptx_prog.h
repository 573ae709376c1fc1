/* A lowered PTX module (ptx_lower*.c): what the warp executor reads. One
 * flat array of records; a function is a range of it, and a pc is an index
 * in its function's range (the IR's instruction index). */
#ifndef PTX_PROG_H
#define PTX_PROG_H

#include "device/ptx/ptx_rec.h"
#include "device/ptx/ptx_grid.h"
#include "device/ptx/ptx_mma.h"

/* Function addresses (mov of a function's name; indirect calls): outside
 * every window, so a load through one faults. */
#define PTX_FUNC_ADDR_BASE 0x7c00000000000000ull
#define PTX_FUNC_ADDR_STEP 16u

/* Limits of one warp's call stack and of a lane's local memory when the
 * program recurses (otherwise the deepest static chain is the size). */
#define PTX_MAX_CALL_DEPTH 256u
#define PTX_RECURSE_SLOTS  2048u
#define PTX_RECURSE_LOCAL  4096u
#define PTX_SIMT_DEPTH     512u

typedef struct ptx_pfunc {
    uint32_t first;          /* first record in prog->recs */
    uint32_t nrecs;
    uint32_t nslots;         /* register slots: registers, immediates, the sink */
    uint32_t imm_slot0;      /* first immediate slot; its values at prog->imms[imm_first] */
    uint32_t imm_first, nimm;
    uint32_t frame;          /* bytes of a lane's frame: locals, call params, params, rets */
    uint32_t param_off, ret_off; /* where the function's own params and rets lie in it */
    uint32_t pofs_first;     /* prog->pofs: byte offsets of params, then of rets */
    uint32_t nparams, nrets;
    uint32_t param_size;
    uint32_t defined, is_kernel, is_vprintf;
    /* kernels: the deepest static call chain's slots, frame bytes and calls */
    uint32_t chain_slots, chain_frame, chain_depth, recursive;
    uint32_t shared_static;  /* kernels: the .shared bytes its call tree's variables span */
} ptx_pfunc_t;

/* A call site: its arguments and returns, each an element. */
typedef struct ptx_carg {
    uint8_t from_frame;      /* 1: bytes at off in the caller's frame (a .param variable); 0: slot */
    uint8_t size;
    uint32_t off;            /* frame offset, or slot */
} ptx_carg_t;

typedef struct ptx_call {
    uint32_t callee;         /* function index; PTX_NOSLOT: indirect, through slot fptr */
    uint32_t fptr;
    uint32_t first_arg, nargs;   /* prog->cargs */
    uint32_t first_ret, nrets;
} ptx_call_t;

typedef struct ptx_prog {
    ptx_rec_t *recs;
    uint32_t nrecs;
    ptx_pfunc_t *funcs;
    uint32_t nfuncs;
    uint64_t *imms;
    uint32_t *targets;       /* brx.idx target lists */
    ptx_mma_t *mmas;         /* warp matrix records' fragments (ptx_mma.h), by r->target */
    ptx_call_t *calls;
    ptx_carg_t *cargs;
    uint32_t *pofs;
    uint8_t *cbank;          /* the .const bank */
    uint64_t cbank_size;
    uint8_t *ginit;          /* the .global variables' first bytes */
    uint64_t gsize;
    uint32_t shared_static;  /* the static .shared layout: what every kernel's spans together */
    uint32_t dyn_shared_off; /* where extern .shared starts */
    const char *path;
    uint64_t *var_addr;      /* host: each module variable's address in its space (ptx_prog_var_addr) */
} ptx_prog_t;

#endif
