/* One `warpsim ptx` run: the config, the launch file, the module lowered,
 * global memory, and what every kernel launch and check produced, which
 * the report (ptx_report.c) prints. */
#ifndef PTX_SESSION_H
#define PTX_SESSION_H

#include <stdio.h>

#include "device/ptx/ptx_grid.h"
#include "host/options.h"
#include "host/ptx/gpu_config.h"
#include "host/ptx/ptx.h"
#include "host/ptx/ptx_launch.h"
#include "host/ptx/ptx_launch_check.h"
#include "host/ptx/ptx_launch_mem.h"
#include "host/ptx/ptx_memcheck.h"
#include "host/ptx/ptx_race.h"
#include "host/ptx/ptx_sched.h"
#include "host/sm/sm_host.h"

/* A kernel line, resolved against the module. */
typedef struct ptx_kplan {
    uint32_t func;                /* index in the module */
    const ptx_func_t *f;
    ptx_kernel_info_t ki;
    ptx_sched_t sched;
} ptx_kplan_t;

/* One launch of a kernel line (repeat N makes N). */
typedef struct ptx_launch_rec {
    uint32_t kernel;              /* index of the kernel line */
    uint32_t iteration;           /* 0 .. repeat-1 */
    ptx_stats_t st;
    uint64_t ctas_run;
    uint64_t tot_thread_insns;    /* gpu_tot_sim_insn: cumulative up to and with this launch */
    double seconds;
    int threads;
    int faulted;
    ptx_fault_t fault;
    uint32_t printf_overflow;
    const char *module;           /* the module the kernel is in, when not the session's (warpsim cuda) */
    int racecheck;                /* --racecheck ran: race_total words raced, the first race_kept of them */
    uint64_t race_total;
    uint32_t race_kept;
    ptx_race_word_t *race_words;
    int memcheck;                 /* --memcheck ran: memcheck_total accesses outside allocations, the first kept */
    uint64_t memcheck_total;
    uint32_t memcheck_kept;
    ptx_memcheck_bad_t *memcheck_bad;
    int timed;                    /* --timing: tr is the SM model's */
    sm_result_t tr;
    sm_banks_t banks;             /* ... and its L2 slices' and DRAM channels' counters */
    uint64_t tot_cycles;          /* gpu_tot_sim_cycle: cumulative up to and with this launch */
} ptx_launch_rec_t;

typedef struct ptx_check_rec {
    int done;                     /* 0: not compared (a fault, or the expected bytes missing) */
    ptx_check_result_t r;
    char why[512];                /* when not done */
} ptx_check_rec_t;

/* REFUSED: warpsim could not do something the program asked (warpsim
 * cuda: an unimplemented function, a module or kernel it cannot run);
 * SIGNAL: the program died of a signal; EXIT: it exited with a non-zero
 * status (warpsim cuda). */
typedef enum {
    PTX_RUN_OK, PTX_RUN_FAULT, PTX_RUN_CHECK_FAILED, PTX_RUN_ERROR, PTX_RUN_REFUSED, PTX_RUN_SIGNAL, PTX_RUN_EXIT
} ptx_run_status_t;

/* How a program run under warpsim cuda ended. */
typedef struct ptx_program_exit {
    int known;                    /* 0: not a program's run (warpsim ptx), or it has not ended */
    int status;                   /* exit status, when signal is 0 */
    int signal;
} ptx_program_exit_t;

typedef struct ptx_session {
    const ptx_options_t *o;
    gpu_config_t cfg;
    ptx_launch_t *l;
    const char *module_path;
    ptx_module_t *m;
    struct ptx_prog *prog;
    ptx_kplan_t *plans;
    ptx_arena_t arena;
    ptx_launch_rec_t *recs;
    uint32_t nrecs;
    ptx_check_rec_t *checks;
    const char *backend;          /* cpu, cuda */
    const char *device;           /* the GPU's name, or "host" */
    char device_name[160];
    FILE *out;                    /* the kernels' printf output; NULL: stdout */
    double setup_seconds, run_seconds;
    ptx_run_status_t status;
    sm_timing_t tm;               /* --timing: the SM model's parameters and the run's clock */
    FILE *stats;                  /* --stats */
    const char *const *refusals;  /* what warpsim refused, one line each (status REFUSED) */
    uint32_t nrefusals;
    ptx_program_exit_t exit;
} ptx_session_t;

const char *ptx_run_status_name(ptx_run_status_t s);
const char *ptx_fault_name(uint32_t code);
/* "kernel K: CTA 3 warp 1 lane 5: bad address 0x... at FILE.ptx:LINE" */
void ptx_fault_text(const ptx_session_t *s, const ptx_launch_rec_t *r, char *buf, size_t n);
void ptx_report_table(FILE *f, const ptx_session_t *s);
/* 0, or 2 after a line on stderr. */
int ptx_report_json(const char *path, const ptx_session_t *s);

#endif
