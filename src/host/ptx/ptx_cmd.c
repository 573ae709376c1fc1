/* `warpsim ptx [options] FILE.launch`: read the config, the launch file and
 * its module; check every kernel line against the module and the GPU
 * before anything runs; fill the buffers; run the launches in order on the
 * CPU backend; run the reference, check, dump, report. Exit status: 0, 1
 * for bad input, a fault or a failed check, 2 for usage. */
#include "host/ptx/ptx_cmd.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "host/ptx/ptx_backend.h"
#include "host/ptx/ptx_launch_params.h"
#include "host/ptx/ptx_launch_ref.h"
#include "host/ptx/ptx_printf.h"
#include "host/ptx/ptx_run_cpu.h"
#include "host/ptx/ptx_session.h"

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + t.tv_nsec * 1e-9;
}

static int input_error(const char *msg)
{
    fprintf(stderr, "%s\n", msg);
    return 1;
}

static int load_config(ptx_session_t *s)
{
    char err[1024];
    gpu_config_defaults(&s->cfg);
    if (!s->o->config)
        return 0;
    if (gpu_config_load(&s->cfg, s->o->config, err, sizeof err))
        return input_error(err);
    if (s->cfg.nignored && !s->o->quiet) {
        if (s->o->verbose)
            fprintf(stderr, "warpsim ptx: %s: not modelled, ignored: %s\n", s->o->config, s->cfg.ignored);
        else
            fprintf(stderr, "warpsim ptx: %s: %u GPGPU-Sim options not modelled, ignored (--verbose names them)\n",
                    s->o->config, s->cfg.nignored);
    }
    return 0;
}

/* cpu; cuda (ptx_backend.h) when a GPU can run grids; auto: cuda if so. */
static int choose_backend(ptx_session_t *s)
{
    char *name = s->device_name;
    int gpu = ptx_cuda_available(name, sizeof s->device_name);
    s->backend = "cpu";
    s->device = "host";
    /* the timing model runs on the GPU when asked by name (sm_backend_cuda.cu) */
    int cpu_only = s->o->racecheck || s->o->timing;
    if ((s->o->racecheck || s->o->timeline) && !strcmp(s->o->backend, "cuda")) {
        fprintf(stderr, "warpsim ptx: --%s runs on the CPU backend, not with --backend cuda\n",
                s->o->racecheck ? "racecheck" : "timeline");
        return 2;
    }
    if (!strcmp(s->o->backend, "cpu") || (cpu_only && strcmp(s->o->backend, "cuda")) ||
        (!strcmp(s->o->backend, "auto") && !gpu))
        return 0;
    if (gpu < 0) { /* a card that cannot load the kernel: auto says why it runs on the CPU */
        int is_auto = !strcmp(s->o->backend, "auto");
        fprintf(stderr, "warpsim ptx: %s%s%s\n", is_auto ? "note: " : "--backend cuda: ", name,
                is_auto ? ": running on the CPU backend" : "");
        return is_auto ? 0 : 2;
    }
    if (!gpu) {
#ifdef WARPSIM_HAVE_CUDA
        fprintf(stderr, "warpsim ptx: --backend cuda: no usable CUDA device found\n");
#else
        fprintf(stderr, "warpsim ptx: --backend cuda: this warpsim was built without nvcc\n");
#endif
        return 2;
    }
    s->backend = "cuda";
    s->device = name;
    return 0;
}

static int load_module(ptx_session_t *s)
{
    char err[1024];
    s->module_path = s->o->module ? s->o->module : s->l->module;
    if (!(s->m = ptx_parse_file(s->module_path, err, sizeof err)))
        return input_error(err);
    if (!(s->prog = ptx_prog_build(s->m, s->module_path, err, sizeof err)))
        return input_error(err);
    return 0;
}

