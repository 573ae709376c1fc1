/* Reading Nsight Compute's raw CSV (ncu_csv.h). */
#define _GNU_SOURCE
#include "host/hw/ncu_csv.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct csv_row {
    char **f;
    int n, cap;
} csv_row_t;

static void row_clear(csv_row_t *r)
{
    for (int i = 0; i < r->n; i++)
        free(r->f[i]);
    r->n = 0;
}

static int row_push(csv_row_t *r, const char *s, size_t len)
{
    if (r->n == r->cap) {
        int cap = r->cap ? 2 * r->cap : 32;
        char **f = (char **)realloc(r->f, (size_t)cap * sizeof *f);
        if (!f)
            return -1;
        r->f = f, r->cap = cap;
    }
    return (r->f[r->n++] = strndup(s, len)) ? 0 : -1;
}

/* One line into fields: "quoted" (with "" for a quote) or bare; 0, or -1
 * with why (an open quote, out of memory). */
static int split(const char *line, csv_row_t *r, const char **why)
{
    char *buf = (char *)malloc(strlen(line) + 1);
    const char *p = line;
    row_clear(r);
    if (!buf)
        return *why = "out of memory", -1;
    for (;;) {
        size_t len = 0;
        if (*p == '"') {
            for (p++; *p && !(*p == '"' && p[1] != '"'); p++) {
                if (*p == '"')
                    p++;
                buf[len++] = *p;
            }
            if (*p != '"') {
                free(buf);
                return *why = "a quoted field does not end", -1;
            }
            p++;
        } else
            while (*p && *p != ',')
                buf[len++] = *p++;
        if (row_push(r, buf, len)) {
            free(buf);
            return *why = "out of memory", -1;
        }
        if (*p != ',')
            break;
        p++;
    }
    free(buf);
    if (*p) {
        *why = "text after a quoted field";
        return -1;
    }
    return 0;
}

static int column(const csv_row_t *head, const char *name)
{
    for (int i = 0; i < head->n; i++)
        if (!strcmp(head->f[i], name))
            return i;
    return -1;
}

/* ncu's unit prefixes (--print-units auto): "Kcycle" is 1000 cycles. */
static double unit_scale(const char *unit)
{
    static const char prefixes[] = "KMGT";
    const char *p = strchr(prefixes, unit[0]);
    if (!unit[0] || !p || unit[1] < 'a' || unit[1] > 'z')
        return 1;
    return pow(1000, (double)(p - prefixes + 1));
}

/* "1,108,448", "143,788.88", "n/a" or "" (NAN); 0, or -1 when not a number. */
static int number(const char *s, double *v)
{
    char digits[128], *end;
    size_t n = 0;
    if (!*s || !strcmp(s, "n/a")) {
        *v = NAN;
        return 0;
    }
    for (; *s && n + 1 < sizeof digits; s++)
        if (*s != ',')
            digits[n++] = *s;
    digits[n] = 0;
    errno = 0;
    *v = strtod(digits, &end);
    return *s || end == digits || *end || errno ? -1 : 0;
}

static int fail(const char *path, int line, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "%s:%d: ", path, line);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    return -1;
}

static int launch_cmp(const void *a, const void *b)
{
    const ncu_launch_t *p = (const ncu_launch_t *)a, *q = (const ncu_launch_t *)b;
    return p->id != q->id ? (p->id > q->id) - (p->id < q->id) : p->line - q->line;
}

typedef struct csv_state {
    const char *path;
    const char *const *metrics;
    int nmetrics;
    csv_row_t head, units, row;
    int id_col, name_col, *col;
    double *scale;
} csv_state_t;

/* The header row just read: the columns asked for. */
static int take_header(csv_state_t *s, ncu_file_t *out, int line)
{
    s->id_col = column(&s->head, "ID");
    s->name_col = column(&s->head, "Kernel Name");
    if (s->name_col < 0)
        return fail(s->path, line, "no \"Kernel Name\" column: not ncu --csv --page raw output");
    s->col = (int *)calloc((size_t)s->nmetrics + 1, sizeof *s->col);
    s->scale = (double *)calloc((size_t)s->nmetrics + 1, sizeof *s->scale);
    out->has_column = (int *)calloc((size_t)s->nmetrics + 1, sizeof *out->has_column);
    if (!s->col || !s->scale || !out->has_column)
        return fail(s->path, line, "out of memory");
    for (int m = 0; m < s->nmetrics; m++)
        out->has_column[m] = (s->col[m] = column(&s->head, s->metrics[m])) >= 0;
    return 0;
}

