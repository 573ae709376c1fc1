/* `warpsim report`: run reports in, one row each (report_rows.c), out as a
 * table, CSV or JSON array (report_format.c) or an SVG plot (report_plot.c). */
#include "report_cmd.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

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
    int wb = a->baseline != NULL, err = 0;
    if (!strcmp(a->format, "csv"))
        rcmd_write_csv(f, rows, n, wb);
    else if (!strcmp(a->format, "json"))
        err = rcmd_write_json(f, rows, n, wb) ? errno : 0;
    else
        rcmd_write_table(f, rows, n, wb);
    if ((a->output ? fclose(f) : fflush(f)) && !err)
        err = errno;
    if (err) {
        fprintf(stderr, "%s: %s\n", a->output ? a->output : "stdout", strerror(err));
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
