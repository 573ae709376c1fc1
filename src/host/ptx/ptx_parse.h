/* The PTX parser's state and helpers, shared by its files:
 *   ptx_parse.c        entry points, module directives and declarations
 *   ptx_parse_func.c   .entry/.func headers, parameters, bodies, scopes
 *   ptx_parse_var.c    variable declarations and initializers
 *   ptx_parse_insn.c   instructions: guard, opcode, modifiers, operands
 *   ptx_parse_opnd.c   one operand
 *   ptx_parse_util.c   tokens, errors, memory, names (this header's functions)
 *   ptx_check.c        an instruction's operands against its op's shape and types
 *   ptx_resolve.c      labels at a function's end, module names at the module's end
 * Errors longjmp to ptx_parse_buffer with one line in err; all memory is in the pool. */
#ifndef PTX_PARSE_H
#define PTX_PARSE_H

#include <setjmp.h>
#include <stdint.h>

#include "host/ptx/ptx_ir.h"
#include "host/ptx/ptx_lex.h"
#include "host/ptx/ptx_pool.h"

/* An operand flag the parser alone uses: a float literal written in decimal
 * (a double) rather than 0f/0d bits; ptx_check.c converts it and clears it. */
#define PTX_OPF_DECIMAL 0x80u

/* Limits that keep a hostile text from asking for unbounded memory or stack. */
#define PTX_MAX_DEPTH      64          /* nested { } scopes, initializer braces, expressions */
#define PTX_MAX_REGS       (1u << 20)  /* registers per class and function */
#define PTX_MAX_ITEMS      (1u << 24)  /* instructions, variables, ... of one kind */
#define PTX_MAX_INIT_BYTES (256u << 20) /* initialized data in a module */
#define PTX_MAX_VAR_BYTES  (1ull << 40)

typedef enum {
    PTX_NAME_REG,    /* value: register declaration index */
    PTX_NAME_REGS,   /* a range %r<N>: the name is the prefix */
    PTX_NAME_VAR,    /* value: ptx_func_t.vars index */
    PTX_NAME_PARAM,
    PTX_NAME_RET,
    PTX_NAME_PROTO,
    PTX_NAME_TLIST,
    PTX_NAME_GLOBAL, /* module scope */
    PTX_NAME_FUNC,
    PTX_NAME_LABEL
} ptx_name_kind_t;

typedef struct ptx_name {
    const char *s;
    uint32_t len;
    uint8_t kind;
    uint32_t depth, value;
    int32_t next;     /* the bucket's next (older) entry */
} ptx_name_t;

/* Names with scopes: the newest declaration of a name is found first, and a
 * scope's names go when it closes. */
typedef struct ptx_names {
    ptx_name_t *e;
    uint32_t n;
    int32_t *bucket;
    uint32_t nbucket;
} ptx_names_t;

typedef struct ptx_regdecl {
    uint8_t type, rclass;
    uint32_t first, count; /* slots first .. first+count-1 of rclass */
} ptx_regdecl_t;

/* A name that is resolved later: a label at the function's end, a module
 * name (variable or function, possibly declared further on) at the module's. */
typedef enum {
    PTX_FIX_OPND,  /* a: function, b: instruction, c: operand */
    PTX_FIX_ELEM,  /* a: function, b: index into its elems */
    PTX_FIX_TLIST, /* a: .branchtargets list, b: entry (labels only) */
    PTX_FIX_RELOC  /* a: module variable, b: relocation */
} ptx_fix_kind_t;

typedef struct ptx_fixup {
    uint8_t what;     /* ptx_fix_kind_t */
    uint32_t tok;     /* the name's token */
    uint32_t a, b, c;
} ptx_fixup_t;

typedef struct ptx_parser {
    ptx_pool_t *pool;
    ptx_module_t *mod;
    const char *file;
    const ptx_tok_t *toks;
    uint32_t ntok, pos;
    char *err;
    size_t errlen;
    jmp_buf jb;
    ptx_names_t globals;
    /* the function being parsed */
    ptx_func_t *fn;
    uint32_t fn_index;
    ptx_names_t locals, labels;
    uint32_t depth;
    ptx_regdecl_t *regdecls;
    uint32_t nregdecls;
    uint32_t rcap[PTX_RC_COUNT];  /* room in fn->reg_type[] */
    ptx_fixup_t *label_fix, *sym_fix;  /* labels: this function's; symbols: the module's */
    uint32_t nlabel_fix, nsym_fix;
    uint32_t loc_file, loc_line, loc_col;
    uint64_t init_total;
    uint32_t expr_depth;
    const ptx_tok_t *opnd_tok[PTX_MAX_OPNDS]; /* where each operand of the instruction begins */
} ptx_parser_t;

