/* A module warpsim can run only part of (cudart_partial.h). The PTX front
 * end refuses a whole module at the first construct it cannot parse or
 * lower, with "FILE:LINE:COL: why"; the function around LINE loses its body
 * (a `trap;` stands in, every newline kept, so the other functions keep
 * their line numbers) and the module is read again, until it loads or the
 * construct lies outside any function. Kernels that are such a function,
 * or call one through the module's direct calls, are refused at their
 * launch (cudart_func_refused); the others run. A call this cannot see (a
 * function pointer) reaches the trap: the launch fails, never a silently
 * empty function. */
#include "host/cudart/cudart_partial.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A function of the text: its name and body, `{` to its `}`. */
typedef struct span {
    char name[256];
    size_t open, close;
} span_t;

static int ident_char(char c)
{
    return c == '_' || c == '$' || c == '%' || (c >= '0' && c <= '9') || ((c | 0x20) >= 'a' && (c | 0x20) <= 'z');
}

/* Past the comment or string at i, or i. */
static size_t skip_comment(const char *t, size_t i)
{
    if (t[i] == '/' && t[i + 1] == '/')
        while (t[i] && t[i] != '\n')
            i++;
    else if (t[i] == '/' && t[i + 1] == '*') {
        const char *e = strstr(t + i + 2, "*/");
        i = e ? (size_t)(e - t) + 2 : strlen(t);
    } else if (t[i] == '"') {
        for (i++; t[i] && t[i] != '"'; i++)
            ;
        i += t[i] == '"';
    }
    return i;
}

/* The matching close of the bracket at i (`(` or `{`), or 0. */
static size_t match(const char *t, size_t i)
{
    char o = t[i], c = o == '(' ? ')' : '}';
    int depth = 0;
    while (t[i]) {
        size_t j = skip_comment(t, i);
        if (j != i) {
            i = j;
            continue;
        }
        depth += (t[i] == o) - (t[i] == c);
        if (!depth)
            return i;
        i++;
    }
    return 0;
}

static size_t skip_space(const char *t, size_t i)
{
    while (t[i] == ' ' || t[i] == '\t' || t[i] == '\n' || t[i] == '\r')
        i++;
    return i;
}

/* The functions of the text with bodies, in order; *n of them (malloc'd). */
static span_t *functions(const char *t, size_t *n)
{
    span_t *s = NULL;
    size_t k = 0, cap = 0;
    for (size_t i = 0; t[i];) {
        size_t j = skip_comment(t, i);
        if (j != i) {
            i = j;
            continue;
        }
        if (t[i] == '{') {   /* a body at module scope: not a function's (no header seen) */
            size_t e = match(t, i);
            i = e ? e + 1 : strlen(t);
            continue;
        }
        int entry = !strncmp(t + i, ".entry", 6), func = !strncmp(t + i, ".func", 5);
        if (!(entry || func) || (i && ident_char(t[i - 1])) || ident_char(t[i + (entry ? 6 : 5)])) {
            i++;
            continue;
        }
        i = skip_space(t, i + (entry ? 6 : 5));
        if (t[i] == '(' && (i = match(t, i)))   /* a .func's return parameters */
            i = skip_space(t, i + 1);
        size_t a = i;
        while (ident_char(t[i]))
            i++;
        span_t sp = {.open = 0};
        snprintf(sp.name, sizeof sp.name, "%.*s", (int)(i - a), t + a);
        while (t[i] && t[i] != '{' && t[i] != ';') {   /* parameters, performance directives */
            if (t[i] == '(' && !(i = match(t, i)))
                break;
            i++;
        }
        if (t[i] != '{')   /* a declaration (;) */
            continue;
        sp.open = i;
        sp.close = match(t, i);
        if (!sp.close)
            break;
        i = sp.close + 1;
        if (k == cap) {
            cap = cap ? 2 * cap : 64;
            span_t *g = realloc(s, cap * sizeof *g);
            if (!g)
                break;
            s = g;
        }
        s[k++] = sp;
    }
    *n = k;
    return s;
}

static size_t line_of(const char *t, size_t off)
{
    size_t line = 1;
    for (size_t i = 0; i < off && t[i]; i++)
        line += t[i] == '\n';
    return line;
}

