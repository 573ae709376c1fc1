/* The host's side of the SM model (src/device/sm/): its parameters from a
 * GPU config, the timing decode of a program, the timed runner that spreads
 * SMs over host threads with the block scheduler between them, and the
 * statistics in GPGPU-Sim's format. */
#ifndef SM_HOST_H
#define SM_HOST_H

#include <stdio.h>

#include "device/sm/sm_state.h"
#include "host/ptx/gpu_config.h"
#include "host/ptx/ptx_run_cpu.h"

/* P from the config; 0, or -1 with why. */
int sm_params_from_config(const gpu_config_t *c, sm_params_t *P, char *why, size_t n);
/* How the SMs synchronise (--sync: NULL when not given) and their window
 * or top point (--quantum: 0 when not given, at most SM_MAX_QUANTUM): by
 * default seed 000's work-group parallel mode, which gives cycle by cycle's
 * cycles; a --quantum alone asks for windows of that many cycles. 0, or
 * -1 with why. */
#define SM_MAX_QUANTUM 4096u
int sm_params_mode(sm_params_t *P, const char *sync, uint64_t quantum, char *why, size_t n);
/* sm_params_mode's check of its two options alone (a command line's, before a config is read). */
int sm_mode_check(const char *sync, uint64_t quantum, char *why, size_t n);
/* The timing decode of every record of p (malloc'd, p->nrecs of them). */
sm_dec_t *sm_decode(const ptx_prog_t *p, const sm_params_t *P);

/* What a timed grid measured. */
typedef struct sm_result {
    uint64_t cycles;            /* gpu_sim_cycle: from the launch to its last CTA's end */
    uint64_t sms_used;
    sm_stats_t st;              /* summed over the SMs */
    uint32_t mem_on;            /* the memory system ran: its counters below */
    cache_stats_t l2;           /* summed over the L2 slices */
    dram_stats_t dram;          /* ... and the channels */
    mem_stats_t mem;
    uint64_t syncs;             /* the SMs' synchronisation points: windows, or work-group parallel rounds */
    double seconds;             /* host wall time */
} sm_result_t;

/* The CPU runner's memory (sm_pool.c): a launch opens an arena and carves
 * its blocks from it (the SMs' state, the CTA slots, the memory system);
 * at its end the arena goes back to the pool with its chunks, whose pages
 * the next launch reuses whatever its blocks' sizes (a program that
 * launches a kernel many times, bfs 11, jacobi 20, paid the host kernel's
 * page faults for every launch). Blocks a launch touches nearly whole (an
 * SM's state, a CTA's registers) are packed in chunks advised to come in
 * 2 MiB pages, one fault each instead of 512; blocks mostly left untouched
 * (a CTA's printf buffer, the memory system's queues sized for the worst
 * case) in chunks of ordinary pages, where untouched pages cost nothing.
 * Chunks a launch did not use go back to the host at its end; host
 * threads that launch at once each open an arena of their own. A block's
 * contents are whatever the last launch left: every user initialises what
 * it reads (sm_init, mem_init, ptx_coop_cta_start), as with malloc. */
typedef struct sm_arena {
    struct sm_chunk *chunks;
    uint32_t n, cap;
    int busy;                   /* a launch has it open */
} sm_arena_t;
typedef struct sm_pool {
    sm_arena_t **arenas;
    uint32_t n, cap;
} sm_pool_t;
enum { SM_SPARSE, SM_DENSE };   /* how much of a block its launch touches */

/* An arena for one launch (NULL: out of memory). */
sm_arena_t *sm_pool_open(sm_pool_t *pl);
/* n bytes of a, aligned to a cache line, from its chunks of kind dense
 * (NULL: out of memory); only the launch that opened a takes from it. */
void *sm_arena_take(sm_arena_t *a, size_t n, int dense);
/* The launch is over: a's blocks are free for the next one. */
void sm_arena_close(sm_arena_t *a);
/* Every arena back to the host (the session's end). */
void sm_pool_free(sm_pool_t *pl);
/* The lock the pools and the kept L2 share. */
void sm_pool_lock(void);
void sm_pool_unlock(void);

/* A launch's L2 slices' and DRAM channels' counters, each (sm_mem_banks):
 * the statistics' per-bank lines. nchans 0: none (no memory system). */
typedef struct sm_banks {
    cache_totals_t *l2;         /* nchans x nsubs slices, GPGPU-Sim's sub-partition order */
    dram_stats_t *dram;         /* nchans */
    uint32_t nchans, nsubs;
} sm_banks_t;

/* The run's timing across its launches: the simulated clock goes on from
 * one kernel to the next (gpu_tot_sim_cycle). */
typedef struct sm_timing {
    sm_params_t P;
    uint64_t tot_cycles, tot_insns, tot_ctas;
    uint64_t tot_sm_cycles, tot_warp_cycles;  /* gpu_tot_occupancy's */
    double tot_seconds;
    FILE *timeline;             /* a CSV sample every timeline_every cycles (sm_run.c); NULL none */
#define SM_TIMELINE_EVERY 1024u /* timeline_every's default */
    uint64_t timeline_every;
    const char *kernel;         /* the launch's name, for the timeline */
    /* The L2 slices (mem_l2_bytes of l2_bytes; NULL before the first timed
     * kernel), which one kernel leaves to the next in place, and what the
     * copy engine wrote since (-gpgpu_perf_sim_memcpy): address and bytes,
     * in order, filled in before the next kernel runs (mem_copy_fill). */
    uint8_t *l2;
    size_t l2_bytes;
    int l2_kept;                /* l2 holds what a kernel left */
    int l2_busy;                /* a launch runs on it (host threads may launch at once) */
    uint64_t *copies;
    uint32_t ncopies, capcopies;
    sm_banks_t banks;           /* the last timed launch's */
    sm_pool_t pool;             /* the CPU runner's blocks from launch to launch */
} sm_timing_t;

