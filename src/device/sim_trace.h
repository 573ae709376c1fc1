/* The timing seam: what a step tells a timing model about each instruction
 * it executed, whatever the ISA. Timing models read only this record (and
 * call the functional step); they never re-implement semantics. A step
 * loop fills one only when a model is attached (sim_run_traced, sim_run.h):
 * the loops that run without one are not touched by it.
 *
 *   sim_trace_t t;   filled by the ISA (arm/arm_trace.h), then
 *   sim_timing_record(&model, core, &t);      (timing/timing.h) */
#ifndef SIM_TRACE_H
#define SIM_TRACE_H

#include "sim_port.h"

/* Functional-unit classes: sim_units.def, one list for every ISA. */
typedef enum sim_unit {
#define SIM_UNIT(name, key, pipe) SIM_UNIT_##name,
#include "sim_units.def"
    SIM_UNIT_COUNT
} sim_unit_t;

/* The instruction mix a PTX report counts: each warp instruction once, by
 * its unit, but memory instructions by direction. */
enum { SIM_MIX_LOAD = SIM_UNIT_COUNT, SIM_MIX_STORE, SIM_MIX_ATOMIC, SIM_MIX_COUNT };

/* The reports' name of mix class m: a unit's key (sim_units.def), then the
 * memory directions. Host code. */
static inline const char *sim_mix_key(uint32_t m)
{
    static const char *const keys[SIM_MIX_COUNT] = {
#define SIM_UNIT(name, key, pipe) key,
#include "sim_units.def"
        "load", "store", "atomic"};
    return m < SIM_MIX_COUNT ? keys[m] : "?";
}

/* flags */
#define SIM_TR_EXECUTED 0x01u /* its condition passed (else it retired doing nothing) */
#define SIM_TR_LOAD     0x02u
#define SIM_TR_STORE    0x04u
#define SIM_TR_BRANCH   0x08u /* a control transfer instruction */
#define SIM_TR_TAKEN    0x10u /* ... that went elsewhere than the next instruction */

typedef struct sim_trace {
    uint32_t pc;
    uint32_t op;         /* the ISA's architectural op */
    uint32_t unit;       /* sim_unit_t */
    uint32_t flags;      /* SIM_TR_* */
    uint64_t reads;      /* registers read: bit r for the ISA's register r (ARM: r0-r15, bit 16 the flags) */
    uint64_t writes;     /* registers written, the same numbering */
    uint32_t addr;       /* the first byte of memory accessed (SIM_TR_LOAD, SIM_TR_STORE) */
    uint32_t size;       /* bytes accessed from addr (a multiple: the whole block) */
    uint32_t next;       /* where execution went on */
    uint32_t active;     /* lanes that executed it (PTX, a bit per lane); 1 for a core */
    const uint64_t *lane_addr; /* PTX: each lane's address; NULL for a core */
    /* PTX: registers are slots beyond a 64-bit mask's reach; the record's
     * source and destination slots (the first nread / nwrite of them). */
    const uint32_t *read_slots, *write_slots;
    uint32_t nread, nwrite;
} sim_trace_t;

#endif
