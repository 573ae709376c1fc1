/* `warpsim report`: run reports in, one row each, out as a table, CSV, a
 * JSON array or (report_plot.c) an SVG plot. Every output walks the one
 * column table in report_cmd.h. */
#include "report_cmd.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

const rcmd_column_t rcmd_columns[RCMD_COL_COUNT] = {
#define RCMD_ROW(key, header, kind, label, flags) {#key, header, kind, label, flags},
    RCMD_COLUMNS(RCMD_ROW)
#undef RCMD_ROW
};

int rcmd_column_find(const char *key)
{
    for (int i = 0; i < RCMD_COL_COUNT; i++)
        if (!strcmp(rcmd_columns[i].key, key))
            return i;
    return -1;
}

static int field_error(char *why, size_t n, const char *key, const char *want, const json_value_t *v)
{
    snprintf(why, n, "field '%s' is %s %s, not %s", key, v->kind == JSON_ARRAY || v->kind == JSON_OBJECT ? "an" : "a",
             json_kind_name(v->kind), want);
    return -1;
}

/* Missing fields (and null) leave the cell empty unless required. */
static int take(const json_value_t *obj, const char *key, rcmd_cell_t *c, rcmd_kind_t kind, int required,
                char *why, size_t n)
{
    const json_value_t *v = json_get(obj, key);
    if (!v || v->kind == JSON_NULL) {
        if (required)
            snprintf(why, n, "no '%s' field (not a warpsim run report?)", key);
        return required ? -1 : 0;
    }
    if (kind == RCMD_STR) {
        if (v->kind != JSON_STRING)
            return field_error(why, n, key, "a string", v);
        c->s = strdup(v->u.str);
        if (!c->s) {
            snprintf(why, n, "out of memory");
            return -1;
        }
    } else if (kind == RCMD_U64) {
        if (json_u64(v, &c->u))
            return field_error(why, n, key, "an unsigned integer", v);
        c->d = (double)c->u;
    } else {
        if (json_double(v, &c->d) || c->d < 0)
            return field_error(why, n, key, "a number >= 0", v);
    }
    c->present = 1;
    return 0;
}

static int take_max_core(const json_value_t *root, rcmd_cell_t *c, char *why, size_t n)
{
    const json_value_t *pc = json_get(root, "per_core");
    if (!pc || pc->kind == JSON_NULL)
        return 0;
    if (pc->kind != JSON_ARRAY)
        return field_error(why, n, "per_core", "an array", pc);
    uint64_t max = 0;
    for (uint32_t i = 0; i < pc->count; i++) {
        const json_value_t *v = json_get(json_at(pc, i), "instructions");
        uint64_t insns;
        if (json_u64(v, &insns)) {
            snprintf(why, n, "per_core[%u] has no unsigned integer 'instructions'", i);
            return -1;
        }
        max = insns > max ? insns : max;
    }
    c->present = pc->count > 0;
    c->u = max;
    c->d = (double)max;
    return 0;
}

int rcmd_row_from_json(const json_value_t *root, const char *file, rcmd_row_t *row, char *why, size_t n)
{
    static const uint8_t required[RCMD_COL_COUNT] = {
        [RCMD_COL_cores] = 1, [RCMD_COL_total_instructions] = 1, [RCMD_COL_wall_seconds] = 1,
    };
    memset(row, 0, sizeof *row);
    if (root->kind != JSON_OBJECT) {
        snprintf(why, n, "the document is %s %s, not a run report object",
                 root->kind == JSON_ARRAY ? "an" : "a", json_kind_name(root->kind));
        return -1;
    }
    for (int i = 0; i < RCMD_COL_COUNT; i++) {
        if (i == RCMD_COL_file || i == RCMD_COL_max_core_insns || (rcmd_columns[i].flags & RCMD_BASELINE))
            continue;
        if (take(root, rcmd_columns[i].key, &row->c[i], rcmd_columns[i].kind, required[i], why, n))
            goto bad;
    }
    if (take_max_core(root, &row->c[RCMD_COL_max_core_insns], why, n))
        goto bad;
    rcmd_cell_t *prog = &row->c[RCMD_COL_program], *mips = &row->c[RCMD_COL_mips];
    char *slash = prog->present ? strrchr(prog->s, '/') : NULL;
    if (slash)
        memmove(prog->s, slash + 1, strlen(slash + 1) + 1);
    if (!mips->present && row->c[RCMD_COL_wall_seconds].d > 0) {
        mips->d = (double)row->c[RCMD_COL_total_instructions].u / row->c[RCMD_COL_wall_seconds].d / 1e6;
        mips->present = 1;
    }
    row->c[RCMD_COL_file].s = strdup(file);
    row->c[RCMD_COL_file].present = row->c[RCMD_COL_file].s != NULL;
    return 0;
bad:
    rcmd_row_free(row);
    return -1;
}

