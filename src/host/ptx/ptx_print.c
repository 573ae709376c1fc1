/* The whole module back to PTX text (ptx.h): header, declarations of every
 * .func (so that ptxas reads calls before definitions), variables, then each
 * function with all its declarations at the top. Registers are declared
 * by class (%r, %rd, %p) with each slot's type; labels are $L__<index>;
 * function variables, target lists and prototypes keep their names unless
 * two would clash once hoisted out of their { } scopes, or one would hide a
 * module name: those get a $<n> suffix. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "host/ptx/ptx.h"
#include "host/ptx/ptx_disasm.h"
#include "host/ptx/ptx_print.h"
#include "host/ptx/ptx_types.h"

/* ---- unique names ------------------------------------------------------------ */
typedef struct {
    const char **slot;
    uint32_t cap, n;
} nameset_t;

static uint32_t hash_str(const char *s)
{
    uint32_t h = 2166136261u;
    while (*s)
        h = (h ^ (unsigned char)*s++) * 16777619u;
    return h;
}

static int set_has(const nameset_t *s, const char *name)
{
    for (uint32_t i = hash_str(name) & (s->cap - 1); s->slot[i]; i = (i + 1) & (s->cap - 1))
        if (!strcmp(s->slot[i], name))
            return 1;
    return 0;
}

static void set_add(nameset_t *s, const char *name)
{
    uint32_t i = hash_str(name) & (s->cap - 1);
    while (s->slot[i])
        i = (i + 1) & (s->cap - 1);
    s->slot[i] = name;
    s->n++;
}

static int set_init(nameset_t *s, uint32_t n)
{
    s->cap = 16;
    while (s->cap < 2 * n + 2)
        s->cap *= 2;
    s->n = 0;
    s->slot = calloc(s->cap, sizeof *s->slot);
    return s->slot != NULL;
}

/* A name for `want` not in used: want, or want$1, want$2, ...; malloc'd. */
static char *unique(nameset_t *used, const char *want)
{
    size_t len = strlen(want) + 16;
    char *name = malloc(len);
    if (!name)
        return NULL;
    snprintf(name, len, "%s", want);
    for (uint32_t k = 1; set_has(used, name); k++)
        snprintf(name, len, "%s$%" PRIu32, want, k);
    set_add(used, name);
    return name;
}

typedef struct {
    nameset_t used;
    char **vars, **tlists, **protos;
} fnames_t;

static void free_fnames(fnames_t *fn, const ptx_func_t *f)
{
    for (uint32_t i = 0; fn->vars && i < f->nvars; i++)
        free(fn->vars[i]);
    for (uint32_t i = 0; fn->tlists && i < f->ntlists; i++)
        free(fn->tlists[i]);
    for (uint32_t i = 0; fn->protos && i < f->nprotos; i++)
        free(fn->protos[i]);
    free(fn->vars);
    free(fn->tlists);
    free(fn->protos);
    free(fn->used.slot);
}

static int make_fnames(fnames_t *fn, const ptx_module_t *m, const ptx_func_t *f)
{
    memset(fn, 0, sizeof *fn);
    if (!set_init(&fn->used, m->nvars + m->nfuncs + f->nparams + f->nrets + f->nvars + f->ntlists + f->nprotos))
        return 0;
    for (uint32_t i = 0; i < m->nvars; i++)
        if (!set_has(&fn->used, m->vars[i].name))
            set_add(&fn->used, m->vars[i].name);
    for (uint32_t i = 0; i < m->nfuncs; i++)
        if (!set_has(&fn->used, m->funcs[i].name))
            set_add(&fn->used, m->funcs[i].name);
    for (uint32_t i = 0; i < f->nparams; i++)
        set_add(&fn->used, f->params[i].name);
    for (uint32_t i = 0; i < f->nrets; i++)
        set_add(&fn->used, f->rets[i].name);
    fn->vars = calloc(f->nvars + 1, sizeof *fn->vars);
    fn->tlists = calloc(f->ntlists + 1, sizeof *fn->tlists);
    fn->protos = calloc(f->nprotos + 1, sizeof *fn->protos);
    if (!fn->vars || !fn->tlists || !fn->protos)
        return 0;
    for (uint32_t i = 0; i < f->nvars; i++)
        if (!(fn->vars[i] = unique(&fn->used, f->vars[i].name)))
            return 0;
    for (uint32_t i = 0; i < f->ntlists; i++)
        if (!(fn->tlists[i] = unique(&fn->used, f->tlists[i].name)))
            return 0;
    for (uint32_t i = 0; i < f->nprotos; i++)
        if (!(fn->protos[i] = unique(&fn->used, f->protos[i].name)))
            return 0;
    return 1;
}

