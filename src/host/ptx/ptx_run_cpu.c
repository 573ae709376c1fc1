/* Host threads take CTAs in order from a shared counter (ptx_run_cpu.h). */
#include "host/ptx/ptx_run_cpu.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

typedef struct grid_job {
    const ptx_grid_t *g;
    const ptx_sched_t *s;
    ptx_grid_result_t *r;
    size_t scratch_bytes;
    atomic_uint_fast64_t next;
    atomic_int stop;
    pthread_mutex_t lock;     /* the result's sums and fault */
} grid_job_t;

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + t.tv_nsec * 1e-9;
}

void ptx_stats_add(ptx_stats_t *to, const ptx_stats_t *from)
{
    to->warp_insns += from->warp_insns;
    to->thread_insns += from->thread_insns;
    to->warps += from->warps;
    to->shfl_inactive += from->shfl_inactive;
    for (int i = 0; i < SIM_MIX_COUNT; i++)
        to->mix[i] += from->mix[i];
}

/* Keeps a CTA's printf records (a copy of just their bytes). */
static void keep_out(grid_job_t *j, uint64_t cta, const ptx_out_t *out)
{
    if (out->len) {
        uint8_t *copy = malloc(out->len);
        if (copy) {
            memcpy(copy, out->buf, out->len);
            j->r->out[cta] = (ptx_cta_out_t){copy, out->len};
        }
    }
}

static void finish_cta(grid_job_t *j, uint64_t cta, int rc, const ptx_fault_t *f, const ptx_out_t *out)
{
    keep_out(j, cta, out);
    pthread_mutex_lock(&j->lock);
    j->r->ctas_run++;
    j->r->printf_overflow += out->overflow != 0;
    if (rc && (!j->r->faulted || f->cta < j->r->fault.cta)) {
        j->r->faulted = 1;
        j->r->fault = *f;
    }
    pthread_mutex_unlock(&j->lock);
    if (rc)
        atomic_store(&j->stop, 1);
}

static void *worker(void *arg)
{
    grid_job_t *j = arg;
    void *scratch = malloc(j->scratch_bytes ? j->scratch_bytes : 1);
    uint8_t *obuf = malloc(PTX_CTA_OUT_CAP);
    ptx_stats_t st;
    memset(&st, 0, sizeof st);
    if (!scratch || !obuf) {
        atomic_store(&j->stop, 1);
        j->r->error = 1;
    }
    uint64_t cta;
    while (scratch && obuf && !atomic_load(&j->stop) && (cta = atomic_fetch_add(&j->next, 1)) < j->r->nctas) {
        ptx_out_t out = {obuf, PTX_CTA_OUT_CAP, 0, 0};
        ptx_fault_t f;
        memset(&f, 0, sizeof f);
        int rc = ptx_cta_run(j->g, (uint32_t)cta, scratch, &st, &out, &f);
        if (rc && f.code == PTX_FAULT_NONE)
            f.code = PTX_FAULT_UNSUPPORTED;
        finish_cta(j, cta, rc, &f, &out);
    }
    pthread_mutex_lock(&j->lock);
    ptx_stats_add(&j->r->st, &st);
    pthread_mutex_unlock(&j->lock);
    free(scratch);
    free(obuf);
    return NULL;
}

int ptx_host_threads(int asked, uint64_t nctas)
{
    long n = asked > 0 ? asked : sysconf(_SC_NPROCESSORS_ONLN);
    if (n < 1)
        n = 1;
    if ((uint64_t)n > nctas)
        n = (long)nctas;
    return (int)(n > 1024 ? 1024 : n);
}

void ptx_run_cpu(const ptx_grid_t *g, const ptx_sched_t *s, int threads, ptx_grid_result_t *r)
{
    memset(r, 0, sizeof *r);
    r->nctas = s->nctas;
    r->out = calloc(s->nctas ? s->nctas : 1, sizeof *r->out);
    if (!r->out) {
        r->error = 1;
        return;
    }
    grid_job_t j = {.g = g, .s = s, .r = r, .scratch_bytes = ptx_cta_scratch_bytes(g)};
    atomic_init(&j.next, 0);
    atomic_init(&j.stop, 0);
    pthread_mutex_init(&j.lock, NULL);
    r->threads = ptx_host_threads(threads, s->nctas);
    pthread_t *tid = calloc((size_t)r->threads, sizeof *tid);
    double t0 = now();
    int started = 0;
    /* the calling thread is worker 0 */
    for (int i = 1; tid && i < r->threads; i++, started++)
        if (pthread_create(&tid[i], NULL, worker, &j))
            break;
    worker(&j);
    for (int i = 1; i <= started; i++)
        pthread_join(tid[i], NULL);
    r->seconds = now() - t0;
    r->threads = started + 1;
    free(tid);
    pthread_mutex_destroy(&j.lock);
}

void ptx_grid_result_free(ptx_grid_result_t *r)
{
    for (uint64_t i = 0; r->out && i < r->nctas; i++)
        free(r->out[i].buf);
    free(r->out);
    r->out = NULL;
}
