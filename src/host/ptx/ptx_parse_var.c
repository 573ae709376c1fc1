/* Variable and parameter declarations:
 *   [linkage] .space [.align N] [.vN] .type name[dims] [= init] {, ...};
 *   .param [.align N] .type [.ptr [.space] [.align N]] name[[N]]
 * with sizes, alignments and offsets (parameters in the param space, .local
 * variables in the function's frame, call-site .param variables in its call
 * parameter area). */
#include <string.h>

#include "host/ptx/ptx_parse.h"
#include "host/ptx/ptx_types.h"

static uint64_t align_up(uint64_t v, uint64_t a) { return (v + a - 1) / a * a; }

static uint32_t parse_align(ptx_parser_t *ps)
{
    const ptx_tok_t *t = ptx_peek(ps, 0);
    uint32_t a = ptx_parse_u32(ps, "an alignment");
    if (a == 0 || (a & (a - 1)) || a > (1u << 16))
        ptx_fail(ps, t, "alignment must be a power of two up to 65536");
    return a;
}

static ptx_space_t space_of(const ptx_tok_t *t)
{
    if (ptx_tok_dot(t, ".global")) return PTX_SPACE_GLOBAL;
    if (ptx_tok_dot(t, ".const")) return PTX_SPACE_CONST;
    if (ptx_tok_dot(t, ".shared")) return PTX_SPACE_SHARED;
    if (ptx_tok_dot(t, ".local")) return PTX_SPACE_LOCAL;
    if (ptx_tok_dot(t, ".param")) return PTX_SPACE_PARAM;
    return PTX_SPACE_GENERIC;
}

/* The attributes before a variable's name: alignment, vector width, type,
 * and for parameters .ptr [.space] [.align N]. */
static void parse_attrs(ptx_parser_t *ps, ptx_var_t *v, int param)
{
    for (;;) {
        const ptx_tok_t *t = ptx_peek(ps, 0);
        ptx_type_t ty = t->kind == PTX_TOK_DOT ? ptx_type_lookup(t->text, t->len) : PTX_T_NONE;
        if (t->kind != PTX_TOK_DOT)
            break;
        ptx_next(ps);
        if (ptx_tok_dot(t, ".align") && !v->align)
            v->align = parse_align(ps);
        else if ((ptx_tok_dot(t, ".v2") || ptx_tok_dot(t, ".v4")) && !v->vec)
            v->vec = (uint8_t)(t->text[2] - '0');
        else if (ty != PTX_T_NONE && !v->type)
            v->type = (uint8_t)ty;
        else if (!param && ptx_tok_dot(t, ".attribute") && !v->managed) {
            /* .attribute(.managed): a __managed__ variable (PTX ISA 5.4.8) */
            ptx_expect(ps, '(');
            if (!ptx_accept_dot(ps, ".managed"))
                ptx_expected(ps, ".managed (the one variable attribute supported)");
            ptx_expect(ps, ')');
            v->managed = 1;
        } else if (param && ptx_tok_dot(t, ".ptr") && v->type && !v->ptr) {
            v->ptr = 1;
            v->ptr_space = (uint8_t)space_of(ptx_peek(ps, 0));
            if (v->ptr_space == PTX_SPACE_PARAM)
                ptx_fail(ps, ptx_peek(ps, 0), "a .ptr parameter points to .global, .const, .shared or .local");
            if (v->ptr_space)
                ptx_next(ps);
            if (ptx_accept_dot(ps, ".align"))
                v->ptr_align = parse_align(ps);
        } else {
            char found[96];
            ptx_tok_describe(t, found, sizeof found);
            ptx_fail(ps, t, "unexpected or unsupported %s in a declaration", found);
        }
    }
    const ptx_tok_t *t = ptx_peek(ps, 0);
    if (!v->type)
        ptx_expected(ps, "a type");
    if (v->type == PTX_T_PRED)
        ptx_fail(ps, t, "a variable cannot be .pred");
    if (!v->vec)
        v->vec = 1;
}

/* [N][M]...: the element count; *unsized for a leading []. */
static uint64_t parse_dims(ptx_parser_t *ps, int *unsized)
{
    uint64_t count = 1;
    *unsized = 0;
    for (unsigned k = 0; ptx_accept(ps, '['); k++) {
        const ptx_tok_t *t = ptx_peek(ps, 0);
        if (k == 0 && ptx_accept(ps, ']')) {
            *unsized = 1;
            continue;
        }
        int64_t n = ptx_parse_expr(ps);
        if (n <= 0 || (uint64_t)n > PTX_MAX_VAR_BYTES)
            ptx_fail(ps, t, "array size out of range");
        count *= (uint64_t)n;
        if (count > PTX_MAX_VAR_BYTES)
            ptx_fail(ps, t, "array too large");
        ptx_expect(ps, ']');
    }
    return count;
}

void ptx_var_set_size(ptx_parser_t *ps, ptx_var_t *v, const ptx_tok_t *at)
{
    uint64_t elem = (uint64_t)ptx_type_size((ptx_type_t)v->type) * v->vec;
    if (v->count > PTX_MAX_VAR_BYTES / elem)
        ptx_fail(ps, at, "variable too large");
    v->size = v->count * elem;
    if (!v->align)
        v->align = (uint32_t)elem;
}

