/* The CPU backend: the same single-source step functions as the CUDA kernel,
 * run by a pool of host threads. Each round, threads take chunks of cores and
 * run each for a quantum; between rounds one thread does the host services
 * (output, barriers). Private memory is per-core contiguous (stride_word = 1)
 * so a core's working set stays together in the host caches, or, for the
 * lockstep engine, word-interleaved as on the GPU (pick_interleaved). */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "device/arm/fast/arm_lockstep.h"
#include "device/x86/fast/x86_lockstep.h"
#include "host/backend.h"
#include "host/window_hash.h"

#define CHUNK 16u
/* --engine auto: lockstep goes on after each round while its records so
 * far served this many lanes on average (the whole run's average, so that
 * one thin round, a barrier's, does not decide). From bench/lockstep.sh
 * (bench/RESULTS.md, "Lockstep on the host, second attempt"): at 31.7-32
 * lanes a record the lockstep engine ran 1.46-1.63 times the per-core
 * one's MIPS, fft at 24.7 lanes 0.60 times, imatmul at 11.3 0.37 times;
 * fft's first rounds run at 32. */
#define AUTO_MIN_LANES 30.0

/* A thread's lockstep stats on a cache line of their own: threads that
 * count into one line take it from each other (with per-record counts,
 * compute.arm's 64 cores on 2 threads ran 1.33 s against 1.01 s). */
typedef struct thread_stats {
    lockstep_stats_t s;
    uint8_t pad[64 - sizeof(lockstep_stats_t)];
} thread_stats_t;

typedef struct cpu_pool {
    sim_machine_t *m;
    const sim_options_t *o;
    const sim_outputs_t *out;
    pthread_barrier_t start, end;
    uint32_t next_chunk;  /* atomic work counter of the current round */
    int stop;
    uint8_t *started;     /* per core: its memory initialized (on its first quantum) */
    uint64_t steps;       /* instructions per core per round */
    uint32_t *order;      /* cores in the order rounds take them (--regroup), or NULL */
    uint32_t *live;       /* lockstep: the cores running at the round's start, in that order */
    uint32_t nlive;
    uint64_t *keyed;      /* scratch for regrouping: key << 32 | core */
    uint64_t rounds;
    int lockstep;         /* chunks run by the lockstep engine (ARM or IA-32, no timing model) */
    uint32_t chunk;       /* cores a claim takes: CHUNK, or LOCKSTEP_LANES in lockstep */
    thread_stats_t *stats; /* per thread, lockstep only */
    int nthreads;
    uint32_t next_thread; /* hands each thread its stats slot, once */
} cpu_pool_t;

double now_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + t.tv_nsec * 1e-9;
}

void host_cpu_name(char *buf, size_t n)
{
    snprintf(buf, n, "host CPU");
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (!f)
        return;
    char line[256];
    while (fgets(line, sizeof line, f)) {
        char *colon = strchr(line, ':');
        if (!strncmp(line, "model name", 10) && colon) {
            colon += 2;
            colon[strcspn(colon, "\n")] = 0;
            snprintf(buf, n, "%s", colon);
            break;
        }
    }
    fclose(f);
}

/* Claim the next chunk of cores [*first, *last) of this round (indices
 * into p->live for the lockstep engine, else into the order); 0 when none
 * is left. */
static int claim_chunk(cpu_pool_t *p, uint32_t *first, uint32_t *last)
{
    uint32_t n = p->lockstep ? p->nlive : p->m->ncores;
    *first = __atomic_fetch_add(&p->next_chunk, p->chunk, __ATOMIC_RELAXED);
    *last = *first + p->chunk < n ? *first + p->chunk : n;
    return *first < n;
}

/* A core's private memory is initialized by the thread that first runs it,
 * just before: setup touches none of it (a million cores' windows are
 * gigabytes of fresh pages), and the pages are written where they are
 * then used. Each run of consecutive cores not started yet at once
 * (sim_init_cores_mem: on the interleaved layout a row at a time). */