static int take_units(csv_state_t *s, int line)
{
    if (s->units.n != s->head.n || s->units.f[s->id_col][0])
        return fail(s->path, line, "expected ncu's row of units (an empty ID, %d fields) after the header", s->head.n);
    for (int m = 0; m < s->nmetrics; m++)
        s->scale[m] = s->col[m] >= 0 ? unit_scale(s->units.f[s->col[m]]) : 1;
    return 0;
}

static int take_launch(csv_state_t *s, ncu_file_t *out, int line, size_t *cap)
{
    const csv_row_t *r = &s->row;
    char *end;
    if (r->n != s->head.n)
        return fail(s->path, line, "%d fields, the header has %d", r->n, s->head.n);
    if (*cap == out->n) {
        size_t c = *cap ? 2 * *cap : 16;
        ncu_launch_t *l = (ncu_launch_t *)realloc(out->launch, c * sizeof *l);
        if (!l)
            return fail(s->path, line, "out of memory");
        out->launch = l, *cap = c;
    }
    ncu_launch_t *l = &out->launch[out->n];
    memset(l, 0, sizeof *l);
    l->line = line;
    l->id = strtol(r->f[s->id_col], &end, 10);
    if (!r->f[s->id_col][0] || *end)
        return fail(s->path, line, "ID '%s' is not a launch number", r->f[s->id_col]);
    l->kernel = strdup(r->f[s->name_col]);
    l->value = (double *)malloc(((size_t)s->nmetrics + 1) * sizeof *l->value);
    out->n++;
    if (!l->kernel || !l->value)
        return fail(s->path, line, "out of memory");
    for (int m = 0; m < s->nmetrics; m++) {
        l->value[m] = NAN;
        if (s->col[m] < 0)
            continue;
        if (number(r->f[s->col[m]], &l->value[m]))
            return fail(s->path, line, "%s: '%s' is not a number", s->metrics[m], r->f[s->col[m]]);
        l->value[m] *= s->scale[m];
    }
    return 0;
}

/* Each line after ncu's own messages: header, units, then launches. */
static int read_lines(csv_state_t *s, FILE *f, ncu_file_t *out)
{
    char *text = NULL;
    size_t size = 0, cap = 0;
    ssize_t got;
    int line = 0, stage = 0, rc = 0;
    const char *why;
    while (!rc && (got = getline(&text, &size, f)) >= 0) {
        line++;
        while (got > 0 && (text[got - 1] == '\n' || text[got - 1] == '\r'))
            text[--got] = 0;
        if (!strncmp(text, "==", 2) || !got)
            continue; /* ==PROF==, ==WARNING==: ncu's messages */
        if (stage == 0 && strncmp(text, "\"ID\",", 5)) {
            rc = fail(s->path, line, "expected the header row of ncu --csv --page raw (\"ID\",...), found '%.40s'",
                      text);
            break;
        }
        csv_row_t *r = stage == 0 ? &s->head : stage == 1 ? &s->units : &s->row;
        if (split(text, r, &why))
            rc = fail(s->path, line, "%s", why);
        else if (stage == 0)
            rc = take_header(s, out, line);
        else if (stage == 1)
            rc = take_units(s, line);
        else
            rc = take_launch(s, out, line, &cap);
        stage += stage < 2;
    }
    free(text);
    if (!rc && stage < 2)
        rc = fail(s->path, line, stage ? "the header row but no units row" : "empty: no ncu output");
    return rc;
}

int ncu_csv_load(const char *path, const char *const *metrics, int nmetrics, ncu_file_t *out)
{
    csv_state_t s;
    memset(&s, 0, sizeof s);
    memset(out, 0, sizeof *out);
    s.path = path, s.metrics = metrics, s.nmetrics = nmetrics;
    out->nmetrics = nmetrics;
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "%s: %s\n", path, strerror(errno));
        return -1;
    }
    int rc = read_lines(&s, f, out);
    if (!rc && ferror(f))
        rc = fail(path, 0, "%s", strerror(errno));
    fclose(f);
    row_clear(&s.head), row_clear(&s.units), row_clear(&s.row);
    free(s.head.f), free(s.units.f), free(s.row.f), free(s.col), free(s.scale);
    if (rc)
        ncu_csv_free(out);
    else
        qsort(out->launch, out->n, sizeof *out->launch, launch_cmp);
    return rc;
}

void ncu_csv_free(ncu_file_t *f)
{
    for (size_t i = 0; i < f->n; i++)
        free(f->launch[i].kernel), free(f->launch[i].value);
    free(f->launch);
    free(f->has_column);
    memset(f, 0, sizeof *f);
}
