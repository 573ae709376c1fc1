/* `warpsim report --format svg`: one line per group of runs, y against x,
 * drawn by gnuplot from a data file and script written to a temporary
 * folder (gnuplot is a run-time tool, not a library we link). */
#include "report_cmd.h"

#include <errno.h>
#include <math.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

typedef struct plot_point {
    int group;
    double x, y;
} plot_point_t;

static int point_cmp(const void *a, const void *b)
{
    const plot_point_t *p = (const plot_point_t *)a, *q = (const plot_point_t *)b;
    if (p->group != q->group)
        return p->group < q->group ? -1 : 1;
    return (p->x > q->x) - (p->x < q->x);
}

/* gnuplot single-quoted string: '' stands for ', and a line must not break. */
static void gp_quote(FILE *f, const char *s)
{
    fputc('\'', f);
    for (; *s; s++) {
        if (*s == '\'')
            fputc('\'', f);
        fputc((unsigned char)*s < 0x20 ? ' ' : *s, f);
    }
    fputc('\'', f);
}

/* The group's values, a space between; a value the row lacks is left out. */
static void group_label(const rcmd_plot_t *p, const rcmd_row_t *row, char *buf, size_t n)
{
    char cell[160];
    size_t w = 0;
    buf[0] = 0;
    for (int g = 0; g < p->ngroup && w < n; g++) {
        if (!row->c[p->group[g]].present)
            continue;
        rcmd_cell_text(row, p->group[g], RCMD_FMT_TABLE, cell, sizeof cell);
        w += (size_t)snprintf(buf + w, n - w, "%s%s", w ? " " : "", cell);
    }
}

static int log_x(const rcmd_plot_t *p) { return p->x == RCMD_COL_cores || p->scatter; }

/* The points of rows that have both values, sorted by group then x; the
 * group labels in order of first appearance. */
static size_t collect(const rcmd_plot_t *p, const rcmd_row_t *rows, size_t n, plot_point_t *pts,
                      char (*labels)[128], int *nlabels)
{
    size_t np = 0;
    *nlabels = 0;
    for (size_t r = 0; r < n; r++) {
        const rcmd_cell_t *x = &rows[r].c[p->x], *y = &rows[r].c[p->y];
        if (!x->present || !y->present || !isfinite(x->d) || !isfinite(y->d) || (log_x(p) && x->d <= 0) ||
            (p->scatter && y->d <= 0))
            continue;
        char label[128];
        group_label(p, &rows[r], label, sizeof label);
        int g = 0;
        while (g < *nlabels && strcmp(labels[g], label))
            g++;
        if (g == *nlabels)
            memcpy(labels[(*nlabels)++], label, sizeof label);
        pts[np].group = g;
        pts[np].x = x->d;
        pts[np].y = y->d;
        np++;
    }
    qsort(pts, np, sizeof *pts, point_cmp);
    return np;
}

/* y on a log scale when the points span more than 30x (SK against MK, a
 * speedup from 1 to 1000): on a linear one the low lines would lie on 0. */
static int log_y(const plot_point_t *pts, size_t np)
{
    double lo = 0, hi = 0;
    for (size_t i = 0; i < np; i++) {
        if (pts[i].y <= 0)
            return 0;
        lo = i == 0 || pts[i].y < lo ? pts[i].y : lo;
        hi = pts[i].y > hi ? pts[i].y : hi;
    }
    return np > 1 && hi > 30 * lo;
}

static void write_script(FILE *f, const rcmd_plot_t *p, char (*labels)[128], int nlabels, int logy,
                         const char *data, const char *svg)
{
    const rcmd_column_t *x = &rcmd_columns[p->x], *y = &rcmd_columns[p->y];
    char title[256];
    snprintf(title, sizeof title, "%s versus %s", y->header, x->label);
    fputs("set terminal svg size 900,560 dynamic enhanced font 'Helvetica,15' background rgb 'white'\n"
          "set output ",
          f);
    gp_quote(f, svg);
    fputs("\nset title ", f);
    gp_quote(f, p->title ? p->title : title);
    fputs(" noenhanced\nset xlabel ", f);
    gp_quote(f, x->label);
    fputs(" noenhanced\nset ylabel ", f);
    gp_quote(f, y->label);
    /* a few lines' key fits inside; more would hide points */
    fputs(nlabels > 3 ? " noenhanced\nset grid\nset key outside right top box\n"
                      : " noenhanced\nset grid\nset key top left box opaque\n", f);
    fputs("set offsets graph 0.03, graph 0.03, graph 0.05, 0\n", f);
    fputs(logy || p->scatter ? "set logscale y 10\nset format y '%g'\n" : "set yrange [0:*]\n", f);
    if (p->scatter)
        fputs("set logscale x 10\nset format x '%g'\n", f);
    else if (log_x(p))
        fputs("set logscale x 2\nset format x '%.0f'\n", f);
    for (int g = 0; g < nlabels; g++) {
        fputs(g ? ", \\\n     " : "plot ", f);
        gp_quote(f, data);
        fprintf(f, " index %d using 1:2 with %s title ", g, p->scatter ? "points pt 7 ps 0.8" : "linespoints lw 2 pt 7 ps 1");
        gp_quote(f, p->ngroup ? labels[g] : y->header);
        fputs(" noenhanced", f);
    }
    /* n cores can at best run the program n times faster */
    if (p->x == RCMD_COL_cores && p->y == RCMD_COL_app_speedup)
        fputs(", \\\n     x with lines lc rgb '#888888' dt 3 lw 1.5 title 'ideal (= cores)'", f);
    /* on the diagonal, the model is exact */
    if (p->scatter)
        fputs(", \\\n     x with lines lc rgb '#888888' dt 3 lw 1.5 title 'y = x'", f);
    fputc('\n', f);
}

