/* Everything a run can be told, from the command line or a config file. */
#ifndef OPTIONS_H
#define OPTIONS_H

#include <stdint.h>
#include <stdio.h>

typedef struct sim_options {
    const char *isa;        /* an ISA's name (sim_isa.h); NULL: take it from the ELF */
    uint32_t cores;
    const char *backend;    /* cpu, cuda, auto */
    int threads;            /* CPU backend threads; 0 = every host core */
    int block_size;         /* CUDA threads per block */
    const char *report;     /* .json or .csv */
    const char *output_dir;
    const char *root;       /* --root: the directory the program's paths resolve in */
    uint32_t stdin_core;    /* the one core that reads stdin; OPTIONS_STDIN_ALL: every core */
    uint64_t core_mem;      /* private window bytes per core; 0 = from the ELF */
    uint64_t stack_size;
    uint64_t heap_size;
    uint64_t shared_mem;
    uint32_t out_cap;       /* output buffer bytes per core; 0 = by core count */
    uint64_t quantum;       /* instructions per core between host service rounds */
    const char *mode;       /* sk: one persistent kernel; mk: one launch per step (seed 002's baseline) */
    const char *engine;     /* CPU backend: percore, lockstep (ARM), auto (backend_cpu.c) */
    const char *layout;     /* CPU backend: contiguous, interleaved, auto (backend_cpu.c) */
    uint64_t regroup;       /* regroup cores by pc every N instructions (0 = never) */
    uint64_t max_insns;     /* per-core limit; 0 = none */
    int quiet;
    const char *dump_state; /* final registers and memory digests, for equivalence tests */
    const char *timing;     /* the timing model (device/timing/timing.h): none, unit-counts */
    const char *config;     /* the last --config file read */
    const char *program;
    int prog_argc;          /* argv of the target, program path first */
    char **prog_argv;
} sim_options_t;

/* `warpsim report`'s options as given; report_cmd.c checks their values. */
typedef struct opt_list {
    const char **items;     /* malloc'ed; the strings are argv's */
    int count;
} opt_list_t;

typedef struct report_options {
    const char *format, *output, *x, *y, *group, *title, *columns;
    const char *correlate;  /* --correlate DIR: Nsight Compute's CSVs (src/host/hw/) */
    opt_list_t baselines;   /* --baseline, once or more */
    opt_list_t versus;      /* --versus, once or more */
    int help;
    char **files;           /* the operands: report files */
    int nfiles;
} report_options_t;

/* `warpsim ptx`'s options (src/host/ptx/ptx_cmd.c runs it). */
typedef struct ptx_options {
    const char *config;     /* the GPU config this run uses (configs/gpu/); NULL: H100 */
    opt_list_t configs;     /* --config, once or more: with several, a design sweep (ptx_cmd.c) */
    const char *backend;    /* cpu, cuda, auto */
    int threads;            /* host threads of the CPU backend; 0 = every host core */
    const char *report;     /* FILE.json */
    const char *module;     /* overrides the launch file's module */
    const char *ref_dir;    /* where the reference programs are */
    uint64_t max_insns;     /* warp instructions per CTA before it faults; 0 = no limit */
    const char *dump_dir;   /* every buffer's final bytes as DIR/NAME.bin; NULL: none */
    int lane_by_lane;       /* ALU instructions one lane at a time (the MIMD way), for the benchmark */
    int racecheck;          /* --racecheck (ptx_race.h) */
    int timing;             /* --timing: the SM model (src/device/sm/) */
    const char *stats;      /* --stats FILE: GPGPU-Sim's statistics; NULL none */
    const char *timeline;   /* --timeline FILE.csv; NULL none */
    uint64_t timeline_every; /* cycles between its samples; 0: 1024 */
    uint64_t quantum;       /* --quantum: the SM model's window; 0: the default */
    const char *sync;       /* --sync: quantum, or workgroup (seed 000's work-group parallel mode) */
    int quiet, verbose;
    const char *launch;     /* the operand */
} ptx_options_t;

#define OPTIONS_STDIN_ALL 0xffffffffu

void options_defaults(sim_options_t *o);
/* Instructions each core runs per round, from quantum, mode and regroup. */
uint64_t options_round_steps(const sim_options_t *o);
/* Parse `warpsim run ...` arguments (after "run"): --name value or
 * --name=value up to the first operand (or --), which is the program, and
 * the rest its argv. Returns 0, or prints a one-line error and returns 2. */
int options_parse_run(sim_options_t *o, int argc, char **argv);
/* The same for `warpsim report ...` (after "report"), from r's defaults;
 * the operands are the files. 0, or a one-line error and 2. */
int options_parse_report(report_options_t *r, int argc, char **argv);
void options_report_free(report_options_t *r);
/* The same for `warpsim ptx ...` (after "ptx"): options, then one launch
 * file. 0, or a one-line error and 2. */
void options_ptx_defaults(ptx_options_t *p);
int options_parse_ptx(ptx_options_t *p, int argc, char **argv);
/* Apply a config file of `-option value` lines (# comments). 0 ok, else
 * prints "file:line: problem" and returns 2. */
int options_load_config(sim_options_t *o, const char *path);
/* Set one option by name (without dashes); 0 ok, -1 unknown, -2 bad value. */
int options_set(sim_options_t *o, const char *name, const char *value);
/* warpsim's usage: both commands and every option. */
void options_usage(FILE *f);
/* `warpsim report --help`'s option lines. */
void options_usage_report(FILE *f);

#endif