/* ---- header --------------------------------------------------------------------- */
static void print_header(ptx_sbuf_t *b, const ptx_module_t *m)
{
    ptx_sb_printf(b, ".version %u.%u\n.target sm_%u", m->version_major, m->version_minor, m->sm);
    if (m->sm_suffix)
        ptx_sb_printf(b, "%c", m->sm_suffix);
    if (m->texmode)
        ptx_sb_puts(b, m->texmode == 1 ? ", texmode_unified" : ", texmode_independent");
    if (m->debug)
        ptx_sb_puts(b, ", debug");
    ptx_sb_printf(b, "\n.address_size %u\n\n", m->address_size);
    for (uint32_t i = 0; i < m->nfiles; i++)
        ptx_sb_printf(b, ".file %u \"%s\"\n", m->files[i].index, m->files[i].name);
}

static void print_dims(ptx_sbuf_t *b, const char *what, const uint32_t *d)
{
    if (d[0])
        ptx_sb_printf(b, "%s %u, %u, %u\n", what, d[0], d[1], d[2]);
}

static void print_perf(ptx_sbuf_t *b, const ptx_perf_t *p)
{
    print_dims(b, ".maxntid", p->maxntid);
    print_dims(b, ".reqntid", p->reqntid);
    print_dims(b, ".reqnctapercluster", p->reqnctapercluster);
    if (p->minnctapersm)
        ptx_sb_printf(b, ".minnctapersm %u\n", p->minnctapersm);
    if (p->maxnreg)
        ptx_sb_printf(b, ".maxnreg %u\n", p->maxnreg);
    if (p->maxclusterrank)
        ptx_sb_printf(b, ".maxclusterrank %u\n", p->maxclusterrank);
    if (p->explicitcluster)
        ptx_sb_puts(b, ".explicitcluster\n");
    if (p->noreturn)
        ptx_sb_puts(b, ".noreturn\n");
}

static void print_signature(ptx_sbuf_t *b, const ptx_func_t *f)
{
    ptx_sb_printf(b, "%s%s ", ptx_link_name(f->link), f->kind == PTX_FUNC_ENTRY ? ".entry" : ".func");
    if (f->nrets) {
        ptx_print_params(b, f->rets, f->nrets);
        ptx_sb_puts(b, " ");
    }
    ptx_sb_printf(b, "%s", f->name);
    ptx_print_params(b, f->params, f->nparams);
    ptx_sb_puts(b, "\n");
}

/* ---- a function ------------------------------------------------------------------ */
/* Each class's slots in runs of one type: %r<n> for a run from slot 0, then
 * the other slots by name. */
static void print_regs(ptx_sbuf_t *b, const ptx_func_t *f)
{
    for (int c = 0; c < PTX_RC_COUNT; c++) {
        uint32_t n = f->nregs[c], i = 0;
        char name[32];
        while (i < n) {
            uint32_t j = i;
            while (j < n && f->reg_type[c][j] == f->reg_type[c][i])
                j++;
            ptx_sb_printf(b, "\t.reg .%s ", ptx_type_name((ptx_type_t)f->reg_type[c][i]));
            if (i == 0) {
                ptx_reg_name((uint8_t)c, 0, name, sizeof name);
                name[strlen(name) - 1] = 0;
                ptx_sb_printf(b, "%s<%u>;\n", name, j);
            } else {
                for (uint32_t k = i; k < j; k++) {
                    ptx_reg_name((uint8_t)c, k, name, sizeof name);
                    ptx_sb_printf(b, "%s%s", k > i ? ", " : "", name);
                }
                ptx_sb_puts(b, ";\n");
            }
            i = j;
        }
    }
}

static void print_decls(ptx_sbuf_t *b, const ptx_module_t *m, const ptx_func_t *f, const fnames_t *fn)
{
    print_regs(b, f);
    for (uint32_t i = 0; i < f->nvars; i++) {
        ptx_sb_printf(b, "\t%s", ptx_space_name(f->vars[i].space));
        ptx_print_var(b, m, &f->vars[i], fn->vars[i]);
        ptx_sb_puts(b, ";\n");
    }
    for (uint32_t i = 0; i < f->ntlists; i++) {
        ptx_sb_printf(b, "%s: .branchtargets ", fn->tlists[i]);
        for (uint32_t k = 0; k < f->tlists[i].count; k++)
            ptx_sb_printf(b, "%s$L__%" PRIu32, k ? ", " : "", f->tlists[i].targets[k]);
        ptx_sb_puts(b, ";\n");
    }
    for (uint32_t i = 0; i < f->nprotos; i++) {
        const ptx_proto_t *p = &f->protos[i];
        ptx_sb_printf(b, "%s: .callprototype ", fn->protos[i]);
        if (p->nrets) {
            ptx_print_params(b, p->rets, p->nrets);
            ptx_sb_puts(b, " ");
        }
        ptx_sb_puts(b, "_ ");
        ptx_print_params(b, p->params, p->nparams);
        ptx_sb_puts(b, ";\n");
    }
}

