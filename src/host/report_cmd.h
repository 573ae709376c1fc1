/* `warpsim report`: read run reports (--report FILE.json) and print them as
 * one table, CSV, a JSON array, or a gnuplot-made SVG plot.
 *
 *     warpsim report --format svg --output mips.svg --group backend,mode run-*.json
 */
#ifndef REPORT_CMD_H
#define REPORT_CMD_H

#include <stdint.h>
#include <stdio.h>

#include <jansson.h>

/* One row per run report. X(key, table header, kind, axis label or NULL, flags):
 * key names the CSV column, the JSON member and the --x/--y/--group value. */
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
      RCMD_TABLE | RCMD_BASELINE)

typedef enum { RCMD_STR, RCMD_U64, RCMD_SECONDS, RCMD_MIPS, RCMD_RATIO } rcmd_kind_t;

enum {
    RCMD_TABLE = 1,    /* shown in the text table (CSV and JSON show every column) */
    RCMD_BASELINE = 2, /* only with --baseline */
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

typedef struct rcmd_column {
    const char *key, *header;
    rcmd_kind_t kind;
    const char *label;
    unsigned flags;
} rcmd_column_t;

extern const rcmd_column_t rcmd_columns[RCMD_COL_COUNT];

/* Column by key, or -1. */
int rcmd_column_find(const char *key);

/* Fills row from a parsed run report; 0, or -1 with why ("no 'cores' field"). */
int rcmd_row_from_json(const json_t *root, const char *file, rcmd_row_t *row, char *why, size_t n);
/* Reads and converts FILE; 0, or -1 after printing "FILE: problem" on stderr. */
int rcmd_row_load(const char *file, rcmd_row_t *row);
/* sim_speedup and app_speedup against base, where both runs have the data. */
void rcmd_row_speedups(rcmd_row_t *row, const rcmd_row_t *base);
void rcmd_row_free(rcmd_row_t *row);

/* One cell as text: csv keeps the places of the JSON outputs and "" for
 * missing, the table rounds and shows "-". */
typedef enum { RCMD_FMT_TABLE, RCMD_FMT_CSV } rcmd_fmt_t;
void rcmd_cell_text(const rcmd_row_t *row, int col, rcmd_fmt_t fmt, char *buf, size_t n);
/* One cell as a JSON value (null for missing); NULL when out of memory. */
json_t *rcmd_cell_json(const rcmd_row_t *row, int col);

/* with_baseline: include the speedup columns. */
void rcmd_write_table(FILE *f, const rcmd_row_t *rows, size_t n, int with_baseline);
void rcmd_write_csv(FILE *f, const rcmd_row_t *rows, size_t n, int with_baseline);
/* 0, or -1 with errno (out of memory, or the stream's error). */
int rcmd_write_json(FILE *f, const rcmd_row_t *rows, size_t n, int with_baseline);

typedef struct rcmd_plot {
    int x, y;               /* columns */
    int group[4], ngroup;   /* columns whose values name a line */
    const char *title;      /* NULL: "<y> versus <x>" */
    const char *output;     /* NULL: stdout */
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
