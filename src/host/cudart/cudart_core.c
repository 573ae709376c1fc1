/* The runtime's state (cudart.h): options from the environment, the GPU
 * config and its card, errors (last and sticky), the report at exit,
 * simulated time. */
#include <cuda_profiler_api.h>
#include <cuda_runtime_api.h>

#include "host/cudart/cudart.h"

#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "host/cudart/cudart_card.h"
#include "host/cudart/cudart_report.h"
#include "host/sm/sm_host.h"

static cudart_env_t E;
static gpu_config_t G;
static cudart_card_t K;
static char card_name[256];
static int init_rc = -1;
static pthread_once_t once = PTHREAD_ONCE_INIT;
static _Thread_local int last_error;
static atomic_int sticky;
static double sim_ns;
static pthread_mutex_t sim_lock = PTHREAD_MUTEX_INITIALIZER;
static sm_timing_t timing;
static FILE *stats;
static uint32_t stats_uid;

static uint64_t env_u64(const char *name)
{
    const char *v = getenv(name);
    return v ? strtoull(v, NULL, 0) : 0;
}

static void stats_at_exit(void)
{
    sm_stats_end(stats, &timing);
    fclose(stats);
}

/* WARPSIM_CUDA_TIMING: the SM model's parameters from the config, and the
 * statistics file; a config it cannot take ends the program, as a bad one does. */
static void start_timing(void)
{
    char why[512];
    if (sm_params_from_config(&G, &timing.P, why, sizeof why)) {
        fprintf(stderr, "warpsim cuda: %s: the SM model cannot take this config: %s\n",
                E.config && *E.config ? E.config : "the default config", why);
        exit(1);
    }
    const char *sync = getenv("WARPSIM_CUDA_SYNC");
    if (sm_params_mode(&timing.P, sync && *sync ? sync : NULL, env_u64("WARPSIM_CUDA_QUANTUM"), why, sizeof why)) {
        fprintf(stderr, "warpsim cuda: WARPSIM_CUDA_SYNC, WARPSIM_CUDA_QUANTUM: %s\n", why);
        exit(1);
    }
    if (E.stats && *E.stats) {
        if (!(stats = fopen(E.stats, "w"))) {
            fprintf(stderr, "warpsim cuda: %s: %s\n", E.stats, strerror(errno));
            exit(1);
        }
        atexit(stats_at_exit);
    }
}

static void init_once(void)
{
    char err[1024];
    E.config = getenv("WARPSIM_CUDA_CONFIG");
    E.report = getenv("WARPSIM_CUDA_REPORT");
    E.quiet = (int)env_u64("WARPSIM_CUDA_QUIET");
    E.threads = (int)env_u64("WARPSIM_CUDA_THREADS");
    E.max_insns = env_u64("WARPSIM_CUDA_MAX_INSNS");
    E.racecheck = (int)env_u64("WARPSIM_CUDA_RACECHECK");
    E.memcheck = (int)env_u64("WARPSIM_CUDA_MEMCHECK");
    E.timing = (int)env_u64("WARPSIM_CUDA_TIMING");
    E.stats = getenv("WARPSIM_CUDA_STATS");
    E.dump_ptx = getenv("WARPSIM_CUDA_DUMP_PTX");
    if (E.dump_ptx && *E.dump_ptx && access(E.dump_ptx, W_OK | X_OK)) {
        fprintf(stderr, "warpsim cuda: WARPSIM_CUDA_DUMP_PTX=%s: %s\n", E.dump_ptx, strerror(errno));
        exit(1);
    }
    gpu_config_defaults(&G);
    if (E.config && *E.config && gpu_config_load(&G, E.config, err, sizeof err)) {
        fprintf(stderr, "warpsim cuda: %s\n", err);
        exit(1);   /* a config the user named and that cannot be read: as `warpsim ptx` */
    }
    if (E.timing)
        start_timing();
    cudart_card_pick(&G, &K, card_name, sizeof card_name);
    cudart_mem_set_capacity(K.global_bytes);
    cudart_report_start();
    init_rc = 0;
}

int cudart_init(void)
{
    pthread_once(&once, init_once);
    return init_rc;
}

const cudart_env_t *cudart_env(void) { return &E; }
const gpu_config_t *cudart_gpu(void) { return &G; }
const cudart_card_t *cudart_card(void) { return &K; }
sm_timing_t *cudart_timing(void) { return E.timing ? &timing : NULL; }

void cudart_stats_launch(const char *kernel, const sm_result_t *tr, uint64_t insns)
{
    if (!stats)
        return;
    sm_stats_print(stats, kernel, ++stats_uid, insns, tr, &timing, gpu_config_sms(&G));
}

int cudart_enter(void)
{
    int err = cudart_init();
    return cudart_ret(err ? err : cudart_sticky());
}

int cudart_ret(int err)
{
    if (err)
        last_error = err;
    return err;
}

int cudart_sticky(void) { return atomic_load(&sticky); }

void cudart_set_sticky(int err)
{
    int none = 0;
    atomic_compare_exchange_strong(&sticky, &none, err);
    last_error = err;
}

void cudart_clear_errors(void)
{
    atomic_store(&sticky, 0);
    last_error = 0;
}

int cudart_unimplemented(const char *name, int *said)
{
    cudart_init();   /* the report that lists it */
    if (!__atomic_exchange_n(said, 1, __ATOMIC_RELAXED)) {
        fprintf(stderr, "warpsim cuda: %s is not implemented (cudaErrorNotSupported)\n", name);
        cudart_report_refusal("%s is not implemented", name);
    }
    return cudart_ret(cudaErrorNotSupported);
}

double cudart_sim_ns(void)
{
    pthread_mutex_lock(&sim_lock);
    double t = sim_ns;
    pthread_mutex_unlock(&sim_lock);
    return t;
}

void cudart_sim_advance(double ns)
{
    pthread_mutex_lock(&sim_lock);
    sim_ns += ns;
    pthread_mutex_unlock(&sim_lock);
}

/* ---- the error API ---------------------------------------------------------- */

cudaError_t cudaGetLastError(void)
{
    int e = last_error;
    last_error = cudart_sticky();
    return (cudaError_t)e;
}

cudaError_t cudaPeekAtLastError(void) { return (cudaError_t)last_error; }

const char *cudaGetErrorName(cudaError_t error)
{
    switch ((int)error) {
#define CUDART_ERROR(name, value, text) case value: return #name;
#include "host/cudart/cudart_errors.def"
#undef CUDART_ERROR
    default: return "unrecognized error code";
    }
}

const char *cudaGetErrorString(cudaError_t error)
{
    switch ((int)error) {
#define CUDART_ERROR(name, value, text) case value: return text;
#include "host/cudart/cudart_errors.def"
#undef CUDART_ERROR
    default: return "unrecognized error code";
    }
}

/* ---- the profiler --------------------------------------------------------------- */

/* No profiler attaches to the simulator: the calls that bracket a region to
 * profile succeed and change nothing, as with no tool attached to a GPU.
 * (warpsim's own counters are in the report: cudart_report.c.) */
cudaError_t cudaProfilerStart(void) { return (cudaError_t)cudart_enter(); }
cudaError_t cudaProfilerStop(void) { return (cudaError_t)cudart_enter(); }
