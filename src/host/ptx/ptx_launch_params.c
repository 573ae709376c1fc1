/* Kernel parameters (ptx_launch_params.h). */
#include "host/ptx/ptx_launch_params.h"

#include <stdio.h>
#include <string.h>

#include "host/ptx/ptx_types.h"

static uint32_t line_size(const ptx_param_decl_t *p)
{
    return p->kind == PTX_PARAM_PTR ? 8 : ptx_elem_size(p->type);
}

/* ".u32", ".b8 [16]" */
static void decl_text(const ptx_var_t *v, char *buf, size_t n)
{
    if (v->count > 1)
        snprintf(buf, n, "%s[%llu]", ptx_type_name(v->type), (unsigned long long)v->count);
    else
        snprintf(buf, n, "%s", ptx_type_name(v->type));
}

int ptx_params_check(const ptx_launch_t *l, const ptx_kernel_decl_t *k, const ptx_func_t *f, char *err, size_t n)
{
    if (k->nparams != f->nparams) {
        snprintf(err, n, "%s:%d: expected %u 'param' lines after this kernel line (%s takes %u parameters), found %u",
                 l->path, k->line, f->nparams, f->name, f->nparams, k->nparams);
        return -1;
    }
    for (uint32_t i = 0; i < k->nparams; i++) {
        const ptx_param_decl_t *p = &k->params[i];
        const ptx_var_t *v = &f->params[i];
        if (line_size(p) == v->size)
            continue;
        char decl[64];
        decl_text(v, decl, sizeof decl);
        snprintf(err, n, "%s:%d: expected a parameter of %llu bytes for %s (.param .%s), found %s (%u bytes)", l->path,
                 p->line, (unsigned long long)v->size, v->name, decl,
                 p->kind == PTX_PARAM_PTR ? "ptr" : ptx_elem_name(p->type), line_size(p));
        return -1;
    }
    return 0;
}

void ptx_params_pack(const ptx_kernel_decl_t *k, const ptx_func_t *f, const ptx_arena_t *a, uint8_t *dst)
{
    memset(dst, 0, f->param_size);
    for (uint32_t i = 0; i < k->nparams; i++) {
        const ptx_param_decl_t *p = &k->params[i];
        uint8_t *at = dst + f->params[i].offset;
        if (p->kind == PTX_PARAM_PTR) {
            ptx_value_t v = {.u = a->addr[p->buffer] + p->offset};
            ptx_value_store(PTX_E_U64, v, at);
        } else {
            ptx_value_store(p->type, p->value, at);
        }
    }
}