int rcmd_row_load(const char *file, rcmd_row_t *row)
{
    json_error_t e;
    char why[160];
    json_doc_t *d = json_parse_file(file, NULL, &e);
    if (!d) {
        if (e.line)
            fprintf(stderr, "%s:%u:%u: %s\n", file, e.line, e.column, e.message);
        else
            fprintf(stderr, "%s: %s\n", file, e.message);
        return -1;
    }
    int rc = rcmd_row_from_json(json_root(d), file, row, why, sizeof why);
    json_free(d);
    if (rc)
        fprintf(stderr, "%s: %s\n", file, why);
    return rc;
}

void rcmd_row_speedups(rcmd_row_t *row, const rcmd_row_t *base)
{
    const rcmd_cell_t *w = &row->c[RCMD_COL_wall_seconds], *bw = &base->c[RCMD_COL_wall_seconds];
    const rcmd_cell_t *t = &row->c[RCMD_COL_total_instructions], *bt = &base->c[RCMD_COL_total_instructions];
    const rcmd_cell_t *m = &row->c[RCMD_COL_max_core_insns], *bm = &base->c[RCMD_COL_max_core_insns];
    rcmd_cell_t *sim = &row->c[RCMD_COL_sim_speedup], *app = &row->c[RCMD_COL_app_speedup];
    /* seed 002: simulation speedup = this MIPS over the baseline's */
    if (w->present && bw->present && t->present && bt->present && w->d > 0 && bw->d > 0 && bt->u > 0) {
        sim->d = bw->d * ((double)t->u / (double)bt->u) / w->d;
        sim->present = 1;
    }
    /* application speedup: the simulated program's time, its busiest core */
    if (m->present && bm->present && m->u > 0) {
        app->d = (double)bm->u / (double)m->u;
        app->present = 1;
    }
}

void rcmd_row_free(rcmd_row_t *row)
{
    for (int i = 0; i < RCMD_COL_COUNT; i++)
        free(row->c[i].s);
    memset(row, 0, sizeof *row);
}

static void json_quote(const char *s, char *buf, size_t n)
{
    size_t w = 0;
    buf[w++] = '"';
    for (; *s && w + 8 < n; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            w += (size_t)snprintf(buf + w, n - w, "\\%c", c);
        else if (c < 0x20)
            w += (size_t)snprintf(buf + w, n - w, "\\u%04x", c);
        else
            buf[w++] = (char)c;
    }
    buf[w++] = '"';
    buf[w] = 0;
}

void rcmd_cell_text(const rcmd_row_t *row, int col, rcmd_fmt_t fmt, char *buf, size_t n)
{
    const rcmd_cell_t *c = &row->c[col];
    rcmd_kind_t kind = rcmd_columns[col].kind;
    int table = fmt == RCMD_FMT_TABLE;
    if (!c->present || (kind != RCMD_STR && kind != RCMD_U64 && !isfinite(c->d))) {
        snprintf(buf, n, "%s", table ? "-" : fmt == RCMD_FMT_JSON ? "null" : "");
        return;
    }
    switch (kind) {
    case RCMD_STR:
        if (fmt == RCMD_FMT_JSON)
            json_quote(c->s, buf, n);
        else
            snprintf(buf, n, "%s", c->s);
        break;
    case RCMD_U64: snprintf(buf, n, "%llu", (unsigned long long)c->u); break;
    case RCMD_SECONDS: snprintf(buf, n, table ? "%.4f" : "%.6f", c->d); break;
    case RCMD_MIPS: snprintf(buf, n, table ? "%.1f" : "%.3f", c->d); break;
    case RCMD_RATIO: snprintf(buf, n, table ? "%.2f" : "%.4f", c->d); break;
    }
    if (table)
        for (char *p = buf; *p; p++)
            if ((unsigned char)*p < 0x20)
                *p = '?';
}

static int shown(int col, int with_baseline, int table_only)
{
    unsigned fl = rcmd_columns[col].flags;
    return (!(fl & RCMD_BASELINE) || with_baseline) && (!table_only || (fl & RCMD_TABLE));
}

