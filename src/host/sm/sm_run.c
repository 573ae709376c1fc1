/* The timed runner on the CPU (sm_host.h's sm_run_grid): the grid's SMs,
 * each an sm_t stepping its resident CTAs cycle by cycle
 * (src/device/sm/sm_cycle.h), spread over host threads, window by window,
 * with the block scheduler (src/device/sm/sm_grid.h) between windows on
 * one thread. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "device/sm/sm_grid.h"
#include "host/sm/sm_host.h"

typedef struct slot {
    void *mem;                /* ptx_coop_cta_bytes: the CTA's state; allocated on first use */
    ptx_out_t out;
    ptx_fault_t f;
    int started;
} slot_t;

typedef struct run_sm {
    void *mem;                /* its sm_t */
    slot_t *slots;            /* G.ctas_per_sm of them */
    ptx_stats_t st;           /* the executor's counters of its CTAs */
} run_sm_t;

typedef struct runner {
    const ptx_grid_t *g;
    sm_timing_t *tm;
    sm_arena_t *arena;        /* where the launch's blocks come from (sm_pool.c) */
    uint64_t tl_last, tl_lanes, tl_stall[SM_STALL_COUNT]; /* the timeline's last sample */
    const sm_dec_t *dec;
    uint64_t clock0;          /* the run's clock at the kernel's start */
    ptx_grid_result_t *r;
    run_sm_t *sms;
    sm_grid_t G;              /* the block scheduler's state: G.sms[m] is SM m's */
    uint64_t coop_at;         /* cooperative grids: the next check for a grid.sync never completing */
    uint32_t coop_word, coop_quiet;
    uint32_t nthreads;
    int task;                 /* what the threads run next: enum task */
    atomic_uint next;         /* the task's next SM or partition not yet taken */
    int quit;
    pthread_barrier_t go, done;
} runner_t;

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + t.tv_nsec * 1e-9;
}

/* SM m's state, made when it first gets a CTA (a small grid on a big GPU
 * touches few): idle until the kernel's launch latency is over. */
static int sm_state(runner_t *X, uint32_t m)
{
    run_sm_t *rs = &X->sms[m];
    sm_grid_t *G = &X->G;
    if (G->sms[m])
        return 0;
    rs->mem = sm_arena_take(X->arena, sm_bytes(G->P, G->ctas_per_sm), SM_DENSE);
    rs->slots = (slot_t *)calloc(G->ctas_per_sm, sizeof *rs->slots);
    if (!rs->mem || !rs->slots)
        return X->r->error = 1, -1;
    G->sms[m] = sm_start(rs->mem, G->P, G->ctas_per_sm, m, X->dec, X->g->prog, X->clock0);
    return 0;
}

SIM_FN int sm_grid_launch(sm_grid_t *G, uint32_t m, uint32_t k, uint64_t cta)
{
    runner_t *X = (runner_t *)G->runner;
    if (sm_state(X, m))
        return -1;
    run_sm_t *rs = &X->sms[m];
    slot_t *sl = &rs->slots[k];
    if (!sl->mem) {
        sl->mem = sm_arena_take(X->arena, ptx_coop_cta_bytes(X->g), SM_DENSE);
        sl->out.buf = (uint8_t *)sm_arena_take(X->arena, PTX_CTA_OUT_CAP, SM_SPARSE);
        sl->out.cap = PTX_CTA_OUT_CAP;
        if (!sl->mem || !sl->out.buf)
            return X->r->error = 1, -1;
    }
    sl->out.len = sl->out.overflow = 0;
    sl->started = 1;
    int rc = ptx_coop_cta_start(X->g, (uint32_t)cta, sl->mem, &rs->st, &sl->out, &sl->f);
    return sm_grid_started(G->sms[m], k, (ptx_sm_cta_t *)sl->mem, cta, rc);
}

