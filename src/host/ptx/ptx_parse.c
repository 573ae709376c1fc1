/* The PTX parser's entry points and the module level: .version, .target,
 * .address_size, .file, .section, .pragma, linkage, and the declarations
 * that ptx_parse_func.c and ptx_parse_var.c read. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host/ptx/ptx.h"
#include "host/ptx/ptx_cfg.h"
#include "host/ptx/ptx_parse.h"

/* "9.0" as major and minor; the lexer read it as a decimal float. */
static void parse_version(ptx_parser_t *ps)
{
    const ptx_tok_t *t = ptx_peek(ps, 0);
    unsigned major = 0, minor = 0;
    char buf[16];
    int used = 0;
    if (t->kind != PTX_TOK_FLOAT || !(t->flags & PTX_TOKF_DECIMAL) || t->len >= sizeof buf)
        ptx_expected(ps, "a version number such as 9.0");
    memcpy(buf, t->text, t->len);
    buf[t->len] = 0;
    if (sscanf(buf, "%2u.%2u%n", &major, &minor, &used) != 2 || used != (int)t->len)
        ptx_expected(ps, "a version number such as 9.0");
    if (major < 1 || major > 9)
        ptx_fail(ps, t, "unsupported PTX version %u.%u (warpsim reads 1.0 to 9.x)", major, minor);
    ptx_next(ps);
    ps->mod->version_major = major;
    ps->mod->version_minor = minor;
}

static void parse_target_word(ptx_parser_t *ps, const ptx_tok_t *t)
{
    ptx_module_t *m = ps->mod;
    unsigned sm = 0;
    char suffix = 0, buf[32];
    if (t->kind != PTX_TOK_IDENT || t->len >= sizeof buf)
        ptx_expected(ps, "a target such as sm_75");
    memcpy(buf, t->text, t->len);
    buf[t->len] = 0;
    if (!strcmp(buf, "debug"))
        m->debug = 1;
    else if (!strcmp(buf, "texmode_unified"))
        m->texmode = 1;
    else if (!strcmp(buf, "texmode_independent"))
        m->texmode = 2;
    else if (!strcmp(buf, "map_f64_to_f32"))
        ptx_fail(ps, t, "unsupported target option 'map_f64_to_f32'");
    else if ((sscanf(buf, "sm_%3u%c", &sm, &suffix) >= 1 || sscanf(buf, "compute_%3u%c", &sm, &suffix) >= 1) &&
             (suffix == 0 || suffix == 'a' || suffix == 'f') && sm >= 10) {
        char canon[32];
        snprintf(canon, sizeof canon, "%s_%u%c", buf[0] == 's' ? "sm" : "compute", sm, suffix);
        if (strcmp(canon, buf) != 0)
            ptx_expected(ps, "a target such as sm_75");
        m->sm = sm;
        m->sm_suffix = suffix;
    } else
        ptx_expected(ps, "a target such as sm_75");
    ptx_next(ps);
}

static void parse_header(ptx_parser_t *ps)
{
    if (!ptx_accept_dot(ps, ".version"))
        ptx_expected(ps, "'.version'");
    parse_version(ps);
    if (!ptx_accept_dot(ps, ".target"))
        ptx_expected(ps, "'.target'");
    do
        parse_target_word(ps, ptx_peek(ps, 0));
    while (ptx_accept(ps, ','));
    if (!ps->mod->sm)
        ptx_fail(ps, ptx_peek(ps, 0), "'.target' names no sm_ architecture");
    ps->mod->address_size = 32; /* the PTX default */
    if (ptx_accept_dot(ps, ".address_size")) {
        const ptx_tok_t *t = ptx_peek(ps, 0);
        uint32_t a = ptx_parse_u32(ps, "an address size");
        if (a != 32 && a != 64)
            ptx_fail(ps, t, "address size must be 32 or 64");
        ps->mod->address_size = a;
    }
}

/* .file N "name" [, timestamp, size] */
static void parse_file(ptx_parser_t *ps)
{
    ptx_module_t *m = ps->mod;
    const ptx_tok_t *at = ptx_peek(ps, 0);
    uint32_t idx = ptx_parse_u32(ps, "a file number");
    const ptx_tok_t *name = ptx_peek(ps, 0);
    if (name->kind != PTX_TOK_STRING)
        ptx_expected(ps, "a file name string");
    ptx_next(ps);
    for (uint32_t i = 0; i < m->nfiles; i++)
        if (m->files[i].index == idx)
            ptx_fail(ps, at, "file %u declared twice", idx);
    ptx_file_t *f = PTX_PUSH(ps, m->files, m->nfiles);
    f->index = idx;
    f->name = ptx_strdup(ps, name->text, name->len);
    if (ptx_accept(ps, ',')) {
        ptx_parse_expr(ps); /* timestamp and size: metadata, not kept */
        ptx_expect(ps, ',');
        ptx_parse_expr(ps);
    }
}

