/* `warpsim report`: read run reports (--report FILE.json), or the row arrays
 * it writes itself (--format json), and print them as one table, CSV, a JSON
 * array, or a gnuplot-made SVG plot.
 *
 *     warpsim report --format svg --output mips.svg --group backend,mode run-*.json
 *     warpsim report --baseline one-core.json --columns workload,cores,app_speedup runs.json
 */
#ifndef REPORT_CMD_H
#define REPORT_CMD_H

#include <stdint.h>
#include <stdio.h>

#include <jansson.h>

/* One row per run report. X(key, table header, kind, axis label or NULL, flags):
 * key names the CSV column, the JSON member and the --x/--y/--group/--columns
 * value. A row object that holds a derived column's key (max_core_insns,
 * sim_speedup, ...) keeps that value: rows written by --format json read back. */
#define RCMD_COLUMNS(X)                                                                                    \
    X(file, "file", RCMD_STR, NULL, 0)                                                                     \
    X(program, "program", RCMD_STR, NULL, RCMD_TABLE)                                                     \
    X(isa, "isa", RCMD_STR, NULL, RCMD_TABLE)                                                             \
    X(backend, "backend", RCMD_STR, NULL, RCMD_TABLE)                                                     \
    X(device, "device", RCMD_STR, NULL, 0)                                                                \
    X(mode, "mode", RCMD_STR, NULL, RCMD_TABLE)                                                           \
    X(threads, "thr/blk", RCMD_U64, "host threads (CPU) or threads per block (CUDA)", RCMD_TABLE)          \
    X(block_size, "block", RCMD_U64, "CUDA threads per block", 0)                                         \
    X(cores, "cores", RCMD_U64, "simulated cores", RCMD_TABLE)                                            \
    X(total_instructions, "instructions", RCMD_U64, "target instructions (all cores)", RCMD_TABLE)        \
    X(wall_seconds, "wall s", RCMD_SECONDS, "wall-clock time (s)", RCMD_TABLE)                            \
    X(mips, "MIPS", RCMD_MIPS, "MIPS (million target instructions per second)", RCMD_TABLE)               \
    X(max_core_insns, "max core insns", RCMD_U64, "instructions of the busiest core", RCMD_TABLE)         \
    X(halted, "halted", RCMD_U64, "halted cores", RCMD_TABLE)                                             \
    X(faulted, "faulted", RCMD_U64, "faulted cores", RCMD_TABLE)                                          \
    X(sim_speedup, "sim speedup", RCMD_RATIO, "simulation speedup (MIPS over the baseline's)",             \
      RCMD_TABLE | RCMD_BASELINE)                                                                          \
    X(app_speedup, "app speedup", RCMD_RATIO, "application speedup over the baseline run",                \
      RCMD_TABLE | RCMD_BASELINE)                                                                          \
    X(workload, "workload", RCMD_STR, NULL, RCMD_ASKED)                                                   \
    X(core0_insns, "core 0 insns", RCMD_U64, "instructions of core 0", RCMD_ASKED)                        \
    X(max_other_insns, "max other insns", RCMD_U64, "instructions of the busiest core but core 0",        \
      RCMD_ASKED)                                                                                          \
    X(mips_per_thread, "MIPS/thread", RCMD_MIPS, "MIPS per host thread", RCMD_ASKED)                      \
    X(regroup, "regroup", RCMD_U64, "instructions between regroupings by pc", RCMD_ASKED)                 \
    X(versus, "x versus", RCMD_RATIO, "MIPS over the --versus run's", RCMD_TABLE | RCMD_VERSUS)                \
    /* the SM model's timeline (warpsim ptx --timeline FILE.csv): a row a sample */                       \
    X(cycle, "cycle", RCMD_U64, "simulated cycle", RCMD_ASKED)                                           \
    X(kernel, "kernel", RCMD_STR, NULL, RCMD_ASKED)                                                      \
    X(ipc, "IPC", RCMD_RATIO, "thread instructions a cycle", RCMD_ASKED)                                \
    X(active_warps, "warps", RCMD_U64, "resident warps", RCMD_ASKED)                                     \
    X(sched_issued, "issued", RCMD_RATIO, "share of scheduler cycles that issued", RCMD_ASKED)           \
    X(sched_idle, "idle", RCMD_RATIO, "share of scheduler cycles with no warp", RCMD_ASKED)              \
    X(sched_scoreboard, "scoreboard", RCMD_RATIO, "share waiting on a dependency", RCMD_ASKED)           \
    X(sched_memory, "memory", RCMD_RATIO, "share waiting on memory", RCMD_ASKED)                         \
    X(sched_barrier, "barrier", RCMD_RATIO, "share at a barrier", RCMD_ASKED)                            \
    X(sched_collector, "collector", RCMD_RATIO, "share waiting on a collector", RCMD_ASKED)              \
    X(sched_fetch, "fetch", RCMD_RATIO, "share waiting on fetch", RCMD_ASKED)                             \
    /* --correlate's pairs: a row a counter of a launch measured and simulated */                        \
    X(counter, "counter", RCMD_STR, NULL, RCMD_ASKED)                                                    \
    X(measured, "measured", RCMD_RATIO, "measured (Nsight Compute)", RCMD_ASKED)                         \
    X(simulated, "simulated", RCMD_RATIO, "simulated (warpsim)", RCMD_ASKED)

typedef enum { RCMD_STR, RCMD_U64, RCMD_SECONDS, RCMD_MIPS, RCMD_RATIO } rcmd_kind_t;

