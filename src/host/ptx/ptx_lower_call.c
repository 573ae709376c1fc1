/* Lowering a call: its arguments and returns become ptx_carg_t elements
 * (a call-site .param variable in the caller's frame, or a register), the
 * callee a function index or, for an indirect call, a register holding a
 * function's address. A call to the extern vprintf is CUDA's device printf. */
#include <stdlib.h>
#include <string.h>

#include "host/ptx/ptx_lower.h"
#include "host/ptx/ptx_types.h"

static uint32_t lower_elems(ptx_lower_t *lw, const ptx_insn_t *in, const ptx_operand_t *list, const ptx_var_t *decl,
                            uint32_t ndecl)
{
    const ptx_func_t *f = lw->f;
    uint32_t first = lw->ncargs;
    for (uint32_t i = 0; i < list->count; i++) {
        const ptx_operand_t *e = &f->elems[list->index + i];
        ptx_carg_t a = {0};
        if (e->kind == PTX_OPND_SYM) {
            uint8_t sp;
            uint64_t off;
            int frame;
            ptx_lower_sym(lw, in, e->sym, &sp, &off, &frame);
            if (!frame || e->sym.kind != PTX_SYM_VAR)
                ptx_lower_fail(lw, in, "a call argument must be a .param variable or a register");
            a.from_frame = 1;
            a.off = (uint32_t)off;
            a.size = (uint8_t)(f->vars[e->sym.index].size > 255 ? 0 : f->vars[e->sym.index].size);
            if (!a.size)
                ptx_lower_fail(lw, in, "call argument '%s' is too large", f->vars[e->sym.index].name);
        } else {
            a.off = e->kind == PTX_OPND_REG ? ptx_lower_reg_slot(f, e->rclass, e->reg)
                                            : ptx_lower_src(lw, in, e);
            a.size = e->kind == PTX_OPND_REG && e->rclass == PTX_RC_32 ? 4 : 8;
            if (i < ndecl && decl[i].size < a.size)
                a.size = (uint8_t)decl[i].size;
        }
        PTX_GROW(lw, lw->p->cargs, lw->ncargs, lw->ncap_cargs);
        lw->p->cargs[lw->ncargs++] = a;
    }
    return first;
}

void ptx_lower_call(ptx_lower_t *lw, const ptx_insn_t *in, ptx_rec_t *r)
{
    const ptx_module_t *m = lw->m;
    const ptx_operand_t *rets = &in->opnd[0], *callee = &in->opnd[1], *args = &in->opnd[2];
    ptx_call_t c = {.callee = PTX_NOSLOT, .fptr = PTX_NOSLOT};
    const ptx_var_t *pdecl = NULL, *rdecl = NULL;
    uint32_t np = 0, nr = 0;
    if (callee->kind == PTX_OPND_FUNC) {
        const ptx_func_t *g = &m->funcs[callee->index];
        c.callee = callee->index;
        pdecl = g->params, np = g->nparams, rdecl = g->rets, nr = g->nrets;
        if (!g->defined && strcmp(g->name, "vprintf") != 0)
            ptx_lower_fail(lw, in, "call of '%s', which has no body (only vprintf is provided)", g->name);
        if (args->count != g->nparams || rets->count != g->nrets)
            ptx_lower_fail(lw, in, "call of '%s' with %u arguments and %u returns; it has %u and %u", g->name,
                           args->count, rets->count, g->nparams, g->nrets);
    } else {
        const ptx_proto_t *pr = &lw->f->protos[in->opnd[3].index];
        c.fptr = ptx_lower_reg_slot(lw->f, callee->rclass, callee->reg);
        pdecl = pr->params, np = pr->nparams, rdecl = pr->rets, nr = pr->nrets;
    }
    c.first_arg = lower_elems(lw, in, args, pdecl, np);
    c.nargs = args->count;
    c.first_ret = lower_elems(lw, in, rets, rdecl, nr);
    c.nrets = rets->count;
    r->ex = c.callee != PTX_NOSLOT && lw->p->funcs[c.callee].is_vprintf ? PTX_EX_PRINTF : PTX_EX_CALL;
    PTX_GROW(lw, lw->p->calls, lw->ncalls, lw->ncap_calls);
    r->target = lw->ncalls;
    lw->p->calls[lw->ncalls++] = c;
}