/* One kernel line against the module and the GPU. */
static int plan_kernel(ptx_session_t *s, uint32_t i, char *err, size_t n)
{
    const ptx_kernel_decl_t *k = &s->l->kernels[i];
    ptx_kplan_t *p = &s->plans[i];
    int fi = ptx_find_func(s->m, k->name);
    if (fi < 0 || s->m->funcs[fi].kind != PTX_FUNC_ENTRY || !s->m->funcs[fi].defined) {
        snprintf(err, n, "%s:%d: expected a kernel (.entry) of %s, found '%s'", s->l->path, k->line, s->module_path,
                 k->name);
        return -1;
    }
    p->func = (uint32_t)fi;
    p->f = &s->m->funcs[fi];
    if (ptx_params_check(s->l, k, p->f, err, n))
        return -1;
    if (ptx_kernel_info(s->prog, p->func, &p->ki)) {
        snprintf(err, n, "%s:%d: kernel %s: no kernel information", s->l->path, k->line, k->name);
        return -1;
    }
    char why[512];
    uint64_t shmem = (uint64_t)p->ki.shared_static + k->shared;
    uint32_t regs = p->ki.regs_per_thread;
    if (p->f->perf.maxnreg && p->f->perf.maxnreg < regs)
        regs = p->f->perf.maxnreg;
    if (shmem > UINT32_MAX ||
        ptx_sched_plan(&s->cfg, regs, (uint32_t)shmem, k->block, k->grid, &p->sched, why,
                       sizeof why)) {
        snprintf(err, n, "%s:%d: kernel %s cannot run on %s: %s", s->l->path, k->line, k->name, s->cfg.name,
                 shmem > UINT32_MAX ? "shared memory beyond 4 GB" : why);
        return -1;
    }
    return 0;
}

static int plan_kernels(ptx_session_t *s)
{
    char err[1024];
    s->plans = calloc(s->l->nkernels, sizeof *s->plans);
    uint64_t nrecs = 0;
    for (uint32_t i = 0; i < s->l->nkernels; i++)
        nrecs += s->l->kernels[i].repeat;
    s->recs = nrecs <= (1u << 24) ? calloc(nrecs, sizeof *s->recs) : NULL;
    s->checks = calloc(s->l->nchecks + 1, sizeof *s->checks);
    if (!s->plans || !s->recs || !s->checks) {
        snprintf(err, sizeof err, "%s: %s", s->l->path, nrecs > (1u << 24) ? "more than 16M launches" : "out of memory");
        return input_error(err);
    }
    for (uint32_t i = 0; i < s->l->nkernels; i++)
        if (plan_kernel(s, i, err, sizeof err))
            return input_error(err);
    return 0;
}

static int fill_memory(ptx_session_t *s)
{
    char err[1024];
    if (ptx_arena_init(&s->arena, s->l, ptx_prog_globals_size(s->prog), err, sizeof err))
        return input_error(err);
    ptx_prog_globals_init(s->prog, s->arena.gmem.base);
    for (uint32_t i = 0; i < s->l->nbuffers; i++) {
        const ptx_buffer_decl_t *b = &s->l->buffers[i];
        uint8_t *at = ptx_arena_buffer(&s->arena, i);
        if (ptx_fill_buffer(s->l->path, b, at, err, sizeof err))
            return input_error(err);
        /* A buffer with contents stands for what a program copies in (a
         * zeroed one for cudaMalloc and cudaMemset): the copy engine's. */
        if (s->o->timing && b->fill != PTX_FILL_ZERO)
            sm_timing_copied(&s->tm, s->arena.gmem.lo + (uint64_t)(at - s->arena.gmem.base), ptx_buffer_bytes(b));
    }
    return 0;
}

/* The grid's printf records, CTA by CTA, on stdout (or the session's out). */
static void print_records(ptx_session_t *s, const ptx_grid_result_t *g)
{
    FILE *out = s->out ? s->out : stdout;
    for (uint64_t c = 0; c < g->nctas; c++)
        if (g->out[c].len) {
            ptx_out_t o = {g->out[c].buf, g->out[c].len, g->out[c].len, 0};
            ptx_printf_format(s->prog, &s->arena.gmem, &o, out);
        }
    fflush(out);
}

/* The grid on the GPU (ptx_cuda_run; with tm, through the SM model:
 * sm_cuda_run_grid): every CTA its own printf buffer, CUDA's 1 MB FIFO
 * shared out (1 KB to 64 KB a CTA). */
