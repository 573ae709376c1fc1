/* The PTX front end's IR: a module read from PTX text, resolved and checked,
 * for an executor that runs one warp (32 lanes) at a time and lowers each
 * instruction into a fixed-size device record.
 *
 * Everything is resolved: registers are dense slots in three classes,
 * labels are instruction indices, calls name a function index, symbols a
 * variable of the module or the function, special registers an enum.
 * Every modifier the text named is a typed field; float immediates are
 * already the bits of the type they are used at; the reconvergence point of
 * every branch (its immediate post-dominator) is computed (ptx_cfg.c).
 *
 * A module owns all its memory (one pool, ptx_module_free). */
#ifndef PTX_IR_H
#define PTX_IR_H

#include <stdbool.h>
#include <stdint.h>

#include "device/ptx/ptx_ops.h"

#include "device/ptx/ptx_enums.h"

typedef struct ptx_mods {
    uint32_t flags;      /* PTX_MF_* */
    uint8_t round;       /* ptx_round_t, float and integer (.rni..) alike */
    uint8_t cmp;         /* ptx_cmp_t */
    uint8_t boolop;      /* ptx_bool_t */
    uint8_t mul;         /* ptx_mul_t */
    uint8_t space;       /* ptx_space_t */
    uint8_t space2;      /* cp.async: the source's ptx_space_t (space is the destination's) */
    uint8_t cache;       /* ptx_cache_t */
    uint8_t l1_evict;    /* ptx_evict_t */
    uint8_t l2_evict;    /* ptx_evict_t */
    uint8_t l2_prefetch; /* .L2::64B / 128B / 256B: the size in bytes / 32, 0 none */
    uint8_t vec;         /* 1, 2, 4 or 8 */
    uint8_t atom;        /* ptx_atom_t */
    uint8_t scope;       /* ptx_scope_t */
    uint8_t sem;         /* ptx_sem_t */
    uint8_t shfl;        /* ptx_shfl_t */
    uint8_t vote;        /* ptx_vote_t */
    uint8_t match;       /* ptx_match_t */
    uint8_t prmt;        /* ptx_prmt_t */
    uint8_t shf_dir;     /* ptx_shf_dir_t */
    uint8_t shf_mode;    /* ptx_shf_mode_t */
    uint8_t bar;         /* ptx_bar_t */
    uint8_t testp;       /* ptx_testp_t */
    uint8_t level;       /* ptx_level_t: prefetch's cache level */
    uint8_t tex_geom;    /* PTX_TG_* (ptx_texdesc.h) */
    uint8_t tex_query;   /* PTX_TQ_* */
    uint8_t tex_comp;    /* tld4: 1 + the component */
    uint8_t su_clamp;    /* PTX_SUC_* */
    uint8_t mma_frag;    /* wmma.load/.store: PTX_FRAG_* + 1 (.a .b .c .d) */
    uint8_t mma_layout[2]; /* .row .col as written: 1 row, 2 col */
    uint8_t mma_shape;   /* ptx_mma_shape_t */
    uint8_t mma_type[4]; /* ptx_mma_type_t, as written */
} ptx_mods_t;

/* ---- symbols and operands ------------------------------------------------------ */
typedef enum {
    PTX_SYM_NONE,
    PTX_SYM_GLOBAL, /* module variable: ptx_module_t.vars[index] */
    PTX_SYM_VAR,    /* this function's variable: ptx_func_t.vars[index] */
    PTX_SYM_PARAM,  /* this function's parameter: ptx_func_t.params[index] */
    PTX_SYM_RET,    /* this function's return parameter: ptx_func_t.rets[index] */
    PTX_SYM_FUNC    /* a function's address: ptx_module_t.funcs[index] */
} ptx_sym_kind_t;

typedef struct ptx_symref {
    uint8_t kind;   /* ptx_sym_kind_t */
    uint32_t index;
} ptx_symref_t;