static void start_cores(cpu_pool_t *p, const uint32_t *cores, uint32_t n)
{
    for (uint32_t i = 0, j; i < n; i = j) {
        j = i + 1;
        if (SIM_LIKELY(p->started[cores[i]]))
            continue;
        while (j < n && cores[j] == cores[j - 1] + 1 && !p->started[cores[j]])
            j++;
        sim_init_cores_mem(&p->m->mem, cores[i], j - i, &p->m->init);
        memset(&p->started[cores[i]], 1, j - i);
    }
}

static void run_chunks(cpu_pool_t *p, lockstep_stats_t *st)
{
    sim_machine_t *m = p->m;
    sim_stage_t stage;
    uint32_t cores[LOCKSTEP_LANES];
    for (uint32_t first, last; claim_chunk(p, &first, &last);) {
        for (uint32_t i = first; i < last; i++) {
            uint32_t core = p->lockstep ? p->live[i] : p->order ? p->order[i] : i;
            if (p->lockstep) {
                cores[i - first] = core;
                continue;
            }
            start_cores(p, &core, 1);
            sim_run_staged(m->isa, &stage, &m->soa, core, &m->code, &m->mem, p->steps, p->o->max_insns,
                           machine_timing(m));
        }
        if (p->lockstep) {
            start_cores(p, cores, last - first);
            if (m->isa == SIM_ISA_X86)
                x86_lockstep_chunk(&m->soa, cores, last - first, &m->code.x86, &m->mem, p->steps, p->o->max_insns,
                                   st);
            else
                arm_lockstep_chunk(&m->soa, cores, last - first, &m->code.arm, &m->mem, p->steps, p->o->max_insns,
                                   st);
        }
    }
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* Order cores by the instruction they are at (the CPU form of the CUDA
 * backend's radix sort; on the host it only exercises the permutation). */
static void regroup(cpu_pool_t *p)
{
    sim_machine_t *m = p->m;
    for (uint32_t c = 0; c < m->ncores; c++)
        p->keyed[c] = (uint64_t)sim_group_key(m->isa, &m->soa, c) << 32 | c;
    qsort(p->keyed, m->ncores, sizeof *p->keyed, cmp_u64);
    for (uint32_t i = 0; i < m->ncores; i++)
        p->order[i] = (uint32_t)p->keyed[i];
}

/* The host services between rounds; -1 when the run cannot go on (said on
 * stderr), else the cores still running. */
static int64_t service(cpu_pool_t *p)
{
    sim_machine_t *m = p->m;
    if (machine_serve_decodes(m, NULL, NULL))
        return -1;
    services_rows_t rows = {machine_sys(m, SIM_SYS_FIELD(status), 0), machine_sys(m, SIM_SYS_FIELD(out_len), 0),
                            machine_sys(m, SIM_SYS_FIELD(host_req), 0), machine_sys(m, SIM_SYS_FIELD(host_ret), 0)};
    return services_round(p->out, &rows, m->mem.out, m->mem.out_cap, NULL);
}

/* Each thread's stats slot: the caller's is 0, the workers take the rest. */
static void pool_work(cpu_pool_t *p, int slot) { run_chunks(p, &p->stats[slot].s); }

/* Thread 0 is the caller; all threads meet at `start` and `end` each round. */
static void *worker(void *arg)
{
    cpu_pool_t *p = (cpu_pool_t *)arg;
    int slot = (int)__atomic_add_fetch(&p->next_thread, 1, __ATOMIC_RELAXED);
    for (;;) {
        pthread_barrier_wait(&p->start);
        if (p->stop)
            return NULL;
        pool_work(p, slot);
        pthread_barrier_wait(&p->end);
    }
}

/* One round on every thread, the caller included. The lockstep engine's
 * chunks are made of the cores that run this round, so that cores waiting
 * (at a barrier, or done) leave no lane of a chunk empty: imatmul 256 on
 * 1024 cores runs a core in four, which filled a quarter of each chunk. */
static void pool_round(cpu_pool_t *p)
{
    if (p->lockstep) {
        const sim_machine_t *m = p->m;
        p->nlive = 0;
        for (uint32_t i = 0; i < m->ncores; i++) {
            uint32_t core = p->order ? p->order[i] : i;
            if (sim_soa_running(&m->soa, core))
                p->live[p->nlive++] = core;
        }
    }
    __atomic_store_n(&p->next_chunk, 0, __ATOMIC_RELAXED);
    pthread_barrier_wait(&p->start);
    pool_work(p, 0);
    pthread_barrier_wait(&p->end);
}

/* The lanes a shared record served so far, over every thread. */
static double lockstep_lanes(const cpu_pool_t *p)
{
    uint64_t rec = 0, lanes = 0;
    for (int i = 0; i < p->nthreads; i++) {
        rec += p->stats[i].s.records;
        lanes += p->stats[i].s.lane_steps;
    }
    return rec ? (double)lanes / (double)rec : 0.0;
}

/* --engine: lockstep where no timing model sees each instruction
 * (arm_run_traced and x86_run_traced are per core); a note says why not. */
static int pick_lockstep(const sim_machine_t *m, const sim_options_t *o)
{
    if (!strcmp(o->engine, "percore"))
        return 0;
    const char *why = m->isa != SIM_ISA_ARM && m->isa != SIM_ISA_X86 ? "lockstep runs ARM and IA-32 only"
                      : machine_timing(m)                            ? "a timing model times each core on its own"
                                                                     : NULL;
    if (why && !strcmp(o->engine, "lockstep"))
        fprintf(stderr, "warpsim: --engine lockstep: %s; the per-core engine runs\n", why);
    return why == NULL;
}

/* --layout: word-interleaved private memory (word w of core c at
 * w * ncores + c, the GPU's layout) lets the lockstep engine serve a
 * group's loads and stores of one address as one host vector; the
 * per-core engine's chained paths need the contiguous layout (a core's
 * window one run of bytes) and take the step-by-step path without it. */
static int pick_interleaved(const sim_options_t *o, int lockstep)
{
    if (!strcmp(o->layout, "auto"))
        return lockstep && !strcmp(o->engine, "lockstep"); /* auto's engine may go per core */
    return !strcmp(o->layout, "interleaved");
}

static int alloc_memory(sim_machine_t *m, int interleaved)
{
    size_t priv = (size_t)m->priv_bytes, out = (size_t)m->mem.out_cap * m->ncores;
    size_t shared = m->mem.shared_size ? m->mem.shared_size : 4;
    /* Anonymous mappings are zero and only touched pages cost memory. */
    void *a = mmap(NULL, priv, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    void *b = mmap(NULL, out + shared, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (a == MAP_FAILED || b == MAP_FAILED) {
        fprintf(stderr, "warpsim: cannot reserve %llu bytes of host memory for %u cores\n",
                (unsigned long long)(priv + out), m->ncores);
        return -1;
    }
    m->mem.priv = (uint32_t *)a;
    m->mem.stride_word = interleaved ? m->ncores : 1u;
    m->mem.stride_core = interleaved ? 1u : m->mem.priv_size / 4;
    m->mem.out = (uint8_t *)b;
    m->mem.shared = (uint8_t *)b + out;
    return machine_window_code(m); /* the windows are host memory: code may run from them */
}

/* What the cores read lives in host memory here: they see the host's view,
 * which the service rounds between quanta extend. */
static void attach_fs(sim_machine_t *m, const sim_outputs_t *out)
{
    m->mem.fs = out->fs ? &out->fs->view : NULL;
}

static int hash_memory(sim_machine_t *m)
{
    m->mem_hash = calloc(m->ncores, sizeof *m->mem_hash);
    if (!m->mem_hash)
        return -1;
    window_hashes(&m->mem, m->mem_hash);
    return 0;
}

static void free_memory(sim_machine_t *m)
{
    munmap(m->mem.priv, (size_t)m->priv_bytes);
    munmap(m->mem.out, (size_t)m->mem.out_cap * m->ncores + (m->mem.shared_size ? m->mem.shared_size : 4));
    m->mem.priv = NULL;
    m->mem.out = m->mem.shared = NULL;
    m->mem.fs = NULL;
}

static int pick_threads(const sim_options_t *o, uint32_t ncores)
{
    long n = o->threads > 0 ? o->threads : sysconf(_SC_NPROCESSORS_ONLN);
    if (n < 1)
        n = 1;
    if ((uint32_t)n > (ncores + CHUNK - 1) / CHUNK)
        n = (ncores + CHUNK - 1) / CHUNK;
    return n > 256 ? 256 : (int)n;
}

int backend_cpu_run(sim_machine_t *m, const sim_options_t *o, const sim_outputs_t *out, sim_run_t *r)
{
    double t0 = now_seconds();
    int lockstep = pick_lockstep(m, o), interleaved = pick_interleaved(o, lockstep);
    if (alloc_memory(m, interleaved))
        return -1;
    attach_fs(m, out);
    cpu_pool_t p;
    memset(&p, 0, sizeof p);
    p.m = m;
    p.o = o;
    p.out = out;
    p.steps = options_round_steps(o);
    p.started = calloc(m->ncores, 1);
    if (o->regroup) {
        p.order = malloc(sizeof *p.order * m->ncores);
        p.keyed = malloc(sizeof *p.keyed * m->ncores);
    }
    int nt = pick_threads(o, m->ncores);
    p.lockstep = lockstep;
    p.chunk = p.lockstep ? LOCKSTEP_LANES : CHUNK;
    if (p.lockstep) {
        p.live = malloc(sizeof *p.live * m->ncores);
        if (m->isa == SIM_ISA_ARM)
            arm_lockstep_plans(&m->code.arm); /* out of memory: plans worked out each time */
    }
    p.nthreads = nt;
    p.stats = calloc((size_t)nt, sizeof *p.stats);
    if (!p.started || !p.stats || (o->regroup && (!p.order || !p.keyed)) || (p.lockstep && !p.live)) {
        fprintf(stderr, "warpsim: out of host memory for %u cores' run state\n", m->ncores);
        free(p.started);
        free(p.stats);
        free(p.order);
        free(p.keyed);
        free(p.live);
        arm_lockstep_plans(NULL);
        free_memory(m);
        return -1;
    }
    r->backend = "cpu";
    r->layout = interleaved ? "interleaved" : "contiguous";
    r->threads = nt;
    host_cpu_name(r->device, sizeof r->device);

    pthread_t tid[256];
    pthread_barrier_init(&p.start, NULL, (unsigned)nt);
    pthread_barrier_init(&p.end, NULL, (unsigned)nt);
    for (int i = 1; i < nt; i++)
        pthread_create(&tid[i], NULL, worker, &p);
    double t1 = now_seconds();
    r->init_seconds = t1 - t0;

    int64_t running;
    while ((running = service(&p)) > 0) {
        if (p.order)
            regroup(&p);
        pool_round(&p);
        p.rounds++;
        if (p.lockstep && !strcmp(o->engine, "auto") && lockstep_lanes(&p) < AUTO_MIN_LANES) {
            p.lockstep = 0;
            p.chunk = CHUNK;
        }
    }
    r->engine = p.lockstep ? "lockstep" : "percore";
    r->lanes = lockstep_lanes(&p); /* auto's lockstep rounds too, when it then ran per core */
    r->wall_seconds = now_seconds() - t1;
    r->rounds = p.rounds;
    p.stop = 1;
    pthread_barrier_wait(&p.start);
    for (int i = 1; i < nt; i++)
        pthread_join(tid[i], NULL);
    pthread_barrier_destroy(&p.start);
    pthread_barrier_destroy(&p.end);
    free(p.order);
    free(p.keyed);
    free(p.live);
    arm_lockstep_plans(NULL);
    free(p.started);
    free(p.stats);
    if (running < 0 || (o->dump_state && hash_memory(m))) {
        free_memory(m);
        return -1;
    }
    free_memory(m);
    return 0;
}
