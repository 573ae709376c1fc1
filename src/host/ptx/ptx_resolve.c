/* Names resolved late: labels when their function ends (a branch may jump
 * forward), module names (variables, functions) when the module ends (a
 * declaration may come after its use); then the checks that need them:
 * calls against their callee's or prototype's parameters, .loc files. */
#include <string.h>

#include "host/ptx/ptx_parse.h"
#include "host/ptx/ptx_types.h"

/* A token standing for an instruction's place, for messages. */
static ptx_tok_t at_insn(const ptx_insn_t *in)
{
    ptx_tok_t t;
    memset(&t, 0, sizeof t);
    t.line = in->line;
    t.col = in->col;
    return t;
}

void ptx_resolve_labels(ptx_parser_t *ps)
{
    ptx_func_t *fn = ps->fn;
    for (uint32_t i = 0; i < ps->nlabel_fix; i++) {
        const ptx_fixup_t *fx = &ps->label_fix[i];
        const ptx_tok_t *t = &ps->toks[fx->tok];
        const ptx_name_t *e = ptx_names_find(&ps->labels, t->text, t->len);
        if (!e)
            ptx_fail(ps, t, "undefined label '%.*s'", (int)t->len, t->text);
        if (fx->what == PTX_FIX_TLIST)
            fn->tlists[fx->a].targets[fx->b] = e->value;
        else
            fn->insns[fx->b].opnd[fx->c].index = e->value;
    }
    ps->nlabel_fix = 0;
}

static ptx_operand_t *fixup_operand(ptx_parser_t *ps, const ptx_fixup_t *fx)
{
    ptx_func_t *fn = &ps->mod->funcs[fx->a];
    return fx->what == PTX_FIX_ELEM ? &fn->elems[fx->b] : &fn->insns[fx->b].opnd[fx->c];
}

static void resolve_symbol(ptx_parser_t *ps, const ptx_fixup_t *fx)
{
    const ptx_tok_t *t = &ps->toks[fx->tok];
    const ptx_name_t *e = ptx_names_find(&ps->globals, t->text, t->len);
    if (!e)
        ptx_fail(ps, t, "undefined symbol '%.*s'", (int)t->len, t->text);
    int is_func = e->kind == PTX_NAME_FUNC;
    ptx_symref_t ref = {(uint8_t)(is_func ? PTX_SYM_FUNC : PTX_SYM_GLOBAL), e->value};
    if (fx->what == PTX_FIX_RELOC) {
        ps->mod->vars[fx->a].relocs[fx->b].sym = ref;
        return;
    }
    ptx_operand_t *o = fixup_operand(ps, fx);
    if (o->kind == PTX_OPND_FUNC) {
        if (!is_func)
            ptx_fail(ps, t, "'%.*s' is not a function", (int)t->len, t->text);
        o->index = e->value;
    } else if (fx->what == PTX_FIX_ELEM) {
        ptx_fail(ps, t, "a call argument is a parameter or a register, not '%.*s'", (int)t->len, t->text);
    } else if (o->kind == PTX_OPND_ADDR && is_func) {
        ptx_fail(ps, t, "function '%.*s' has no memory to address", (int)t->len, t->text);
    } else {
        o->sym = ref;
    }
}

/* A call's list element against the parameter it passes: a call-site
 * .param variable or a register of the same size. */
static void check_arg(ptx_parser_t *ps, const ptx_func_t *fn, const ptx_insn_t *in, const ptx_operand_t *e,
                      const ptx_var_t *p)
{
    ptx_tok_t at = at_insn(in);
    uint64_t size = 0;
    if (e->kind == PTX_OPND_SYM && e->sym.kind == PTX_SYM_VAR && fn->vars[e->sym.index].space == PTX_SPACE_PARAM &&
        e->imm == 0)
        size = fn->vars[e->sym.index].size;
    else if (e->kind == PTX_OPND_REG && e->rclass != PTX_RC_PRED)
        size = ptx_type_size((ptx_type_t)fn->reg_type[e->rclass][e->reg]);
    else
        ptx_fail(ps, &at, "a call passes .param variables or registers");
    if (size != p->size)
        ptx_fail(ps, &at, "call passes %llu bytes for parameter '%s' of %llu", (unsigned long long)size, p->name,
                 (unsigned long long)p->size);
}

