/* Launch records kept as `warpsim ptx` keeps them (ptx_session_t), with a
 * launch-file stand-in whose kernel lines are the launches, so that the
 * same table and JSON come out; what warpsim refused the program; how the
 * program ended. The report is written when the program exits (on_exit,
 * which knows the status) or dies of a signal that kills (a handler that
 * writes it, then dies of the signal again, as it would have). A program
 * that exits 0 after warpsim refused something exits 1: its output is not
 * what a GPU would have given, and its status says so, as the report does. */
#define _GNU_SOURCE
#include "host/cudart/cudart_report.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "host/cudart/cudart.h"
#include "host/cudart/cudart_queue.h"
#include "host/ptx/ptx_session.h"

static struct {
    ptx_launch_t l;
    ptx_kplan_t *plans;
    ptx_launch_rec_t *recs;
    uint32_t n, cap;
    double seconds;
    int faulted;
    uint64_t memcheck_total;      /* --memcheck: invalid accesses of every launch */
    char **refusals;
    uint32_t nrefusals;
    ptx_program_exit_t exit;
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

void cudart_report_launch(const char *kernel, const char *module, const uint32_t grid[3], const uint32_t block[3],
                          uint32_t dyn_smem, const ptx_sched_t *sc, const ptx_grid_result_t *r,
                          const ptx_race_log_t *race, const ptx_memcheck_t *mc, const sm_result_t *tr)
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
                                       .printf_overflow = r->printf_overflow, .module = module};
        K.recs[i].tot_thread_insns = r->st.thread_insns + (i ? K.recs[i - 1].tot_thread_insns : 0);
        if (race) {
            K.recs[i].racecheck = 1;
            K.recs[i].race_total = race->total;
            K.recs[i].race_words = ptx_race_words(race, &K.recs[i].race_kept);
        }
        if (mc) {
            K.recs[i].memcheck = 1;
            K.recs[i].memcheck_total = mc->total;
            K.recs[i].memcheck_bad = ptx_memcheck_sorted(mc, &K.recs[i].memcheck_kept);
            K.memcheck_total += mc->total;
        }
        if (tr) {
            K.recs[i].timed = 1;
            K.recs[i].tr = *tr;
            K.recs[i].tot_cycles = cudart_timing()->tot_cycles;
            sm_banks_copy(&cudart_timing()->banks, &K.recs[i].banks);
        }
        K.seconds += r->seconds;
        K.faulted |= r->faulted;
    }
    pthread_mutex_unlock(&K.lock);
}

void cudart_report_refusal(const char *fmt, ...)
{
    char line[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    pthread_mutex_lock(&K.lock);
    uint32_t i = 0;
    while (i < K.nrefusals && strcmp(K.refusals[i], line))
        i++;
    char **g = i < K.nrefusals ? NULL : realloc(K.refusals, (K.nrefusals + 1) * sizeof *g);
    if (g && (g[K.nrefusals] = strdup(line)))
        K.refusals = g, K.nrefusals++;
    else if (g)
        K.refusals = g;
    pthread_mutex_unlock(&K.lock);
}

static ptx_run_status_t status(void)
{
    if (K.exit.signal)
        return PTX_RUN_SIGNAL;
    if (K.faulted)
        return PTX_RUN_FAULT;
    if (K.nrefusals)
        return PTX_RUN_REFUSED;
    return K.exit.status ? PTX_RUN_EXIT : PTX_RUN_OK;
}

static void write_report(void)
{
    const cudart_env_t *e = cudart_env();
    if (!K.n && !K.nrefusals && !e->report)
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
    s.status = status();
    s.refusals = (const char *const *)K.refusals;
    s.nrefusals = K.nrefusals;
    s.exit = K.exit;
    if (cudart_timing())
        s.tm = *cudart_timing();
    fflush(stdout);
    if (e->memcheck)
        fprintf(stderr, "========= ERROR SUMMARY: %llu error%s\n", (unsigned long long)K.memcheck_total,
                K.memcheck_total == 1 ? "" : "s");
    if (!e->quiet)
        ptx_report_table(stderr, &s);
    if (e->report && *e->report)
        ptx_report_json(e->report, &s);
}

static void report_at_exit(int code, void *arg)
{
    (void)arg;
    cudart_queue_drain();   /* queued work ends and its output is written, as a context's teardown */
    int refused = !code && K.nrefusals;
    if (refused)
        fprintf(stderr, "warpsim cuda: the program exited 0, but warpsim refused %u of its requests (%s%s): exit status 1\n",
                K.nrefusals, K.refusals[0], K.nrefusals > 1 ? ", ..." : "");
    K.exit = (ptx_program_exit_t){.known = 1, .status = refused ? 1 : code};
    write_report();
    if (refused) {
        fflush(NULL);
        _exit(1);
    }
}

/* A signal that kills: the report, then the signal again with its default
 * action (SA_RESETHAND), so the program dies as it would have. Not
 * async-signal-safe, as a dying program's last act may be: should writing
 * the report block (a lock the dying program held), SIGALRM ends the
 * process 10 s later rather than leave it hanging. */
static void report_at_signal(int sig)
{
    static volatile sig_atomic_t once;
    if (!once) {
        once = 1;
        signal(SIGALRM, SIG_DFL);
        alarm(10);
        K.exit = (ptx_program_exit_t){.known = 1, .signal = sig};
        write_report();
        alarm(0);
    }
    raise(sig);
}

void cudart_report_start(void)
{
    static const int fatal[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGTERM, SIGINT, SIGHUP, SIGQUIT, SIGXCPU};
    on_exit(report_at_exit, NULL);
    for (size_t i = 0; i < sizeof fatal / sizeof *fatal; i++) {
        struct sigaction old, sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = report_at_signal;
        sa.sa_flags = SA_RESETHAND | SA_NODEFER;
        sigemptyset(&sa.sa_mask);
        /* a program's own handler stays */
        if (!sigaction(fatal[i], NULL, &old) && old.sa_handler == SIG_DFL && !(old.sa_flags & SA_SIGINFO))
            sigaction(fatal[i], &sa, NULL);
    }
}