static void run_cuda(const ptx_grid_t *g, const ptx_sched_t *sc, sm_timing_t *tm, ptx_grid_result_t *r,
                     sm_result_t *tr)
{
    memset(r, 0, sizeof *r);
    r->nctas = sc->nctas;
    uint64_t cap = (1u << 20) / (sc->nctas ? sc->nctas : 1);
    cap = cap < 1024 ? 1024 : cap > PTX_CTA_OUT_CAP ? PTX_CTA_OUT_CAP : cap & ~7ull;
    ptx_out_t *outs = calloc(sc->nctas, sizeof *outs);
    uint8_t *bufs = outs ? malloc(sc->nctas * cap) : NULL;
    r->out = calloc(sc->nctas, sizeof *r->out);
    if (!outs || !bufs || !r->out) {
        free(outs), free(bufs);
        r->error = 1;
        return;
    }
    for (uint64_t i = 0; i < sc->nctas; i++)
        outs[i] = (ptx_out_t){bufs + i * cap, (uint32_t)cap, 0, 0};
    char err[512];
    double t0 = now();
    int rc = tm ? sm_cuda_run_grid(g, sc, tm, outs, r, tr, err, sizeof err)
                : ptx_cuda_run(g, &r->st, outs, &r->fault, err, sizeof err);
    r->seconds = now() - t0;
    if (tm) {
        tr->seconds = r->seconds;
        tm->tot_seconds += r->seconds;
    } else {
        r->faulted = rc == -1;
        r->ctas_run = rc == 0 ? sc->nctas : 0;
    }
    if (rc == -2) {
        fprintf(stderr, "warpsim ptx: --backend cuda: %s\n", err);
        r->error = 2;
    }
    for (uint64_t i = 0; rc != -2 && i < sc->nctas; i++) {
        r->printf_overflow += outs[i].overflow != 0;
        if (outs[i].len && (r->out[i].buf = malloc(outs[i].len))) {
            memcpy(r->out[i].buf, outs[i].buf, outs[i].len);
            r->out[i].len = outs[i].len;
        }
    }
    free(outs);
    free(bufs);
}

static int run_one(ptx_session_t *s, uint32_t k, uint32_t iter, ptx_launch_rec_t *rec, uint8_t *params)
{
    const ptx_kernel_decl_t *kd = &s->l->kernels[k];
    const ptx_kplan_t *p = &s->plans[k];
    ptx_params_pack(kd, p->f, &s->arena, params);
    ptx_grid_t g = {.prog = s->prog, .kernel = p->func, .dyn_smem = kd->shared, .params = params,
                    .param_size = (uint32_t)p->f->param_size, .gmem = s->arena.gmem, .gridid = s->nrecs + 1,
                    .nsm = p->sched.nsm, .warps_per_sm = p->sched.warps_per_sm, .insn_limit = s->o->max_insns,
                    .alu_per_lane = (uint32_t)s->o->lane_by_lane};
    memcpy(g.grid, kd->grid, sizeof g.grid);
    memcpy(g.block, kd->block, sizeof g.block);
    ptx_sched_clock(&p->sched, &g);
    if (s->o->verbose)
        fprintf(stderr, "warpsim ptx: %s (%u of %u): %llu CTAs on %u SMs, %u a time each\n", kd->name, iter + 1,
                kd->repeat, (unsigned long long)p->sched.nctas, p->sched.nsm, p->sched.ctas_per_sm);
    ptx_grid_result_t r;
    ptx_race_log_t race;
    if (s->o->racecheck) {
        ptx_race_log_init(&race);
        g.race = &race;
    }
    if (s->o->timing) {
        rec->timed = 1;
        s->tm.kernel = kd->name;
        if (!strcmp(s->backend, "cuda"))
            run_cuda(&g, &p->sched, &s->tm, &r, &rec->tr);
        else
            sm_run_grid(&g, &p->sched, &s->tm, s->o->threads, &r, &rec->tr);
        rec->tot_cycles = s->tm.tot_cycles;
        sm_banks_copy(&s->tm.banks, &rec->banks);
    } else if (!strcmp(s->backend, "cuda")) {
        run_cuda(&g, &p->sched, NULL, &r, NULL);
    } else {
        ptx_run_cpu(&g, &p->sched, s->o->threads, &r);
    }
    if (s->o->racecheck) {
        ptx_race_print(&race, kd->name, s->module_path, 20, stderr);
        rec->racecheck = 1;
        rec->race_total = race.total;
        rec->race_words = ptx_race_words(&race, &rec->race_kept);
        ptx_race_log_free(&race);
    }
    if (r.error == 2) {
        ptx_grid_result_free(&r);
        return 1;
    }
    if (r.error) {
        ptx_grid_result_free(&r);
        return input_error("warpsim ptx: out of memory for the grid's host threads");
    }
    print_records(s, &r);
    rec->kernel = k, rec->iteration = iter, rec->st = r.st, rec->ctas_run = r.ctas_run, rec->seconds = r.seconds;
    rec->threads = r.threads, rec->faulted = r.faulted, rec->fault = r.fault, rec->printf_overflow = r.printf_overflow;
    rec->tot_thread_insns = r.st.thread_insns + (s->nrecs ? s->recs[s->nrecs - 1].tot_thread_insns : 0);
    s->nrecs++;
    if (s->stats)
        sm_stats_print(s->stats, kd->name, s->nrecs, rec->st.thread_insns, &rec->tr, &s->tm, p->sched.nsm);
    ptx_grid_result_free(&r);
    if (rec->printf_overflow)
        fprintf(stderr, "warpsim ptx: %s: printf output of %u CTAs overflowed %u bytes a CTA; some was dropped\n",
                kd->name, rec->printf_overflow, PTX_CTA_OUT_CAP);
    if (rec->faulted) {
        char text[1024];
        ptx_fault_text(s, rec, text, sizeof text);
        fprintf(stderr, "warpsim ptx: %s\n", text);
        s->status = PTX_RUN_FAULT;
    }
    return 0;
}

