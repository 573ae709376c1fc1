/* The parser's helpers: tokens, errors, memory, scoped names (ptx_parse.h). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "host/ptx/ptx_parse.h"

const ptx_tok_t *ptx_peek(const ptx_parser_t *ps, uint32_t k)
{
    uint32_t i = ps->pos + k;
    return &ps->toks[i < ps->ntok ? i : ps->ntok - 1];
}

/* Never moves past the last token (EOF, or the ERROR that ended lexing). */
const ptx_tok_t *ptx_next(ptx_parser_t *ps)
{
    const ptx_tok_t *t = ptx_peek(ps, 0);
    if (ps->pos + 1 < ps->ntok)
        ps->pos++;
    return t;
}

int ptx_accept(ptx_parser_t *ps, char punct)
{
    if (!ptx_tok_is(ptx_peek(ps, 0), punct))
        return 0;
    ptx_next(ps);
    return 1;
}

void ptx_expect(ptx_parser_t *ps, char punct)
{
    if (!ptx_accept(ps, punct)) {
        char what[8] = {'\'', punct, '\'', 0};
        ptx_expected(ps, what);
    }
}

int ptx_accept_dot(ptx_parser_t *ps, const char *name)
{
    if (!ptx_tok_dot(ptx_peek(ps, 0), name))
        return 0;
    ptx_next(ps);
    return 1;
}

uint32_t ptx_tok_index(const ptx_parser_t *ps, const ptx_tok_t *t) { return (uint32_t)(t - ps->toks); }

void ptx_tok_describe(const ptx_tok_t *t, char *buf, size_t n)
{
    int len = t->len > 60 ? 60 : (int)t->len;
    const char *more = t->len > 60 ? "..." : "";
    switch (t->kind) {
    case PTX_TOK_EOF: snprintf(buf, n, "end of file"); break;
    case PTX_TOK_STRING: snprintf(buf, n, "string \"%.*s%s\"", len, t->text, more); break;
    default: snprintf(buf, n, "'%.*s%s'", len, t->text, more); break;
    }
    /* a message is one line: a NUL, CR or other control byte shows as '?' */
    for (char *p = buf; *p; p++)
        if ((unsigned char)*p < 0x20 || *p == 0x7f)
            *p = '?';
}

void ptx_fail(ptx_parser_t *ps, const ptx_tok_t *at, const char *fmt, ...)
{
    int k = snprintf(ps->err, ps->errlen, "%s:%u:%u: ", ps->file, at->line, at->col);
    if (k >= 0 && (size_t)k < ps->errlen) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(ps->err + k, ps->errlen - (size_t)k, fmt, ap);
        va_end(ap);
    }
    longjmp(ps->jb, 1);
}

void ptx_expected(ptx_parser_t *ps, const char *what)
{
    const ptx_tok_t *t = ptx_peek(ps, 0);
    char found[96];
    ptx_tok_describe(t, found, sizeof found);
    if (t->kind == PTX_TOK_ERROR)
        ptx_fail(ps, t, "%s: %s", t->err, found);
    ptx_fail(ps, t, "expected %s, found %s", what, found);
}

void *ptx_alloc(ptx_parser_t *ps, size_t size)
{
    void *p = ptx_pool_alloc(ps->pool, size ? size : 1);
    if (!p)
        ptx_fail(ps, ptx_peek(ps, 0), "out of memory");
    return p;
}

void *ptx_grow(ptx_parser_t *ps, void *arr, uint32_t n, size_t elem)
{
    if (n >= PTX_MAX_ITEMS)
        ptx_fail(ps, ptx_peek(ps, 0), "too many items (limit %u)", PTX_MAX_ITEMS);
    if (n == 0 || !arr)
        return ptx_alloc(ps, 8 * elem);
    if (n < 8 || (n & (n - 1)))
        return arr;
    void *p = ptx_pool_resize(ps->pool, arr, (size_t)n * elem, 2 * (size_t)n * elem);
    if (!p)
        ptx_fail(ps, ptx_peek(ps, 0), "out of memory");
    return p;
}

char *ptx_strdup(ptx_parser_t *ps, const char *s, size_t len)
{
    char *d = ptx_alloc(ps, len + 1);
    memcpy(d, s, len);
    return d;
}

/* ---- names ----------------------------------------------------------------- */
static uint32_t hash(const char *s, uint32_t len)
{
    uint32_t h = 2166136261u;
    for (uint32_t i = 0; i < len; i++)
        h = (h ^ (unsigned char)s[i]) * 16777619u;
    return h;
}

/* Chains are rebuilt oldest first, so each stays newest-first. */
static void rehash(ptx_parser_t *ps, ptx_names_t *t)
{
    uint32_t nb = t->nbucket ? 2 * t->nbucket : 64;
    t->bucket = ptx_alloc(ps, nb * sizeof *t->bucket);
    t->nbucket = nb;
    for (uint32_t b = 0; b < nb; b++)
        t->bucket[b] = -1;
    for (uint32_t i = 0; i < t->n; i++) {
        uint32_t b = hash(t->e[i].s, t->e[i].len) & (nb - 1);
        t->e[i].next = t->bucket[b];
        t->bucket[b] = (int32_t)i;
    }
}

void ptx_names_add(ptx_parser_t *ps, ptx_names_t *t, const ptx_tok_t *name, ptx_name_kind_t kind, uint32_t value)
{
    ptx_name_t *e = PTX_PUSH(ps, t->e, t->n);
    e->s = name->text;
    e->len = name->len;
    e->kind = (uint8_t)kind;
    e->depth = ps->depth;
    e->value = value;
    if (t->n > 2 * t->nbucket) {
        rehash(ps, t);
        return;
    }
    uint32_t b = hash(e->s, e->len) & (t->nbucket - 1);
    e->next = t->bucket[b];
    t->bucket[b] = (int32_t)(t->n - 1);
}

const ptx_name_t *ptx_names_find(const ptx_names_t *t, const char *s, uint32_t len)
{
    if (!t->nbucket)
        return NULL;
    for (int32_t i = t->bucket[hash(s, len) & (t->nbucket - 1)]; i >= 0; i = t->e[i].next)
        if (t->e[i].len == len && memcmp(t->e[i].s, s, len) == 0)
            return &t->e[i];
    return NULL;
}

/* The newest names are at the heads of their chains: unlink from the top. */
void ptx_names_pop(ptx_names_t *t, uint32_t d)
{
    while (t->n && t->e[t->n - 1].depth >= d) {
        ptx_name_t *e = &t->e[--t->n];
        t->bucket[hash(e->s, e->len) & (t->nbucket - 1)] = e->next;
    }
}

void ptx_names_reset(ptx_names_t *t)
{
    t->n = 0;
    for (uint32_t b = 0; b < t->nbucket; b++)
        t->bucket[b] = -1;
}

void ptx_add_fixup(ptx_parser_t *ps, int label, ptx_fix_kind_t what, const ptx_tok_t *t, uint32_t a, uint32_t b,
                   uint32_t c)
{
    ptx_fixup_t *fx = label ? PTX_PUSH(ps, ps->label_fix, ps->nlabel_fix) : PTX_PUSH(ps, ps->sym_fix, ps->nsym_fix);
    fx->what = (uint8_t)what;
    fx->tok = ptx_tok_index(ps, t);
    fx->a = a;
    fx->b = b;
    fx->c = c;
}