/* A finished CTA's end, or at the grid's end a started one's: its printf records kept, its slot free. */
SIM_FN void sm_grid_collect(sm_grid_t *G, uint32_t m, uint32_t k)
{
    runner_t *X = (runner_t *)G->runner;
    slot_t *sl = &X->sms[m].slots[k];
    sm_cta_t *ct = &G->sms[m]->ctas[k];
    ptx_grid_result_t *r = X->r;
    uint64_t cta = ct->cta;
    r->ctas_run++;
    r->printf_overflow += sl->out.overflow != 0;
    if (sl->out.len && (r->out[cta].buf = malloc(sl->out.len))) {
        memcpy(r->out[cta].buf, sl->out.buf, sl->out.len);
        r->out[cta].len = sl->out.len;
    }
    ptx_coop_cta_end(sl->mem);
    sl->started = 0;
    ct->R = NULL;
}

SIM_FN void sm_grid_fault(sm_grid_t *G, uint32_t m, uint32_t k)
{
    runner_t *X = (runner_t *)G->runner;
    sm_fault_min(X->r, &X->sms[m].slots[k].f, G->sms[m]->ctas[k].cta);
}

/* Requests in the memory system from which a memory phase's partitions
 * are spread over the threads. */
#define SM_PHASE_PARALLEL 256

/* What the threads run between two barriers: a window of the SMs, the
 * memory phase's partitions. */
enum task { TASK_WINDOW, TASK_PARTS };

/* A thread's share of the task: the SMs (or partitions) it takes, one at
 * a time, until none is left. Taken as they come, not dealt out, because
 * a work-group round's SMs run for very different spans; which thread
 * runs which changes nothing (they share nothing within a window). */
static void run_share(runner_t *X)
{
    sm_grid_t *G = &X->G;
    uint32_t n = X->task == TASK_WINDOW ? G->nsm : G->mem->npart;
    for (uint32_t i; (i = atomic_fetch_add_explicit(&X->next, 1, memory_order_relaxed)) < n;)
        if (X->task == TASK_WINDOW)
            sm_grid_run(G, i);
        else
            sm_mem_part(G->mem, i, G->horizon);
}

static void *worker(void *arg)
{
    runner_t *X = ((runner_t **)arg)[0];
    for (;;) {
        pthread_barrier_wait(&X->go);
        if (X->quit)
            return NULL;
        run_share(X);
        pthread_barrier_wait(&X->done);
    }
}

/* A task spread over every thread, this one included; or all of it on this
 * one (spread 0). */
static void run_task(runner_t *X, int task, int spread)
{
    X->task = task;
    atomic_store_explicit(&X->next, 0, memory_order_relaxed); /* the barrier publishes it */
    if (!spread) {
        run_share(X);
        return;
    }
    pthread_barrier_wait(&X->go);
    run_share(X);
    pthread_barrier_wait(&X->done);
}

/* A window, then the memory phase (sm_memphase.h): its partitions and its
 * delivery to the SMs spread over the threads. */
static void run_window(runner_t *X)
{
    sm_grid_t *G = &X->G;
    run_task(X, TASK_WINDOW, 1);
    if (!G->mem)
        return;
    mem_sys_t *ms = G->mem;
    sm_grid_horizon(G);
    sm_mem_gather(ms, G->sms, G->nsm, G->horizon);
    /* A phase with little to do runs on this thread: the barriers would
     * cost more (the same results either way: partitions share nothing) */
    uint32_t work = 0;
    for (uint32_t p = 0; p < ms->npart; p++) {
        const mem_part_t *pt = &ms->parts[p];
        for (uint32_t k = 0; k < ms->M->nsub; k++)
            work += pt->qn[k];
        work += pt->dq_n + pt->dram->rq.n + pt->dram->wq.n + pt->dram->ret.n + pt->xin_n[0] + pt->xin_n[1];
    }
    run_task(X, TASK_PARTS, X->nthreads > 1 && work >= SM_PHASE_PARALLEL);
    sm_mem_reply(ms, G->sms, G->horizon);
}