/* The line an error names: "NAME:LINE:COL: ...", the name being the module's. */
static size_t error_line(const char *name, const char *err)
{
    size_t n = strlen(name);
    if (strncmp(err, name, n) || err[n] != ':')
        return 0;
    return (size_t)strtoul(err + n + 1, NULL, 10);
}

static int add(cudart_partial_t *p, const char *name, const char *why, size_t first, size_t last)
{
    size_t k = p->n + 1;
    char **names = realloc(p->names, k * sizeof *names);
    if (names)
        p->names = names;
    char **whys = names ? realloc(p->whys, k * sizeof *whys) : NULL;
    if (whys)
        p->whys = whys;
    size_t *f = whys ? realloc(p->first, k * sizeof *f) : NULL;
    if (f)
        p->first = f;
    size_t *l = f ? realloc(p->last, k * sizeof *l) : NULL;
    if (l)
        p->last = l;
    if (!l || !(names[p->n] = strdup(name)))
        return -1;
    if (!(whys[p->n] = strdup(why))) {
        free(names[p->n]);
        return -1;
    }
    f[p->n] = first;
    l[p->n] = last;
    p->n++;
    return 0;
}

int cudart_partial_cut(cudart_partial_t *p, char *text, const char *name, const char *err)
{
    size_t line = error_line(name, err), n;
    if (!line)
        return -1;
    span_t *s = functions(text, &n);
    int rc = -1;
    for (size_t i = 0; s && i < n; i++) {
        if (line < line_of(text, s[i].open) || line > line_of(text, s[i].close))
            continue;
        if (cudart_partial_why(p, s[i].name) ||
            add(p, s[i].name, err, line_of(text, s[i].open), line_of(text, s[i].close)))
            break;   /* cut already: the front end still refuses it, so cutting does not help */
        for (size_t j = s[i].open + 1; j < s[i].close; j++)
            if (text[j] != '\n')
                text[j] = ' ';
        for (size_t j = s[i].open + 1; rc && j + 5 <= s[i].close; j++)   /* `trap;` where a line has room */
            if (!memcmp(text + j, "     ", 5)) {
                memcpy(text + j, "trap;", 5);
                rc = 0;
            }
        break;
    }
    free(s);
    return rc;
}

/* Does the body [a, b) of the text call name directly? */
static int calls(const char *t, size_t a, size_t b, const char *name)
{
    size_t n = strlen(name);
    for (const char *c = strstr(t + a, "call"); c && (size_t)(c - t) < b; c = strstr(c + 4, "call")) {
        if ((c > t && ident_char(c[-1])) || !(c[4] == '.' || c[4] == ' ' || c[4] == '\t'))
            continue;
        size_t i = (size_t)(c - t) + 4;
        while (t[i] == '.' || ident_char(t[i]))   /* .uni */
            i++;
        i = skip_space(t, i);
        if (t[i] == '(' && (i = match(t, i)))   /* return parameters */
            i = skip_space(t, i + 1);
        if (t[i] == ',')
            i = skip_space(t, i + 1);
        if (!strncmp(t + i, name, n) && !ident_char(t[i + n]))
            return 1;
    }
    return 0;
}

void cudart_partial_spread(cudart_partial_t *p, const char *text)
{
    size_t n;
    span_t *s = functions(text, &n);
    for (int grew = 1; s && grew;) {
        grew = 0;
        for (size_t i = 0; i < n; i++) {
            if (cudart_partial_why(p, s[i].name))
                continue;
            for (size_t k = 0; k < p->n; k++)
                if (calls(text, s[i].open, s[i].close, p->names[k])) {
                    char why[1024];
                    snprintf(why, sizeof why, "it calls %s: %s", p->names[k], p->whys[k]);
                    grew |= !add(p, s[i].name, why, 0, 0);
                    break;
                }
        }
    }
    free(s);
}

const char *cudart_partial_why(const cudart_partial_t *p, const char *func)
{
    for (size_t i = 0; i < p->n; i++)
        if (!strcmp(p->names[i], func))
            return p->whys[i];
    return NULL;
}

const char *cudart_partial_at(const cudart_partial_t *p, size_t line, const char **func)
{
    for (size_t i = 0; i < p->n; i++)
        if (p->first[i] && line >= p->first[i] && line <= p->last[i]) {
            *func = p->names[i];
            return p->whys[i];
        }
    return NULL;
}
