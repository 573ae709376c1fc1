/* A cooperative grid on the CPU (ptx_run_cpu.h's ptx_run_coop): all its CTAs
 * resident at once, as cudaLaunchCooperativeKernel guarantees, so that
 * cooperative_groups::this_grid().sync() can complete. The host threads run
 * them in rounds: in each, every live CTA gets a turn, CTA i on thread
 * i % threads (its own state and counters stay on one thread), in CTA order
 * there. A turn ends after PTX_COOP_QUANTUM warp instructions, or as soon
 * as one of the CTA's warps polls the grid barrier's word (the spin of
 * grid.sync: the CTAs it waits for get the turn). The threads meet between
 * rounds, so that the barrier can never complete is seen as on one thread:
 * two rounds running, every live CTA only polled and the word did not
 * change: a PTX_FAULT_BARRIER. On one thread the order of every access is
 * fixed; on more, CTAs of a round run at once, as a GPU's do (global
 * atomics are host atomics). */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "host/ptx/ptx_run_cpu.h"

/* Warp instructions a CTA runs in one turn: spins other than grid.sync's (a
 * hand-written flag wait) then cost at most this per waiting CTA a round. */
#define PTX_COOP_QUANTUM 4096

typedef struct coop_cta {
    void *mem;                /* ptx_coop_cta_bytes: its state */
    ptx_out_t out;
    ptx_fault_t f;
    int live;
    int started;      /* its state was set up: ptx_coop_cta_end at the end */
} coop_cta_t;

typedef struct coop_job {
    const ptx_grid_t *g;
    ptx_grid_result_t *r;
    coop_cta_t *k;
    ptx_stats_t *st;          /* a thread's counters: its CTAs' */
    int threads;
    pthread_barrier_t meet;
    pthread_mutex_t lock;     /* the result's sums and fault */
    atomic_uint_fast64_t live;
    atomic_int progress, stop;
    pthread_cond_t go_cond;   /* the team waits for its size to be known */
    int go;                   /* 1: run rounds, -1: end at once */
} coop_job_t;

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + t.tv_nsec * 1e-9;
}

/* The CTA's end: its printf records kept, its fault the grid's (under the
 * job's lock: CTAs end on every thread). */
static void finish(coop_job_t *j, uint64_t i, int faulted)
{
    ptx_grid_result_t *r = j->r;
    coop_cta_t *k = &j->k[i];
    pthread_mutex_lock(&j->lock);
    k->live = 0;
    r->ctas_run++;
    r->printf_overflow += k->out.overflow != 0;
    if (k->out.len && (r->out[i].buf = malloc(k->out.len))) {
        memcpy(r->out[i].buf, k->out.buf, k->out.len);
        r->out[i].len = k->out.len;
    }
    if (faulted && !r->faulted) {
        r->faulted = 1;
        r->fault = k->f;
        if (r->fault.code == PTX_FAULT_NONE)
            r->fault.code = PTX_FAULT_UNSUPPORTED;
    }
    pthread_mutex_unlock(&j->lock);
}

static int start_all(coop_job_t *j)
{
    const ptx_grid_t *g = j->g;
    ptx_grid_result_t *r = j->r;
    coop_cta_t *k = j->k;
    size_t bytes = ptx_coop_cta_bytes(g);
    for (uint64_t i = 0; i < r->nctas; i++) {
        k[i].mem = malloc(bytes);
        k[i].out = (ptx_out_t){malloc(PTX_CTA_OUT_CAP), PTX_CTA_OUT_CAP, 0, 0};
        if (!k[i].mem || !k[i].out.buf)
            return r->error = 1, -1;
        k[i].live = k[i].started = 1;
        if (ptx_coop_cta_start(g, (uint32_t)i, k[i].mem, &j->st[i % (uint64_t)j->threads], &k[i].out, &k[i].f)) {
            finish(j, i, 1);
            return -1;
        }
    }
    return 0;
}

/* Thread t's part of a round: a turn for each of its live CTAs. A fault
 * stops the grid at the round's end, as a GPU's stops. */
static void turns(coop_job_t *j, int t)
{
    int progress = 0;
    for (uint64_t i = (uint64_t)t; i < j->r->nctas && !atomic_load(&j->stop); i += (uint64_t)j->threads) {
        coop_cta_t *k = &j->k[i];
        if (!k->live)
            continue;
        int rc = ptx_coop_cta_turn(k->mem, PTX_COOP_QUANTUM);
        if (rc < 0) {
            finish(j, i, 1);
            atomic_store(&j->stop, 1);
            return;
        }
        if (rc == PTX_CTA_DONE)
            finish(j, i, 0), atomic_fetch_sub(&j->live, 1);
        progress |= rc != PTX_CTA_POLLED;
    }
    if (progress)
        atomic_store(&j->progress, 1);
}