/* A timeline sample at cycle `until`, a window's end or a top point that
 * every SM reached (--timeline): thread instructions a cycle since the
 * last one, warps resident now, and the share of scheduler-cycles in each
 * state (SM_STALL_LIST). */
static void sample(runner_t *X, uint64_t until)
{
    uint64_t lanes = 0, warps = 0, stall[SM_STALL_COUNT] = {0}, all = 0;
    for (uint32_t m = 0; m < X->G.nsm; m++) {
        const sm_t *sm = X->G.sms[m];
        if (!sm)
            continue;
        lanes += sm->st.lanes;
        warps += sm->warps_resident;
        for (uint32_t i = 0; i < SM_STALL_COUNT; i++)
            stall[i] += sm->st.stall[i];
    }
    for (uint32_t i = 0; i < SM_STALL_COUNT; i++)
        all += stall[i] - X->tl_stall[i];
    FILE *f = X->tm->timeline;
    fprintf(f, "%llu,%s,%.4f,%llu", (unsigned long long)(X->clock0 + until), X->tm->kernel ? X->tm->kernel : "",
            (double)(lanes - X->tl_lanes) / (double)(until - X->tl_last), (unsigned long long)warps);
    for (uint32_t i = 0; i < SM_STALL_COUNT; i++) {
        fprintf(f, ",%.4f", all ? (double)(stall[i] - X->tl_stall[i]) / (double)all : 0.0);
        X->tl_stall[i] = stall[i];
    }
    fprintf(f, "\n");
    X->tl_lanes = lanes;
    X->tl_last = until;
}

/* Cycles between two looks for a grid.sync that can never complete: many
 * times a poll's round trip to the L2 and back, so that a CTA spinning on
 * the barrier polls in every span. */
#define SM_COOP_CHECK 8192

/* Cooperative grids (g->grid_ws): a grid.sync that some CTA never reaches
 * (it exited, or waits for something that never comes) would spin the
 * others to the end of time, as on a GPU. ptx_run_coop.c sees it by rounds;
 * here, every SM_COOP_CHECK cycles at a window's end (the same cycles on
 * every run): stuck when, over two spans running, the barrier's word did
 * not change (no CTA arrived) and every live CTA only spun (it polled the
 * word and its other warps not done wait at a CTA barrier). A CTA working
 * between two grid.syncs runs warps; one that passed a grid.sync in the
 * span polled only because the word changed. The lowest such CTA then
 * faults as the functional runner's does. 1 if stuck. */
static int coop_stuck(runner_t *X)
{
    sm_grid_t *G = &X->G;
    if (G->until < X->coop_at)
        return 0;
    X->coop_at = G->until + SM_COOP_CHECK;
    uint32_t word = ptx_coop_barrier_word(X->g), fm = SM_NONE, fk = 0;
    int spun = word == X->coop_word;
    uint64_t first = ~0ull;
    for (uint32_t m = 0; m < G->nsm; m++)
        for (uint32_t k = 0; G->sms[m] && k < G->ctas_per_sm; k++) {
            const sm_cta_t *ct = &G->sms[m]->ctas[k];
            if (!ct->R || !ct->warps)
                continue;
            if (!ptx_coop_cta_spinning(X->sms[m].slots[k].mem))
                spun = 0;
            else if (ct->cta < first)
                first = ct->cta, fm = m, fk = k;
        }
    X->coop_word = word;
    X->coop_quiet = spun ? X->coop_quiet + 1 : 0;
    if (X->coop_quiet >= 2 && fm != SM_NONE) {
        slot_t *sl = &X->sms[fm].slots[fk];
        ptx_coop_cta_stuck(sl->mem);
        sm_fault_min(X->r, &sl->f, first);
        return 1;
    }
    for (uint32_t m = 0; m < G->nsm; m++)
        for (uint32_t k = 0; G->sms[m] && k < G->ctas_per_sm; k++)
            if (G->sms[m]->ctas[k].R)
                ptx_coop_cta_unpoll(X->sms[m].slots[k].mem);
    return 0;
}