/* One value of section data: an integer, or a label or section name with an
 * optional offset. The data is not kept (debug information), so the names
 * are not resolved. */
static void parse_section_value(ptx_parser_t *ps)
{
    const ptx_tok_t *t = ptx_peek(ps, 0);
    if (t->kind == PTX_TOK_IDENT || t->kind == PTX_TOK_DOT) {
        ptx_next(ps);
        if (ptx_tok_is(ptx_peek(ps, 0), '+') || ptx_tok_is(ptx_peek(ps, 0), '-'))
            ptx_parse_expr(ps);
        return;
    }
    ptx_parse_expr(ps);
}

/* .section NAME { [label:] .bN v, v, ... } : DWARF data from -G. */
static void parse_section(ptx_parser_t *ps)
{
    const ptx_tok_t *name = ptx_next(ps);
    if (name->kind != PTX_TOK_DOT && name->kind != PTX_TOK_IDENT)
        ptx_fail(ps, name, "expected a section name");
    ptx_section_t *s = PTX_PUSH(ps, ps->mod->sections, ps->mod->nsections);
    s->name = ptx_strdup(ps, name->text, name->len);
    ptx_expect(ps, '{');
    while (!ptx_accept(ps, '}')) {
        const ptx_tok_t *t = ptx_peek(ps, 0);
        if (t->kind == PTX_TOK_IDENT && ptx_tok_is(ptx_peek(ps, 1), ':')) {
            ptx_next(ps);
            ptx_next(ps);
            continue;
        }
        unsigned size = ptx_tok_dot(t, ".b8") ? 1 : ptx_tok_dot(t, ".b16") ? 2 : ptx_tok_dot(t, ".b32") ? 4
                      : ptx_tok_dot(t, ".b64") ? 8 : 0;
        if (!size)
            ptx_expected(ps, "'.b8', '.b16', '.b32', '.b64', a label or '}'");
        ptx_next(ps);
        do {
            parse_section_value(ps);
            s->size += size;
        } while (ptx_accept(ps, ','));
    }
}

static void parse_loc(ptx_parser_t *ps)
{
    ps->loc_file = ptx_parse_u32(ps, "a file number");
    ps->loc_line = ptx_parse_u32(ps, "a line number");
    ps->loc_col = ptx_parse_u32(ps, "a column number");
    /* , function_name LABEL[+off] [, inlined_at F L C]: where an inlined
     * call came from; kept only as far as the line itself goes */
    while (ptx_accept(ps, ',')) {
        if (ptx_tok_ident(ptx_peek(ps, 0), "function_name")) {
            ptx_next(ps);
            parse_section_value(ps);
        } else if (ptx_tok_ident(ptx_peek(ps, 0), "inlined_at")) {
            ptx_next(ps);
            for (int k = 0; k < 3; k++)
                ptx_parse_u32(ps, "a number");
        } else {
            ptx_expected(ps, "'function_name' or 'inlined_at'");
        }
    }
}

/* Directives that may stand anywhere a statement may (module or function):
 * returns 0 if the token is not one. */
int ptx_parse_common_directive(ptx_parser_t *ps)
{
    const ptx_tok_t *t = ptx_peek(ps, 0);
    if (ptx_tok_dot(t, ".loc")) {
        ptx_next(ps);
        parse_loc(ps);
        return 1;
    }
    if (ptx_tok_dot(t, ".pragma")) {
        /* hints to ptxas ("nounroll", "used_bytes_mask"): nothing to simulate */
        ptx_next(ps);
        do {
            if (ptx_peek(ps, 0)->kind != PTX_TOK_STRING)
                ptx_expected(ps, "a pragma string");
            ptx_next(ps);
        } while (ptx_accept(ps, ','));
        ptx_expect(ps, ';');
        return 1;
    }
    return 0;
}

static uint8_t parse_linkage(ptx_parser_t *ps)
{
    static const char *const names[] = {".visible", ".extern", ".weak", ".common"};
    static const uint8_t links[] = {PTX_LINK_VISIBLE, PTX_LINK_EXTERN, PTX_LINK_WEAK, PTX_LINK_COMMON};
    for (unsigned k = 0; k < 4; k++)
        if (ptx_accept_dot(ps, names[k]))
            return links[k];
    return PTX_LINK_NONE;
}

