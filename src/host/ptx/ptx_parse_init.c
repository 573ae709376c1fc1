/* Initializers: `= 42`, `= {1, 2, {3, 4}}`, `= 0f3F800000`, `= generic(x)+8`.
 * Nested braces are flattened in order (PTX's own rule for arrays and
 * vectors); missing elements are zero, extra ones an error. Symbol
 * addresses become relocations, resolved at the module's end. */
#include <string.h>

#include "host/ptx/ptx_float.h"
#include "host/ptx/ptx_parse.h"
#include "host/ptx/ptx_types.h"

typedef enum { INIT_INT, INIT_FLOAT, INIT_SYM } init_kind_t;

typedef struct {
    uint8_t kind, fsize, generic;
    uint64_t val;       /* INT value, FLOAT bits, SYM addend */
    const ptx_tok_t *at; /* SYM: the name */
} init_val_t;

typedef struct {
    init_val_t *v;
    uint32_t n;
} init_list_t;

static void parse_value(ptx_parser_t *ps, init_list_t *l)
{
    init_val_t *v = PTX_PUSH(ps, l->v, l->n);
    const ptx_tok_t *t = ptx_peek(ps, 0);
    v->at = t;
    int neg = t->kind == PTX_TOK_PUNCT && t->punct == '-' && ptx_peek(ps, 1)->kind == PTX_TOK_FLOAT;
    if (neg || t->kind == PTX_TOK_FLOAT) {
        if (neg)
            ptx_next(ps);
        const ptx_tok_t *f = ptx_next(ps);
        v->kind = INIT_FLOAT;
        v->fsize = f->fsize;
        v->val = neg ? ptx_float_negate(f->val, f->fsize) : f->val;
        return;
    }
    int generic = ptx_tok_ident(t, "generic") && ptx_tok_is(ptx_peek(ps, 1), '(');
    if (generic || (t->kind == PTX_TOK_IDENT && !ptx_tok_ident(t, "WARP_SZ"))) {
        if (generic) {
            ptx_next(ps);
            ptx_next(ps);
        }
        v->kind = INIT_SYM;
        v->generic = (uint8_t)generic;
        v->at = ptx_next(ps);
        if (v->at->kind != PTX_TOK_IDENT)
            ptx_fail(ps, v->at, "expected a symbol name");
        if (generic)
            ptx_expect(ps, ')');
        if (ptx_tok_is(ptx_peek(ps, 0), '+') || ptx_tok_is(ptx_peek(ps, 0), '-'))
            v->val = (uint64_t)ptx_parse_expr(ps);
        return;
    }
    v->kind = INIT_INT;
    v->val = (uint64_t)ptx_parse_expr(ps);
}

static void parse_list(ptx_parser_t *ps, init_list_t *l, unsigned depth)
{
    if (depth > PTX_MAX_DEPTH)
        ptx_fail(ps, ptx_peek(ps, 0), "initializer nested too deeply");
    if (!ptx_accept(ps, '{')) {
        parse_value(ps, l);
        return;
    }
    do
        parse_list(ps, l, depth + 1);
    while (ptx_accept(ps, ','));
    ptx_expect(ps, '}');
}

static void put_le(uint8_t *p, uint64_t v, unsigned size)
{
    for (unsigned k = 0; k < size; k++)
        p[k] = (uint8_t)(v >> (8 * k));
}

static void encode(ptx_parser_t *ps, ptx_var_t *var, uint32_t var_index, const init_val_t *v, uint64_t off)
{
    ptx_type_t t = (ptx_type_t)var->type;
    unsigned size = ptx_type_size(t);
    int is_float = (ptx_type_kind(t) & (PTX_TK_H | PTX_TK_F | PTX_TK_D)) && t != PTX_T_F16X2 && t != PTX_T_BF16X2;
    if (v->kind == INIT_SYM) {
        if (is_float || (size != 4 && size != 8))
            ptx_fail(ps, v->at, "an address needs a 32- or 64-bit integer variable");
        ptx_reloc_t *r = PTX_PUSH(ps, var->relocs, var->nrelocs);
        r->offset = (uint32_t)off;
        r->size = (uint8_t)size;
        r->generic = v->generic;
        r->addend = (int64_t)v->val;
        ptx_add_fixup(ps, 0, PTX_FIX_RELOC, v->at, var_index, var->nrelocs - 1, 0);
        return;
    }
    uint64_t bits = v->val;
    if (is_float)
        bits = v->kind == INIT_FLOAT ? ptx_float_to(v->val, v->fsize, t) : ptx_int_to_float((int64_t)v->val, t);
    else if (v->kind == INIT_FLOAT && v->fsize != size)
        ptx_fail(ps, v->at, "a float literal initializes only a float or same-size bit variable");
    put_le(var->init + off, bits, size);
}

void ptx_parse_init(ptx_parser_t *ps, ptx_var_t *var, uint32_t var_index, const ptx_tok_t *name)
{
    init_list_t l = {NULL, 0};
    parse_list(ps, &l, 0);
    uint64_t per = var->vec;
    if (var->count == 0) /* x[] = {...} */
        var->count = (l.n + per - 1) / per;
    ptx_var_set_size(ps, var, name);
    if (l.n > var->count * per)
        ptx_fail(ps, name, "too many initializers for '%s' (%u for %llu)", var->name, l.n,
                 (unsigned long long)(var->count * per));
    if (var->size > PTX_MAX_INIT_BYTES - ps->init_total)
        ptx_fail(ps, name, "initialized data too large (limit %u bytes)", PTX_MAX_INIT_BYTES);
    ps->init_total += var->size;
    var->init = ptx_alloc(ps, var->size);
    unsigned esize = ptx_type_size((ptx_type_t)var->type);
    for (uint32_t i = 0; i < l.n; i++)
        encode(ps, var, var_index, &l.v[i], (uint64_t)i * esize);
}
