/* `warpsim report --correlate`: per counter of hw_counters.def, the pairs,
 * their mean absolute percentage error and Pearson correlation (seed 004,
 * Table I); the launches with no partner; the pairs as CSV or JSON rows of
 * report_cmd.h, or their scatter plot through report_plot.c. */
#include "host/hw/hw_correlate.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host/report_cmd.h"

typedef struct hw_stat {
    size_t pairs, zero;  /* zero: pairs measured 0, left out of the error */
    double mape, r;      /* NAN when there is nothing to say */
} hw_stat_t;

/* The pairs of counter c: measured x, simulated y (scaled); their count. */
static size_t pairs_of(const hw_side_t *m, const hw_side_t *s, int c, double *x, double *y)
{
    size_t n = 0;
    for (size_t i = 0; i < m->n; i++) {
        const hw_launch_t *a = &m->l[i];
        if (a->partner < 0 || !isfinite(a->v[c]) || !isfinite(s->l[a->partner].v[c]))
            continue;
        x[n] = a->v[c];
        y[n] = s->l[a->partner].v[c] * hw_counters[c].scale;
        n++;
    }
    return n;
}

/* MAPE over the pairs measured non-zero; Pearson's r over all of them. */
static hw_stat_t stat_of(const double *x, const double *y, size_t n)
{
    hw_stat_t st = {n, 0, NAN, NAN};
    double err = 0, mx = 0, my = 0, sxy = 0, sxx = 0, syy = 0;
    for (size_t i = 0; i < n; i++) {
        if (x[i] == 0)
            st.zero++;
        else
            err += fabs(y[i] - x[i]) / fabs(x[i]);
        mx += x[i], my += y[i];
    }
    if (n > st.zero)
        st.mape = 100 * err / (double)(n - st.zero);
    if (n < 2)
        return st;
    mx /= (double)n, my /= (double)n;
    for (size_t i = 0; i < n; i++) {
        sxy += (x[i] - mx) * (y[i] - my);
        sxx += (x[i] - mx) * (x[i] - mx);
        syy += (y[i] - my) * (y[i] - my);
    }
    if (sxx > 0 && syy > 0)
        st.r = sxy / sqrt(sxx * syy);
    return st;
}

static void print_number(FILE *f, double v, int width, int places)
{
    if (isfinite(v))
        fprintf(f, " %*.*f", width, places, v);
    else
        fprintf(f, " %*s", width, "-");
}

static void write_summary(FILE *f, const char *dir, const hw_side_t *m, const hw_side_t *s, size_t pairs,
                          const int has_column[HW_NCOUNTERS], double *x, double *y)
{
    fprintf(f, "measured: %s, %d file%s, %zu launches; simulated: %d report%s, %zu launches; %zu launches paired\n",
            dir, m->files, m->files == 1 ? "" : "s", m->n, s->files, s->files == 1 ? "" : "s", s->n, pairs);
    fprintf(f, "%-22s %6s %9s %8s  %s\n", "counter", "pairs", "MAPE %", "correl", "Nsight Compute metric <- warpsim key");
    for (int c = 0; c < HW_NCOUNTERS; c++) {
        const hw_counter_t *k = &hw_counters[c];
        hw_stat_t st = stat_of(x, y, pairs_of(m, s, c, x, y));
        fprintf(f, "%-22s %6zu", k->name, st.pairs);
        print_number(f, st.mape, 9, 2);
        print_number(f, st.r, 8, 4);
        if (!s->held[c])
            fprintf(f, "  not in the report: %s\n", k->key);
        else if (!has_column[c])
            fprintf(f, "  not measured: no column %s%s%s\n", k->metric, k->added[0] ? " + " : "", k->added);
        else
            fprintf(f, "  %s%s%s <- %s\n", k->metric, k->added[0] ? " + " : "", k->added, k->key);
        if (st.zero)
            fprintf(f, "%-22s %zu pair%s measured 0, left out of the MAPE\n", "", st.zero, st.zero == 1 ? "" : "s");
    }
}

/* The launches with no partner, on f. */
static void write_unpaired(FILE *f, const hw_side_t *m, const hw_side_t *s)
{
    for (size_t i = 0; i < m->n; i++)
        if (m->l[i].partner < 0)
            fprintf(f, "measured, not simulated: %s:%d: %s, launch %d of it in %s\n", m->l[i].file, m->l[i].where,
                    m->l[i].kernel, m->l[i].ordinal, m->l[i].program);
    for (size_t i = 0; i < s->n; i++)
        if (s->l[i].partner < 0)
            fprintf(f, "simulated, not measured: %s: launches[%d]: %s, launch %d of it in %s\n", s->l[i].file,
                    s->l[i].where, s->l[i].kernel, s->l[i].ordinal, s->l[i].program);
}

static int set_text(rcmd_row_t *row, int col, const char *s)
{
    return (row->c[col].present = (row->c[col].s = strdup(s)) != NULL) ? 0 : -1;
}