int rcmd_plot_files(const rcmd_plot_t *p, const rcmd_row_t *rows, size_t n, const char *data_path,
                    const char *script_path, const char *svg_path, char *why, size_t whyn)
{
    plot_point_t *pts = (plot_point_t *)malloc((n ? n : 1) * sizeof *pts);
    char(*labels)[128] = (char(*)[128])malloc((n ? n : 1) * sizeof *labels);
    FILE *data = NULL, *script = NULL;
    int nlabels = 0, rc = -1;
    if (!pts || !labels) {
        snprintf(why, whyn, "out of memory");
        goto out;
    }
    size_t np = collect(p, rows, n, pts, labels, &nlabels);
    if (!np) {
        snprintf(why, whyn, "nothing to plot: no report has both %s and %s%s", rcmd_columns[p->x].key,
                 rcmd_columns[p->y].key, log_x(p) ? " (> 0)" : "");
        goto out;
    }
    if (!(data = fopen(data_path, "w")) || !(script = fopen(script_path, "w"))) {
        snprintf(why, whyn, "%s: %s", data ? script_path : data_path, strerror(errno));
        goto out;
    }
    for (size_t i = 0; i < np; i++) {
        if (i == 0 || pts[i].group != pts[i - 1].group)
            fprintf(data, "%s# %s\n", i ? "\n\n" : "", labels[pts[i].group]);
        fprintf(data, "%.17g %.17g\n", pts[i].x, pts[i].y);
    }
    write_script(script, p, labels, nlabels, log_y(pts, np), data_path, svg_path);
    rc = nlabels;
out:
    if ((data && fclose(data)) || (script && fclose(script))) {
        snprintf(why, whyn, "writing the plot files: %s", strerror(errno));
        rc = -1;
    }
    free(pts);
    free(labels);
    return rc;
}

/* Full path of prog on $PATH, or 0. */
static int find_in_path(const char *prog, char *buf, size_t n)
{
    const char *path = getenv("PATH");
    while (path && *path) {
        const char *end = strchr(path, ':');
        size_t len = end ? (size_t)(end - path) : strlen(path);
        snprintf(buf, n, "%.*s/%s", (int)(len ? len : 1), len ? path : ".", prog);
        if (access(buf, X_OK) == 0)
            return 1;
        path = end ? end + 1 : NULL;
    }
    return 0;
}

static int run_gnuplot(const char *gnuplot, const char *script)
{
    pid_t pid;
    char *argv[] = {(char *)"gnuplot", (char *)script, NULL};
    int err = posix_spawn(&pid, gnuplot, NULL, NULL, argv, environ), status;
    if (err) {
        fprintf(stderr, "warpsim report: %s: %s\n", gnuplot, strerror(err));
        return 1;
    }
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR)
            return 1;
    if (!WIFEXITED(status) || WEXITSTATUS(status)) {
        fprintf(stderr, "warpsim report: gnuplot failed (%s %d)\n", WIFEXITED(status) ? "exit" : "signal",
                WIFEXITED(status) ? WEXITSTATUS(status) : WTERMSIG(status));
        return 1;
    }
    return 0;
}

static int copy_file(const char *from, const char *to)
{
    FILE *in = fopen(from, "rb"), *out = to ? fopen(to, "wb") : stdout;
    char buf[1 << 14];
    size_t got;
    int rc = 0;
    if (!in || !out) {
        fprintf(stderr, "%s: %s\n", !in ? from : to, strerror(errno));
        rc = 1;
    }
    while (!rc && (got = fread(buf, 1, sizeof buf, in)) > 0)
        rc = fwrite(buf, 1, got, out) != got;
    if (in)
        fclose(in);
    if (out && (to ? fclose(out) : fflush(out)))
        rc = 1;
    if (rc && out)
        fprintf(stderr, "%s: %s\n", to ? to : "stdout", strerror(errno));
    return rc;
}

int rcmd_plot_svg(const rcmd_plot_t *p, const rcmd_row_t *rows, size_t n)
{
    char gnuplot[4096], dir[256], data[300], script[300], svg[300], why[200];
    if (!find_in_path("gnuplot", gnuplot, sizeof gnuplot)) {
        fprintf(stderr, "warpsim report: --format svg needs gnuplot, which is not on PATH "
                        "(install gnuplot-nox, or run make deps)\n");
        return 1;
    }
    const char *tmp = getenv("TMPDIR");
    snprintf(dir, sizeof dir, "%s/warpsim-plot-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(dir)) {
        fprintf(stderr, "warpsim report: %s: %s\n", dir, strerror(errno));
        return 1;
    }
    snprintf(data, sizeof data, "%s/plot.dat", dir);
    snprintf(script, sizeof script, "%s/plot.gp", dir);
    snprintf(svg, sizeof svg, "%s/plot.svg", dir);
    int rc = rcmd_plot_files(p, rows, n, data, script, svg, why, sizeof why) < 0;
    if (rc)
        fprintf(stderr, "warpsim report: %s\n", why);
    if (!rc)
        rc = run_gnuplot(gnuplot, script);
    if (!rc)
        rc = copy_file(svg, p->output);
    unlink(data);
    unlink(script);
    unlink(svg);
    rmdir(dir);
    return rc;
}