static int run_kernels(ptx_session_t *s)
{
    uint32_t most = 8;
    for (uint32_t k = 0; k < s->l->nkernels; k++)
        if (s->plans[k].f->param_size > most)
            most = (uint32_t)s->plans[k].f->param_size;
    uint8_t *params = calloc(1, most);
    if (!params)
        return input_error("warpsim ptx: out of memory");
    double t0 = now();
    int rc = 0;
    for (uint32_t k = 0; !rc && k < s->l->nkernels && s->status == PTX_RUN_OK; k++)
        for (uint32_t it = 0; !rc && it < s->l->kernels[k].repeat && s->status == PTX_RUN_OK; it++)
            rc = run_one(s, k, it, &s->recs[s->nrecs], params);
    s->run_seconds = now() - t0;
    free(params);
    return rc;
}

static void check_one(ptx_session_t *s, uint32_t i, const char *refdir)
{
    const ptx_check_decl_t *c = &s->l->checks[i];
    const ptx_buffer_decl_t *b = &s->l->buffers[c->buffer];
    ptx_check_rec_t *cr = &s->checks[i];
    char path[4096], why[400];
    ptx_ref_expected_path(s->l, c, refdir, path, sizeof path);
    uint64_t bytes = ptx_buffer_bytes(b);
    uint8_t *want = malloc(bytes);
    const uint8_t *got = ptx_arena_buffer(&s->arena, c->buffer);
    if (!want || ptx_read_exact(path, want, bytes, why, sizeof why)) {
        snprintf(cr->why, sizeof cr->why, "%s:%d: check %s: %s", s->l->path, c->line, b->name,
                 want ? why : "out of memory");
        fprintf(stderr, "warpsim ptx: %s\n", cr->why);
        s->status = PTX_RUN_CHECK_FAILED;
        free(want);
        return;
    }
    ptx_check_compare(c, b->type, b->count, got, want, &cr->r);
    cr->done = 1;
    if (!cr->r.pass) {
        uint32_t sz = ptx_elem_size(b->type);
        char g[64], w[64];
        ptx_elem_text(b->type, got + cr->r.first * sz, g, sizeof g);
        ptx_elem_text(b->type, want + cr->r.first * sz, w, sizeof w);
        fprintf(stderr, "warpsim ptx: %s:%d: check %s failed: %llu of %llu elements differ; the first, [%llu]: got %s, "
                        "want %s (max error %g)\n", s->l->path, c->line, b->name, (unsigned long long)cr->r.ndiff,
                (unsigned long long)b->count, (unsigned long long)cr->r.first, g, w, cr->r.max_err);
        s->status = PTX_RUN_CHECK_FAILED;
    }
    free(want);
}