/* Rounds until every CTA ended or the grid stopped; thread 0 (the caller)
 * judges between rounds, the others wait for its word. */
static void rounds(coop_job_t *j, int t)
{
    int stuck = 0;
    uint32_t before = ptx_coop_barrier_word(j->g);
    for (;;) {
        turns(j, t);
        pthread_barrier_wait(&j->meet);
        if (t == 0 && !atomic_load(&j->stop)) {
            uint32_t after = ptx_coop_barrier_word(j->g);
            stuck = !atomic_load(&j->progress) && after == before ? stuck + 1 : 0;
            before = after;
            atomic_store(&j->progress, 0);
            if (!atomic_load(&j->live))
                atomic_store(&j->stop, 1);
            else if (stuck >= 2)
                for (uint64_t i = 0; i < j->r->nctas; i++)
                    if (j->k[i].live) {
                        ptx_coop_cta_stuck(j->k[i].mem);
                        finish(j, i, 1);
                        atomic_store(&j->stop, 1);
                        break;
                    }
        }
        pthread_barrier_wait(&j->meet);
        if (atomic_load(&j->stop))
            return;
    }
}

typedef struct {
    coop_job_t *j;
    int t;
} coop_arg_t;

static void *worker(void *arg)
{
    coop_arg_t *a = arg;
    coop_job_t *j = a->j;
    pthread_mutex_lock(&j->lock);
    while (!j->go)
        pthread_cond_wait(&j->go_cond, &j->lock);
    int go = j->go;
    pthread_mutex_unlock(&j->lock);
    if (go > 0)
        rounds(j, a->t);
    return NULL;
}

/* Sets the team going (go 1) or home (go -1). */
static void team_go(coop_job_t *j, int go)
{
    pthread_mutex_lock(&j->lock);
    j->go = go;
    pthread_cond_broadcast(&j->go_cond);
    pthread_mutex_unlock(&j->lock);
}

void ptx_run_coop(const ptx_grid_t *g, const ptx_sched_t *s, int threads, ptx_grid_result_t *r)
{
    memset(r, 0, sizeof *r);
    r->nctas = s->nctas;
    int want = ptx_host_threads(threads, s->nctas);
    coop_job_t j = {.g = g, .r = r, .threads = 1};
    r->out = calloc(s->nctas ? s->nctas : 1, sizeof *r->out);
    j.k = calloc(s->nctas ? s->nctas : 1, sizeof *j.k);
    j.st = calloc((size_t)want, sizeof *j.st);
    coop_arg_t *args = calloc((size_t)want, sizeof *args);
    pthread_t *tid = calloc((size_t)want, sizeof *tid);
    pthread_mutex_init(&j.lock, NULL);
    pthread_cond_init(&j.go_cond, NULL);
    atomic_init(&j.live, s->nctas);
    atomic_init(&j.progress, 0);
    atomic_init(&j.stop, 0);
    double t0 = now();
    if (!r->out || !j.k || !j.st || !args || !tid) {
        r->error = 1;
    } else {
        /* the team first (the caller is thread 0): its size fixes which thread runs which CTA */
        for (; j.threads < want; j.threads++) {
            args[j.threads] = (coop_arg_t){&j, j.threads};
            if (pthread_create(&tid[j.threads], NULL, worker, &args[j.threads]))
                break;
        }
        int ok = start_all(&j) == 0 && s->nctas;
        if (ok)
            pthread_barrier_init(&j.meet, NULL, (unsigned)j.threads);
        team_go(&j, ok ? 1 : -1);
        if (ok)
            rounds(&j, 0);
        for (int t = 1; t < j.threads; t++)
            pthread_join(tid[t], NULL);
        if (ok)
            pthread_barrier_destroy(&j.meet);
    }
    r->seconds = now() - t0;
    r->threads = j.threads;
    for (int t = 0; j.st && t < j.threads; t++)
        ptx_stats_add(&r->st, &j.st[t]);
    for (uint64_t i = 0; j.k && i < r->nctas; i++) {
        if (j.k[i].started)
            ptx_coop_cta_end(j.k[i].mem);
        free(j.k[i].mem);
        free(j.k[i].out.buf);
    }
    free(j.k);
    free(j.st);
    free(args);
    free(tid);
    pthread_cond_destroy(&j.go_cond);
    pthread_mutex_destroy(&j.lock);
}