/* The instructions that branches and target lists name get labels. */
static uint8_t *label_marks(const ptx_func_t *f)
{
    uint8_t *mark = calloc(f->ninsns + 1, 1);
    if (!mark)
        return NULL;
    for (uint32_t i = 0; i < f->ninsns; i++)
        for (unsigned k = 0; k < f->insns[i].nopnd; k++)
            if (f->insns[i].opnd[k].kind == PTX_OPND_LABEL && f->insns[i].opnd[k].index <= f->ninsns)
                mark[f->insns[i].opnd[k].index] = 1;
    for (uint32_t t = 0; t < f->ntlists; t++)
        for (uint32_t k = 0; k < f->tlists[t].count; k++)
            if (f->tlists[t].targets[k] <= f->ninsns)
                mark[f->tlists[t].targets[k]] = 1;
    return mark;
}

static int print_body(ptx_sbuf_t *b, const ptx_module_t *m, const ptx_func_t *f, const fnames_t *fn)
{
    uint8_t *mark = label_marks(f);
    uint32_t file = 0, line = 0, col = 0;
    const ptx_dnames_t dn = {(const char *const *)fn->vars, (const char *const *)fn->tlists,
                             (const char *const *)fn->protos};
    char text[1024];
    if (!mark)
        return 0;
    for (uint32_t i = 0; i <= f->ninsns; i++) {
        if (mark[i])
            ptx_sb_printf(b, "$L__%" PRIu32 ":\n", i);
        if (i == f->ninsns)
            break;
        const ptx_insn_t *in = &f->insns[i];
        if (in->loc_file != file || in->loc_line != line || in->loc_col != col) {
            file = in->loc_file, line = in->loc_line, col = in->loc_col;
            ptx_sb_printf(b, "\t.loc %u %u %u\n", file, line, col);
        }
        int k = ptx_disasm_insn_named(m, f, in, &dn, text, sizeof text);
        if (k >= (int)sizeof text) { /* a long call list: print it again, to its full length */
            char *big = malloc((size_t)k + 1);
            if (!big)
                return free(mark), 0;
            ptx_disasm_insn_named(m, f, in, &dn, big, (size_t)k + 1);
            ptx_sb_printf(b, "\t%s;", big);
            free(big);
        } else {
            ptx_sb_printf(b, "\t%s;", text);
        }
        if (in->reconv != PTX_RECONV_NONE) /* for the reader; a parse computes it again */
            ptx_sb_printf(b, "\t// reconverge at %" PRIu32, in->reconv);
        ptx_sb_puts(b, "\n");
    }
    free(mark);
    return 1;
}

static int print_function(ptx_sbuf_t *b, const ptx_module_t *m, const ptx_func_t *f)
{
    fnames_t fn;
    int ok = make_fnames(&fn, m, f);
    if (ok) {
        print_signature(b, f);
        print_perf(b, &f->perf);
        ptx_sb_puts(b, "{\n");
        print_decls(b, m, f, &fn);
        ok = print_body(b, m, f, &fn);
        ptx_sb_puts(b, "}\n\n");
    }
    free_fnames(&fn, f);
    return ok;
}

static void print_section(ptx_sbuf_t *b, const ptx_section_t *s)
{
    ptx_sb_printf(b, ".section %s\n{", s->name);
    for (uint64_t k = 0; k < s->size; k++)
        ptx_sb_puts(b, k % 32 == 0 ? (k ? "\n.b8 0" : "\n.b8 0") : ", 0");
    ptx_sb_puts(b, "\n}\n");
}

/* Every function is declared first, in index order, so that a parse of the
 * text numbers them as this module does. */
char *ptx_module_text(const ptx_module_t *m, size_t *len)
{
    ptx_sbuf_t b = {NULL, 0, 0, 0};
    print_header(&b, m);
    for (uint32_t i = 0; i < m->nfuncs; i++) {
        print_signature(&b, &m->funcs[i]);
        if (!m->funcs[i].defined)
            print_perf(&b, &m->funcs[i].perf);
        ptx_sb_puts(&b, ";\n");
    }
    for (uint32_t i = 0; i < m->nvars; i++) {
        const ptx_var_t *v = &m->vars[i];
        ptx_sb_printf(&b, "%s%s", ptx_link_name(v->link), ptx_space_name(v->space));
        ptx_print_var(&b, m, v, v->name);
        ptx_sb_puts(&b, ";\n");
    }
    ptx_sb_puts(&b, "\n");
    for (uint32_t i = 0; i < m->nfuncs && !b.oom; i++)
        if (m->funcs[i].defined && !print_function(&b, m, &m->funcs[i]))
            b.oom = 1;
    for (uint32_t i = 0; i < m->nsections; i++)
        print_section(&b, &m->sections[i]);
    if (b.oom || !b.s) {
        free(b.s);
        return NULL;
    }
    if (len)
        *len = b.len;
    return b.s;
}

int ptx_print_module(const ptx_module_t *m, FILE *out)
{
    size_t len;
    char *s = ptx_module_text(m, &len);
    if (!s)
        return -1;
    int ok = fwrite(s, 1, len, out) == len;
    free(s);
    return ok ? 0 : -1;
}
