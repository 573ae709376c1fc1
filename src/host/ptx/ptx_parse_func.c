/* Functions: `.entry name (params) directives { body }` and
 * `.func (rets) name (params) directives { body }` or `;` (a declaration).
 * The body's statements: declarations, nested { } scopes, labels,
 * .branchtargets and .callprototype lists, instructions. */
#include <string.h>

#include "host/ptx/ptx_parse.h"

/* (.param ..., .param ...): parameters or return parameters. */
static uint32_t parse_param_list(ptx_parser_t *ps, ptx_var_t **out, int in_proto)
{
    ptx_var_t *v = NULL;
    uint32_t n = 0;
    ptx_expect(ps, '(');
    if (!ptx_accept(ps, ')')) {
        do {
            ptx_var_t *p = ptx_parse_param(ps, in_proto);
            *PTX_PUSH(ps, v, n) = *p;
        } while (ptx_accept(ps, ','));
        ptx_expect(ps, ')');
    }
    *out = v;
    return n;
}

static void parse_dims(ptx_parser_t *ps, uint32_t *dim)
{
    for (unsigned k = 0; k < 3; k++) {
        const ptx_tok_t *t = ptx_peek(ps, 0);
        dim[k] = ptx_parse_u32(ps, "a thread count");
        if (!dim[k])
            ptx_fail(ps, t, "a count must be above 0");
        if (!ptx_accept(ps, ','))
            break;
    }
    for (unsigned k = 1; k < 3; k++)
        if (!dim[k])
            dim[k] = 1;
}

/* Performance directives between the header and the body. 0 when the token
 * is none of them. */
static int parse_perf(ptx_parser_t *ps, ptx_perf_t *pf)
{
    if (ptx_accept_dot(ps, ".maxntid"))
        parse_dims(ps, pf->maxntid);
    else if (ptx_accept_dot(ps, ".reqntid"))
        parse_dims(ps, pf->reqntid);
    else if (ptx_accept_dot(ps, ".reqnctapercluster"))
        parse_dims(ps, pf->reqnctapercluster);
    else if (ptx_accept_dot(ps, ".minnctapersm"))
        pf->minnctapersm = ptx_parse_u32(ps, "a CTA count");
    else if (ptx_accept_dot(ps, ".maxnreg"))
        pf->maxnreg = ptx_parse_u32(ps, "a register count");
    else if (ptx_accept_dot(ps, ".maxclusterrank"))
        pf->maxclusterrank = ptx_parse_u32(ps, "a cluster rank");
    else if (ptx_accept_dot(ps, ".noreturn"))
        pf->noreturn = 1;
    else if (ptx_accept_dot(ps, ".explicitcluster"))
        pf->explicitcluster = 1;
    else
        return ptx_parse_common_directive(ps);
    return 1;
}

/* Is a later header of the function the same signature as the first? */
static int same_params(const ptx_var_t *a, uint32_t na, const ptx_var_t *b, uint32_t nb)
{
    if (na != nb)
        return 0;
    for (uint32_t i = 0; i < na; i++)
        if (a[i].size != b[i].size || a[i].type != b[i].type)
            return 0;
    return 1;
}

/* The function's slot: a new one, or the earlier declaration's. */
static uint32_t func_slot(ptx_parser_t *ps, const ptx_tok_t *name, const ptx_func_t *hdr, int has_body)
{
    ptx_module_t *m = ps->mod;
    const ptx_name_t *e = ptx_names_find(&ps->globals, name->text, name->len);
    if (!e) {
        ptx_names_add(ps, &ps->globals, name, PTX_NAME_FUNC, m->nfuncs);
        ptx_func_t *f = PTX_PUSH(ps, m->funcs, m->nfuncs);
        *f = *hdr;
        return m->nfuncs - 1;
    }
    ptx_func_t *f = e->kind == PTX_NAME_FUNC ? &m->funcs[e->value] : NULL;
    if (!f || (f->defined && has_body))
        ptx_fail(ps, name, "redefinition of '%.*s'", (int)name->len, name->text);
    if (f->kind != hdr->kind || !same_params(f->params, f->nparams, hdr->params, hdr->nparams) ||
        !same_params(f->rets, f->nrets, hdr->rets, hdr->nrets))
        ptx_fail(ps, name, "'%.*s' declared again with another signature", (int)name->len, name->text);
    if (has_body) {
        const char *keep = f->name;
        *f = *hdr;
        f->name = keep;
    }
    return e->value;
}