/* A copy between host and device of [addr, addr + bytes), either way (as
 * GPGPU-Sim, which fills the L2 for cudaMemcpy of both kinds); nothing when
 * the memory system or -gpgpu_perf_sim_memcpy is off. */
void sm_timing_copied(sm_timing_t *tm, uint64_t addr, uint64_t bytes);
/* The L2 slices of memory system M for a launch, and whether they are
 * fresh (to mem_l2_ready); NULL when out of memory or another launch runs
 * on them (the launch then takes slices of its own, fresh, not kept).
 * sm_l2_give: the launch is over; ready: mem_l2_ready ran on the slices,
 * which now hold what the kernel left. */
uint8_t *sm_l2_take(sm_timing_t *tm, const mem_params_t *M, int *fresh);
void sm_l2_give(sm_timing_t *tm, const uint8_t *l2, int ready);
/* Room in tm for memory system M's per-bank counters (0: out of memory, and
 * the launch's statistics have no per-bank lines); tm->banks.nchans is left 0
 * until a launch fills them. */
int sm_banks_room(sm_timing_t *tm, const mem_params_t *M);
void sm_timing_free(sm_timing_t *tm);

/* A copy of from in to (none when from has none, or out of memory): a
 * launch's record keeps the session's per-bank counters of it (the
 * report's dram_channels and l2_banks arrays). */
void sm_banks_copy(const sm_banks_t *from, sm_banks_t *to);
void sm_banks_free(sm_banks_t *b);

/* The timeline's header line. */
void sm_timeline_header(FILE *f);

/* The parameters of one launch: the session's with the L1D's share of the
 * unified array for the kernel's shared memory (the adaptive split). */
sm_params_t sm_params_for_launch(const sm_params_t *P, const ptx_sched_t *s);

/* Runs g's CTAs through the SM model on `threads` host threads (0: every
 * core), from cycle tm->tot_cycles on; fills r as ptx_run_cpu does and tr,
 * and moves tm's totals on. */
void sm_run_grid(const ptx_grid_t *g, const ptx_sched_t *s, sm_timing_t *tm, int threads, ptx_grid_result_t *r,
                 sm_result_t *tr);

/* The same on the GPU (sm_backend_cuda.cu: the CUDA backend's persistent
 * kernel, a thread an SM, the same block scheduler): every printf record
 * into outs[cta] (their caps given) as ptx_cuda_run does; 0, -1 (a
 * fault: r's), or -2 with err (no device, a CUDA error, built without nvcc). */
int sm_cuda_run_grid(const ptx_grid_t *g, const ptx_sched_t *s, sm_timing_t *tm, ptx_out_t *outs,
                     ptx_grid_result_t *r, sm_result_t *tr, char *err, size_t n);

/* What both runners share: the grid's fault is CTA cta's f unless a lower
 * CTA's came first; an SM's counters added to the grid's; the grid's
 * totals (ending at cycle end) added to the run's. */
void sm_fault_min(ptx_grid_result_t *r, const ptx_fault_t *f, uint64_t cta);
void sm_result_add(sm_result_t *tr, ptx_grid_result_t *r, const sm_stats_t *a, const ptx_stats_t *e);
void sm_timing_account(sm_timing_t *tm, const ptx_grid_result_t *r, sm_result_t *tr, uint64_t end);
/* Are a launch's cycles proven cycle by cycle's (--quantum 1's)? Its own
 * are; the work-group mode's are where no crossbar output ran out of room
 * with packets waiting and no SM was ever owed more answers than its reply
 * output holds: an output's room is counted at the memory phase, from an
 * SM that may be ahead (sm_memphase.h), so where a room could run out a
 * longer phase may serve what cycle by cycle would hold back (tiny
 * -icnt_in_buffer_limit / -icnt_out_buffer_limit). Not proven is not
 * proven wrong: kmeans and spmv owe an SM more than 512 answers on the
 * shipped configs and their cycles are cycle by cycle's. A quantum mode's
 * windows are not claimed to be. */
int sm_cycles_exact(const sm_params_t *P, const sm_result_t *tr);

/* GPGPU-Sim's statistics of one launch (uid from 1), in its format and
 * names (sm_stats.c), so that Accel-Sim's scripts read them; then at the
 * run's end its exit lines. */
void sm_stats_print(FILE *f, const char *kernel, uint32_t uid, uint64_t insns, const sm_result_t *tr,
                    const sm_timing_t *tm, uint32_t nsm);
void sm_stats_end(FILE *f, const sm_timing_t *tm);
/* The memory system's counters of a launch under GPGPU-Sim's names (the
 * stats file prints them; indent: its line starts with a tab), once for
 * the stats file and the JSON report. Nothing without a memory system. */
typedef void (*sm_counter_fn)(void *ctx, const char *key, uint64_t v, int indent);
void sm_mem_counters(const sm_result_t *tr, sm_counter_fn put, void *ctx);
/* Occupancy in percent: resident warps over the warp slots, over the
 * cycles SMs had a CTA. */
double sm_occupancy(const sm_params_t *P, uint64_t warp_cycles, uint64_t sm_cycles);
/* Name i of SM_STALL_LIST. */
const char *sm_stall_name(uint32_t i);

#endif
