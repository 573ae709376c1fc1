/* The simplest timing model: per core, how many instructions each
 * functional unit executed (and how many of them were loads, stores,
 * taken branches). It times nothing; it shows the seam carries what a
 * model needs, and gives a report its instruction mix. */
#ifndef TIMING_UNIT_COUNTS_H
#define TIMING_UNIT_COUNTS_H

#include "../sim_trace.h"

/* Counters per core, after the unit classes. */
enum { UNIT_COUNTS_LOADS = SIM_UNIT_COUNT, UNIT_COUNTS_STORES, UNIT_COUNTS_TAKEN, UNIT_COUNTS_WORDS };

SIM_INLINE void unit_counts_record(uint64_t *counts, uint32_t core, const sim_trace_t *t)
{
    uint64_t *row = counts + (uint64_t)core * UNIT_COUNTS_WORDS;
    row[t->unit]++;
    if (!(t->flags & SIM_TR_EXECUTED))
        return;
    row[UNIT_COUNTS_LOADS] += (t->flags & SIM_TR_LOAD) != 0;
    row[UNIT_COUNTS_STORES] += (t->flags & SIM_TR_STORE) != 0;
    row[UNIT_COUNTS_TAKEN] += (t->flags & SIM_TR_TAKEN) != 0;
}

#endif
