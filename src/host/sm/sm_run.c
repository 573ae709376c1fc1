/* The timed runner (sm_host.h's sm_run_grid): the grid's SMs, each an sm_t
 * stepping its resident CTAs cycle by cycle (src/device/sm/sm_cycle.h),
 * spread over host threads, and the block scheduler between them.
 *
 * The SMs run in windows of P->cta_quantum cycles, each SM on its own up
 * to the window's end (an SM shares nothing with another but global
 * memory), to the last CTA's end: a CTA that spins on what another SM's
 * CTA writes (grid.sync) waits at most a window for it. Between windows
 * one thread is the block scheduler: it collects
 * the CTAs that finished and starts waiting ones in the freed slots, in
 * the order the slots freed (cycle, SM, slot), at the window's end: a CTA
 * waits at most a window for its slot, as the hardware's distributor takes
 * some cycles to launch one. The first wave goes out round robin over the
 * SMs, CTA i to SM i mod nsm, as ptx_sched_sm says. Every choice depends
 * on cycles only, so the cycle count is the same on any number of threads
 * (DESIGN.md "The SM model" says where it is not: CTAs that talk to each
 * other through global memory). */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "device/sm/sm_cycle.h"
#include "host/sm/sm_host.h"

typedef struct slot {
    void *mem;                /* ptx_coop_cta_bytes: the CTA's state; allocated on first use */
    ptx_out_t out;
    ptx_fault_t f;
    int started;
} slot_t;

typedef struct run_sm {
    sm_t *sm;
    void *mem;
    slot_t *slots;            /* max_ctas of them */
    ptx_stats_t st;           /* the executor's counters of its CTAs */
    int stuck;
} run_sm_t;

typedef struct runner {
    const ptx_grid_t *g;
    sm_timing_t *tm;
    uint64_t tl_last, tl_lanes, tl_stall[SM_STALL_COUNT]; /* the timeline's last sample */
    const sm_dec_t *dec;
    uint64_t clock0;          /* the run's clock at the kernel's start */
    uint32_t max_ctas;
    const sm_params_t *P;
    ptx_grid_result_t *r;
    run_sm_t *sms;
    uint32_t nsm, nthreads;
    uint64_t until;           /* the window's end */
    int quit;
    pthread_barrier_t go, done;
} runner_t;

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + t.tv_nsec * 1e-9;
}

/* Starts CTA cta in slot k of SM m: 0, or -1 (out of memory, or the CTA
 * faulted at its start: r's fault). */
/* SM m's state, made when it first gets a CTA (a small grid on a big GPU
 * touches few): idle until the kernel's launch latency is over. */
static int sm_state(runner_t *X, uint32_t m)
{
    run_sm_t *rs = &X->sms[m];
    const sm_params_t *P = X->P;
    if (rs->sm)
        return 0;
    rs->mem = malloc(sm_bytes(P, X->max_ctas));
    rs->slots = (slot_t *)calloc(X->max_ctas, sizeof *rs->slots);
    if (!rs->mem || !rs->slots)
        return X->r->error = 1, -1;
    rs->sm = sm_init(rs->mem, P, X->max_ctas, m);
    rs->sm->dec = X->dec;
    rs->sm->prog = X->g->prog;
    rs->sm->now = P->launch_latency;
    rs->sm->clock = X->clock0 + P->launch_latency;
    return 0;
}

static int launch(runner_t *X, uint32_t m, uint32_t k, uint64_t cta)
{
    if (sm_state(X, m))
        return -1;
    run_sm_t *rs = &X->sms[m];
    slot_t *sl = &rs->slots[k];
    if (!sl->mem) {
        sl->mem = malloc(ptx_coop_cta_bytes(X->g));
        sl->out.buf = malloc(PTX_CTA_OUT_CAP);
        sl->out.cap = PTX_CTA_OUT_CAP;
        if (!sl->mem || !sl->out.buf)
            return X->r->error = 1, -1;
    }
    sl->out.len = sl->out.overflow = 0;
    sl->started = 1;
    ptx_sm_cta_t *R = (ptx_sm_cta_t *)sl->mem;
    rs->sm->ctas[k].cta = (uint32_t)cta;
    if (ptx_coop_cta_start(X->g, (uint32_t)cta, sl->mem, &rs->st, &sl->out, &sl->f)) {
        rs->sm->ctas[k].R = R;
        rs->sm->fault = 1;
        rs->sm->fault_cta = k;
        return -1;
    }
    memset(&R->tr, 0, sizeof R->tr);
    R->c.tr = &R->tr;
    R->c.lane_addr = R->lane_addr;
    sm_cta_launch(rs->sm, k, R, (uint32_t)cta);
    return 0;
}