/* Which outputs show a column when --columns does not say. */
enum {
    RCMD_TABLE = 1,    /* the text table (CSV and JSON show every column) */
    RCMD_BASELINE = 2, /* with --baseline, or when a row holds one */
    RCMD_VERSUS = 4,   /* with --versus, or when a row holds one */
    RCMD_ASKED = 8,    /* only when --columns names it */
};

typedef enum {
#define RCMD_ENUM(key, header, kind, label, flags) RCMD_COL_##key,
    RCMD_COLUMNS(RCMD_ENUM)
#undef RCMD_ENUM
    RCMD_COL_COUNT
} rcmd_col_t;

typedef struct rcmd_cell {
    uint8_t present;   /* 0: the report lacks it (empty, "-" or null) */
    uint64_t u;
    double d;
    char *s;           /* owned */
} rcmd_cell_t;

typedef struct rcmd_row {
    rcmd_cell_t c[RCMD_COL_COUNT];
} rcmd_row_t;

typedef struct rcmd_rows {
    rcmd_row_t *row;
    size_t n, cap;
} rcmd_rows_t;

typedef struct rcmd_column {
    const char *key, *header;
    rcmd_kind_t kind;
    const char *label;
    unsigned flags;
} rcmd_column_t;

extern const rcmd_column_t rcmd_columns[RCMD_COL_COUNT];

/* Column by key, or -1. */
int rcmd_column_find(const char *key);

/* Fills row from one run report (or row) object; file names it when it holds
 * no "file". 0, or -1 with why ("no 'cores' field"). */
int rcmd_row_from_json(const json_t *root, const char *file, rcmd_row_t *row, char *why, size_t n);
/* Appends FILE's rows: one for a run report, one per item of an array; 0, or
 * -1 after printing "FILE: problem" (or FILE:line:column:) on stderr. */
int rcmd_rows_load(const char *file, rcmd_rows_t *rows);
void rcmd_rows_free(rcmd_rows_t *rows);
/* A report file's JSON, or NULL after printing "file: problem" (or
 * file:line:column:). */
json_t *rcmd_load_document(const char *file);
/* Room for one more row at rows->row[rows->n] (the caller fills it and counts
 * it); NULL when out of memory. */
rcmd_row_t *rcmd_rows_add(rcmd_rows_t *rows);
/* sim_speedup and app_speedup against base, where both runs have the data. */
void rcmd_row_speedups(rcmd_row_t *row, const rcmd_row_t *base);
/* versus: this row's MIPS over ref's. */
void rcmd_row_versus(rcmd_row_t *row, const rcmd_row_t *ref);
/* The reference of row among refs: the only one, or the one of its workload
 * (NULL when none is). */
const rcmd_row_t *rcmd_row_match(const rcmd_rows_t *refs, const rcmd_row_t *row);
void rcmd_row_free(rcmd_row_t *row);

/* One cell as text: csv keeps the places of the JSON outputs and "" for
 * missing, the table rounds and shows "-". */
typedef enum { RCMD_FMT_TABLE, RCMD_FMT_CSV } rcmd_fmt_t;
void rcmd_cell_text(const rcmd_row_t *row, int col, rcmd_fmt_t fmt, char *buf, size_t n);
/* One cell as a JSON value (null for missing); NULL when out of memory. */
json_t *rcmd_cell_json(const rcmd_row_t *row, int col);

/* The columns an output shows, in order. */
typedef struct rcmd_cols {
    int col[RCMD_COL_COUNT];
    int n;
} rcmd_cols_t;

/* Columns by default: the table's (table) or every one (CSV, JSON), with the
 * baseline's and versus's when given (with_flags: RCMD_BASELINE, RCMD_VERSUS)
 * or held by a row. */
void rcmd_default_columns(const rcmd_row_t *rows, size_t n, int table, unsigned with_flags, rcmd_cols_t *out);
/* 1 when a row has a value in col. */
int rcmd_column_held(const rcmd_row_t *rows, size_t n, int col);
/* A comma-separated list of keys; 0, or -1 with why. */
int rcmd_parse_columns(const char *keys, rcmd_cols_t *out, char *why, size_t whyn);

void rcmd_write_table(FILE *f, const rcmd_row_t *rows, size_t n, const rcmd_cols_t *cols);
void rcmd_write_csv(FILE *f, const rcmd_row_t *rows, size_t n, const rcmd_cols_t *cols);
/* 0, or -1 with errno (out of memory, or the stream's error). */
int rcmd_write_json(FILE *f, const rcmd_row_t *rows, size_t n, const rcmd_cols_t *cols);

#define RCMD_GROUP_MAX 5

typedef struct rcmd_plot {
    int x, y;               /* columns */
    int group[RCMD_GROUP_MAX], ngroup; /* columns whose values name a line */
    const char *title;      /* NULL: "<y> versus <x>" */
    const char *output;     /* NULL: stdout */
    int scatter;            /* points, not lines; both axes logarithmic; the line y = x */
} rcmd_plot_t;

/* Writes the gnuplot data and script for rows (test hook: no gnuplot run).
 * Returns the number of lines plotted, or -1 with why. */
int rcmd_plot_files(const rcmd_plot_t *p, const rcmd_row_t *rows, size_t n, const char *data_path,
                    const char *script_path, const char *svg_path, char *why, size_t whyn);
/* Runs gnuplot on those files in a temporary folder; 0 ok, 1 after printing why. */
int rcmd_plot_svg(const rcmd_plot_t *p, const rcmd_row_t *rows, size_t n);

/* `warpsim report ...` with argv after "report"; the process exit status. */
int report_cmd_main(int argc, char **argv);

#endif