typedef enum {
    PTX_OPND_NONE,
    PTX_OPND_REG,   /* rclass, reg */
    PTX_OPND_IMM,   /* imm: an integer (a predicate: nonzero is true; nvcc writes -1) */
    PTX_OPND_FIMM,  /* imm: the bits of a float of `size` bytes (4: f32, 8: f64) */
    PTX_OPND_ADDR,  /* [base + imm]: base a register (rclass, reg), a symbol (sym), or neither */
    PTX_OPND_SYM,   /* sym + imm, as a value (mov, cvta) */
    PTX_OPND_LABEL, /* index: the instruction it names (ninsns: the function's end) */
    PTX_OPND_FUNC,  /* index: the callee, ptx_module_t.funcs */
    PTX_OPND_SREG,  /* index: ptx_sreg_t; comp: 0, or 1..3 for .x .y .z, or the INDEXED number */
    PTX_OPND_VEC,   /* { ... }: count elements at ptx_func_t.elems[index] */
    PTX_OPND_SINK,  /* _ */
    PTX_OPND_TLIST, /* index: ptx_func_t.tlists (brx.idx) */
    PTX_OPND_PROTO, /* index: ptx_func_t.protos (indirect call) */
    PTX_OPND_LIST   /* ( ... ): a call's returns or arguments, as VEC */
} ptx_opnd_kind_t;

#define PTX_OPF_NEG  0x01u /* !p */
#define PTX_OPF_PAIR 0x02u /* the second destination of `a|p` */

typedef struct ptx_operand {
    uint8_t kind;   /* ptx_opnd_kind_t */
    uint8_t rclass; /* REG, ADDR base: ptx_rclass_t; PTX_RC_NONE where none */
    uint8_t flags;  /* PTX_OPF_* */
    uint8_t size;   /* FIMM: 4 or 8 */
    uint8_t comp;   /* SREG */
    uint16_t count; /* VEC, LIST */
    uint32_t reg;   /* REG, ADDR base: the slot in its class */
    uint32_t index; /* LABEL, FUNC, SREG, VEC, TLIST, PROTO, LIST */
    ptx_symref_t sym; /* ADDR, SYM */
    int64_t imm;    /* IMM value, FIMM bits, ADDR and SYM offset */
} ptx_operand_t;

#define PTX_MAX_OPNDS 6
/* ptx_insn_t.reconv of an instruction that is not a branch. (A branch whose
 * lanes meet again only when the function returns has ninsns.) */
#define PTX_RECONV_NONE UINT32_MAX

typedef struct ptx_insn {
    uint16_t op;           /* ptx_op_t */
    uint8_t type[2];       /* ptx_type_t: the first; cvt/set/slct's second (source) */
    uint8_t nopnd;
    uint8_t guard_neg;     /* @!p */
    uint8_t has_guard;
    uint32_t guard;        /* predicate slot */
    ptx_mods_t m;
    ptx_operand_t opnd[PTX_MAX_OPNDS];
    uint32_t reconv;       /* branches: the immediate post-dominator, an instruction
                              index, ninsns for the function's end; else NONE */
    uint32_t loc_file, loc_line, loc_col; /* the last .loc before it; 0 if none */
    uint32_t line, col;    /* where the text has it */
} ptx_insn_t;

/* ---- variables, functions, module ------------------------------------------------ */
typedef enum { PTX_LINK_NONE, PTX_LINK_VISIBLE, PTX_LINK_EXTERN, PTX_LINK_WEAK, PTX_LINK_COMMON } ptx_link_t;

/* A relocation in an initializer: the bytes at `offset` hold the address of
 * `sym` plus addend (generic(): as a generic address). */
typedef struct ptx_reloc {
    uint32_t offset;
    uint8_t size;        /* 4 or 8 */
    uint8_t generic;
    ptx_symref_t sym;    /* GLOBAL or FUNC */
    int64_t addend;
} ptx_reloc_t;

/* A variable (module or function scope) or a parameter. Arrays are flat:
 * count elements of (vec x type); count 0 with `unsized` is `x[]`. */