/* A finished CTA's end, or at the grid's end a started one's: its printf records kept, its slot free. */
static void collect(runner_t *X, uint32_t m, uint32_t k)
{
    run_sm_t *rs = &X->sms[m];
    slot_t *sl = &rs->slots[k];
    sm_cta_t *ct = &rs->sm->ctas[k];
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

/* The fault of SM m's faulting or stuck CTA (the lowest grid index) into r. */
static void grid_fault(runner_t *X, uint32_t m)
{
    run_sm_t *rs = &X->sms[m];
    sm_t *sm = rs->sm;
    ptx_grid_result_t *r = X->r;
    uint32_t k = sm->fault_cta;
    if (!sm->fault && !rs->stuck)
        return;
    if (!sm->fault) {
        /* stuck: the first CTA whose barrier cannot complete */
        k = SM_NONE;
        for (uint32_t i = 0; i < sm->max_ctas; i++) {
            sm_cta_t *ct = &sm->ctas[i];
            if (!ct->R || !ct->warps)
                continue;
            ptx_sm_deadlock(&ct->R->c, ct->R->warps);
            if (rs->slots[i].f.code != PTX_FAULT_NONE && (k == SM_NONE || ct->cta < sm->ctas[k].cta))
                k = i;
        }
        if (k == SM_NONE)
            return;
    }
    uint64_t cta = sm->ctas[k].cta;
    if (!r->faulted || cta < r->fault.cta) {
        r->faulted = 1;
        r->fault = rs->slots[k].f;
        if (r->fault.code == PTX_FAULT_NONE)
            r->fault.code = PTX_FAULT_UNSUPPORTED;
    }
}

/* Thread t's share of a window: SMs t, t + nthreads, ... */
static void run_share(runner_t *X, uint32_t t)
{
    for (uint32_t m = t; m < X->nsm; m += X->nthreads)
        if (X->sms[m].sm)
            X->sms[m].stuck = sm_run(X->sms[m].sm, X->until);
}

static void *worker(void *arg)
{
    runner_t *X = ((runner_t **)arg)[0];
    uint32_t t = (uint32_t)(uintptr_t)((runner_t **)arg)[1];
    for (;;) {
        pthread_barrier_wait(&X->go);
        if (X->quit)
            return NULL;
        run_share(X, t);
        pthread_barrier_wait(&X->done);
    }
}

/* One window on every thread, this one included. */
static void run_window(runner_t *X)
{
    pthread_barrier_wait(&X->go);
    run_share(X, 0);
    pthread_barrier_wait(&X->done);
}

/* A timeline sample at the window's end (--timeline): thread instructions
 * a cycle since the last one, warps resident now, and the share of
 * scheduler-cycles in each state (SM_STALL_LIST). */
static void sample(runner_t *X)
{
    uint64_t lanes = 0, warps = 0, stall[SM_STALL_COUNT] = {0}, all = 0;
    for (uint32_t m = 0; m < X->nsm; m++) {
        const sm_t *sm = X->sms[m].sm;
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
    fprintf(f, "%llu,%s,%.4f,%llu", (unsigned long long)(X->clock0 + X->until), X->tm->kernel ? X->tm->kernel : "",
            (double)(lanes - X->tl_lanes) / (double)(X->until - X->tl_last), (unsigned long long)warps);
    for (uint32_t i = 0; i < SM_STALL_COUNT; i++) {
        fprintf(f, ",%.4f", all ? (double)(stall[i] - X->tl_stall[i]) / (double)all : 0.0);
        X->tl_stall[i] = stall[i];
    }
    fprintf(f, "\n");
    X->tl_lanes = lanes;
    X->tl_last = X->until;
}

/* A freed slot, in the order the block scheduler fills them. */
typedef struct freed {
    uint64_t at;
    uint32_t m, k;
} freed_t;

static int freed_cmp(const void *a, const void *b)
{
    const freed_t *x = (const freed_t *)a, *y = (const freed_t *)b;
    if (x->at != y->at)
        return x->at < y->at ? -1 : 1;
    if (x->m != y->m)
        return x->m < y->m ? -1 : 1;
    return x->k < y->k ? -1 : x->k > y->k;
}

/* The windows until every CTA ran, or one faulted; the cycle the last CTA
 * ended (0 when none ran). */
static uint64_t schedule(runner_t *X, const ptx_sched_t *s)
{
    const sm_params_t *P = X->P;
    uint64_t next = 0, nctas = s->nctas, last_end = 0;
    freed_t *fr = (freed_t *)malloc(sizeof *fr * (size_t)X->nsm * s->ctas_per_sm + 1);
    if (!fr)
        return X->r->error = 1, 0;
    /* the first wave: round robin, a slot of each SM at a time */
    for (uint32_t k = 0; k < s->ctas_per_sm && next < nctas; k++)
        for (uint32_t m = 0; m < X->nsm && next < nctas; m++)
            if (launch(X, m, k, next++)) {
                grid_fault(X, m);
                goto out;
            }
    X->until = P->launch_latency;
    for (;;) {
        X->until += P->cta_quantum;
        run_window(X);
        if (X->tm->timeline && X->until - X->tl_last >= X->tm->timeline_every)
            sample(X);
        uint32_t nf = 0;
        int live = 0, bad = 0;
        for (uint32_t m = 0; m < X->nsm; m++) {
            sm_t *sm = X->sms[m].sm;
            if (!sm)
                continue;
            if (sm->fault || X->sms[m].stuck) {
                grid_fault(X, m);
                bad = 1;
            }
            for (uint32_t k = 0; k < sm->max_ctas; k++) {
                sm_cta_t *ct = &sm->ctas[k];
                if (!ct->R)
                    continue;
                if (ct->warps) {
                    live = 1;
                    continue;
                }
                if (ct->done_at + 1 > last_end)
                    last_end = ct->done_at + 1;
                fr[nf++] = (freed_t){ct->done_at, m, k};
                collect(X, m, k);
            }
        }
        if (bad)
            break;
        qsort(fr, nf, sizeof *fr, freed_cmp);
        for (uint32_t i = 0; i < nf && next < nctas; i++) {
            live = 1;
            if (launch(X, fr[i].m, fr[i].k, next++)) {
                grid_fault(X, fr[i].m);
                goto out;
            }
        }
        if (!live) {
            if (X->tm->timeline && X->until > X->tl_last)
                sample(X);
            break;
        }
    }
out:
    free(fr);
    return last_end;
}

void sm_run_grid(const ptx_grid_t *g, const ptx_sched_t *s, sm_timing_t *tm, int threads, ptx_grid_result_t *r,
                 sm_result_t *tr)
{
    const sm_params_t *P = &tm->P;
    runner_t X;
    memset(&X, 0, sizeof X);
    memset(r, 0, sizeof *r);
    memset(tr, 0, sizeof *tr);
    X.g = g;
    X.tm = tm;
    X.P = P;
    X.r = r;
    X.nsm = s->nsm ? s->nsm : 1;
    if (threads <= 0)
        threads = 1;
    X.nthreads = (uint32_t)threads < X.nsm ? (uint32_t)threads : X.nsm;
    r->nctas = s->nctas;
    r->threads = (int)X.nthreads;
    r->out = (ptx_cta_out_t *)calloc(s->nctas ? s->nctas : 1, sizeof *r->out);
    X.sms = (run_sm_t *)calloc(X.nsm, sizeof *X.sms);
    sm_dec_t *dec = sm_decode(g->prog, P);
    double t0 = now_s();
    if (!r->out || !X.sms || !dec) {
        r->error = 1;
        goto out;
    }
    X.dec = dec;
    X.clock0 = tm->tot_cycles;
    X.max_ctas = s->ctas_per_sm;
    X.tl_last = P->launch_latency;
    if (!tm->timeline_every)
        tm->timeline_every = 1024;
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
    uint64_t end = schedule(&X, s);
    X.quit = 1;
    pthread_barrier_wait(&X.go);
    for (uint32_t t = 1; t <= started; t++)
        pthread_join(th[t], NULL);
    pthread_barrier_destroy(&X.go);
    pthread_barrier_destroy(&X.done);
    tr->cycles = end;
    for (uint32_t m = 0; m < X.nsm; m++) {
        run_sm_t *rs = &X.sms[m];
        if (!rs->sm)
            continue;
        const sm_stats_t *a = &rs->sm->st;
        tr->sms_used += a->ctas != 0;
        const uint64_t *src = (const uint64_t *)a;
        uint64_t *dst = (uint64_t *)&tr->st;
        for (size_t i = 0; i < sizeof *a / sizeof(uint64_t); i++)
            dst[i] += src[i];
        ptx_stats_add(&r->st, &rs->st);
    }
    tm->tot_cycles += end;
    tm->tot_insns += r->st.thread_insns;
    tm->tot_ctas += tr->st.ctas;
    tm->tot_sm_cycles += tr->st.cycles;
    tm->tot_warp_cycles += tr->st.warp_cycles;
out:
    r->seconds = tr->seconds = now_s() - t0;
    tm->tot_seconds += r->seconds;
    for (uint32_t m = 0; X.sms && m < X.nsm; m++) {
        run_sm_t *rs = &X.sms[m];
        for (uint32_t k = 0; rs->slots && k < X.max_ctas; k++) {
            if (rs->slots[k].started)
                collect(&X, m, k); /* a faulted or unfinished CTA's output is kept too */
            free(rs->slots[k].mem);
            free(rs->slots[k].out.buf);
        }
        free(rs->slots);
        free(rs->mem);
    }
    free(X.sms);
    free(dec);
}