/* The reference (when there is one), then every check. */
static void run_checks(ptx_session_t *s, const char *refdir)
{
    char err[1024];
    if (s->l->reference && s->l->nchecks && ptx_ref_run(s->l, s->o->ref_dir, refdir, err, sizeof err)) {
        fprintf(stderr, "warpsim ptx: %s\n", err);
        s->status = PTX_RUN_ERROR;
        return;
    }
    for (uint32_t i = 0; i < s->l->nchecks; i++)
        check_one(s, i, refdir);
}

/* --dump-dir: every buffer, whatever the launch file dumps, so that two runs
 * (the CPU and the CUDA backend's) can be compared byte for byte. */
static int write_dump_dir(ptx_session_t *s)
{
    char err[1024], path[4096];
    if (mkdir(s->o->dump_dir, 0755) && errno != EEXIST) {
        fprintf(stderr, "warpsim ptx: %s: %s\n", s->o->dump_dir, strerror(errno));
        return 1;
    }
    for (uint32_t i = 0; i < s->l->nbuffers; i++) {
        snprintf(path, sizeof path, "%s/%s.bin", s->o->dump_dir, s->l->buffers[i].name);
        if (ptx_write_file(path, ptx_arena_buffer(&s->arena, i), ptx_buffer_bytes(&s->l->buffers[i]), err,
                           sizeof err)) {
            fprintf(stderr, "warpsim ptx: %s\n", err);
            return 1;
        }
    }
    return 0;
}

static int write_dumps(ptx_session_t *s)
{
    char err[1024];
    int rc = s->o->dump_dir ? write_dump_dir(s) : 0;
    for (uint32_t i = 0; i < s->l->ndumps; i++) {
        const ptx_dump_decl_t *d = &s->l->dumps[i];
        if (ptx_write_file(d->path, ptx_arena_buffer(&s->arena, d->buffer),
                           ptx_buffer_bytes(&s->l->buffers[d->buffer]), err, sizeof err)) {
            fprintf(stderr, "warpsim ptx: %s:%d: %s\n", s->l->path, d->line, err);
            rc = 1;
        }
    }
    return rc;
}

/* --timing: the SM model's parameters from the config; --stats's file. */
static int prepare_timing(ptx_session_t *s)
{
    char why[512];
    if (!s->o->timing)
        return 0;
    if (sm_params_from_config(&s->cfg, &s->tm.P, why, sizeof why)) {
        fprintf(stderr, "warpsim ptx: %s: the SM model cannot take this config: %s\n",
                s->o->config ? s->o->config : "the default config", why);
        return 2;
    }
    if (sm_params_mode(&s->tm.P, s->o->sync, s->o->quantum, why, sizeof why)) { /* options_parse_ptx checked them */
        fprintf(stderr, "warpsim ptx: %s\n", why);
        return 2;
    }
    s->tm.timeline_every = s->o->timeline_every ? s->o->timeline_every : SM_TIMELINE_EVERY;
    if (s->tm.P.wg_parallel && s->o->timeline && !s->o->quantum) { /* a top point at each sample: every SM is there */
        uint64_t every = s->tm.timeline_every, k = 1;
        while (every % k || every / k > SM_MAX_QUANTUM) /* ends by every / 32 (a multiple of 32) */
            k++;
        s->tm.P.cta_quantum = (uint32_t)(every / k);
    }
    if (s->o->timeline) {
        if (!(s->tm.timeline = fopen(s->o->timeline, "w"))) {
            fprintf(stderr, "warpsim ptx: %s: %s\n", s->o->timeline, strerror(errno));
            return 2;
        }
        sm_timeline_header(s->tm.timeline);
    }
    if (!s->o->stats)
        return 0;
    s->stats = strcmp(s->o->stats, "-") ? fopen(s->o->stats, "w") : stdout;
    if (!s->stats) {
        fprintf(stderr, "warpsim ptx: %s: %s\n", s->o->stats, strerror(errno));
        return 2;
    }
    return 0;
}

