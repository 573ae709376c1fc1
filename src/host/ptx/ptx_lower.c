/* Lowering a parsed module (ptx_ir.h) into the executor's program
 * (ptx_prog.h): where every variable lives, the initial bytes of .global
 * and .const, the frame of each function, and the static call chains that
 * size a warp's stacks. The instructions are ptx_lower_insn.c's. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "host/ptx/ptx_lower.h"
#include "host/ptx/ptx_types.h"

void ptx_lower_fail(ptx_lower_t *lw, const ptx_insn_t *in, const char *fmt, ...)
{
    char msg[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (in)
        snprintf(lw->err, lw->errlen, "%s:%u:%u: %s", lw->path, in->line, in->col, msg);
    else
        snprintf(lw->err, lw->errlen, "%s: %s", lw->path, msg);
    longjmp(lw->fail, 1);
}

static uint64_t align_up(uint64_t v, uint64_t a)
{
    return a > 1 ? (v + a - 1) / a * a : v;
}

/* The value a relocation writes: the address of a module variable or a
 * function, generic or in the variable's own space. */
static uint64_t reloc_value(ptx_lower_t *lw, const ptx_reloc_t *r)
{
    if (r->sym.kind == PTX_SYM_FUNC)
        return PTX_FUNC_ADDR_BASE + (uint64_t)r->sym.index * PTX_FUNC_ADDR_STEP + (uint64_t)r->addend;
    const ptx_var_t *v = &lw->m->vars[r->sym.index];
    uint64_t a = lw->gaddr[r->sym.index] + (uint64_t)r->addend;
    if (r->generic && v->space == PTX_SPACE_CONST)
        return a + PTX_WIN_CONST;
    if (r->generic && v->space == PTX_SPACE_SHARED)
        return a + PTX_WIN_SHARED;
    return a;
}

static void write_init(ptx_lower_t *lw, const ptx_var_t *v, uint8_t *dst)
{
    if (!v->init)
        return;
    memcpy(dst, v->init, v->size);
    for (uint32_t k = 0; k < v->nrelocs; k++) {
        uint64_t val = reloc_value(lw, &v->relocs[k]);
        memcpy(dst + v->relocs[k].offset, &val, v->relocs[k].size);
    }
}

/* Module variables: .global from PTX_GMEM_LO on, .const in the bank,
 * .shared by ptx_lower_shared.c; extern .shared x[] after all of it. */
static void layout_module_vars(ptx_lower_t *lw)
{
    const ptx_module_t *m = lw->m;
    ptx_prog_t *p = lw->p;
    uint64_t g = 0, c = 0, s = 0;
    lw->gaddr = calloc(m->nvars + 1, sizeof *lw->gaddr);
    for (uint32_t i = 0; i < m->nvars; i++) {
        const ptx_var_t *v = &m->vars[i];
        uint64_t al = v->align ? v->align : 1;
        if (v->space == PTX_SPACE_GLOBAL) {
            g = align_up(g, al);
            lw->gaddr[i] = lw->gbase + g;
            g += v->size;
        } else if (v->space == PTX_SPACE_CONST) {
            c = align_up(c, al);
            lw->gaddr[i] = c;
            c += v->size;
        } else if (v->space != PTX_SPACE_SHARED) {
            ptx_lower_fail(lw, NULL, "module variable '%s' in the %s space is not supported", v->name,
                           ptx_space_word(v->space));
        }
    }
    /* .shared, module and function scope: ptx_lower_shared.c */
    lw->vaddr = calloc(m->nfuncs + 1, sizeof *lw->vaddr);
    for (uint32_t fi = 0; fi < m->nfuncs; fi++)
        if (!(lw->vaddr[fi] = calloc(m->funcs[fi].nvars + 1, sizeof **lw->vaddr)))
            ptx_lower_fail(lw, NULL, "out of memory");
    s = ptx_lower_shared_layout(lw);
    p->shared_static = (uint32_t)s;
    p->dyn_shared_off = (uint32_t)align_up(s, 16);
    for (uint32_t i = 0; i < m->nvars; i++)
        if (m->vars[i].space == PTX_SPACE_SHARED && m->vars[i].unsized)
            lw->gaddr[i] = p->dyn_shared_off;
    p->gsize = align_up(g, 256);
    p->cbank_size = c;
    p->ginit = calloc(p->gsize + 1, 1);
    p->cbank = calloc(c + 1, 1);
    if (!p->ginit || !p->cbank)
        ptx_lower_fail(lw, NULL, "out of memory");
    for (uint32_t i = 0; i < m->nvars; i++) {
        const ptx_var_t *v = &m->vars[i];
        if (v->space == PTX_SPACE_GLOBAL)
            write_init(lw, v, p->ginit + (lw->gaddr[i] - lw->gbase));
        else if (v->space == PTX_SPACE_CONST)
            write_init(lw, v, p->cbank + lw->gaddr[i]);
    }
}

/* A lane's frame: locals, the call-site .param variables, the function's
 * own parameters and returns (a callee's parameters are written there by
 * the call). */
static void layout_frame(ptx_lower_t *lw, uint32_t fi)
{
    const ptx_func_t *f = &lw->m->funcs[fi];
    ptx_pfunc_t *pf = &lw->p->funcs[fi];
    uint64_t callparam = align_up(f->local_size, 8);
    pf->param_off = (uint32_t)align_up(callparam + f->callparam_size, 8);
    pf->ret_off = (uint32_t)align_up(pf->param_off + f->param_size, 8);
    pf->frame = (uint32_t)align_up(pf->ret_off + f->ret_size, 16);
    pf->param_size = (uint32_t)f->param_size;
    pf->nparams = f->nparams;
    pf->nrets = f->nrets;
    pf->pofs_first = lw->npofs;
    for (uint32_t k = 0; k < f->nparams + f->nrets; k++) {
        PTX_GROW(lw, lw->p->pofs, lw->npofs, lw->ncap_pofs);
        lw->p->pofs[lw->npofs++] = (uint32_t)(k < f->nparams ? f->params[k].offset
                                                              : f->rets[k - f->nparams].offset);
    }
    pf->defined = f->defined;
    pf->is_kernel = f->kind == PTX_FUNC_ENTRY;
    pf->is_vprintf = !f->defined && strcmp(f->name, "vprintf") == 0;
}

