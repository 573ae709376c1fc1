/* A cooperative grid on the CPU (ptx_run_cpu.h's ptx_run_coop): all its CTAs
 * resident at once, as cudaLaunchCooperativeKernel guarantees, so that
 * cooperative_groups::this_grid().sync() can complete. One host thread runs
 * them in turns, round robin in CTA order: a CTA's turn ends after
 * PTX_COOP_QUANTUM warp instructions, or as soon as one of its warps polls
 * the grid barrier's word (the spin of grid.sync: the CTAs it waits for get
 * the turn). The barrier can never complete when, two rounds running, every
 * live CTA only polled and its word did not change: a PTX_FAULT_BARRIER. */
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

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + t.tv_nsec * 1e-9;
}

static uint32_t barrier_word(const ptx_grid_t *g)
{
    uint32_t v;
    memcpy(&v, g->gmem.base + (g->grid_ws + 4 - g->gmem.lo), 4);
    return v;
}

/* The CTA's end: its printf records kept, its fault the grid's. */
static void finish(ptx_grid_result_t *r, uint64_t i, coop_cta_t *k, int faulted)
{
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
}

static int start_all(const ptx_grid_t *g, const ptx_sched_t *s, ptx_grid_result_t *r, coop_cta_t *k)
{
    size_t bytes = ptx_coop_cta_bytes(g);
    for (uint64_t i = 0; i < r->nctas; i++) {
        k[i].mem = malloc(bytes);
        k[i].out = (ptx_out_t){malloc(PTX_CTA_OUT_CAP), PTX_CTA_OUT_CAP, 0, 0};
        if (!k[i].mem || !k[i].out.buf)
            return r->error = 1, -1;
        k[i].live = k[i].started = 1;
        if (ptx_coop_cta_start(g, (uint32_t)i, k[i].mem, &r->st, &k[i].out, &k[i].f)) {
            finish(r, i, &k[i], 1);
            return -1;
        }
    }
    return 0;
}

/* One round: each live CTA's turn. 1 when some CTA did more than poll; -1
 * on a fault (the grid stops, as a GPU's does). */
static int round_robin(ptx_grid_result_t *r, coop_cta_t *k, uint64_t *live)
{
    int progress = 0;
    for (uint64_t i = 0; i < r->nctas; i++) {
        if (!k[i].live)
            continue;
        int rc = ptx_coop_cta_turn(k[i].mem, PTX_COOP_QUANTUM);
        if (rc < 0) {
            finish(r, i, &k[i], 1);
            return -1;
        }
        if (rc == PTX_CTA_DONE)
            finish(r, i, &k[i], 0), --*live;
        progress |= rc != PTX_CTA_POLLED;
    }
    return progress;
}

static void run_rounds(const ptx_grid_t *g, ptx_grid_result_t *r, coop_cta_t *k)
{
    uint64_t live = r->nctas;
    int stuck = 0;
    while (live) {
        uint32_t before = barrier_word(g);
        int rc = round_robin(r, k, &live);
        if (rc < 0)
            return;
        stuck = rc == 0 && barrier_word(g) == before ? stuck + 1 : 0;
        if (stuck < 2)
            continue;
        for (uint64_t i = 0; i < r->nctas; i++)
            if (k[i].live) {
                ptx_coop_cta_stuck(k[i].mem);
                finish(r, i, &k[i], 1);
                return;
            }
    }
}

void ptx_run_coop(const ptx_grid_t *g, const ptx_sched_t *s, ptx_grid_result_t *r)
{
    memset(r, 0, sizeof *r);
    r->nctas = s->nctas;
    r->threads = 1;
    r->out = calloc(s->nctas ? s->nctas : 1, sizeof *r->out);
    coop_cta_t *k = calloc(s->nctas ? s->nctas : 1, sizeof *k);
    double t0 = now();
    if (!r->out || !k)
        r->error = 1;
    else if (start_all(g, s, r, k) == 0)
        run_rounds(g, r, k);
    r->seconds = now() - t0;
    for (uint64_t i = 0; k && i < r->nctas; i++) {
        if (k[i].started)
            ptx_coop_cta_end(k[i].mem);
        free(k[i].mem);
        free(k[i].out.buf);
    }
    free(k);
}
