/* Register declarations and look-up: `.reg .b32 %r<100>, tmp;`. Each name
 * gets dense slots in its class (ptx_ir.h); a name in a nested { } scope
 * shadows an outer one, and goes when the scope closes. */
#include <string.h>

#include "host/ptx/ptx_optab.h"
#include "host/ptx/ptx_parse.h"
#include "host/ptx/ptx_types.h"

/* Special register names and WARP_SZ cannot be declared. */
static int reserved(const ptx_tok_t *t)
{
    unsigned idx;
    return ptx_sreg_lookup(t->text, t->len, &idx) >= 0 || ptx_tok_ident(t, "WARP_SZ") ||
           ptx_tok_ident(t, "_");
}

static void check_new_local(ptx_parser_t *ps, const ptx_tok_t *name)
{
    const ptx_name_t *e = ptx_names_find(&ps->locals, name->text, name->len);
    if (e && e->depth == ps->depth)
        ptx_fail(ps, name, "redeclaration of '%.*s'", (int)name->len, name->text);
}

static void grow_types(ptx_parser_t *ps, ptx_rclass_t rc, uint32_t need)
{
    ptx_func_t *fn = ps->fn;
    if (need <= ps->rcap[rc])
        return;
    uint32_t cap = ps->rcap[rc] ? ps->rcap[rc] : 64;
    while (cap < need)
        cap *= 2;
    uint8_t *t = ptx_pool_resize(ps->pool, fn->reg_type[rc], ps->rcap[rc], cap);
    if (!t)
        ptx_fail(ps, ptx_peek(ps, 0), "out of memory");
    fn->reg_type[rc] = t;
    ps->rcap[rc] = cap;
}

static void declare(ptx_parser_t *ps, const ptx_tok_t *name, ptx_type_t type, uint32_t count, int range)
{
    ptx_func_t *fn = ps->fn;
    ptx_rclass_t rc = ptx_type_rclass(type);
    if (reserved(name))
        ptx_fail(ps, name, "'%.*s' is reserved and cannot name a register", (int)name->len, name->text);
    check_new_local(ps, name);
    uint32_t first = fn->nregs[rc];
    if (count > PTX_MAX_REGS - first)
        ptx_fail(ps, name, "too many %s registers (limit %u)", ptx_rclass_name(rc), PTX_MAX_REGS);
    grow_types(ps, rc, first + count);
    memset(fn->reg_type[rc] + first, type, count);
    fn->nregs[rc] = first + count;
    ptx_regdecl_t *d = PTX_PUSH(ps, ps->regdecls, ps->nregdecls);
    d->type = (uint8_t)type;
    d->rclass = (uint8_t)rc;
    d->first = first;
    d->count = count;
    ptx_names_add(ps, &ps->locals, name, range ? PTX_NAME_REGS : PTX_NAME_REG, ps->nregdecls - 1);
}

/* .reg .type name[<N>] {, name[<N>]} ; */
void ptx_parse_reg_decl(ptx_parser_t *ps)
{
    const ptx_tok_t *t = ptx_peek(ps, 0);
    if (t->kind == PTX_TOK_DOT && (t->text[1] == 'v' && t->len <= 3))
        ptx_fail(ps, t, "vector registers (.reg %.*s) are not supported", (int)t->len, t->text);
    ptx_type_t type = ptx_type_lookup(t->text, t->kind == PTX_TOK_DOT ? t->len : 0);
    if (type == PTX_T_NONE)
        ptx_expected(ps, "a register type");
    if (ptx_type_rclass(type) == PTX_RC_NONE)
        ptx_fail(ps, t, "registers of type .%s are not supported", ptx_type_name(type));
    ptx_next(ps);
    do {
        const ptx_tok_t *name = ptx_peek(ps, 0);
        if (name->kind != PTX_TOK_IDENT)
            ptx_expected(ps, "a register name");
        ptx_next(ps);
        if (ptx_accept(ps, '<')) {
            const ptx_tok_t *nt = ptx_peek(ps, 0);
            uint32_t n = ptx_parse_u32(ps, "a register count");
            if (n == 0)
                ptx_fail(ps, nt, "a register range needs a count above 0");
            ptx_expect(ps, '>');
            declare(ps, name, type, n, 1);
        } else {
            declare(ps, name, type, 1, 0);
        }
    } while (ptx_accept(ps, ','));
    ptx_expect(ps, ';');
}

/* "%r15" -> prefix length 2, number 15; 0 if the name does not end in a
 * plain decimal number. */
static uint32_t split_number(const ptx_tok_t *t, uint64_t *num)
{
    uint32_t p = t->len;
    while (p > 0 && t->text[p - 1] >= '0' && t->text[p - 1] <= '9')
        p--;
    if (p == t->len || p == 0 || t->len - p > 9 || (t->text[p] == '0' && t->len - p > 1))
        return 0;
    uint64_t v = 0;
    for (uint32_t k = p; k < t->len; k++)
        v = v * 10 + (uint64_t)(t->text[k] - '0');
    *num = v;
    return p;
}

int ptx_find_reg(ptx_parser_t *ps, const ptx_tok_t *name, ptx_rclass_t *rc, uint32_t *slot, ptx_type_t *type)
{
    const ptx_name_t *exact = ptx_names_find(&ps->locals, name->text, name->len);
    const ptx_name_t *range = NULL;
    uint64_t num = 0;
    uint32_t plen = split_number(name, &num);
    if (plen) {
        range = ptx_names_find(&ps->locals, name->text, plen);
        if (range && (range->kind != PTX_NAME_REGS || num >= ps->regdecls[range->value].count))
            range = NULL;
    }
    const ptx_name_t *e = exact;
    if (range && (!exact || range > exact))
        e = range;
    if (!e || (e == exact ? e->kind != PTX_NAME_REG : e->kind != PTX_NAME_REGS))
        return 0;
    const ptx_regdecl_t *d = &ps->regdecls[e->value];
    *rc = (ptx_rclass_t)d->rclass;
    *slot = d->first + (e == range ? (uint32_t)num : 0);
    *type = (ptx_type_t)d->type;
    return 1;
}