static void check_list(ptx_parser_t *ps, const ptx_func_t *fn, const ptx_insn_t *in, const ptx_operand_t *l,
                       const ptx_var_t *params, uint32_t n, const char *what)
{
    if (l->count != n) {
        ptx_tok_t at = at_insn(in);
        ptx_fail(ps, &at, "call passes %u %s where %u are declared", l->count, what, n);
    }
    for (uint32_t k = 0; k < n; k++)
        check_arg(ps, fn, in, &fn->elems[l->index + k], &params[k]);
}

static void check_call(ptx_parser_t *ps, const ptx_func_t *fn, const ptx_insn_t *in)
{
    const ptx_operand_t *callee = &in->opnd[1];
    if (callee->kind == PTX_OPND_FUNC) {
        const ptx_func_t *f = &ps->mod->funcs[callee->index];
        if (f->kind == PTX_FUNC_ENTRY) {
            ptx_tok_t at = at_insn(in);
            ptx_fail(ps, &at, "'%s' is a kernel (.entry) and cannot be called", f->name);
        }
        check_list(ps, fn, in, &in->opnd[0], f->rets, f->nrets, "return values");
        check_list(ps, fn, in, &in->opnd[2], f->params, f->nparams, "arguments");
    } else {
        const ptx_proto_t *p = &fn->protos[in->opnd[3].index];
        check_list(ps, fn, in, &in->opnd[0], p->rets, p->nrets, "return values");
        check_list(ps, fn, in, &in->opnd[2], p->params, p->nparams, "arguments");
    }
}

/* The state space a variable lives in, as instructions name it. */
static uint8_t space_class(uint8_t space)
{
    if (space == PTX_SPACE_SHARED_CLUSTER)
        return PTX_SPACE_SHARED;
    if (space == PTX_SPACE_PARAM_ENTRY || space == PTX_SPACE_PARAM_FUNC)
        return PTX_SPACE_PARAM;
    return space;
}

/* [sym] under a named space must be a variable of that space (a generic
 * address may point anywhere). */
static void check_address_space(ptx_parser_t *ps, const ptx_func_t *fn, const ptx_insn_t *in)
{
    for (unsigned k = 0; k < in->nopnd && in->m.space != PTX_SPACE_GENERIC; k++) {
        const ptx_operand_t *o = &in->opnd[k];
        if (o->kind != PTX_OPND_ADDR || o->sym.kind == PTX_SYM_NONE)
            continue;
        const ptx_var_t *v = o->sym.kind == PTX_SYM_GLOBAL ? &ps->mod->vars[o->sym.index]
                           : o->sym.kind == PTX_SYM_VAR    ? &fn->vars[o->sym.index]
                           : o->sym.kind == PTX_SYM_PARAM  ? &fn->params[o->sym.index]
                                                           : &fn->rets[o->sym.index];
        if (space_class(v->space) != space_class(in->m.space)) {
            ptx_tok_t at = at_insn(in);
            ptx_fail(ps, &at, "'%s' is a %s variable, not %s", v->name, ptx_space_word(v->space),
                     ptx_space_word(in->m.space));
        }
    }
}

static void check_function(ptx_parser_t *ps, const ptx_func_t *fn)
{
    const ptx_module_t *m = ps->mod;
    for (uint32_t i = 0; i < fn->ninsns; i++) {
        const ptx_insn_t *in = &fn->insns[i];
        if (in->op == PTX_OP_CALL)
            check_call(ps, fn, in);
        check_address_space(ps, fn, in);
        if (in->loc_file) {
            uint32_t k = 0;
            while (k < m->nfiles && m->files[k].index != in->loc_file)
                k++;
            if (k == m->nfiles) {
                ptx_tok_t at = at_insn(in);
                ptx_fail(ps, &at, ".loc names file %u, which no .file declares", in->loc_file);
            }
        }
    }
}

void ptx_resolve_module(ptx_parser_t *ps)
{
    for (uint32_t i = 0; i < ps->nsym_fix; i++)
        resolve_symbol(ps, &ps->sym_fix[i]);
    for (uint32_t i = 0; i < ps->mod->nfuncs; i++)
        check_function(ps, &ps->mod->funcs[i]);
}