static void parse_body(ptx_parser_t *ps, const ptx_tok_t *name);

void ptx_parse_function(ptx_parser_t *ps, uint8_t link, const ptx_tok_t *kw)
{
    ptx_func_t hdr;
    memset(&hdr, 0, sizeof hdr);
    ptx_next(ps);
    hdr.kind = ptx_tok_dot(kw, ".entry") ? PTX_FUNC_ENTRY : PTX_FUNC_FUNC;
    hdr.link = link;
    if (hdr.kind == PTX_FUNC_FUNC && ptx_tok_is(ptx_peek(ps, 0), '('))
        hdr.nrets = parse_param_list(ps, &hdr.rets, 0);
    const ptx_tok_t *name = ptx_peek(ps, 0);
    if (name->kind != PTX_TOK_IDENT || name->text[0] == '%' || ptx_tok_ident(name, "_"))
        ptx_expected(ps, "a function name");
    ptx_next(ps);
    hdr.name = ptx_strdup(ps, name->text, name->len);
    if (ptx_tok_is(ptx_peek(ps, 0), '('))
        hdr.nparams = parse_param_list(ps, &hdr.params, 0);
    ptx_layout_params(ps, hdr.params, hdr.nparams, &hdr.param_size);
    ptx_layout_params(ps, hdr.rets, hdr.nrets, &hdr.ret_size);
    while (parse_perf(ps, &hdr.perf))
        ;
    int has_body = ptx_tok_is(ptx_peek(ps, 0), '{');
    if (!has_body && !ptx_tok_is(ptx_peek(ps, 0), ';'))
        ptx_expected(ps, "'{' or ';'");
    if (link == PTX_LINK_EXTERN && has_body)
        ptx_fail(ps, ptx_peek(ps, 0), "an .extern function has no body");
    ps->fn_index = func_slot(ps, name, &hdr, has_body);
    ptx_next(ps);
    if (!has_body)
        return;
    ps->fn = &ps->mod->funcs[ps->fn_index];
    ps->fn->defined = 1;
    parse_body(ps, name);
    ps->fn = NULL;
}

/* Parameters and return parameters are names of the body's outer scope. */
static void declare_params(ptx_parser_t *ps, const ptx_var_t *v, uint32_t n, ptx_name_kind_t kind,
                           const ptx_tok_t *fname)
{
    for (uint32_t i = 0; i < n; i++) {
        const ptx_tok_t t = {.kind = PTX_TOK_IDENT, .text = v[i].name, .len = (uint32_t)strlen(v[i].name)};
        if (ptx_names_find(&ps->locals, t.text, t.len))
            ptx_fail(ps, fname, "parameter '%s' declared twice", v[i].name);
        ptx_names_add(ps, &ps->locals, &t, kind, i);
    }
}

static void begin_body(ptx_parser_t *ps, const ptx_tok_t *name)
{
    ptx_func_t *fn = ps->fn;
    ptx_names_reset(&ps->locals);
    ptx_names_reset(&ps->labels);
    ps->nregdecls = ps->nlabel_fix = 0;
    memset(ps->rcap, 0, sizeof ps->rcap);
    ps->depth = 1;
    ps->loc_file = ps->loc_line = ps->loc_col = 0;
    fn->local_align = 1;
    declare_params(ps, fn->params, fn->nparams, PTX_NAME_PARAM, name);
    declare_params(ps, fn->rets, fn->nrets, PTX_NAME_RET, name);
}

static void check_new_label(ptx_parser_t *ps, const ptx_tok_t *name)
{
    const ptx_name_t *e = ptx_names_find(&ps->labels, name->text, name->len);
    const ptx_name_t *l = ptx_names_find(&ps->locals, name->text, name->len);
    if (e || (l && l->depth == ps->depth && (l->kind == PTX_NAME_TLIST || l->kind == PTX_NAME_PROTO)))
        ptx_fail(ps, name, "label '%.*s' defined twice", (int)name->len, name->text);
}