ptx_var_t *ptx_parse_param(ptx_parser_t *ps, int in_proto)
{
    ptx_var_t *v = ptx_alloc(ps, sizeof *v);
    if (ptx_tok_dot(ptx_peek(ps, 0), ".reg"))
        ptx_fail(ps, ptx_peek(ps, 0), "register parameters (.reg) are not supported");
    if (!ptx_accept_dot(ps, ".param"))
        ptx_expected(ps, "'.param'");
    v->space = PTX_SPACE_PARAM;
    parse_attrs(ps, v, 1);
    const ptx_tok_t *name = ptx_peek(ps, 0);
    if (name->kind != PTX_TOK_IDENT || (name->text[0] == '%') || (!in_proto && ptx_tok_ident(name, "_")))
        ptx_expected(ps, "a parameter name");
    ptx_next(ps);
    v->name = ptx_strdup(ps, name->text, name->len);
    int unsized;
    v->count = parse_dims(ps, &unsized);
    if (unsized)
        ptx_fail(ps, name, "a parameter needs a size");
    ptx_var_set_size(ps, v, name);
    return v;
}

void ptx_layout_params(ptx_parser_t *ps, ptx_var_t *v, uint32_t n, uint64_t *size)
{
    uint64_t off = 0;
    (void)ps;
    for (uint32_t i = 0; i < n; i++) {
        v[i].offset = align_up(off, v[i].align);
        off = v[i].offset + v[i].size;
    }
    *size = off;
}

/* A module variable's slot: new, or the earlier .extern declaration's. */
static uint32_t module_slot(ptx_parser_t *ps, const ptx_tok_t *name, const ptx_var_t *v)
{
    ptx_module_t *m = ps->mod;
    const ptx_name_t *e = ptx_names_find(&ps->globals, name->text, name->len);
    if (!e) {
        ptx_names_add(ps, &ps->globals, name, PTX_NAME_GLOBAL, m->nvars);
        *PTX_PUSH(ps, m->vars, m->nvars) = *v;
        return m->nvars - 1;
    }
    ptx_var_t *old = e->kind == PTX_NAME_GLOBAL ? &m->vars[e->value] : NULL;
    if (!old || (old->link != PTX_LINK_EXTERN && v->link != PTX_LINK_EXTERN) || old->space != v->space)
        ptx_fail(ps, name, "redefinition of '%.*s'", (int)name->len, name->text);
    if (v->link != PTX_LINK_EXTERN)
        *old = *v; /* the definition after a declaration */
    return e->value;
}

/* A function variable: .local in the frame, .param in the call parameter
 * area, .shared per CTA (placed by the loader, no offset). Each gets its
 * own bytes: nested scopes do not share. */
static uint32_t function_slot(ptx_parser_t *ps, const ptx_tok_t *name, ptx_var_t *v)
{
    ptx_func_t *fn = ps->fn;
    const ptx_name_t *e = ptx_names_find(&ps->locals, name->text, name->len);
    if (e && e->depth == ps->depth)
        ptx_fail(ps, name, "redeclaration of '%.*s'", (int)name->len, name->text);
    if (v->space == PTX_SPACE_LOCAL || v->space == PTX_SPACE_PARAM) {
        uint64_t *top = v->space == PTX_SPACE_LOCAL ? &fn->local_size : &fn->callparam_size;
        v->offset = align_up(*top, v->align);
        *top = v->offset + v->size;
        if (*top > PTX_MAX_VAR_BYTES)
            ptx_fail(ps, name, "function frame too large");
        if (v->space == PTX_SPACE_LOCAL && v->align > fn->local_align)
            fn->local_align = v->align;
    }
    ptx_names_add(ps, &ps->locals, name, PTX_NAME_VAR, fn->nvars);
    *PTX_PUSH(ps, fn->vars, fn->nvars) = *v;
    return fn->nvars - 1;
}

static void parse_one_var(ptx_parser_t *ps, const ptx_var_t *proto, int module_scope)
{
    ptx_var_t v = *proto;
    const ptx_tok_t *name = ptx_peek(ps, 0);
    if (name->kind != PTX_TOK_IDENT || name->text[0] == '%' || ptx_tok_ident(name, "_"))
        ptx_expected(ps, "a variable name");
    ptx_next(ps);
    v.name = ptx_strdup(ps, name->text, name->len);
    int unsized;
    v.count = parse_dims(ps, &unsized);
    int has_init = ptx_tok_is(ptx_peek(ps, 0), '=');
    int can_init = v.space == PTX_SPACE_GLOBAL || v.space == PTX_SPACE_CONST;
    if (has_init && (!can_init || v.link == PTX_LINK_EXTERN))
        ptx_fail(ps, ptx_peek(ps, 0), "this variable cannot have an initializer");
    if (unsized && !has_init) {
        if (v.link != PTX_LINK_EXTERN)
            ptx_fail(ps, name, "an array without a size needs an initializer or .extern");
        v.count = 0;
        v.unsized = 1;
    }
    if (!unsized || !has_init)
        ptx_var_set_size(ps, &v, name);
    uint32_t idx = module_scope ? module_slot(ps, name, &v) : function_slot(ps, name, &v);
    if (has_init) {
        ptx_next(ps);
        ptx_var_t *slot = module_scope ? &ps->mod->vars[idx] : &ps->fn->vars[idx];
        if (unsized)
            slot->count = 0; /* the initializer says */
        ptx_parse_init(ps, slot, idx, name);
    }
}

void ptx_parse_var_decl(ptx_parser_t *ps, uint8_t link, int module_scope)
{
    const ptx_tok_t *sp = ptx_next(ps);
    ptx_var_t proto;
    memset(&proto, 0, sizeof proto);
    proto.space = (uint8_t)space_of(sp);
    proto.link = link;
    if (!module_scope && link)
        ptx_fail(ps, sp, "linkage directives are for module-scope declarations");
    if (module_scope && proto.space == PTX_SPACE_LOCAL)
        ptx_fail(ps, sp, "module-scope .local variables are not supported");
    parse_attrs(ps, &proto, 0);
    do
        parse_one_var(ps, &proto, module_scope);
    while (ptx_accept(ps, ','));
    ptx_expect(ps, ';');
}