/* A row a counter of a pair that has both values. */
static int pair_rows(const hw_side_t *m, const hw_side_t *s, rcmd_rows_t *rows)
{
    for (int c = 0; c < HW_NCOUNTERS; c++)
        for (size_t i = 0; i < m->n; i++) {
            const hw_launch_t *a = &m->l[i], *b = a->partner >= 0 ? &s->l[a->partner] : NULL;
            if (!b || !isfinite(a->v[c]) || !isfinite(b->v[c]))
                continue;
            rcmd_row_t *row = rcmd_rows_add(rows);
            if (!row)
                return -1;
            memset(row, 0, sizeof *row);
            rows->n++;
            row->c[RCMD_COL_measured] = (rcmd_cell_t){1, 0, a->v[c], NULL};
            row->c[RCMD_COL_simulated] = (rcmd_cell_t){1, 0, b->v[c] * hw_counters[c].scale, NULL};
            if (set_text(row, RCMD_COL_workload, a->program) || set_text(row, RCMD_COL_kernel, a->kernel) ||
                set_text(row, RCMD_COL_counter, hw_counters[c].name))
                return -1;
        }
    return 0;
}

/* --format csv, json or svg: the pairs. */
static int write_pairs(const report_options_t *o, const hw_side_t *m, const hw_side_t *s)
{
    rcmd_rows_t rows = {0};
    int rc = 0;
    if (pair_rows(m, s, &rows)) {
        fprintf(stderr, "warpsim report: out of memory\n");
        rc = 1;
    } else if (!strcmp(o->format, "svg")) {
        rcmd_plot_t p = {RCMD_COL_measured, RCMD_COL_simulated, {RCMD_COL_counter}, 1, o->title, o->output, 1};
        rc = rcmd_plot_svg(&p, rows.row, rows.n);
    } else {
        rcmd_cols_t cols = {{RCMD_COL_workload, RCMD_COL_kernel, RCMD_COL_counter, RCMD_COL_measured,
                             RCMD_COL_simulated}, 5};
        FILE *f = o->output ? fopen(o->output, "w") : stdout;
        if (!f) {
            fprintf(stderr, "%s: %s\n", o->output, strerror(errno));
            rc = 1;
        } else {
            if (!strcmp(o->format, "csv"))
                rcmd_write_csv(f, rows.row, rows.n, &cols);
            else
                rc = rcmd_write_json(f, rows.row, rows.n, &cols) != 0;
            rc |= o->output ? fclose(f) != 0 : fflush(f) != 0;
            if (rc)
                fprintf(stderr, "%s: %s\n", o->output ? o->output : "stdout", strerror(errno));
        }
    }
    rcmd_rows_free(&rows);
    return rc;
}

/* The table, or the pairs in --format; the exit status. */
static int write_out(const report_options_t *o, const hw_side_t *m, const hw_side_t *s, size_t pairs,
                     const int has_column[HW_NCOUNTERS])
{
    if (strcmp(o->format, "table"))
        return write_pairs(o, m, s);
    double *x = (double *)malloc((m->n + 1) * sizeof *x), *y = (double *)malloc((m->n + 1) * sizeof *y);
    FILE *f = x && y ? (o->output ? fopen(o->output, "w") : stdout) : NULL;
    int rc = 0;
    if (!f) {
        fprintf(stderr, "%s: %s\n", o->output ? o->output : "warpsim report", x && y ? strerror(errno) : "out of memory");
        rc = 1;
    } else {
        write_summary(f, o->correlate, m, s, pairs, has_column, x, y);
        write_unpaired(f, m, s);
        if (o->output ? fclose(f) : fflush(f)) {
            fprintf(stderr, "%s: %s\n", o->output ? o->output : "stdout", strerror(errno));
            rc = 1;
        }
    }
    free(x), free(y);
    return rc;
}

int hw_correlate_main(const report_options_t *o)
{
    static const char *const formats[] = {"table", "csv", "json", "svg"};
    size_t f = 0;
    while (f < 4 && strcmp(formats[f], o->format))
        f++;
    if (f == 4 || o->columns || o->group || o->baselines.count || o->versus.count || !o->nfiles) {
        fprintf(stderr, "warpsim report: --correlate DIR REPORT.json...: %s (see warpsim report --help)\n",
                f == 4 ? "--format is table, csv, json or svg"
                : !o->nfiles ? "no report files given"
                             : "--columns, --group, --baseline and --versus do not apply");
        return 2;
    }
    hw_side_t m = {0}, s = {0};
    int has_column[HW_NCOUNTERS] = {0};
    int rc = hw_load_measured(o->correlate, &m, has_column) ? 1 : 0;
    for (int i = 0; !rc && i < o->nfiles; i++)
        rc = hw_load_simulated(o->files[i], &s) ? 1 : 0;
    size_t pairs = rc ? 0 : hw_match(&m, &s);
    if (!rc && !pairs) {
        write_unpaired(stderr, &m, &s);
        fprintf(stderr, "warpsim report: --correlate: no launch measured in %s has a simulated partner (the same "
                        "program, kernel and launch order)\n", o->correlate);
        rc = 1;
    }
    if (!rc)
        rc = write_out(o, &m, &s, pairs, has_column);
    hw_side_free(&m);
    hw_side_free(&s);
    return rc;
}
