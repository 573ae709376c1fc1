/* What the host's lockstep engines share with their callers (issue 30):
 * the lanes of a chunk and the counts of how full the groups were. The
 * engines are per ISA (arm/fast/arm_lockstep.h, x86/fast/x86_lockstep.h);
 * their group machinery is one (lk_groups.h). */
#ifndef SIM_LOCKSTEP_H
#define SIM_LOCKSTEP_H

#include <stdint.h>

/* Lanes of a chunk: what a 32-wide warp has on the GPU. */
#define LOCKSTEP_LANES 32u

/* How full the groups were: records run (once per group) and lane steps
 * (one per core and record); their ratio is the lanes a record served. */
typedef struct lockstep_stats {
    uint64_t records;
    uint64_t lane_steps;
} lockstep_stats_t;

#endif
