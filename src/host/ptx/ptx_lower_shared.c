/* The static .shared layout of a module (ptx_lower.h). nvcc declares every
 * kernel's __shared__ variables at module scope, so a Thrust or CUB module
 * declares hundreds of kilobytes of them in all, while each kernel uses a
 * few. Variables that no kernel reaches together may share bytes: each is
 * placed at the lowest offset that overlaps no variable a kernel reaching
 * it also reaches (first fit, in declaration order), and each kernel's CTA
 * needs only the bytes its own call tree's variables span. A kernel reaches
 * the functions its calls name (an indirect call: every function) and the
 * variables their instructions name. */
#include <stdlib.h>
#include <string.h>

#include "host/ptx/ptx_lower.h"

typedef struct sh_item {
    uint64_t size, align, off;
    uint8_t *kernels;        /* a bit per kernel that reaches it */
} sh_item_t;

typedef struct sh_ctx {
    ptx_lower_t *lw;
    const ptx_module_t *m;
    sh_item_t *items;
    uint32_t nitems, nkernels, bytes;   /* bytes: of each kernels bitset */
    uint32_t *func_first;    /* item index of each function's first variable */
    uint8_t *seen;           /* functions reached from the kernel being walked */
    uint32_t walking;        /* that kernel's number (0 .. nkernels-1) */
} sh_ctx_t;

static void *zalloc(ptx_lower_t *lw, size_t n)
{
    void *p = calloc(n ? n : 1, 1);
    if (!p)
        ptx_lower_fail(lw, NULL, "out of memory");
    return p;
}

static int is_item(const ptx_var_t *v) { return v->space == PTX_SPACE_SHARED && !v->unsized; }

static void reach(sh_ctx_t *c, uint32_t fi);

static void reach_operand(sh_ctx_t *c, uint32_t fi, const ptx_operand_t *o)
{
    uint32_t k = c->walking;
    const ptx_func_t *f = &c->m->funcs[fi];
    if (o->kind == PTX_OPND_FUNC)
        reach(c, o->index);
    else if (o->kind == PTX_OPND_PROTO)
        for (uint32_t g = 0; g < c->m->nfuncs; g++)
            reach(c, g);
    else if ((o->kind == PTX_OPND_ADDR || o->kind == PTX_OPND_SYM) && o->sym.kind == PTX_SYM_FUNC)
        reach(c, o->sym.index);
    else if ((o->kind == PTX_OPND_ADDR || o->kind == PTX_OPND_SYM) && o->sym.kind == PTX_SYM_GLOBAL &&
             is_item(&c->m->vars[o->sym.index]))
        c->items[o->sym.index].kernels[k / 8] |= (uint8_t)(1u << (k % 8));
    else if ((o->kind == PTX_OPND_ADDR || o->kind == PTX_OPND_SYM) && o->sym.kind == PTX_SYM_VAR &&
             is_item(&f->vars[o->sym.index]))
        c->items[c->func_first[fi] + o->sym.index].kernels[k / 8] |= (uint8_t)(1u << (k % 8));
}

/* Marks what function fi and its callees reach for the kernel being walked. */
static void reach(sh_ctx_t *c, uint32_t fi)
{
    if (fi >= c->m->nfuncs || c->seen[fi])
        return;
    c->seen[fi] = 1;
    const ptx_func_t *f = &c->m->funcs[fi];
    for (uint32_t i = 0; i < f->ninsns; i++)
        for (uint32_t o = 0; o < f->insns[i].nopnd; o++)
            reach_operand(c, fi, &f->insns[i].opnd[o]);
}

static int share_kernel(const sh_ctx_t *c, const sh_item_t *a, const sh_item_t *b)
{
    for (uint32_t i = 0; i < c->bytes; i++)
        if (a->kernels[i] & b->kernels[i])
            return 1;
    return 0;
}