static int is_space_dot(const ptx_tok_t *t)
{
    return ptx_tok_dot(t, ".global") || ptx_tok_dot(t, ".const") || ptx_tok_dot(t, ".shared") ||
           ptx_tok_dot(t, ".local");
}

static void parse_module_item(ptx_parser_t *ps)
{
    const ptx_tok_t *t = ptx_peek(ps, 0);
    if (ptx_parse_common_directive(ps))
        return;
    if (ptx_accept_dot(ps, ".file")) {
        parse_file(ps);
        return;
    }
    if (ptx_accept_dot(ps, ".section")) {
        parse_section(ps);
        return;
    }
    uint8_t link = parse_linkage(ps);
    const ptx_tok_t *kw = ptx_peek(ps, 0);
    if (ptx_tok_dot(kw, ".entry") || ptx_tok_dot(kw, ".func")) {
        ptx_parse_function(ps, link, kw);
    } else if (is_space_dot(kw)) {
        ptx_parse_var_decl(ps, link, 1);
    } else if (t->kind == PTX_TOK_DOT && !link) {
        char found[96];
        ptx_tok_describe(t, found, sizeof found);
        ptx_fail(ps, t, "unknown or unsupported directive %s at module scope", found);
    } else {
        ptx_expected(ps, link ? "'.entry', '.func' or a variable declaration" : "a directive");
    }
}

static void parse_module(ptx_parser_t *ps)
{
    parse_header(ps);
    while (ptx_peek(ps, 0)->kind != PTX_TOK_EOF)
        parse_module_item(ps);
    ptx_resolve_module(ps);
    for (uint32_t i = 0; i < ps->mod->nfuncs; i++)
        if (ps->mod->funcs[i].defined && !ptx_cfg_build(ps->pool, &ps->mod->funcs[i]))
            ptx_fail(ps, ptx_peek(ps, 0), "out of memory");
}

ptx_module_t *ptx_parse_buffer(const char *name, const char *text, size_t len, char *err, size_t errlen)
{
    char dummy[1];
    if (!err || !errlen)
        err = dummy, errlen = sizeof dummy;
    err[0] = 0;
    ptx_pool_t *pool = ptx_pool_new();
    ptx_parser_t *ps = calloc(1, sizeof *ps);
    ptx_module_t *m = pool ? ptx_pool_alloc(pool, sizeof *m) : NULL;
    const char *why = "out of memory";
    if (ps && m)
        ps->toks = ptx_lex(pool, text, len, &ps->ntok, &why);
    if (!ps || !m || !ps->toks) {
        snprintf(err, errlen, "%s: %s", name, why);
        free(ps);
        ptx_pool_free(pool);
        return NULL;
    }
    m->pool = pool;
    ps->pool = pool;
    ps->mod = m;
    ps->file = name;
    ps->err = err;
    ps->errlen = errlen;
    if (setjmp(ps->jb)) {
        free(ps);
        ptx_pool_free(pool);
        return NULL;
    }
    parse_module(ps);
    free(ps);
    return m;
}

ptx_module_t *ptx_parse_file(const char *path, char *err, size_t errlen)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, errlen, "%s: cannot open", path);
        return NULL;
    }
    char *buf = NULL;
    size_t len = 0, cap = 0;
    for (;;) {
        if (len == cap) {
            cap = cap ? 2 * cap : 1 << 16;
            char *nb = realloc(buf, cap);
            if (!nb) {
                free(buf);
                fclose(f);
                snprintf(err, errlen, "%s: out of memory", path);
                return NULL;
            }
            buf = nb;
        }
        size_t k = fread(buf + len, 1, cap - len, f);
        if (!k)
            break;
        len += k;
    }
    int bad = ferror(f);
    fclose(f);
    ptx_module_t *m = bad ? NULL : ptx_parse_buffer(path, buf, len, err, errlen);
    if (bad)
        snprintf(err, errlen, "%s: read error", path);
    free(buf);
    return m;
}

void ptx_module_free(ptx_module_t *m)
{
    if (m)
        ptx_pool_free(m->pool);
}

int ptx_find_func(const ptx_module_t *m, const char *name)
{
    for (uint32_t i = 0; i < m->nfuncs; i++)
        if (!strcmp(m->funcs[i].name, name))
            return (int)i;
    return -1;
}

const ptx_func_t *ptx_find_kernel(const ptx_module_t *m, const char *name)
{
    int i = ptx_find_func(m, name);
    return i >= 0 && m->funcs[i].kind == PTX_FUNC_ENTRY ? &m->funcs[i] : NULL;
}