void rcmd_write_table(FILE *f, const rcmd_row_t *rows, size_t n, int with_baseline)
{
    size_t width[RCMD_COL_COUNT];
    char buf[512];
    for (int i = 0; i < RCMD_COL_COUNT; i++) {
        width[i] = strlen(rcmd_columns[i].header);
        for (size_t r = 0; r < n; r++) {
            rcmd_cell_text(&rows[r], i, RCMD_FMT_TABLE, buf, sizeof buf);
            width[i] = strlen(buf) > width[i] ? strlen(buf) : width[i];
        }
    }
    for (size_t r = 0; r <= n; r++) {
        const char *sep = "";
        for (int i = 0; i < RCMD_COL_COUNT; i++) {
            if (!shown(i, with_baseline, 1))
                continue;
            if (r == 0)
                snprintf(buf, sizeof buf, "%s", rcmd_columns[i].header);
            else
                rcmd_cell_text(&rows[r - 1], i, RCMD_FMT_TABLE, buf, sizeof buf);
            int w = (int)width[i], left = rcmd_columns[i].kind == RCMD_STR;
            fprintf(f, "%s%*s", sep, left ? -w : w, buf);
            sep = "  ";
        }
        fputc('\n', f);
    }
}

static void csv_field(FILE *f, const char *s)
{
    if (!strpbrk(s, ",\"\r\n")) {
        fputs(s, f);
        return;
    }
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"')
            fputc('"', f);
        fputc(*s, f);
    }
    fputc('"', f);
}

void rcmd_write_csv(FILE *f, const rcmd_row_t *rows, size_t n, int with_baseline)
{
    char buf[512];
    for (size_t r = 0; r <= n; r++) {
        const char *sep = "";
        for (int i = 0; i < RCMD_COL_COUNT; i++) {
            if (!shown(i, with_baseline, 0))
                continue;
            if (r == 0)
                snprintf(buf, sizeof buf, "%s", rcmd_columns[i].key);
            else
                rcmd_cell_text(&rows[r - 1], i, RCMD_FMT_CSV, buf, sizeof buf);
            fputs(sep, f);
            csv_field(f, buf);
            sep = ",";
        }
        fputc('\n', f);
    }
}

void rcmd_write_json(FILE *f, const rcmd_row_t *rows, size_t n, int with_baseline)
{
    char buf[512];
    fputs("[", f);
    for (size_t r = 0; r < n; r++) {
        const char *sep = "";
        fputs(r ? ",\n  {" : "\n  {", f);
        for (int i = 0; i < RCMD_COL_COUNT; i++) {
            if (!shown(i, with_baseline, 0))
                continue;
            rcmd_cell_text(&rows[r], i, RCMD_FMT_JSON, buf, sizeof buf);
            fprintf(f, "%s\"%s\": %s", sep, rcmd_columns[i].key, buf);
            sep = ", ";
        }
        fputs("}", f);
    }
    fputs(n ? "\n]\n" : "]\n", f);
}

/* ---- command line ---------------------------------------------------------- */

typedef struct rcmd_args {
    const char *format, *output, *baseline;
    rcmd_plot_t plot;
    char **files;
    int nfiles;
} rcmd_args_t;

static void usage(FILE *f)
{
    fprintf(f, "usage: warpsim report [options] REPORT.json...\n"
               "  --format table|csv|json|svg  output (default table: one row per report)\n"
               "  --output FILE                write there instead of stdout\n"
               "  --baseline FILE.json         add sim_speedup and app_speedup against this run\n"
               "  --x KEY, --y KEY             plot axes (svg; default cores and mips)\n"
               "  --group KEY[,KEY]            one plot line per value of these keys (e.g. backend,mode)\n"
               "  --title TEXT                 plot title\n"
               "keys:");
    for (int i = 0; i < RCMD_COL_COUNT; i++)
        fprintf(f, " %s", rcmd_columns[i].key);
    fputc('\n', f);
}

static int bad_args(const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "warpsim report: ");
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, " (see warpsim report --help)\n");
    return 2;
}

static int numeric_column(const char *opt, const char *key, int *col)
{
    *col = rcmd_column_find(key);
    if (*col < 0)
        return bad_args("%s: unknown key '%s'", opt, key);
    if (rcmd_columns[*col].kind == RCMD_STR) {
        return bad_args("%s %s: not a numeric key", opt, key);
    }
    return 0;
}

static int parse_group(rcmd_plot_t *p, char *list)
{
    p->ngroup = 0;
    for (char *k = strtok(list, ","); k; k = strtok(NULL, ",")) {
        int col = rcmd_column_find(k);
        if (col < 0)
            return bad_args("--group: unknown key '%s'", k);
        if (p->ngroup == 4)
            return bad_args("--group: at most 4 keys (%s)", k);
        p->group[p->ngroup++] = col;
    }
    return p->ngroup ? 0 : bad_args("--group needs a key");
}

