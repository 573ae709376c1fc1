/* `warpsim report --correlate DIR REPORT.json...`: a real card's counters
 * (bench/hw/collect.sh's Nsight Compute CSVs in DIR) against warpsim's
 * (`warpsim ptx|cuda --timing --report`), counter by counter as seed 004's
 * Table I does: pairs, mean absolute percentage error, Pearson correlation;
 * the launches with no partner; a scatter plot as SVG.
 *
 * A launch is matched by its program (a CSV's name, a report's launch file or
 * program, up to the first '.': vecadd.csv, kernels/ptx/vecadd.launch,
 * vecadd.sm_90), its kernel's name as the PTX has it, and its order among
 * that kernel's launches in the program. */
#ifndef HW_CORRELATE_H
#define HW_CORRELATE_H

#include <stddef.h>

#include "host/options.h"

typedef struct hw_counter {
    const char *name, *key, *metric, *added;
    double scale;
    const char *what;
} hw_counter_t;

enum {
#define HW_COUNTER(name, key, metric, added, scale, what) HW_C_##name,
#include "host/hw/hw_counters.def"
#undef HW_COUNTER
    HW_NCOUNTERS
};

extern const hw_counter_t hw_counters[HW_NCOUNTERS];

typedef struct hw_launch {
    char *program, *kernel;
    const char *file;   /* the CSV or report it came from */
    int where;          /* the CSV's line, or the index in the report's "launches" */
    int ordinal;        /* earlier launches of this kernel in this program, this side */
    double v[HW_NCOUNTERS]; /* NAN: not there (simulated: unscaled) */
    long partner;       /* the other side's launch, or -1 */
} hw_launch_t;

typedef struct hw_side {
    hw_launch_t *l;
    size_t n, cap;
    int files;
    char **names;       /* the CSVs' paths, which the launches point to */
    size_t nnames;
    int held[HW_NCOUNTERS]; /* launches with a value of the counter */
} hw_side_t;

/* The launches of every .csv in dir (or of dir, a .csv file), in file-name
 * and launch order; has_column[c]: a file had the counter's metrics. 0, or
 * -1 after printing "file:line: problem". */
int hw_load_measured(const char *dir, hw_side_t *side, int has_column[HW_NCOUNTERS]);
/* The launches of a report of warpsim ptx or cuda; 0, or -1 after printing why. */
int hw_load_simulated(const char *file, hw_side_t *side);
/* Sets each launch's partner; the number of pairs. */
size_t hw_match(hw_side_t *measured, hw_side_t *simulated);
void hw_side_free(hw_side_t *side);

/* `warpsim report --correlate`, options already parsed; the exit status. */
int hw_correlate_main(const report_options_t *o);

#endif