/* The windows until every CTA ran, or one faulted. */
static void schedule(runner_t *X)
{
    sm_grid_t *G = &X->G;
    if (sm_grid_start(G))
        return;
    for (;;) {
        run_window(X);
        uint64_t until = G->until;
        int due = X->tm->timeline && until - X->tl_last >= X->tm->timeline_every;
        if (due && !G->P->wg_parallel)
            sample(X, until);
        int rc = sm_grid_step(G);
        if (due && G->P->wg_parallel && rc > 0 && G->until != until) /* every SM reached the top point */
            sample(X, until);
        if (rc == 0 && G->P->wg_parallel) /* the SMs stopped at different cycles: the grid's end */
            until = G->last_end;
        if (rc == 0 && X->tm->timeline && until > X->tl_last)
            sample(X, until);
        if (rc <= 0 || (X->g->grid_ws && coop_stuck(X)))
            return;
    }
}

void sm_run_grid(const ptx_grid_t *g, const ptx_sched_t *s, sm_timing_t *tm, int threads, ptx_grid_result_t *r,
                 sm_result_t *tr)
{
    sm_params_t LP = sm_params_for_launch(&tm->P, s);
    const sm_params_t *P = &LP;
    void *mem = NULL;
    uint8_t *l2 = NULL, *own_l2 = NULL; /* the L2 slices: tm's, or the launch's own (sm_l2_take) */
    runner_t X;
    memset(&X, 0, sizeof X);
    memset(r, 0, sizeof *r);
    memset(tr, 0, sizeof *tr);
    X.g = g;
    X.tm = tm;
    X.r = r;
    uint32_t nsm = s->nsm ? s->nsm : 1;
    if (threads <= 0)
        threads = 1;
    X.nthreads = (uint32_t)threads < nsm ? (uint32_t)threads : nsm;
    r->nctas = s->nctas;
    r->threads = (int)X.nthreads;
    r->out = (ptx_cta_out_t *)calloc(s->nctas ? s->nctas : 1, sizeof *r->out);
    X.sms = (run_sm_t *)calloc(nsm, sizeof *X.sms);
    sm_dec_t *dec = sm_decode(g->prog, P);
    sm_grid_t *G = &X.G;
    G->sms = (sm_t **)calloc(nsm, sizeof *G->sms);
    G->fr = (sm_freed_t *)malloc(sizeof *G->fr * ((size_t)nsm * s->ctas_per_sm + 1));
    G->P = P;
    G->nsm = nsm;
    G->ctas_per_sm = s->ctas_per_sm;
    G->nctas = s->nctas;
    G->runner = &X;
    X.arena = sm_pool_open(&tm->pool);
    int l2_fresh = 1;
    if (P->mem.on && !(l2 = sm_l2_take(tm, &P->mem, &l2_fresh)))
        l2 = own_l2 = (uint8_t *)sm_arena_take(X.arena, mem_l2_bytes(&P->mem), SM_SPARSE);
    if (P->mem.on && l2 && (mem = sm_arena_take(X.arena, mem_bytes(&P->mem, nsm, P->cta_quantum), SM_SPARSE))) {
        G->mem = mem_init(mem, &P->mem, nsm, P->cta_quantum, l2);
        mem_l2_ready(G->mem, l2_fresh, 0, 1);
        for (uint32_t i = 0; i < tm->ncopies; i++)
            mem_copy_fill(G->mem, tm->copies[2 * i], tm->copies[2 * i + 1]);
        tm->ncopies = 0;
    }
    double t0 = now_s();
    if (!r->out || !X.sms || !dec || !G->sms || !G->fr || !X.arena || (P->mem.on && !mem)) {
        r->error = 1;
        goto out;
    }
    X.dec = dec;
    X.clock0 = tm->tot_cycles;
    if (g->grid_ws) {
        X.coop_word = ptx_coop_barrier_word(g);
        X.coop_at = P->launch_latency + SM_COOP_CHECK;
    }
    X.tl_last = P->launch_latency;
    pthread_barrier_init(&X.go, NULL, X.nthreads);
    pthread_barrier_init(&X.done, NULL, X.nthreads);
    pthread_t th[256];
    void *args[256][2];
    uint32_t started = 0;
    for (uint32_t t = 1; t < X.nthreads && t < 256; t++) {
        args[t][0] = &X;
        args[t][1] = (void *)(uintptr_t)t;
        if (pthread_create(&th[t], NULL, worker, args[t]))
            break;
        started++;
    }
    if (started + 1 != X.nthreads) {
        /* fewer threads than asked: the barriers were sized for them all */
        X.quit = 1;
        pthread_barrier_wait(&X.go);
        for (uint32_t t = 1; t <= started; t++)
            pthread_join(th[t], NULL);
        pthread_barrier_destroy(&X.go);
        pthread_barrier_destroy(&X.done);
        X.nthreads = 1;
        r->threads = 1;
        pthread_barrier_init(&X.go, NULL, 1);
        pthread_barrier_init(&X.done, NULL, 1);
        started = 0;
    }
    schedule(&X);
    X.quit = 1;
    pthread_barrier_wait(&X.go);
    for (uint32_t t = 1; t <= started; t++)
        pthread_join(th[t], NULL);
    pthread_barrier_destroy(&X.go);
    pthread_barrier_destroy(&X.done);
    for (uint32_t m = 0; m < nsm; m++)
        if (G->sms[m]) {
            sm_l1d_stats(G->sms, m);
            sm_result_add(tr, r, &G->sms[m]->st, &X.sms[m].st);
        }
    if (G->mem) {
        tr->mem_on = 1;
        sm_mem_totals(G->mem, &tr->l2, &tr->dram, &tr->mem);
        if (sm_banks_room(tm, &P->mem)) {
            sm_mem_banks(G->mem, tm->banks.l2, tm->banks.dram);
            tm->banks.nchans = P->mem.nchan, tm->banks.nsubs = P->mem.nsub;
        }
    }
    tr->syncs = G->syncs;
    sm_timing_account(tm, r, tr, G->last_end);
out:
    r->seconds = tr->seconds = now_s() - t0;
    tm->tot_seconds += r->seconds;
    for (uint32_t m = 0; X.sms && G->sms && m < nsm; m++) {
        run_sm_t *rs = &X.sms[m];
        for (uint32_t k = 0; rs->slots && k < G->ctas_per_sm; k++)
            if (rs->slots[k].started)
                sm_grid_collect(G, m, k); /* a faulted or unfinished CTA's output is kept too */
        free(rs->slots);
    }
    sm_arena_close(X.arena); /* the blocks' pages serve the next launch */
    free(X.sms);
    free(G->sms);
    free(G->fr);
    free(dec);
    if (l2 && !own_l2)
        sm_l2_give(tm, l2, mem != NULL); /* mem_l2_ready ran: the slices hold this kernel's L2 */
}

