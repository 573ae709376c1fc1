/* warpsim's CUDA runtime (build/lib/libcudart.so.13): the state every part
 * shares. An unmodified program built with `nvcc -cudart shared` binds to
 * this library instead of NVIDIA's; its kernels run on the PTX simulator
 * (src/host/ptx/, the CPU runner ptx_run_cpu), one launch at a time, to
 * completion, when launched (a correct order for every stream).
 *
 * Device memory is one arena mapped at target address PTX_GMEM_LO in this
 * process (cudart_mem.c), so a device pointer is also a host pointer:
 * managed and mapped host memory need no copies, and cudaMemcpy of any kind
 * is memcpy. The GPU the program sees is the config's (gpu_config.h):
 * WARPSIM_CUDA_CONFIG, default H100 SXM5. */
#ifndef CUDART_H
#define CUDART_H

#include <stddef.h>
#include <stdint.h>

#include "host/ptx/gpu_config.h"

/* Options, from the environment (warpsim cuda sets them; README). */
typedef struct cudart_env {
    const char *config;        /* WARPSIM_CUDA_CONFIG: a GPU config file */
    const char *report;        /* WARPSIM_CUDA_REPORT: JSON report path, written at exit */
    int quiet;                 /* WARPSIM_CUDA_QUIET=1: no report table on stderr at exit */
    int threads;               /* WARPSIM_CUDA_THREADS: host threads per grid, 0 every core */
    uint64_t max_insns;        /* WARPSIM_CUDA_MAX_INSNS: per CTA, 0 none */
    int racecheck;             /* WARPSIM_CUDA_RACECHECK=1: --racecheck's report (ptx_race.h) */
    int memcheck;              /* WARPSIM_CUDA_MEMCHECK=1: --memcheck's report (ptx_memcheck.h) */
    int timing;                /* WARPSIM_CUDA_TIMING=1: every launch on the SM model (src/host/sm/) */
    const char *stats;         /* WARPSIM_CUDA_STATS: GPGPU-Sim's statistics file, with timing */
    const char *dump_ptx;      /* WARPSIM_CUDA_DUMP_PTX: a folder each module's PTX is written to */
} cudart_env_t;

/* Initialises once (config, arena); 0 or a cudaError_t. */
int cudart_init(void);
const cudart_env_t *cudart_env(void);
const gpu_config_t *cudart_gpu(void);
/* The SM model's state across the program's launches; NULL when timing is off. */
struct sm_timing *cudart_timing(void);
/* GPGPU-Sim's statistics of a timed launch into WARPSIM_CUDA_STATS, if set. */
struct sm_result;
void cudart_stats_launch(const char *kernel, const struct sm_result *tr, uint64_t insns);

/* Errors: every API call goes through cudart_ret, which records a failure
 * as the last error; a kernel fault is sticky, as on a GPU (every later
 * call returns it). */
int cudart_ret(int err);
int cudart_sticky(void);
void cudart_set_sticky(int err);
/* cudaDeviceReset: no sticky error, no last error. */
void cudart_clear_errors(void);
/* Every API call starts here: initialises, and returns the sticky error
 * if a kernel has faulted; 0 to go on. */
int cudart_enter(void);
/* The API functions' forms of both (files that include cuda_runtime_api.h). */
#define ENTER()                        \
    do {                               \
        int e_ = cudart_enter();       \
        if (e_)                        \
            return (cudaError_t)e_;    \
    } while (0)
#define RET(e) return (cudaError_t)cudart_ret(e)
/* The named function is not implemented: one line on stderr the first time. */
int cudart_unimplemented(const char *name, int *said);

/* Device memory (cudart_mem.c). Addresses are target addresses, which are
 * also this process's addresses. flags: cudaHostAlloc's for host memory;
 * owner: the memory pool of a pooled allocation (cudart_mempool.c). */
void *cudart_mem_alloc(uint64_t bytes, int kind, uint32_t flags, void *owner);
int cudart_mem_free(void *p, int kind);   /* 0, or -1 if p was not allocated as kind */
/* The bytes an allocation of asked bytes takes (cudaMalloc's 256-byte granule). */
uint64_t cudart_mem_rounded(uint64_t asked);
/* The device's memory: allocations beyond it fail, as on the card
 * (cudart_card.h; at most the arena's 64 GB of address space). */
void cudart_mem_set_capacity(uint64_t bytes);
/* The bytes in no live allocation (cudaMemGetInfo's free). */
uint64_t cudart_mem_unused(void);
typedef struct cudart_block {
    void *base;
    uint64_t size;             /* as asked */
    int kind;
    uint32_t flags;
    void *owner;
} cudart_block_t;
/* The allocation holding p, or 0. */
int cudart_mem_find(const void *p, cudart_block_t *b);
/* The kind of the allocation starting at p; 0, or -1 if none does. */
int cudart_mem_set_kind(void *p, int kind);
/* Is [p, p + n) inside the arena? */
int cudart_mem_in_arena(const void *p, uint64_t n);
/* POOL_FREE: a pooled allocation freed back to its pool, held for reuse. */
enum { CUDART_MEM_DEVICE = 1, CUDART_MEM_HOST = 2, CUDART_MEM_MANAGED = 4, CUDART_MEM_ANY = 7, CUDART_MEM_POOL_FREE = 8 };
/* Host memory the program registered (cudart_host_register.c): is
 * [p, p + n) inside one range (every range is mapped, as with unified
 * addressing)? The ranges as windows of a launch's global space
 * (malloc'd; *w NULL when none). */
enum { CUDART_HOST_NONE, CUDART_HOST_MAPPED };
int cudart_host_range(const void *p, uint64_t n);
struct ptx_gmem;
uint32_t cudart_host_windows(struct ptx_gmem **w);
/* Can a kernel reach [p, p + n) (the arena or a mapped range)? */
int cudart_device_reaches(const void *p, uint64_t n);
void cudart_mem_gmem(struct ptx_gmem *g);

/* A cudaLimit's value (cudaDeviceSetLimit's, else the default). */
uint64_t cudart_limit(int limit);
/* cudaDeviceGetAttribute's answer for attribute a of the device: 0 and *v,
 * or -1 for a number CUDA 13 does not define. */
int cudart_attribute(int a, int *v);

/* The live allocations, sorted by address, with the bytes asked for each
 * (malloc'd; --memcheck's table); *n of them. */
struct ptx_range;
struct ptx_range *cudart_mem_ranges(uint32_t *n);

/* Is s a stream (NULL, the legacy or per-thread handle, or one created)? */
struct CUstream_st;
int cudart_stream_ok(struct CUstream_st *s);

/* Simulated time, in nanoseconds since the runtime started: kernels advance
 * it (cudart_launch.c); events read it (cudart_stream.c). */
double cudart_sim_ns(void);
void cudart_sim_advance(double ns);

#endif
