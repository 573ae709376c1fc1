/* Variables, parameters and initializers back to text (ptx_print.h). An
 * initializer prints one flat list up to its last non-zero element (PTX
 * fills the rest with zeros); floats as 0f/0d bits, so every value reads
 * back to the same bytes. */
#include <inttypes.h>
#include <string.h>

#include "host/ptx/ptx_float.h"
#include "host/ptx/ptx_print.h"
#include "host/ptx/ptx_types.h"

const char *ptx_space_name(uint8_t space) { return space == PTX_SPACE_GENERIC ? "" : ptx_space_word(space); }

const char *ptx_link_name(uint8_t link)
{
    static const char *const names[] = {"", ".visible ", ".extern ", ".weak ", ".common "};
    return link < sizeof names / sizeof names[0] ? names[link] : "";
}

static uint64_t get_le(const uint8_t *p, unsigned size)
{
    uint64_t v = 0;
    for (unsigned k = size; k-- > 0;)
        v = v << 8 | p[k];
    return v;
}

static const ptx_reloc_t *reloc_at(const ptx_var_t *v, uint64_t off)
{
    for (uint32_t k = 0; k < v->nrelocs; k++)
        if (v->relocs[k].offset == off)
            return &v->relocs[k];
    return NULL;
}

static void print_reloc(ptx_sbuf_t *b, const ptx_module_t *m, const ptx_reloc_t *r)
{
    const char *name = r->sym.kind == PTX_SYM_FUNC ? m->funcs[r->sym.index].name : m->vars[r->sym.index].name;
    ptx_sb_printf(b, r->generic ? "generic(%s)" : "%s", name);
    if (r->addend)
        ptx_sb_printf(b, "+%" PRId64, r->addend);
}

static void print_value(ptx_sbuf_t *b, ptx_type_t t, const uint8_t *p)
{
    unsigned size = ptx_type_size(t);
    uint64_t v = get_le(p, size);
    if (t == PTX_T_F32)
        ptx_sb_printf(b, "0f%08" PRIX32, (uint32_t)v);
    else if (t == PTX_T_F64)
        ptx_sb_printf(b, "0d%016" PRIX64, v);
    else if (t == PTX_T_F16 || t == PTX_T_BF16)
        ptx_sb_printf(b, "0d%016" PRIX64, ptx_half_to_double((uint32_t)v, t));
    else
        ptx_sb_printf(b, "%" PRIu64, v);
}

static void print_init(ptx_sbuf_t *b, const ptx_module_t *m, const ptx_var_t *v)
{
    ptx_type_t t = (ptx_type_t)v->type;
    unsigned esize = ptx_type_size(t);
    uint64_t n = v->count * v->vec, last = 0;
    for (uint64_t i = 0; i < n; i++)
        if (get_le(v->init + i * esize, esize) || reloc_at(v, i * esize))
            last = i + 1;
    if (!last)
        last = 1;
    ptx_sb_puts(b, " = {");
    for (uint64_t i = 0; i < last; i++) {
        const ptx_reloc_t *r = reloc_at(v, i * esize);
        ptx_sb_puts(b, i ? ", " : "");
        if (r)
            print_reloc(b, m, r);
        else
            print_value(b, t, v->init + i * esize);
    }
    ptx_sb_puts(b, "}");
}

void ptx_print_var(ptx_sbuf_t *b, const ptx_module_t *m, const ptx_var_t *v, const char *name)
{
    if (v->managed)
        ptx_sb_puts(b, " .attribute(.managed)");
    ptx_sb_printf(b, " .align %" PRIu32, v->align);
    if (v->vec > 1)
        ptx_sb_printf(b, " .v%u", v->vec);
    ptx_sb_printf(b, " .%s", ptx_type_name((ptx_type_t)v->type));
    if (v->ptr) {
        ptx_sb_puts(b, " .ptr");
        if (v->ptr_space)
            ptx_sb_printf(b, " %s", ptx_space_name(v->ptr_space));
        if (v->ptr_align)
            ptx_sb_printf(b, " .align %" PRIu32, v->ptr_align);
    }
    ptx_sb_printf(b, " %s", name);
    if (v->unsized)
        ptx_sb_puts(b, "[]");
    else if (v->count != 1 || v->init)
        ptx_sb_printf(b, "[%" PRIu64 "]", v->count);
    if (v->init)
        print_init(b, m, v);
}

void ptx_print_params(ptx_sbuf_t *b, const ptx_var_t *v, uint32_t n)
{
    ptx_sb_puts(b, "(");
    for (uint32_t i = 0; i < n; i++) {
        ptx_sb_puts(b, i ? ",\n\t.param" : "\n\t.param");
        ptx_print_var(b, NULL, &v[i], v[i].name);
    }
    ptx_sb_puts(b, n ? "\n)" : ")");
}