/* ---- shared with the GPU's runner (sm_backend_cuda.cu) ------------------------ */

void sm_timing_copied(sm_timing_t *tm, uint64_t addr, uint64_t bytes)
{
    if (!tm->P.mem.on || !tm->P.mem.perf_memcpy || !bytes)
        return;
    if (tm->ncopies && tm->copies[2 * tm->ncopies - 2] + tm->copies[2 * tm->ncopies - 1] == addr) {
        tm->copies[2 * tm->ncopies - 1] += bytes; /* the next rows of a 2D copy, say */
        return;
    }
    if (tm->ncopies == tm->capcopies) {
        uint32_t cap = tm->capcopies ? 2 * tm->capcopies : 16;
        uint64_t *c = (uint64_t *)realloc(tm->copies, sizeof *c * 2 * cap);
        if (!c)
            return; /* the L2 then misses what it would have held: timing only, and said nowhere else */
        tm->copies = c, tm->capcopies = cap;
    }
    tm->copies[2 * tm->ncopies] = addr;
    tm->copies[2 * tm->ncopies + 1] = bytes;
    tm->ncopies++;
}

uint8_t *sm_l2_take(sm_timing_t *tm, const mem_params_t *M, int *fresh)
{
    size_t n = mem_l2_bytes(M);
    uint8_t *l2 = NULL;
    sm_pool_lock();
    if (!tm->l2_busy) {
        if (tm->l2_bytes != n) { /* the first timed kernel, or another config's L2 */
            free(tm->l2);
            tm->l2 = (uint8_t *)aligned_alloc(64, (n + 63) & ~(size_t)63);
            tm->l2_bytes = tm->l2 ? n : 0;
            tm->l2_kept = 0;
        }
        if ((l2 = tm->l2)) {
            tm->l2_busy = 1;
            *fresh = !tm->l2_kept;
        }
    }
    sm_pool_unlock();
    return l2;
}

