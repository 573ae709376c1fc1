/* A cache's counters with GPGPU-Sim's meaning (gpu-cache.h cache_stats):
 * accesses by access type and outcome, and reservation fails by reason.
 * The stats lines they feed (printing is not here):
 *   L1D_total_cache_accesses   sum over types of HIT + HIT_RESERVED + MISS + SECTOR_MISS
 *   L1D_total_cache_misses     sum of MISS + SECTOR_MISS
 *   L1D_total_cache_pending_hits, _reservation_fails: HIT_RESERVED, RESERVATION_FAIL
 *   L2_total_cache_accesses, _misses, ...: the same over every L2 slice
 *   \tL2_cache_stats_breakdown[GLOBAL_ACC_R][HIT] = N   one line per [type][status] cell
 *   L2_total_cache_reservation_fail_breakdown: [type][fail reason] cells */
#ifndef MEM_CACHE_STATS_H
#define MEM_CACHE_STATS_H

#include "device/sim_port.h"

/* GPGPU-Sim's mem_access_type, in its order (abstract_hardware_model.h),
 * and CHIPLET_ACC_R of its chiplet L2 (Accel-Sim's H100 model): the home
 * half's access for a read the other half missed, counted apart from the
 * SMs' (mem_part.h mem_xtake), as the card's lts__t_sectors_srcunit_tex
 * counters count only what the SMs ask. */
#define CACHE_ACCESS_TYPES(X)                                                                          \
    X(GLOBAL_ACC_R) X(LOCAL_ACC_R) X(CONST_ACC_R) X(TEXTURE_ACC_R) X(GLOBAL_ACC_W) X(LOCAL_ACC_W)    \
    X(L1_WRBK_ACC) X(L2_WRBK_ACC) X(INST_ACC_R) X(L1_WR_ALLOC_R) X(L2_WR_ALLOC_R) X(CHIPLET_ACC_R)
/* cache_request_status; MSHR_HIT counts a miss merged into an in-flight
 * one of an on-fill cache (the tags knew nothing of it). */
#define CACHE_STATUSES(X) X(HIT) X(HIT_RESERVED) X(MISS) X(RESERVATION_FAIL) X(SECTOR_MISS) X(MSHR_HIT)
/* cache_reservation_fail_reason (GPGPU-Sim's spelling, ENRTY included). */
#define CACHE_FAILS(X) X(LINE_ALLOC_FAIL) X(MISS_QUEUE_FULL) X(MSHR_ENRTY_FAIL) X(MSHR_MERGE_ENRTY_FAIL) X(MSHR_RW_PENDING)

#define CACHE_STAT_ENUM(name) CACHE_##name,
enum cache_access_type { CACHE_ACCESS_TYPES(CACHE_STAT_ENUM) CACHE_NTYPES };
enum cache_status { CACHE_STATUSES(CACHE_STAT_ENUM) CACHE_NSTATUS };
enum cache_fail { CACHE_FAILS(CACHE_STAT_ENUM) CACHE_NFAILS };
#undef CACHE_STAT_ENUM

typedef struct cache_stats {
    uint64_t acc[CACHE_NTYPES][CACHE_NSTATUS];
    uint64_t fail[CACHE_NTYPES][CACHE_NFAILS];
} cache_stats_t;

/* GPGPU-Sim's cache_sub_stats: what the _total_ lines print. */
typedef struct cache_totals {
    uint64_t accesses, misses, pending_hits, res_fails;
} cache_totals_t;

SIM_FN cache_totals_t cache_stats_totals(const cache_stats_t *s)
{
    cache_totals_t t = {0, 0, 0, 0};
    for (uint32_t k = 0; k < CACHE_NTYPES; k++) {
        const uint64_t *a = s->acc[k];
        t.accesses += a[CACHE_HIT] + a[CACHE_HIT_RESERVED] + a[CACHE_MISS] + a[CACHE_SECTOR_MISS];
        t.misses += a[CACHE_MISS] + a[CACHE_SECTOR_MISS];
        t.pending_hits += a[CACHE_HIT_RESERVED];
        t.res_fails += a[CACHE_RESERVATION_FAIL];
    }
    return t;
}

#endif