/* Everything that can be refused before a kernel runs. */
static int prepare(ptx_session_t *s)
{
    char err[1024];
    int rc;
    if ((rc = load_config(s)) || (rc = choose_backend(s)) || (rc = prepare_timing(s)))
        return rc;
    if (!(s->l = ptx_launch_parse_file(s->o->launch, err, sizeof err)))
        return input_error(err);
    if ((rc = load_module(s)) || (rc = plan_kernels(s)) || (rc = fill_memory(s)))
        return rc;
    return 0;
}

static int run_session(ptx_session_t *s)
{
    double t0 = now();
    int rc = prepare(s);
    if (rc)
        return rc;
    char refdir[512] = "", err[1024];
    if (s->l->reference && s->l->nchecks && ptx_ref_prepare(s->l, &s->arena, refdir, sizeof refdir, err, sizeof err))
        return input_error(err);
    s->setup_seconds = now() - t0;
    rc = run_kernels(s);
    if (!rc && s->status == PTX_RUN_OK)
        run_checks(s, refdir);
    if (!rc)
        rc = write_dumps(s);
    if (refdir[0])
        ptx_ref_cleanup(s->l, refdir);
    if (rc)
        return rc;
    if (!s->o->quiet)
        ptx_report_table(stderr, s);
    if (s->o->report && ptx_report_json(s->o->report, s))
        return 2;
    return s->status == PTX_RUN_OK ? 0 : 1;
}

static void session_free(ptx_session_t *s)
{
    ptx_arena_free(&s->arena);
    if (s->prog)
        ptx_prog_free(s->prog);
    if (s->m)
        ptx_module_free(s->m);
    ptx_launch_free(s->l);
    gpu_config_free(&s->cfg);
    free(s->plans);
    for (uint32_t i = 0; s->recs && i < s->nrecs; i++) {
        free(s->recs[i].race_words);
        sm_banks_free(&s->recs[i].banks);
    }
    free(s->recs);
    free(s->checks);
    if (s->tm.timeline)
        fclose(s->tm.timeline);
    sm_timing_free(&s->tm);
    if (s->stats) {
        sm_stats_end(s->stats, &s->tm);
        if (s->stats != stdout)
            fclose(s->stats);
    }
}

/* FILE.json for the sweep's config i: FILE.<i>.json. */
static void sweep_path(const char *report, int i, char *buf, size_t n)
{
    size_t stem = strlen(report) - 5; /* options_parse_ptx checked the .json */
    snprintf(buf, n, "%.*s.%d.json", (int)stem, report, i);
}

/* One row of the sweep's table: the config, its SMs, and the run's totals. */
static void sweep_row(const ptx_session_t *s, const char *path, int rc)
{
    uint64_t insns = 0, cycles = 0;
    for (uint32_t i = 0; i < s->nrecs; i++) {
        insns += s->recs[i].st.thread_insns;
        cycles += s->recs[i].tr.cycles;
    }
    fprintf(stderr, "  %-28.28s %-14.14s %5u %14llu", path, s->cfg.name, gpu_config_sms(&s->cfg),
            (unsigned long long)insns);
    if (s->o->timing)
        fprintf(stderr, " %12llu %9.2f", (unsigned long long)cycles, cycles ? (double)insns / (double)cycles : 0.0);
    fprintf(stderr, " %8.3f  %s\n", s->run_seconds, rc ? "failed" : ptx_run_status_name(s->status));
}

/* A design sweep's configs side by side: a worker takes the next config
 * not yet run, so that min(configs, threads) run at once, each session
 * on its share of the host threads; each one's printf output kept, to be
 * printed in config order. */
typedef struct sweep_job {
    ptx_session_t *all;
    int *rcs, n, next;
    char **outs;
    size_t *lens;
    pthread_mutex_t lock;
} sweep_job_t;

static void *sweep_worker(void *arg)
{
    sweep_job_t *j = arg;
    for (;;) {
        pthread_mutex_lock(&j->lock);
        int i = j->next++;
        pthread_mutex_unlock(&j->lock);
        if (i >= j->n)
            return NULL;
        j->all[i].out = open_memstream(&j->outs[i], &j->lens[i]);
        j->rcs[i] = j->all[i].out ? run_session(&j->all[i]) : input_error("warpsim ptx: out of memory");
        if (j->all[i].out)
            fclose(j->all[i].out);
    }
}

