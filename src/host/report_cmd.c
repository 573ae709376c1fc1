/* `warpsim report`: run reports in, one row each (report_rows.c), out as a
 * table, CSV or JSON array (report_format.c) or an SVG plot (report_plot.c).
 * Options are parsed by options.c, from its one table; here their values
 * are checked. */
#include "report_cmd.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "host/options.h"

static void usage(FILE *f)
{
    fprintf(f, "usage: warpsim report [options] REPORT.json...\n");
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

/* The plot's columns and the checks no single option can make; 0 or 2. */
static int check_options(const report_options_t *o, rcmd_plot_t *p)
{
    static const char *const formats[] = {"table", "csv", "json", "svg"};
    size_t f = 0;
    int rc;
    memset(p, 0, sizeof *p);
    while (f < 4 && strcmp(formats[f], o->format))
        f++;
    if (f == 4)
        return bad_args("unknown --format '%s' (table, csv, json, svg)", o->format);
    if ((rc = numeric_column("--x", o->x, &p->x)) || (rc = numeric_column("--y", o->y, &p->y)))
        return rc;
    if (o->group && (rc = parse_group(p, o->group)))
        return rc;
    if (o->baselines.count > 1)
        return bad_args("--baseline given %d times: one run is the baseline", o->baselines.count);
    if (o->nfiles == 0)
        return bad_args("no report files given");
    int need = (rcmd_columns[p->x].flags | rcmd_columns[p->y].flags) & RCMD_BASELINE;
    if (need && !o->baselines.count)
        return bad_args("plotting a speedup needs --baseline FILE.json");
    p->title = o->title;
    p->output = o->output;
    return 0;
}

static int write_text(const report_options_t *o, const rcmd_row_t *rows, size_t n)
{
    FILE *f = o->output ? fopen(o->output, "w") : stdout;
    if (!f) {
        fprintf(stderr, "%s: %s\n", o->output, strerror(errno));
        return 1;
    }
    int wb = o->baselines.count > 0, err = 0;
    if (!strcmp(o->format, "csv"))
        rcmd_write_csv(f, rows, n, wb);
    else if (!strcmp(o->format, "json"))
        err = rcmd_write_json(f, rows, n, wb) ? errno : 0;
    else
        rcmd_write_table(f, rows, n, wb);
    if ((o->output ? fclose(f) : fflush(f)) && !err)
        err = errno;
    if (err) {
        fprintf(stderr, "%s: %s\n", o->output ? o->output : "stdout", strerror(err));
        return 1;
    }
    return 0;
}

/* Reads every report (and the baseline) and writes the output; 0 or 1. */
static int report_files(const report_options_t *o, const rcmd_plot_t *plot)
{
    rcmd_row_t base, *rows = (rcmd_row_t *)calloc((size_t)o->nfiles, sizeof *rows);
    if (!rows) {
        fprintf(stderr, "warpsim report: out of memory\n");
        return 1;
    }
    const char *baseline = o->baselines.count ? o->baselines.items[0] : NULL;
    size_t n = 0;
    memset(&base, 0, sizeof base);
    int rc = baseline && rcmd_row_load(baseline, &base) ? 1 : 0;
    for (; !rc && n < (size_t)o->nfiles; n++) {
        if (rcmd_row_load(o->files[n], &rows[n])) {
            rc = 1;
            break;
        }
        if (baseline)
            rcmd_row_speedups(&rows[n], &base);
    }
    if (!rc)
        rc = !strcmp(o->format, "svg") ? rcmd_plot_svg(plot, rows, n) : write_text(o, rows, n);
    for (size_t i = 0; i < n; i++)
        rcmd_row_free(&rows[i]);
    rcmd_row_free(&base);
    free(rows);
    return rc;
}

int report_cmd_main(int argc, char **argv)
{
    report_options_t o = {.format = "table", .x = "cores", .y = "mips"};
    rcmd_plot_t plot;
    int rc = options_parse_report(&o, argc, argv);
    if (!rc && o.help)
        usage(stdout);
    else if (!rc && !(rc = check_options(&o, &plot)))
        rc = report_files(&o, &plot);
    options_report_free(&o);
    return rc;
}
