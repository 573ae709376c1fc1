/* File-local names of -rdc=true objects kept apart (cudart_rdc.h). A small
 * scanner of module scope, not the PTX front end: the join runs when a
 * program registers its fatbin, before any parsing, and a text it does not
 * understand passes unchanged for the front end to judge. */
#include "host/cudart/cudart_rdc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct names {
    char **v;
    size_t n, cap;
} names_t;

typedef struct obj_names {
    names_t local, visible;
} obj_names_t;

static int ident_start(char c) { return c == '_' || c == '$' || c == '%' || ((c | 0x20) >= 'a' && (c | 0x20) <= 'z'); }
static int ident_char(char c) { return ident_start(c) || (c >= '0' && c <= '9'); }

static int has(const names_t *s, const char *p, size_t k)
{
    for (size_t i = 0; i < s->n; i++)
        if (strlen(s->v[i]) == k && !memcmp(s->v[i], p, k))
            return 1;
    return 0;
}

static int add(names_t *s, const char *p, size_t k)
{
    if (has(s, p, k))
        return 0;
    if (s->n == s->cap) {
        size_t c = s->cap ? 2 * s->cap : 16;
        char **g = realloc(s->v, c * sizeof *g);
        if (!g)
            return -1;
        s->v = g, s->cap = c;
    }
    if (!(s->v[s->n] = malloc(k + 1)))
        return -1;
    memcpy(s->v[s->n], p, k);
    s->v[s->n++][k] = 0;
    return 0;
}

static void drop(names_t *s)
{
    for (size_t i = 0; i < s->n; i++)
        free(s->v[i]);
    free(s->v);
}

/* Past a comment at p, or p. */
static const char *skip_comment(const char *p)
{
    if (p[0] == '/' && p[1] == '/') {
        const char *e = strchr(p, '\n');
        return e ? e : p + strlen(p);
    }
    if (p[0] == '/' && p[1] == '*') {
        const char *e = strstr(p + 2, "*/");
        return e ? e + 2 : p + strlen(p);
    }
    return p;
}

/* One module-scope statement [p, end): the name it defines into the local
 * or visible set. A directive word is a dot and letters; the name is the
 * first identifier after the words (for .func, after its return
 * parameters). */
static int statement(const char *p, const char *end, obj_names_t *o)
{
    int visible = 0, defines = 0;
    while (p < end) {
        while (p < end && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r'))
            p++;
        if (p < end && *p == '.') {
            const char *w = ++p;
            while (p < end && ident_char(*p))
                p++;
            size_t k = (size_t)(p - w);
#define IS(s) (k == sizeof s - 1 && !memcmp(w, s, k))
            if (IS("visible") || IS("extern") || IS("weak") || IS("common"))
                visible = 1;
            else if (IS("global") || IS("const") || IS("shared") || IS("func") || IS("entry") || IS("tex") ||
                     IS("surfref") || IS("texref") || IS("samplerref"))
                defines = 1;
            else if (IS("version") || IS("target") || IS("address_size") || IS("file") || IS("section"))
                return 0;
#undef IS
            continue;
        }
        if (p < end && *p >= '0' && *p <= '9') {   /* .align's operand */
            while (p < end && ident_char(*p))
                p++;
            continue;
        }
        if (p < end && *p == '(') {   /* .func's return parameters */
            const char *e = memchr(p, ')', (size_t)(end - p));
            p = e ? e + 1 : end;
            continue;
        }
        if (p < end && ident_start(*p) && defines) {
            const char *w = p;
            while (p < end && ident_char(*p))
                p++;
            return add(visible ? &o->visible : &o->local, w, (size_t)(p - w));
        }
        return 0;
    }
    return 0;
}

/* The module-scope definitions of one text. */
static int scan(const char *t, obj_names_t *o)
{
    int depth = 0;
    const char *stmt = NULL;
    for (const char *p = t; *p;) {
        const char *q = skip_comment(p);
        if (q != p) {
            p = q;
            continue;
        }
        char c = *p;
        if (!depth && !stmt && c != ' ' && c != '\t' && c != '\n' && c != '\r' && c != '}')
            stmt = p;
        if (c == '{' || c == ';' || c == '=') {
            if (!depth && stmt && statement(stmt, p, o))
                return -1;
            if (!depth)
                stmt = NULL;
        }
        if (c == '{')
            depth++;
        else if (c == '}' && depth > 0)
            depth--;
        if (c == '=' && !depth) {   /* an initializer: skip it to its ';' */
            const char *e = strchr(p, ';');
            p = e ? e : p + strlen(p);
            continue;
        }
        p++;
    }
    return 0;
}

/* t with every identifier in ren followed by suffix. */
static char *rename_in(const char *t, const names_t *ren, const char *suffix)
{
    size_t n = strlen(t), sl = strlen(suffix), cap = n + 1, len = 0;
    char *out = malloc(cap);
    if (!out)
        return NULL;
    for (const char *p = t; *p;) {
        size_t k = 1;
        int hit = 0;
        if (ident_start(*p) && (p == t || !ident_char(p[-1]))) {
            for (k = 0; ident_char(p[k]); k++)
                ;
            hit = has(ren, p, k);
        }
        if (len + k + sl + 1 > cap) {
            cap = 2 * cap + k + sl;
            char *g = realloc(out, cap);
            if (!g) {
                free(out);
                return NULL;
            }
            out = g;
        }
        memcpy(out + len, p, k);
        len += k;
        if (hit) {
            memcpy(out + len, suffix, sl);
            len += sl;
        }
        p += k;
    }
    out[len] = 0;
    return out;
}

char **rdc_keep_apart(char *const *objs, uint32_t n)
{
    obj_names_t *o = calloc(n ? n : 1, sizeof *o);
    char **out = calloc(n ? n : 1, sizeof *out);
    int ok = o && out;
    for (uint32_t i = 0; ok && i < n; i++)
        ok = !scan(objs[i], &o[i]);
    for (uint32_t i = 0; ok && i < n; i++) {
        names_t ren = {0};
        for (size_t a = 0; ok && a < o[i].local.n; a++) {
            const char *s = o[i].local.v[a];
            size_t k = strlen(s);
            int clash = 0;
            for (uint32_t j = 0; j < n && !clash; j++)
                clash = j != i && (has(&o[j].visible, s, k) || (j < i && has(&o[j].local, s, k)));
            if (clash)
                ok = !add(&ren, s, k);
        }
        char suffix[16];
        snprintf(suffix, sizeof suffix, "$o%u", i);
        if (ok)
            ok = (out[i] = ren.n ? rename_in(objs[i], &ren, suffix) : strdup(objs[i])) != NULL;
        drop(&ren);
    }
    for (uint32_t i = 0; o && i < n; i++)
        drop(&o[i].local), drop(&o[i].visible);
    free(o);
    if (!ok && out) {
        for (uint32_t i = 0; i < n; i++)
            free(out[i]);
        free(out);
        out = NULL;
    }
    return out;
}
