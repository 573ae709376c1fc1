/* `warpsim report`: run reports in, one row each (report_rows.c), out as a
 * table, CSV or JSON array (report_format.c) or an SVG plot (report_plot.c).
 * Options are parsed by options.c, from its one table; here their values
 * are checked. */
#include "report_cmd.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "host/hw/hw_correlate.h"
#include "host/options.h"

static void usage(FILE *f)
{
    fprintf(f, "usage: warpsim report [options] REPORT.json...\n"
               "       warpsim report --correlate DIR [options] REPORT.json...\n");
    options_usage_report(f);
    fprintf(f, "keys:");
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
    if (rcmd_columns[*col].kind == RCMD_STR)
        return bad_args("%s %s: not a numeric key", opt, key);
    return 0;
}

static int parse_group(rcmd_plot_t *p, const char *keys)
{
    char list[256];
    snprintf(list, sizeof list, "%s", keys);
    p->ngroup = 0;
    for (char *save = NULL, *k = strtok_r(list, ",", &save); k; k = strtok_r(NULL, ",", &save)) {
        int col = rcmd_column_find(k);
        if (col < 0)
            return bad_args("--group: unknown key '%s'", k);
        if (p->ngroup == RCMD_GROUP_MAX)
            return bad_args("--group: at most %d keys (%s)", RCMD_GROUP_MAX, k);
        p->group[p->ngroup++] = col;
    }
    return p->ngroup ? 0 : bad_args("--group needs a key");
}

/* The plot's columns and the checks no single option can make; 0 or 2. */
static int check_options(const report_options_t *o, rcmd_plot_t *p, rcmd_cols_t *cols)
{
    static const char *const formats[] = {"table", "csv", "json", "svg"};
    char why[160];
    size_t f = 0;
    int rc;
    memset(p, 0, sizeof *p);
    cols->n = 0;
    while (f < 4 && strcmp(formats[f], o->format))
        f++;
    if (f == 4)
        return bad_args("unknown --format '%s' (table, csv, json, svg)", o->format);
    if ((rc = numeric_column("--x", o->x, &p->x)) || (rc = numeric_column("--y", o->y, &p->y)))
        return rc;
    if (o->group && (rc = parse_group(p, o->group)))
        return rc;
    if (o->columns && rcmd_parse_columns(o->columns, cols, why, sizeof why))
        return bad_args("%s", why);
    if (o->nfiles == 0)
        return bad_args("no report files given");
    unsigned need = (rcmd_columns[p->x].flags | rcmd_columns[p->y].flags) & (RCMD_BASELINE | RCMD_VERSUS);
    if ((need & RCMD_BASELINE) && !o->baselines.count)
        return bad_args("plotting a speedup needs --baseline FILE.json");
    if ((need & RCMD_VERSUS) && !o->versus.count)
        return bad_args("plotting versus needs --versus FILE.json");
    p->title = o->title;
    p->output = o->output;
    return 0;
}

static int write_text(const report_options_t *o, const rcmd_rows_t *rows, const rcmd_cols_t *asked)
{
    rcmd_cols_t cols = *asked;
    if (!cols.n)
        rcmd_default_columns(rows->row, rows->n, !strcmp(o->format, "table"),
                             (o->baselines.count ? RCMD_BASELINE : 0) | (o->versus.count ? RCMD_VERSUS : 0), &cols);
    FILE *f = o->output ? fopen(o->output, "w") : stdout;
    if (!f) {
        fprintf(stderr, "%s: %s\n", o->output, strerror(errno));
        return 1;
    }
    int err = 0;
    if (!strcmp(o->format, "csv"))
        rcmd_write_csv(f, rows->row, rows->n, &cols);
    else if (!strcmp(o->format, "json"))
        err = rcmd_write_json(f, rows->row, rows->n, &cols) ? errno : 0;
    else
        rcmd_write_table(f, rows->row, rows->n, &cols);
    if ((o->output ? fclose(f) : fflush(f)) && !err)
        err = errno;
    if (err) {
        fprintf(stderr, "%s: %s\n", o->output ? o->output : "stdout", strerror(err));
        return 1;
    }
    return 0;
}

/* Every file of list into rows, in order; 0, or 1 after the first failure. */
static int load_all(const char *const *files, int n, rcmd_rows_t *rows)
{
    for (int i = 0; i < n; i++)
        if (rcmd_rows_load(files[i], rows))
            return 1;
    return 0;
}

/* Reads the references and the reports, adds the ratios and writes the
 * output; the exit status. */
static int report_files(const report_options_t *o, const rcmd_plot_t *plot, const rcmd_cols_t *cols)
{
    rcmd_rows_t bases = {0}, refs = {0}, rows = {0};
    int rc = load_all(o->baselines.items, o->baselines.count, &bases);
    if (!rc)
        rc = load_all(o->versus.items, o->versus.count, &refs);
    if (!rc)
        rc = load_all((const char *const *)o->files, o->nfiles, &rows);
    for (size_t i = 0; !rc && i < rows.n; i++) {
        const rcmd_row_t *base = rcmd_row_match(&bases, &rows.row[i]), *ref = rcmd_row_match(&refs, &rows.row[i]);
        if (base)
            rcmd_row_speedups(&rows.row[i], base);
        if (ref)
            rcmd_row_versus(&rows.row[i], ref);
    }
    if (!rc)
        rc = !strcmp(o->format, "svg") ? rcmd_plot_svg(plot, rows.row, rows.n) : write_text(o, &rows, cols);
    rcmd_rows_free(&bases);
    rcmd_rows_free(&refs);
    rcmd_rows_free(&rows);
    return rc;
}

int report_cmd_main(int argc, char **argv)
{
    report_options_t o = {.format = "table", .x = "cores", .y = "mips"};
    rcmd_plot_t plot;
    rcmd_cols_t cols;
    int rc = options_parse_report(&o, argc, argv);
    if (!rc && o.help)
        usage(stdout);
    else if (!rc && o.correlate)
        rc = hw_correlate_main(&o);
    else if (!rc && !(rc = check_options(&o, &plot, &cols)))
        rc = report_files(&o, &plot, &cols);
    options_report_free(&o);
    return rc;
}