/* name: .branchtargets L1, L2, ...; */
static void parse_tlist(ptx_parser_t *ps, const ptx_tok_t *name)
{
    ptx_func_t *fn = ps->fn;
    ptx_tlist_t *tl = PTX_PUSH(ps, fn->tlists, fn->ntlists);
    tl->name = ptx_strdup(ps, name->text, name->len);
    do {
        const ptx_tok_t *l = ptx_peek(ps, 0);
        if (l->kind != PTX_TOK_IDENT)
            ptx_expected(ps, "a label");
        ptx_next(ps);
        ptx_add_fixup(ps, 1, PTX_FIX_TLIST, l, fn->ntlists - 1, tl->count, 0);
        PTX_PUSH(ps, tl->targets, tl->count);
    } while (ptx_accept(ps, ','));
    ptx_expect(ps, ';');
    check_new_label(ps, name);
    ptx_names_add(ps, &ps->locals, name, PTX_NAME_TLIST, fn->ntlists - 1);
}

/* name: .callprototype [(.param ret)] _ (.param ..., ...) [.noreturn]; */
static void parse_proto(ptx_parser_t *ps, const ptx_tok_t *name)
{
    ptx_func_t *fn = ps->fn;
    ptx_proto_t pr;
    memset(&pr, 0, sizeof pr);
    pr.name = ptx_strdup(ps, name->text, name->len);
    if (ptx_tok_is(ptx_peek(ps, 0), '('))
        pr.nrets = parse_param_list(ps, &pr.rets, 1);
    if (!ptx_tok_ident(ptx_peek(ps, 0), "_"))
        ptx_expected(ps, "'_'");
    ptx_next(ps);
    if (ptx_tok_is(ptx_peek(ps, 0), '('))
        pr.nparams = parse_param_list(ps, &pr.params, 1);
    uint64_t size;
    ptx_layout_params(ps, pr.params, pr.nparams, &size);
    ptx_layout_params(ps, pr.rets, pr.nrets, &size);
    ptx_accept_dot(ps, ".noreturn");
    ptx_expect(ps, ';');
    check_new_label(ps, name);
    *PTX_PUSH(ps, fn->protos, fn->nprotos) = pr;
    ptx_names_add(ps, &ps->locals, name, PTX_NAME_PROTO, fn->nprotos - 1);
}

/* name: then a label, a .branchtargets or a .callprototype. */
static void parse_labelled(ptx_parser_t *ps)
{
    const ptx_tok_t *name = ptx_next(ps);
    ptx_next(ps); /* ':' */
    if (name->text[0] == '%')
        ptx_fail(ps, name, "a label cannot start with '%%'");
    if (ptx_accept_dot(ps, ".branchtargets")) {
        parse_tlist(ps, name);
    } else if (ptx_accept_dot(ps, ".callprototype")) {
        parse_proto(ps, name);
    } else if (ptx_tok_dot(ptx_peek(ps, 0), ".calltargets")) {
        ptx_fail(ps, ptx_peek(ps, 0), "unsupported directive '.calltargets'");
    } else {
        check_new_label(ps, name);
        ptx_names_add(ps, &ps->labels, name, PTX_NAME_LABEL, ps->fn->ninsns);
    }
}

/* One statement of a body; 0 at the body's closing brace. */
static int parse_statement(ptx_parser_t *ps)
{
    const ptx_tok_t *t = ptx_peek(ps, 0);
    if (ptx_accept(ps, '{')) {
        ps->depth++;
    } else if (ptx_accept(ps, '}')) {
        if (ps->depth == 1)
            return 0;
        ptx_names_pop(&ps->locals, ps->depth--);
    } else if (ptx_accept(ps, ';') || ptx_parse_common_directive(ps)) {
        /* nothing more */
    } else if (ptx_accept_dot(ps, ".reg")) {
        ptx_parse_reg_decl(ps);
    } else if (ptx_tok_dot(t, ".local") || ptx_tok_dot(t, ".shared") || ptx_tok_dot(t, ".param")) {
        ptx_parse_var_decl(ps, PTX_LINK_NONE, 0);
    } else if (t->kind == PTX_TOK_IDENT && ptx_tok_is(ptx_peek(ps, 1), ':')) {
        parse_labelled(ps);
    } else if (t->kind == PTX_TOK_DOT) {
        char found[96];
        ptx_tok_describe(t, found, sizeof found);
        ptx_fail(ps, t, "unknown or unsupported directive %s in a function body", found);
    } else if (t->kind == PTX_TOK_EOF) {
        ptx_expected(ps, "'}'");
    } else {
        ptx_parse_insn(ps);
    }
    return 1;
}

static void parse_body(ptx_parser_t *ps, const ptx_tok_t *name)
{
    begin_body(ps, name);
    while (parse_statement(ps))
        ;
    ptx_resolve_labels(ps);
}