/* First fit among the items placed before it that share a kernel. */
static void place(sh_ctx_t *c, uint32_t i)
{
    sh_item_t *it = &c->items[i];
    uint64_t off = 0;
    if (!it->size)
        return;
    for (int moved = 1; moved;) {
        moved = 0;
        off = (off + it->align - 1) / it->align * it->align;
        for (uint32_t j = 0; j < i; j++) {
            const sh_item_t *p = &c->items[j];
            if (p->size && off < p->off + p->size && p->off < off + it->size && share_kernel(c, it, p)) {
                off = p->off + p->size;
                moved = 1;
            }
        }
    }
    it->off = off;
}

static void collect(sh_ctx_t *c)
{
    const ptx_module_t *m = c->m;
    c->func_first = zalloc(c->lw, (m->nfuncs + 1) * sizeof *c->func_first);
    uint32_t n = m->nvars;
    for (uint32_t fi = 0; fi < m->nfuncs; fi++) {
        c->func_first[fi] = n;
        n += m->funcs[fi].nvars;
    }
    c->nitems = n;
    c->items = zalloc(c->lw, (n + 1) * sizeof *c->items);
    for (uint32_t i = 0; i < n; i++) {
        uint32_t fi = 0;
        while (i >= m->nvars && fi + 1 < m->nfuncs && c->func_first[fi + 1] <= i)
            fi++;
        const ptx_var_t *v = i < m->nvars ? &m->vars[i] : &m->funcs[fi].vars[i - c->func_first[fi]];
        c->items[i].kernels = zalloc(c->lw, c->bytes);
        if (is_item(v)) {
            c->items[i].size = v->size;
            c->items[i].align = v->align ? v->align : 1;
        } else {
            c->items[i].align = 1;
        }
    }
}

uint64_t ptx_lower_shared_layout(ptx_lower_t *lw)
{
    const ptx_module_t *m = lw->m;
    sh_ctx_t c = {.lw = lw, .m = m};
    for (uint32_t fi = 0; fi < m->nfuncs; fi++)
        c.nkernels += m->funcs[fi].kind == PTX_FUNC_ENTRY;
    c.bytes = (c.nkernels + 7) / 8 + 1;
    collect(&c);
    c.seen = zalloc(lw, m->nfuncs + 1);
    for (uint32_t fi = 0; fi < m->nfuncs; fi++)
        if (m->funcs[fi].kind == PTX_FUNC_ENTRY) {
            memset(c.seen, 0, m->nfuncs);
            reach(&c, fi);
            c.walking++;
        }
    uint64_t top = 0;
    for (uint32_t i = 0; i < c.nitems; i++) {
        place(&c, i);
        if (c.items[i].off + c.items[i].size > top)
            top = c.items[i].off + c.items[i].size;
    }
    /* addresses, and each kernel's span */
    for (uint32_t i = 0; i < m->nvars; i++)
        if (is_item(&m->vars[i]))
            lw->gaddr[i] = c.items[i].off;
    for (uint32_t fi = 0; fi < m->nfuncs; fi++)
        for (uint32_t k = 0; k < m->funcs[fi].nvars; k++)
            lw->vaddr[fi][k] = c.items[c.func_first[fi] + k].off;
    uint32_t kn = 0;
    for (uint32_t fi = 0; fi < m->nfuncs; fi++) {
        if (m->funcs[fi].kind != PTX_FUNC_ENTRY)
            continue;
        uint64_t span = 0;
        for (uint32_t i = 0; i < c.nitems; i++)
            if ((c.items[i].kernels[kn / 8] >> (kn % 8) & 1) && c.items[i].off + c.items[i].size > span)
                span = c.items[i].off + c.items[i].size;
        lw->p->funcs[fi].shared_static = (uint32_t)span;
        kn++;
    }
    for (uint32_t i = 0; i < c.nitems; i++)
        free(c.items[i].kernels);
    free(c.items);
    free(c.func_first);
    free(c.seen);
    return top;
}