/* Runs the sweep's sessions on `workers` threads (this one included). */
static void sweep_run(sweep_job_t *j, int workers)
{
    pthread_t tid[64];
    int started = 0;
    pthread_mutex_init(&j->lock, NULL);
    for (int t = 1; t < workers && t < 64; t++, started++)
        if (pthread_create(&tid[t], NULL, sweep_worker, j))
            break;
    sweep_worker(j);
    for (int t = 1; t <= started; t++)
        pthread_join(tid[t], NULL);
    pthread_mutex_destroy(&j->lock);
    for (int i = 0; i < j->n; i++)
        if (j->lens[i])
            fwrite(j->outs[i], 1, j->lens[i], stdout);
    fflush(stdout);
}

/* Several --config: the launch file run under each (a fresh session each:
 * memory filled again), side by side on the host threads, each one's
 * report FILE.<i>.json and --stats FILE.<i>; then a row per config. */
static int sweep(ptx_options_t *o)
{
    int worst = 0, n = o->configs.count;
    long cores = o->threads > 0 ? o->threads : sysconf(_SC_NPROCESSORS_ONLN);
    int workers = cores < 1 ? 1 : cores < n ? (int)cores : n;
    ptx_session_t *all = calloc((size_t)n, sizeof *all);
    int *rcs = calloc((size_t)n, sizeof *rcs);
    ptx_options_t *each = calloc((size_t)n, sizeof *each);
    char (*rep)[1024] = calloc((size_t)n, sizeof *rep), (*st)[1024] = calloc((size_t)n, sizeof *st);
    char **outs = calloc((size_t)n, sizeof *outs);
    size_t *lens = calloc((size_t)n, sizeof *lens);
    if (!all || !rcs || !each || !rep || !st || !outs || !lens)
        return input_error("warpsim ptx: out of memory");
    for (int i = 0; i < n; i++) {
        each[i] = *o;
        each[i].config = o->configs.items[i];
        each[i].quiet = 1;
        each[i].threads = (int)(cores / workers > 1 ? cores / workers : 1);
        if (o->report)
            sweep_path(o->report, i, rep[i], sizeof rep[i]), each[i].report = rep[i];
        if (o->stats)
            snprintf(st[i], sizeof st[i], "%s.%d", o->stats, i), each[i].stats = st[i];
        all[i].o = &each[i];
    }
    double t0 = now();
    sweep_job_t job = {.all = all, .rcs = rcs, .n = n, .outs = outs, .lens = lens};
    sweep_run(&job, workers);
    double wall = now() - t0;
    for (int i = 0; i < n; i++) {
        worst = rcs[i] > worst ? rcs[i] : worst;
        free(outs[i]);
    }
    free(outs), free(lens);
    if (!o->quiet) {
        fprintf(stderr, "\nwarpsim ptx: %s under %d configs, %d at a time (%.3f s)\n  %-28s %-14s %5s %14s", o->launch,
                n, workers, wall, "config", "card", "SMs", "thread insns");
        if (o->timing)
            fprintf(stderr, " %12s %9s", "cycles", "IPC");
        fprintf(stderr, " %8s  %s\n", "wall s", "status");
        for (int i = 0; i < n; i++)
            sweep_row(&all[i], o->configs.items[i], rcs[i]);
    }
    for (int i = 0; i < n; i++)
        session_free(&all[i]);
    free(all), free(rcs), free(each), free(rep), free(st);
    return worst;
}

int ptx_cmd_main(int argc, char **argv)
{
    ptx_options_t o;
    options_ptx_defaults(&o);
    int rc = options_parse_ptx(&o, argc, argv);
    if (rc) {
        free(o.configs.items);
        return rc;
    }
    if (o.configs.count > 1) {
        rc = sweep(&o);
        free(o.configs.items);
        return rc;
    }
    ptx_session_t s;
    memset(&s, 0, sizeof s);
    s.o = &o;
    rc = run_session(&s);
    session_free(&s);
    free(o.configs.items);
    return rc;
}
