/* Do two modules hold the same IR? (ptx.h) Source positions do not count,
 * nor the names of function variables, target lists and prototypes (the
 * printer may rename those to keep them apart, ptx_print.c); everything
 * the executor reads does. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "host/ptx/ptx.h"

typedef struct {
    char *why;
    size_t n;
    char where[160];
} cmp_t;

static int differ(cmp_t *c, const char *fmt, ...)
{
    char what[160];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    if (c->why && c->n)
        snprintf(c->why, c->n, "%s%s%s", c->where, c->where[0] ? ": " : "", what);
    return 0;
}

#define SAME(field, what) \
    do { if ((a)->field != (b)->field) return differ(c, "%s differs", what); } while (0)

static int same_var(cmp_t *c, const ptx_var_t *a, const ptx_var_t *b, int names)
{
    if (names && strcmp(a->name, b->name))
        return differ(c, "variable name %s vs %s", a->name, b->name);
    SAME(space, "space"); SAME(type, "type"); SAME(vec, "vector width"); SAME(link, "linkage");
    SAME(unsized, "unsized"); SAME(ptr, ".ptr"); SAME(ptr_space, ".ptr space"); SAME(ptr_align, ".ptr align"); SAME(managed, ".attribute(.managed)");
    SAME(count, "count"); SAME(size, "size"); SAME(align, "alignment"); SAME(offset, "offset");
    SAME(nrelocs, "relocation count");
    if (!a->init != !b->init || (a->init && memcmp(a->init, b->init, a->size)))
        return differ(c, "initializer of %s", a->name);
    for (uint32_t k = 0; k < a->nrelocs; k++) {
        const ptx_reloc_t *x = &a->relocs[k], *y = &b->relocs[k];
        if (x->offset != y->offset || x->size != y->size || x->generic != y->generic || x->sym.kind != y->sym.kind ||
            x->sym.index != y->sym.index || x->addend != y->addend)
            return differ(c, "relocation %u of %s", k, a->name);
    }
    return 1;
}

static int same_vars(cmp_t *c, const ptx_var_t *a, uint32_t na, const ptx_var_t *b, uint32_t nb, int names,
                     const char *what)
{
    if (na != nb)
        return differ(c, "%s: %u vs %u", what, na, nb);
    for (uint32_t i = 0; i < na; i++)
        if (!same_var(c, &a[i], &b[i], names))
            return 0;
    return 1;
}

static int same_mods(const ptx_mods_t *a, const ptx_mods_t *b)
{
    return a->flags == b->flags && a->round == b->round && a->cmp == b->cmp && a->boolop == b->boolop &&
           a->mul == b->mul && a->space == b->space && a->cache == b->cache && a->l1_evict == b->l1_evict &&
           a->l2_evict == b->l2_evict && a->l2_prefetch == b->l2_prefetch && a->vec == b->vec &&
           a->atom == b->atom && a->scope == b->scope && a->sem == b->sem && a->shfl == b->shfl &&
           a->vote == b->vote && a->match == b->match && a->prmt == b->prmt && a->shf_dir == b->shf_dir &&
           a->shf_mode == b->shf_mode && a->bar == b->bar && a->testp == b->testp && a->level == b->level &&
           a->tex_geom == b->tex_geom && a->tex_query == b->tex_query && a->tex_comp == b->tex_comp &&
           a->su_clamp == b->su_clamp;
}

static int same_operand(const ptx_func_t *fa, const ptx_operand_t *a, const ptx_func_t *fb, const ptx_operand_t *b)
{
    if (a->kind != b->kind || a->rclass != b->rclass || a->flags != b->flags || a->size != b->size ||
        a->comp != b->comp || a->count != b->count || a->reg != b->reg || a->sym.kind != b->sym.kind ||
        a->sym.index != b->sym.index || a->imm != b->imm)
        return 0;
    if (a->kind != PTX_OPND_VEC && a->kind != PTX_OPND_LIST && !(a->kind == PTX_OPND_ADDR && a->count))
        return a->index == b->index;
    for (uint32_t k = 0; k < a->count; k++)
        if (!same_operand(fa, &fa->elems[a->index + k], fb, &fb->elems[b->index + k]))
            return 0;
    return 1;
}

static int same_insn(cmp_t *c, const ptx_func_t *fa, const ptx_insn_t *a, const ptx_func_t *fb, const ptx_insn_t *b)
{
    SAME(op, "op"); SAME(type[0], "type"); SAME(type[1], "second type"); SAME(nopnd, "operand count");
    SAME(has_guard, "guard"); SAME(guard_neg, "guard negation"); SAME(reconv, "reconvergence point");
    SAME(loc_file, ".loc file"); SAME(loc_line, ".loc line"); SAME(loc_col, ".loc column");
    if (a->has_guard && a->guard != b->guard)
        return differ(c, "guard register");
    if (!same_mods(&a->m, &b->m))
        return differ(c, "modifiers");
    for (unsigned k = 0; k < a->nopnd; k++)
        if (!same_operand(fa, &a->opnd[k], fb, &b->opnd[k]))
            return differ(c, "operand %u", k);
    return 1;
}

static int same_perf(const ptx_perf_t *a, const ptx_perf_t *b)
{
    return !memcmp(a->maxntid, b->maxntid, sizeof a->maxntid) && !memcmp(a->reqntid, b->reqntid, sizeof a->reqntid) &&
           !memcmp(a->reqnctapercluster, b->reqnctapercluster, sizeof a->reqnctapercluster) &&
           a->minnctapersm == b->minnctapersm && a->maxnreg == b->maxnreg && a->maxclusterrank == b->maxclusterrank &&
           a->noreturn == b->noreturn && a->explicitcluster == b->explicitcluster;
}

static int same_tables(cmp_t *c, const ptx_func_t *a, const ptx_func_t *b)
{
    SAME(ntlists, "target list count"); SAME(nprotos, "prototype count"); SAME(nblocks, "block count");
    for (uint32_t i = 0; i < a->ntlists; i++)
        if (a->tlists[i].count != b->tlists[i].count ||
            memcmp(a->tlists[i].targets, b->tlists[i].targets, a->tlists[i].count * sizeof *a->tlists[i].targets))
            return differ(c, "target list %u", i);
    for (uint32_t i = 0; i < a->nprotos; i++)
        if (!same_vars(c, a->protos[i].params, a->protos[i].nparams, b->protos[i].params, b->protos[i].nparams, 0,
                       "prototype parameters") ||
            !same_vars(c, a->protos[i].rets, a->protos[i].nrets, b->protos[i].rets, b->protos[i].nrets, 0,
                       "prototype returns"))
            return 0;
    for (uint32_t i = 0; i < a->nblocks; i++)
        if (a->blocks[i].first != b->blocks[i].first || a->blocks[i].count != b->blocks[i].count ||
            a->blocks[i].ipdom != b->blocks[i].ipdom)
            return differ(c, "block %u", i);
    return 1;
}

static int same_func(cmp_t *c, const ptx_func_t *a, const ptx_func_t *b)
{
    snprintf(c->where, sizeof c->where, "function %.100s", a->name);
    if (strcmp(a->name, b->name))
        return differ(c, "name %s vs %s", a->name, b->name);
    SAME(kind, "kind"); SAME(link, "linkage"); SAME(defined, "definition"); SAME(param_size, "param size");
    SAME(ret_size, "return size"); SAME(local_size, "local frame size"); SAME(local_align, "local alignment");
    SAME(callparam_size, "call parameter area"); SAME(ninsns, "instruction count");
    if (!same_perf(&a->perf, &b->perf))
        return differ(c, "performance directives");
    if (!same_vars(c, a->params, a->nparams, b->params, b->nparams, 1, "parameters") ||
        !same_vars(c, a->rets, a->nrets, b->rets, b->nrets, 1, "return parameters") ||
        !same_vars(c, a->vars, a->nvars, b->vars, b->nvars, 0, "variables") || !same_tables(c, a, b))
        return 0;
    for (int k = 0; k < PTX_RC_COUNT; k++)
        if (a->nregs[k] != b->nregs[k] || (a->nregs[k] && memcmp(a->reg_type[k], b->reg_type[k], a->nregs[k])))
            return differ(c, "registers of class %d", k);
    for (uint32_t i = 0; i < a->ninsns; i++) {
        snprintf(c->where, sizeof c->where, "function %.100s, instruction %u", a->name, i);
        if (!same_insn(c, a, &a->insns[i], b, &b->insns[i]))
            return 0;
    }
    return 1;
}

static int same_module_head(cmp_t *c, const ptx_module_t *a, const ptx_module_t *b)
{
    SAME(version_major, "version"); SAME(version_minor, "version"); SAME(sm, "target"); SAME(sm_suffix, "target");
    SAME(debug, "debug"); SAME(texmode, "texmode"); SAME(address_size, "address size");
    SAME(nfiles, "file count"); SAME(nsections, "section count"); SAME(nvars, "variable count");
    SAME(nfuncs, "function count");
    for (uint32_t i = 0; i < a->nfiles; i++)
        if (a->files[i].index != b->files[i].index || strcmp(a->files[i].name, b->files[i].name))
            return differ(c, "file %u", i);
    for (uint32_t i = 0; i < a->nsections; i++)
        if (strcmp(a->sections[i].name, b->sections[i].name) || a->sections[i].size != b->sections[i].size)
            return differ(c, "section %u", i);
    return 1;
}

int ptx_module_equal(const ptx_module_t *a, const ptx_module_t *b, char *why, size_t n)
{
    cmp_t cc = {why, n, ""}, *c = &cc;
    if (why && n)
        why[0] = 0;
    if (!same_module_head(c, a, b) || !same_vars(c, a->vars, a->nvars, b->vars, b->nvars, 1, "module variables"))
        return 0;
    for (uint32_t i = 0; i < a->nfuncs; i++)
        if (!same_func(c, &a->funcs[i], &b->funcs[i]))
            return 0;
    return 1;
}