/* The deepest static call chain from fi: slots and frame bytes. A cycle,
 * or an indirect call, sizes the stacks by the recursion limits. */
static void chain(ptx_lower_t *lw, uint32_t fi, uint8_t *onpath, uint32_t *slots, uint32_t *frame, uint32_t *depth,
                  int *rec)
{
    const ptx_prog_t *p = lw->p;
    const ptx_pfunc_t *pf = &p->funcs[fi];
    uint32_t best_s = 0, best_f = 0, best_d = 0;
    onpath[fi] = 1;
    for (uint32_t i = 0; i < pf->nrecs; i++) {
        const ptx_rec_t *r = &p->recs[pf->first + i];
        if (r->ex != PTX_EX_CALL)
            continue;
        uint32_t callee = p->calls[r->target].callee;
        if (callee == PTX_NOSLOT || onpath[callee]) {
            *rec = 1;
            continue;
        }
        uint32_t s = 0, fr = 0, d = 0;
        chain(lw, callee, onpath, &s, &fr, &d, rec);
        if (s > best_s)
            best_s = s;
        if (fr > best_f)
            best_f = fr;
        if (d + 1 > best_d)
            best_d = d + 1; /* the call's frame, then the callee's */
    }
    onpath[fi] = 0;
    *slots = pf->nslots + best_s;
    *frame = pf->frame + best_f;
    *depth = best_d;
}

static void free_lower(ptx_lower_t *lw)
{
    if (lw->vaddr)
        for (uint32_t i = 0; i < lw->m->nfuncs; i++)
            free(lw->vaddr[i]);
    free(lw->vaddr);
    free(lw->gaddr);
}

ptx_prog_t *ptx_prog_build(const ptx_module_t *m, const char *path, char *err, size_t n)
{
    return ptx_prog_build_at(m, path, PTX_GMEM_LO, err, n);
}

ptx_prog_t *ptx_prog_build_at(const ptx_module_t *m, const char *path, uint64_t gbase, char *err, size_t n)
{
    ptx_lower_t lw = {.m = m, .path = path, .err = err, .errlen = n, .gbase = gbase};
    lw.p = calloc(1, sizeof *lw.p);
    if (!lw.p) {
        snprintf(err, n, "%s: out of memory", path);
        return NULL;
    }
    if (setjmp(lw.fail)) {
        free_lower(&lw);
        ptx_prog_free(lw.p);
        return NULL;
    }
    if (m->address_size != 64)
        ptx_lower_fail(&lw, NULL, ".address_size %u is not supported (64 only)", m->address_size);
    lw.p->path = path;
    lw.p->nfuncs = m->nfuncs;
    lw.p->funcs = calloc(m->nfuncs + 1, sizeof *lw.p->funcs);
    layout_module_vars(&lw);
    for (uint32_t fi = 0; fi < m->nfuncs; fi++)
        layout_frame(&lw, fi);
    for (uint32_t fi = 0; fi < m->nfuncs; fi++)
        ptx_lower_func(&lw, fi);
    uint8_t *onpath = calloc(m->nfuncs + 1, 1);
    for (uint32_t fi = 0; fi < m->nfuncs; fi++) {
        ptx_pfunc_t *pf = &lw.p->funcs[fi];
        if (!pf->is_kernel)
            continue;
        int rec = 0;
        chain(&lw, fi, onpath, &pf->chain_slots, &pf->chain_frame, &pf->chain_depth, &rec);
        pf->recursive = (uint32_t)rec;
    }
    free(onpath);
    lw.p->var_addr = lw.gaddr;
    lw.gaddr = NULL;
    free_lower(&lw);
    return lw.p;
}

void ptx_prog_free(ptx_prog_t *p)
{
    if (!p)
        return;
    free(p->recs);
    free(p->funcs);
    free(p->imms);
    free(p->targets);
    free(p->mmas);
    free(p->calls);
    free(p->cargs);
    free(p->pofs);
    free(p->cbank);
    free(p->ginit);
    free(p->var_addr);
    free(p);
}

uint64_t ptx_prog_globals_size(const ptx_prog_t *p)
{
    return p->gsize;
}

uint64_t ptx_prog_var_addr(const ptx_prog_t *p, uint32_t var)
{
    return p->var_addr[var];
}

uint8_t *ptx_prog_const_bank(ptx_prog_t *p, uint64_t *size)
{
    *size = p->cbank_size;
    return p->cbank;
}

void ptx_prog_globals_init(const ptx_prog_t *p, uint8_t *arena_lo)
{
    memcpy(arena_lo, p->ginit, p->gsize);
}

int ptx_kernel_info(const ptx_prog_t *p, uint32_t kernel, ptx_kernel_info_t *ki)
{
    if (kernel >= p->nfuncs || !p->funcs[kernel].is_kernel)
        return -1;
    const ptx_pfunc_t *pf = &p->funcs[kernel];
    ki->regs_per_thread = pf->chain_slots;
    ki->shared_static = pf->shared_static;
    ki->local_per_thread = pf->recursive ? PTX_RECURSE_LOCAL : pf->chain_frame;
    ki->param_size = pf->param_size;
    return 0;
}