typedef struct ptx_var {
    const char *name;
    uint8_t space;       /* ptx_space_t */
    uint8_t type;        /* element type */
    uint8_t vec;         /* 1, 2, 4 */
    uint8_t link;        /* ptx_link_t */
    uint8_t unsized;     /* declared x[] without initializer (extern .shared) */
    uint8_t ptr;         /* a parameter declared .ptr */
    uint8_t ptr_space;   /* .ptr .global: ptx_space_t, GENERIC if not named */
    uint32_t ptr_align;  /* .ptr .align N, 0 if not named */
    uint8_t managed;     /* .attribute(.managed): __managed__ (one memory here, so nothing else differs) */
    uint64_t count;
    uint64_t size;       /* bytes */
    uint32_t align;
    uint64_t offset;     /* function vars: in the local frame (LOCAL) or the call
                            parameter area (PARAM); parameters: in the param space */
    uint8_t *init;       /* size bytes, or NULL when not initialized */
    ptx_reloc_t *relocs;
    uint32_t nrelocs;
} ptx_var_t;

typedef struct ptx_proto {   /* .callprototype */
    const char *name;
    ptx_var_t *params, *rets;
    uint32_t nparams, nrets;
} ptx_proto_t;

typedef struct ptx_tlist {   /* .branchtargets */
    const char *name;
    uint32_t *targets;       /* instruction indices */
    uint32_t count;
} ptx_tlist_t;

typedef struct ptx_block {
    uint32_t first, count;   /* instructions */
    uint32_t ipdom;          /* the block that post-dominates it first; nblocks: the exit */
} ptx_block_t;

typedef enum { PTX_FUNC_ENTRY, PTX_FUNC_FUNC } ptx_func_kind_t;

typedef struct ptx_perf {    /* performance directives; 0 where not given */
    uint32_t maxntid[3], reqntid[3], reqnctapercluster[3];
    uint32_t minnctapersm, maxnreg, maxclusterrank;
    uint8_t noreturn, explicitcluster;
} ptx_perf_t;

typedef struct ptx_func {
    const char *name;
    uint8_t kind;            /* ptx_func_kind_t */
    uint8_t link;            /* ptx_link_t */
    uint8_t defined;         /* has a body (not only a declaration) */
    ptx_var_t *params, *rets;
    uint32_t nparams, nrets;
    uint64_t param_size, ret_size;
    ptx_perf_t perf;
    ptx_var_t *vars;         /* .local, .shared and call-site .param variables */
    uint32_t nvars;
    uint64_t local_size, callparam_size;
    uint32_t local_align;
    uint32_t nregs[PTX_RC_COUNT];
    uint8_t *reg_type[PTX_RC_COUNT]; /* each slot's declared ptx_type_t */
    ptx_insn_t *insns;
    uint32_t ninsns;
    ptx_operand_t *elems;    /* the elements of VEC and LIST operands */
    uint32_t nelems;
    ptx_proto_t *protos;
    uint32_t nprotos;
    ptx_tlist_t *tlists;
    uint32_t ntlists;
    ptx_block_t *blocks;     /* basic blocks, in instruction order */
    uint32_t nblocks;
} ptx_func_t;

typedef struct ptx_section {  /* a .section: parsed, its data not kept */
    const char *name;
    uint64_t size;
} ptx_section_t;

typedef struct ptx_file {     /* .file */
    uint32_t index;
    const char *name;
} ptx_file_t;

typedef struct ptx_module {
    uint32_t version_major, version_minor;
    uint32_t sm;              /* .target sm_NN */
    char sm_suffix;           /* 'a', 'f' or 0 */
    uint8_t debug;            /* .target ..., debug */
    uint8_t texmode;          /* 0 none, 1 unified, 2 independent */
    uint32_t address_size;    /* 32 or 64 */
    ptx_var_t *vars;          /* module-scope variables */
    uint32_t nvars;
    ptx_func_t *funcs;
    uint32_t nfuncs;
    ptx_file_t *files;
    uint32_t nfiles;
    ptx_section_t *sections;
    uint32_t nsections;
    struct ptx_pool *pool;    /* owns everything above */
} ptx_module_t;

#endif