/* ---- tokens and errors (ptx_parse_util.c) ---- */
const ptx_tok_t *ptx_peek(const ptx_parser_t *ps, uint32_t k);
const ptx_tok_t *ptx_next(ptx_parser_t *ps);
int ptx_accept(ptx_parser_t *ps, char punct);
void ptx_expect(ptx_parser_t *ps, char punct);
int ptx_accept_dot(ptx_parser_t *ps, const char *name);
#if defined(__GNUC__)
#define PTX_NORETURN __attribute__((noreturn))
#define PTX_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define PTX_NORETURN
#define PTX_PRINTF(a, b)
#endif
PTX_NORETURN PTX_PRINTF(3, 4) void ptx_fail(ptx_parser_t *ps, const ptx_tok_t *at, const char *fmt, ...);
/* "expected WHAT, found <the current token>" */
PTX_NORETURN void ptx_expected(ptx_parser_t *ps, const char *what);
/* A token as messages quote it: 'foo', end of file, string "..". */
void ptx_tok_describe(const ptx_tok_t *t, char *buf, size_t n);
uint32_t ptx_tok_index(const ptx_parser_t *ps, const ptx_tok_t *t);

/* ---- memory ---- */
void *ptx_alloc(ptx_parser_t *ps, size_t size);
/* Room for element n of an array that grows by doubling (n elements now). */
void *ptx_grow(ptx_parser_t *ps, void *arr, uint32_t n, size_t elem);
#define PTX_PUSH(ps, arr, n) \
    ((arr) = ptx_grow((ps), (arr), (n), sizeof *(arr)), &(arr)[(n)++])
char *ptx_strdup(ptx_parser_t *ps, const char *s, size_t len);

/* ---- names ---- */
void ptx_names_add(ptx_parser_t *ps, ptx_names_t *t, const ptx_tok_t *name, ptx_name_kind_t kind, uint32_t value);
const ptx_name_t *ptx_names_find(const ptx_names_t *t, const char *s, uint32_t len);
/* Removes the names declared at depth d or deeper. */
void ptx_names_pop(ptx_names_t *t, uint32_t d);
void ptx_names_reset(ptx_names_t *t);

/* ---- numbers ---- */
/* An integer constant expression (C operators, parentheses). */
int64_t ptx_parse_expr(ptx_parser_t *ps);
uint32_t ptx_parse_u32(ptx_parser_t *ps, const char *what);

/* ---- the other files' entry points ---- */
int ptx_parse_common_directive(ptx_parser_t *ps);
void ptx_parse_function(ptx_parser_t *ps, uint8_t link, const ptx_tok_t *kw);
void ptx_parse_var_decl(ptx_parser_t *ps, uint8_t link, int module_scope);
void ptx_parse_reg_decl(ptx_parser_t *ps);
void ptx_parse_insn(ptx_parser_t *ps);
void ptx_parse_operand(ptx_parser_t *ps, ptx_insn_t *in, unsigned i, char letter);
void ptx_parse_call(ptx_parser_t *ps, ptx_insn_t *in);
ptx_var_t *ptx_parse_param(ptx_parser_t *ps, int in_proto);
/* size = count x vec x element size; the natural alignment if none was given. */
void ptx_var_set_size(ptx_parser_t *ps, ptx_var_t *v, const ptx_tok_t *at);
/* = value or = { ... }: the bytes and relocations of v (count 0: an unsized
 * array, whose count the initializer gives). */
void ptx_parse_init(ptx_parser_t *ps, ptx_var_t *v, uint32_t var_index, const ptx_tok_t *name);
void ptx_add_fixup(ptx_parser_t *ps, int label, ptx_fix_kind_t what, const ptx_tok_t *t, uint32_t a, uint32_t b,
                   uint32_t c);
void ptx_layout_params(ptx_parser_t *ps, ptx_var_t *v, uint32_t n, uint64_t *size);
void ptx_check_insn(ptx_parser_t *ps, ptx_insn_t *in, const ptx_tok_t *at);
void ptx_resolve_labels(ptx_parser_t *ps);
void ptx_resolve_module(ptx_parser_t *ps);
/* A register by name in the current scopes; 0 if no such register. */
int ptx_find_reg(ptx_parser_t *ps, const ptx_tok_t *name, ptx_rclass_t *rc, uint32_t *slot, ptx_type_t *type);

#endif