/* One option at argv[*i] (--name value or --name=value). */
static int parse_option(rcmd_args_t *a, int argc, char **argv, int *i)
{
    static const char *const names[] = {"format", "output", "baseline", "x", "y", "group", "title"};
    char name[32];
    const char *arg = argv[*i] + 2, *eq = strchr(arg, '='), *value;
    size_t len = eq ? (size_t)(eq - arg) : strlen(arg);
    size_t k = 0;
    snprintf(name, sizeof name, "%.*s", (int)(len < sizeof name ? len : sizeof name - 1), arg);
    while (k < sizeof names / sizeof names[0] && strcmp(names[k], name))
        k++;
    if (k == sizeof names / sizeof names[0])
        return bad_args("unknown option '%s'", argv[*i]);
    if (eq)
        value = eq + 1;
    else if (*i + 1 < argc)
        value = argv[++*i];
    else
        return bad_args("option '--%s' needs a value", name);
    switch (k) {
    case 0: a->format = value; return 0;
    case 1: a->output = value; return 0;
    case 2: a->baseline = value; return 0;
    case 3: return numeric_column("--x", value, &a->plot.x);
    case 4: return numeric_column("--y", value, &a->plot.y);
    case 5: {
        static char list[256];
        snprintf(list, sizeof list, "%s", value);
        return parse_group(&a->plot, list);
    }
    default: a->plot.title = value; return 0;
    }
}

/* 0 ok, 2 bad options, -1 --help printed. */
static int parse_args(rcmd_args_t *a, int argc, char **argv)
{
    static const char *const formats[] = {"table", "csv", "json", "svg"};
    memset(a, 0, sizeof *a);
    a->format = "table";
    a->plot.x = RCMD_COL_cores;
    a->plot.y = RCMD_COL_mips;
    int i = 0, rc;
    for (; i < argc; i++) {
        const char *o = argv[i];
        if (!strcmp(o, "--")) {
            i++;
            break;
        }
        if (o[0] != '-' || !o[1])
            break;
        if (!strcmp(o, "--help") || !strcmp(o, "-h")) {
            usage(stdout);
            return -1;
        }
        if (o[1] != '-')
            return bad_args("unknown option '%s'", o);
        if ((rc = parse_option(a, argc, argv, &i)))
            return rc;
    }
    size_t f = 0;
    while (f < 4 && strcmp(formats[f], a->format))
        f++;
    if (f == 4)
        return bad_args("unknown --format '%s' (table, csv, json, svg)", a->format);
    if (i >= argc)
        return bad_args("no report files given");
    int need = (rcmd_columns[a->plot.x].flags | rcmd_columns[a->plot.y].flags) & RCMD_BASELINE;
    if (need && !a->baseline)
        return bad_args("plotting a speedup needs --baseline FILE.json");
    a->plot.output = a->output;
    a->files = argv + i;
    a->nfiles = argc - i;
    return 0;
}

static int write_text(const rcmd_args_t *a, const rcmd_row_t *rows, size_t n)
{
    FILE *f = a->output ? fopen(a->output, "w") : stdout;
    if (!f) {
        fprintf(stderr, "%s: %s\n", a->output, strerror(errno));
        return 1;
    }
    int wb = a->baseline != NULL;
    if (!strcmp(a->format, "csv"))
        rcmd_write_csv(f, rows, n, wb);
    else if (!strcmp(a->format, "json"))
        rcmd_write_json(f, rows, n, wb);
    else
        rcmd_write_table(f, rows, n, wb);
    if (a->output ? fclose(f) : fflush(f)) {
        fprintf(stderr, "%s: %s\n", a->output ? a->output : "stdout", strerror(errno));
        return 1;
    }
    return 0;
}

int report_cmd_main(int argc, char **argv)
{
    rcmd_args_t a;
    int rc = parse_args(&a, argc, argv);
    if (rc)
        return rc < 0 ? 0 : rc;
    rcmd_row_t base, *rows = (rcmd_row_t *)calloc((size_t)a.nfiles, sizeof *rows);
    if (!rows) {
        fprintf(stderr, "warpsim report: out of memory\n");
        return 1;
    }
    size_t n = 0;
    memset(&base, 0, sizeof base);
    rc = a.baseline && rcmd_row_load(a.baseline, &base) ? 1 : 0;
    for (; !rc && n < (size_t)a.nfiles; n++) {
        if (rcmd_row_load(a.files[n], &rows[n])) {
            rc = 1;
            break;
        }
        if (a.baseline)
            rcmd_row_speedups(&rows[n], &base);
    }
    if (!rc)
        rc = !strcmp(a.format, "svg") ? rcmd_plot_svg(&a.plot, rows, n) : write_text(&a, rows, n);
    for (size_t i = 0; i < n; i++)
        rcmd_row_free(&rows[i]);
    if (a.baseline)
        rcmd_row_free(&base);
    free(rows);
    return rc;
}