void sm_l2_give(sm_timing_t *tm, const uint8_t *l2, int ready)
{
    sm_pool_lock();
    if (l2 && l2 == tm->l2) {
        tm->l2_busy = 0;
        tm->l2_kept |= ready;
    }
    sm_pool_unlock();
}

int sm_banks_room(sm_timing_t *tm, const mem_params_t *M)
{
    sm_banks_free(&tm->banks);
    tm->banks.l2 = (cache_totals_t *)calloc((size_t)M->nchan * M->nsub, sizeof *tm->banks.l2);
    tm->banks.dram = (dram_stats_t *)calloc(M->nchan, sizeof *tm->banks.dram);
    return tm->banks.l2 && tm->banks.dram;
}

void sm_timing_free(sm_timing_t *tm)
{
    sm_pool_free(&tm->pool);
    free(tm->l2);
    free(tm->copies);
    sm_banks_free(&tm->banks);
    tm->l2 = NULL, tm->copies = NULL, tm->l2_kept = tm->l2_busy = 0;
    tm->l2_bytes = 0, tm->ncopies = tm->capcopies = 0;
}

void sm_fault_min(ptx_grid_result_t *r, const ptx_fault_t *f, uint64_t cta)
{
    if (r->faulted && cta >= r->fault.cta)
        return;
    r->faulted = 1;
    r->fault = *f;
    if (r->fault.code == PTX_FAULT_NONE)
        r->fault.code = PTX_FAULT_UNSUPPORTED;
}

void sm_result_add(sm_result_t *tr, ptx_grid_result_t *r, const sm_stats_t *a, const ptx_stats_t *e)
{
    tr->sms_used += a->ctas != 0;
    const uint64_t *src = (const uint64_t *)a;
    uint64_t *dst = (uint64_t *)&tr->st;
    for (size_t i = 0; i < sizeof *a / sizeof(uint64_t); i++)
        dst[i] += src[i];
    ptx_stats_add(&r->st, e);
}

int sm_cycles_exact(const sm_params_t *P, const sm_result_t *tr)
{
    if (!P->wg_parallel)
        return P->cta_quantum == 1;
    return !tr->mem.req.out_full && !tr->mem.reply.out_full && !tr->st.reply_risk;
}

void sm_timing_account(sm_timing_t *tm, const ptx_grid_result_t *r, sm_result_t *tr, uint64_t end)
{
    tr->cycles = end;
    tm->tot_cycles += end;
    tm->tot_insns += r->st.thread_insns;
    tm->tot_ctas += tr->st.ctas;
    tm->tot_sm_cycles += tr->st.cycles;
    tm->tot_warp_cycles += tr->st.warp_cycles;
}
