/* Nsight Compute's raw CSV (`ncu --csv --page raw`), as bench/hw/collect.sh
 * stores it: ncu's own "==PROF==" lines, then a header row ("ID", "Process
 * ID", ..., "Kernel Name", ..., one column a metric), a row of units (its ID
 * empty), and a row a kernel launch, every field quoted, numbers with
 * thousands separators ("1,108,448"), "n/a" where a metric has no value.
 *
 *     ncu_file_t f;
 *     const char *metrics[] = {"gpc__cycles_elapsed.avg"};
 *     if (ncu_csv_load("bench/hw/h200/vecadd.csv", metrics, 1, &f) == 0) ...
 */
#ifndef NCU_CSV_H
#define NCU_CSV_H

#include <stddef.h>

typedef struct ncu_launch {
    char *kernel;       /* as ncu names it (collect.sh asks for the mangled name) */
    long id;            /* ncu's ID: the launch order in the profiled run */
    int line;           /* its line in the file */
    double *value;      /* one a metric asked for; NAN where the file has no value */
} ncu_launch_t;

typedef struct ncu_file {
    ncu_launch_t *launch; /* in launch order (ID) */
    size_t n;
    int *has_column;    /* one a metric asked for: 1 when the header names it */
    int nmetrics;
} ncu_file_t;

/* Reads path's launches and the values of metrics[0..n) (a unit prefix of
 * the units row, "Kcycle", scales them). 0, or -1 after printing
 * "path:line: problem" on stderr: not ncu's raw CSV, no "ID" or "Kernel
 * Name" column, a row whose fields do not match the header, a value that is
 * not a number. */
int ncu_csv_load(const char *path, const char *const *metrics, int nmetrics, ncu_file_t *out);
void ncu_csv_free(ncu_file_t *f);

#endif
