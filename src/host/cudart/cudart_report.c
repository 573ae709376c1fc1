/* Launch records kept as `warpsim ptx` keeps them (ptx_session_t), with a
 * launch-file stand-in whose kernel lines are the launches, so that the
 * same table and JSON come out. */
#define _GNU_SOURCE
#include "host/cudart/cudart_report.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host/cudart/cudart.h"
#include "host/ptx/ptx_session.h"

static struct {
    ptx_launch_t l;
    ptx_kplan_t *plans;
    ptx_launch_rec_t *recs;
    uint32_t n, cap;
    double seconds;
    int faulted;
    pthread_mutex_t lock;
} K = {.lock = PTHREAD_MUTEX_INITIALIZER};

static int grow(void)
{
    if (K.n < K.cap)
        return 0;
    uint32_t cap = K.cap ? 2 * K.cap : 64;
    ptx_kernel_decl_t *k = realloc(K.l.kernels, cap * sizeof *k);
    if (k)
        K.l.kernels = k;
    ptx_kplan_t *p = realloc(K.plans, cap * sizeof *p);
    if (p)
        K.plans = p;
    ptx_launch_rec_t *r = realloc(K.recs, cap * sizeof *r);
    if (r)
        K.recs = r;
    if (!k || !p || !r)
        return -1;
    K.cap = cap;
    return 0;
}

void cudart_report_launch(const char *kernel, const uint32_t grid[3], const uint32_t block[3], uint32_t dyn_smem,
                          const ptx_sched_t *sc, const ptx_grid_result_t *r, const ptx_race_log_t *race,
                          const sm_result_t *tr)
{
    pthread_mutex_lock(&K.lock);
    if (!grow()) {
        uint32_t i = K.n++;
        ptx_kernel_decl_t *k = &K.l.kernels[i];
        memset(k, 0, sizeof *k);
        k->name = strdup(kernel);
        memcpy(k->grid, grid, sizeof k->grid);
        memcpy(k->block, block, sizeof k->block);
        k->shared = dyn_smem;
        k->repeat = 1;
        memset(&K.plans[i], 0, sizeof K.plans[i]);
        K.plans[i].sched = *sc;
        K.recs[i] = (ptx_launch_rec_t){.kernel = i, .st = r->st, .ctas_run = r->ctas_run, .seconds = r->seconds,
                                       .threads = r->threads, .faulted = r->faulted, .fault = r->fault,
                                       .printf_overflow = r->printf_overflow};
        K.recs[i].tot_thread_insns = r->st.thread_insns + (i ? K.recs[i - 1].tot_thread_insns : 0);
        if (race) {
            K.recs[i].racecheck = 1;
            K.recs[i].race_total = race->total;
            K.recs[i].race_words = ptx_race_words(race, &K.recs[i].race_kept);
        }
        if (tr) {
            K.recs[i].timed = 1;
            K.recs[i].tr = *tr;
            K.recs[i].tot_cycles = cudart_timing()->tot_cycles;
        }
        K.seconds += r->seconds;
        K.faulted |= r->faulted;
    }
    pthread_mutex_unlock(&K.lock);
}

static void report_at_exit(void)
{
    const cudart_env_t *e = cudart_env();
    if (!K.n && !e->report)
        return;
    ptx_session_t s;
    memset(&s, 0, sizeof s);
    s.cfg = *cudart_gpu();
    K.l.path = program_invocation_short_name;
    K.l.nkernels = K.n;
    s.l = &K.l;
    s.module_path = "(the program's PTX)";
    s.plans = K.plans;
    s.recs = K.recs;
    s.nrecs = K.n;
    s.backend = "cpu";
    s.device = "host";
    s.run_seconds = K.seconds;
    s.status = K.faulted ? PTX_RUN_FAULT : PTX_RUN_OK;
    if (cudart_timing())
        s.tm = *cudart_timing();
    fflush(stdout);
    if (!e->quiet && K.n)
        ptx_report_table(stderr, &s);
    if (e->report && *e->report)
        ptx_report_json(e->report, &s);
}

void cudart_report_start(void)
{
    atexit(report_at_exit);
}
