/* What the SM model needs of a GPU config, as plain numbers the host fills
 * from gpu_config_t (src/host/ptx/sm_params.c) and device code reads: per
 * sub-core where the model is per sub-core (seed 003: four sub-cores, warps
 * on sub-core warp_id % 4, each with its own units, collectors and register
 * banks). */
#ifndef SM_PARAMS_H
#define SM_PARAMS_H

#include "device/ptx/ptx_ops.h"
#include "device/mem/mem_params.h"

typedef enum {
#define SM_UNIT(name, key, option, id_oc, oc_ex) SM_UNIT_##name,
#include "device/sm/sm_units.def"
    SM_UNIT_COUNT
} sm_unit_t;

/* Warp schedulers (-gpgpu_scheduler). */
#define SM_SCHED_LIST(_) _(LRR, "lrr") _(GTO, "gto") _(TWO_LEVEL, "two_level_active")
typedef enum {
#define SM_SCHED_ENUM(name, key) SM_SCHED_##name,
    SM_SCHED_LIST(SM_SCHED_ENUM)
#undef SM_SCHED_ENUM
    SM_SCHED_COUNT
} sm_sched_t;

/* The work-group parallel mode's default top-point stride, in cycles:
 * long, since an SM stops by itself where it must (sm_grid.h). */
#define SM_WG_TOP 1000u

typedef struct sm_params {
    uint32_t nsub;                     /* sub-cores: warp schedulers an SM */
    uint32_t max_warps;                /* warp slots an SM */
    uint32_t sched, two_level_active;  /* sm_sched_t; two-level: warps in the active set */
    uint32_t issue_per_warp;           /* instructions a warp may issue a cycle */
    uint32_t dual_diff_units;          /* a second one only to another unit kind */
    uint32_t units[SM_UNIT_COUNT];     /* a sub-core's units of each kind */
    uint32_t runs_on[SM_UNIT_COUNT];   /* the kind that runs each kind's instructions (where an SM has none of it) */
    uint32_t id_oc[SM_UNIT_COUNT];     /* a sub-core's issue-to-collector latch: instructions of each kind it takes a cycle */
    uint32_t result_buses;             /* a sub-core's write-backs a cycle */
    uint32_t collectors;               /* a sub-core's collector units */
    uint32_t banks, bank_ports;        /* a sub-core's register banks; ports each, reads and writes shared */
    uint32_t lat_int[6], lat_fp[5], lat_dp[5], lat_sfu, lat_tensor; /* ADD MAX MUL MAD DIV (SHFL) */
    uint32_t ii_int[6], ii_fp[5], ii_dp[5], ii_sfu, ii_tensor;      /* initiation intervals, the same */
    uint32_t iline;                    /* instruction cache line, bytes */
    uint32_t l0i_sets, l0i_ways;       /* a sub-core's L0 instruction cache */
    uint32_t l1i_sets, l1i_ways;       /* the SM's L1 instruction cache */
    uint32_t perfect_icache;           /* every fetch hits */
    uint32_t l1i_latency;              /* an L0 miss that hits in the L1I */
    uint32_t imiss_latency;            /* ... that misses it too */
    uint32_t shmem_banks;
    uint32_t smem_latency;             /* shared memory */
    uint32_t gmem_latency;             /* global and local memory, until the memory system models them */
    uint32_t const_latency;            /* constant and parameter space */
    uint32_t launch_latency;           /* cycles before a kernel's first CTA starts */
    uint32_t cta_quantum;              /* cycles between the block scheduler's looks (sm_run.h) */
    uint32_t wg_parallel;              /* seed 000's work-group parallel mode (--sync workgroup; sm_grid.h) */
    double clock_mhz;                  /* the core clock: %globaltimer, seconds */
    mem_params_t mem;                  /* the memory system behind the coalescer; mem.on 0: gmem_latency */
} sm_params_t;

#endif
