/* The timing models a run can attach (--timing), behind one switch so that
 * the step loops call one function (no function pointers: they do not
 * survive the copy to a GPU). Each model is a header of its own here. */
#ifndef TIMING_H
#define TIMING_H

#include "../sim_core.h"
#include "unit_counts.h"

#define SIM_TIMING_LIST(_) _(NONE, "none") _(UNIT_COUNTS, "unit-counts")

typedef enum sim_timing_kind {
#define SIM_TIMING_ENUM(name, key) SIM_TIMING_##name,
    SIM_TIMING_LIST(SIM_TIMING_ENUM)
#undef SIM_TIMING_ENUM
    SIM_TIMING_COUNT
} sim_timing_kind_t;

/* The kind named key, or -1. */
SIM_FN int sim_timing_by_name(const char *key)
{
    static const char *const keys[SIM_TIMING_COUNT] = {
#define SIM_TIMING_KEY(name, k) k,
        SIM_TIMING_LIST(SIM_TIMING_KEY)
#undef SIM_TIMING_KEY
    };
    for (int i = 0; i < (int)SIM_TIMING_COUNT; i++) {
        const char *a = keys[i], *b = key;
        while (*a && *a == *b)
            a++, b++;
        if (!*a && !*b)
            return i;
    }
    return -1;
}

typedef struct sim_timing {
    uint32_t kind;     /* sim_timing_kind_t */
    uint64_t *counts;  /* UNIT_COUNTS: UNIT_COUNTS_WORDS per core */
} sim_timing_t;

SIM_INLINE void sim_timing_record(const sim_timing_t *tm, uint32_t core, const sim_trace_t *t)
{
    switch (tm->kind) {
    case SIM_TIMING_UNIT_COUNTS:
        unit_counts_record(tm->counts, core, t);
        break;
    }
}

/* After a traced step: whether its instruction retired (not a fault, nor a
 * wait after which it runs again); if it did, its record, completed with
 * where execution went on (taken: a branch that went elsewhere than
 * fallthrough), goes to the model. */
SIM_INLINE int sim_timing_retire(const sim_timing_t *tm, uint32_t core, sim_trace_t *t, uint32_t status,
                                 uint32_t next, uint32_t fallthrough)
{
    if (status == SIM_FAULTED || status == SIM_WAIT_HOST || status == SIM_WAIT_DECODE)
        return 0;
    t->next = next;
    if ((t->flags & SIM_TR_BRANCH) && (t->flags & SIM_TR_EXECUTED) && next != fallthrough)
        t->flags |= SIM_TR_TAKEN;
    sim_timing_record(tm, core, t);
    return 1;
}

#endif
