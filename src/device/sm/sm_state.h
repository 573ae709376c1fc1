/* One simulated SM's state, in one block of memory the host allocates
 * (sm_bytes) and sm_init carves: warp slots, per sub-core its collectors,
 * units, register-bank and result-bus reservations and L0 instruction
 * cache, and the SM's L1 instruction cache, in-flight instructions and
 * resident CTAs. Warp state is kept per slot; what every cycle's scheduler
 * reads first (is there an instruction, is it decoded) is in arrays. */
#ifndef SM_STATE_H
#define SM_STATE_H

#include "device/ptx/ptx_sm.h"
#include "device/sm/sm_params.h"
#include "device/mem/mem_state.h"

#define SM_NONE  0xffffffffu
#define SM_IBUF  2u     /* a warp's instruction buffer (GPGPU-Sim's IBUFFER_SIZE) */
#define SM_SB    32u    /* a warp's register slots with a write in flight */
#define SM_RD    64u    /* ... and with a read pending in a collector */
#define SM_NSRC  6u
#define SM_NDST  5u
#define SM_RING  2048u  /* cycles ahead that write-backs are booked; a power of two */
#define SM_NEVER 0xffffffffffffffffull
/* SASS instructions are 16 bytes: a PTX record stands for one at
 * code_base + 16 x its index (DESIGN.md "The SM model"). */
#define SM_INSN_BYTES 16u
/* A memory instruction's coalesced lines at most: a lane's access of up to
 * 32 bytes is in one line, but local memory puts a lane's words of a vector
 * 128 bytes apart (sm_mem.h). */
#define SM_LINES 128u

/* Memory instruction kinds. */
enum { SM_MEM_NONE, SM_MEM_LD, SM_MEM_ST, SM_MEM_ATOM, SM_MEM_FENCE };
/* Where an access goes. */
enum { SM_SP_GLOBAL, SM_SP_SHARED, SM_SP_LOCAL, SM_SP_CONST };

/* An instruction as the timing model decodes it (the host fills one per
 * record for a launch, sm_decode.c): its unit, latency and initiation, and
 * the register slots it reads and writes (immediates are not registers). */
typedef struct sm_dec {
    uint8_t unit, mem, nsrc, ndst;
    uint16_t lat, ii;
    uint32_t src[SM_NSRC], dst[SM_NDST];
} sm_dec_t;

typedef struct sm_warp {
    ptx_warp_t *w;              /* NULL: a free slot */
    uint32_t cta;               /* its CTA slot */
    uint32_t age;               /* launch order: GTO's and two-level's "oldest" */
    uint32_t ib_pc[SM_IBUF];    /* instruction buffer, oldest first: global record indices */
    uint64_t ib_at[SM_IBUF];    /* the cycle each is decoded */
    uint32_t ib_n;
    uint32_t next_fetch;        /* the next record the fetch unit reads */
    uint64_t fetch_at;          /* an instruction-cache miss outstanding: when its line is in; 0 none */
    uint32_t npend, pend_mem;   /* slots with a write in flight; bit i: pend[i] is a load's */
    uint32_t pend[SM_SB];
    uint32_t nread;
    uint32_t reads[SM_RD];      /* slots collectors have yet to read (write-after-read) */
    uint32_t inflight;          /* issued, not complete */
    uint32_t mem_inflight;      /* memory instructions not complete */
    uint32_t stores;            /* its stores' sectors below not acknowledged yet (sm_gmem.h) */
    uint32_t fence;             /* at a membar/fence: waits for its memory instructions */
    uint32_t active;            /* 2: in the two-level scheduler's active set; 1 resident; 0 free */
} sm_warp_t;

/* A collector unit: one issued instruction gathering its operands. */
typedef struct sm_cu {
    uint32_t warp;              /* SM_NONE: free */
    uint32_t pc;                /* global record index */
    uint32_t left;              /* bit i: src[i] not read yet */
    uint32_t order;             /* issue order, oldest dispatched first */
    uint64_t ready_at;          /* every operand in: dispatchable from this cycle */
    uint32_t ncycles;           /* memory: cycles in the address latch (coalescing, bank passes) */
    uint32_t space;             /* memory: SM_SP_* */
    uint32_t nlines;            /* global and local memory: its lines in sm->lines (sm_mem.h) */
    uint8_t op;                 /* ... and its cache operator (enum cache_op) */
} sm_cu_t;

/* A coalesced request: a 128-byte line and the bytes of it a group of eight
 * lanes touches (bit b of bytes[w]: byte 32w + b; a sector is touched if
 * its word is not 0). */
typedef struct sm_line {
    uint64_t addr;
    uint32_t bytes[4];
    uint32_t cyc;               /* its cycle in the address latch: the line's among the warp's lines */
} sm_line_t;

/* A global or local memory instruction waiting for its sectors from below
 * the L1D (sm_gmem.h): its answers and the cycle the last came in. */
typedef struct sm_ticket {
    uint32_t warp, pc, sub, left; /* left: answers to come; sub: its sub-core */
    uint64_t at;
    uint32_t next;              /* the free list */
} sm_ticket_t;

/* An instruction between dispatch and completion, in a list per cycle. */
typedef struct sm_flight {
    uint32_t next;              /* next in its cycle's list; SM_NONE: last */
    uint32_t warp, pc;
} sm_flight_t;

typedef struct sm_sub {
    uint32_t last;              /* the warp slot issued last (GTO's greedy one, LRR's start) */
    uint32_t cu_busy;           /* bit k: its collector k (sm->cus[s x collectors + k]) holds an instruction */
    uint32_t cu_reading;        /* ... and has operands left to read */
    uint32_t fetch_rr;          /* the fetch unit's round-robin position */
    uint32_t seen;              /* what its scheduler saw last cycle (SM_STALL_*) */
    uint64_t fetch_mask;        /* bit k: warp slot s + k x nsub may want a fetch (every one that
                                 * does has its bit; the fetch unit clears those that never will
                                 * until their buffer drains: sm_fetch_mark) */
    uint64_t live;              /* bit k: warp slot s + k x nsub holds a warp (LRR's and GTO's candidates) */
    uint32_t id_oc[SM_UNIT_COUNT]; /* instructions of each unit kind issued in cycle id_oc_at (the latch
                                 * empties into a collector by the next): sm_id_oc */
    uint64_t id_oc_at;
    uint32_t n_age;
    uint8_t by_age[64];         /* its resident warps' slots, oldest first (GTO's order, kept as
                                 * warps come and go rather than sorted each cycle) */
} sm_sub_t;

/* A resident CTA: the executor's state of it (ptx_sm.h), on the host's memory. */
typedef struct sm_cta {
    ptx_sm_cta_t *R;            /* NULL: a free slot */
    uint32_t cta;               /* its index in the grid */
    uint32_t warps;             /* warp slots it holds, not yet freed */
    uint32_t arrived;           /* a warp reached a barrier this cycle */
    uint64_t done_at;           /* the cycle its last warp left (warps == 0) */
} sm_cta_t;

/* What a warp scheduler saw in a cycle: _(NAME, "key", rank). A scheduler
 * that issues nothing counts the highest-ranked of its warps' states: the
 * one furthest along the pipeline (sm_schedule). The statistics name them
 * by key (sm_stats.c). */
#define SM_STALL_LIST(_)                                                                          \
    _(ISSUED, "issued", 6) _(IDLE, "idle", 0) _(SCOREBOARD, "scoreboard", 3)                      \
    _(MEMORY, "memory", 3) _(BARRIER, "barrier", 2) _(COLLECTOR, "collector", 5) _(FETCH, "fetch", 1)
typedef enum {
#define SM_STALL_ENUM(name, key, rank) SM_STALL_##name,
    SM_STALL_LIST(SM_STALL_ENUM)
#undef SM_STALL_ENUM
    SM_STALL_COUNT
} sm_stall_t;

typedef struct sm_stats {
    uint64_t cycles;            /* cycles with a CTA resident */
    uint64_t warp_insns;
    uint64_t lanes;             /* active lanes of the issued instructions */
    uint64_t warp_cycles;       /* resident warps summed over cycles: the occupancy */
    uint64_t stall[SM_STALL_COUNT];     /* scheduler-cycles by what the scheduler saw */
    uint64_t issued_lanes[33];  /* scheduler-cycles that issued a warp of N active lanes */
    uint64_t bank_conflicts;    /* operand reads a bank's ports refused */
    uint64_t result_bus_stalls; /* dispatches a write-back's port or bus refused */
    uint64_t shmem_accesses, shmem_conflict_passes;
    uint64_t gmem_ld, gmem_st, gmem_atom, gmem_requests, gmem_sectors, local_requests, const_requests;
    uint64_t l0i_access, l0i_miss, l1i_access, l1i_miss;
    uint64_t ctas;
    uint64_t l1d_stalls;        /* memory dispatches refused: no room in the L1D's MSHRs or the SM's queues */
    uint64_t icnt_stalls;       /* ... of them, because its crossbar input was full (-icnt_in_buffer_limit) */
    uint64_t wb_dropped;        /* L1D write-backs the full outbox had no room for (timing only) */
    uint64_t reply_risk;        /* requests sent while more answers were owed the SM than its reply output
                                   holds: that room may have run out (sm_send; sm_cycles_exact) */
    cache_stats_t l1d;          /* the L1D's, copied at each memory phase (sm_memphase.h) */
} sm_stats_t;

typedef struct sm {
    const sm_params_t *P;
    const sm_dec_t *dec;        /* per global record of the program */
    const ptx_prog_t *prog;
    uint64_t code_base;         /* the kernel's instruction addresses */
    uint32_t id;
    uint32_t max_ctas;
    uint64_t now;               /* this SM's cycle in the kernel */
    uint64_t clock;             /* now + the kernel's start: %clock */
    sm_warp_t *warps;
    uint8_t *sleep;             /* per warp slot: 0, or the stall (SM_STALL_*) it is known to be in
                                 * until an event that ends it (sm_warp_look, sm_wake) */
    sm_sub_t *subs;
    sm_cu_t *cus;               /* nsub x collectors */
    uint64_t *unit_free;        /* nsub x units: the cycle each takes its next instruction */
    uint8_t *wb;                /* SM_RING x nsub x (1 + banks): write-backs booked (sm_wb) */
    uint32_t *ring;             /* SM_RING: first flight completing at that cycle */
    uint32_t *ring_tail;
    sm_flight_t *flights;
    uint32_t free_flight, live_flights;
    uint32_t flights_used;      /* flights[flights_used..]: never used yet (not cleared: taken in order) */
    uint64_t *l0i;              /* nsub x sets x ways: tag << 1 | valid, and next to it the last use */
    uint64_t *l1i;
    uint64_t l1i_free, smem_free, l1d_free, const_free; /* the shared structures' next free cycle */
    sm_cta_t *ctas;
    sm_line_t *lines;           /* nsub x collectors x SM_LINES: each collector's instruction's lines */
    uint32_t resident;          /* CTAs */
    uint32_t warps_resident;
    uint32_t order;             /* issue counter */
    uint32_t next_age;
    uint32_t retire;            /* a warp may have finished: look */
    uint32_t exited;            /* warps that exited and still hold their slots (sm_retire looks only then) */
    int fault;                  /* a CTA faulted: its fault is in its ptx_fault_t */
    uint32_t fault_cta;
    int stuck;                  /* CTAs resident and nothing can ever move (sm_run) */
    /* work-group parallel mode (P->wg_parallel, sm_grid.h): set by the block scheduler before a round */
    uint8_t wg_stop;            /* stop at the end of a cycle in which a CTA ended (CTAs wait for a slot) */
    uint8_t parked;             /* it did: idle until the scheduler starts the next CTA at its cycle */
    uint32_t ended;             /* CTAs ended since the scheduler last looked */
    uint64_t wg_safe;           /* no answer from below that is not in yet comes before this cycle */
    uint64_t icnt_at;           /* the last memory phase's horizon: the cycle icnt_waiting counts at */
    /* the memory system (P->mem.on): the L1D, its requests below and their answers */
    cache_t *l1d;
    mem_req_t *out;             /* requests sent this window, in send order (the memory phase takes them) */
    uint32_t nout, out_cap;
    mem_req_t *in;              /* answers, a ring in arrival order */
    uint32_t in_h, in_n, in_cap;
    sm_ticket_t *tix;
    uint32_t ntix, tix_free;
    uint32_t mem_wait;          /* answers the SM waits for */
    uint64_t inject_free;       /* the next cycle a flit may enter its crossbar input */
    uint32_t icnt_waiting;      /* its requests that waited to cross at the last phase's end (sm_mem_gather) */
    sm_stats_t st;
} sm_t;

/* Warp slot i's buffer has room again (or it is new): its fetch bit. */
SIM_INLINE void sm_fetch_mark(sm_t *sm, uint32_t i)
{
    sm->subs[i % sm->P->nsub].fetch_mask |= 1ull << (i / sm->P->nsub);
}

/* Warp slot i may have left the stall it sleeps in (a register it waits
 * for was written or read, a memory instruction of it completed, its
 * CTA's barrier released): its scheduler looks at it again. */
SIM_INLINE void sm_wake(sm_t *sm, uint32_t i) { sm->sleep[i] = 0; }



SIM_INLINE uint32_t sm_units_per_sub(const sm_params_t *P)
{
    uint32_t n = 0;
    for (uint32_t k = 0; k < SM_UNIT_COUNT; k++)
        n += P->units[k];
    return n;
}

/* The first unit of kind k in a sub-core's row of unit_free. */
SIM_INLINE uint32_t sm_unit_first(const sm_params_t *P, uint32_t k)
{
    uint32_t n = 0;
    for (uint32_t i = 0; i < k; i++)
        n += P->units[i];
    return n;
}

SIM_INLINE size_t sm_align(size_t v) { return (v + 63) & ~(size_t)63; }

/* The memory system's queues of an SM: its outbox (mem_outbox_cap), the
 * answers it may wait for, the memory instructions in flight. */
SIM_INLINE uint32_t sm_out_cap(const sm_params_t *P) { return mem_outbox_cap(&P->mem, P->cta_quantum); }
SIM_INLINE uint32_t sm_in_cap(const sm_params_t *P) { return 32u * P->max_warps + 512u; }
/* Answers an SM's reply output may hold: the crossbar's output buffer
 * (-icnt_out_buffer_limit), or the SM's inbox where that is smaller. */
SIM_INLINE uint32_t sm_reply_room(const sm_params_t *P)
{
    uint32_t inbox = sm_in_cap(P);
    return P->mem.out_limit < inbox ? P->mem.out_limit : inbox;
}
SIM_INLINE uint32_t sm_tickets(const sm_params_t *P) { return 4u * P->max_warps + 16u; }

/* Bytes of an SM's state that start as zeros: everything before its
 * in-flight instructions (taken in order, each written when taken), the
 * collectors' lines, the L1D (which cache_init clears) and the queues
 * (written before read). */
SIM_FN size_t sm_bytes_cleared(const sm_params_t *P, uint32_t max_ctas)
{
    size_t n = sm_align(sizeof(sm_t));
    n += sm_align(sizeof(sm_warp_t) * P->max_warps);
    n += sm_align(P->max_warps);
    n += sm_align(sizeof(sm_sub_t) * P->nsub);
    n += sm_align(sizeof(sm_cu_t) * P->nsub * P->collectors);
    n += sm_align(sizeof(uint64_t) * P->nsub * sm_units_per_sub(P));
    n += sm_align((size_t)SM_RING * P->nsub * (P->banks + 1));
    n += sm_align(sizeof(uint32_t) * SM_RING * 2);
    n += sm_align(sizeof(uint64_t) * 2 * P->nsub * P->l0i_sets * P->l0i_ways);
    n += sm_align(sizeof(uint64_t) * 2 * P->l1i_sets * P->l1i_ways);
    n += sm_align(sizeof(sm_cta_t) * max_ctas);
    return n;
}

/* Bytes of an SM's state with max_ctas CTA slots. */
SIM_FN size_t sm_bytes(const sm_params_t *P, uint32_t max_ctas)
{
    size_t n = sm_bytes_cleared(P, max_ctas);
    n += sm_align(sizeof(sm_flight_t) * 2 * P->nsub * SM_RING);
    n += sm_align(sizeof(sm_line_t) * P->nsub * P->collectors * SM_LINES);
    if (P->mem.on) {
        n += sm_align(cache_bytes(&P->mem.l1d));
        n += sm_align(sizeof(mem_req_t) * sm_out_cap(P)) + sm_align(sizeof(mem_req_t) * sm_in_cap(P));
        n += sm_align(sizeof(sm_ticket_t) * sm_tickets(P));
    }
    return n;
}

/* SM id's state in mem (sm_bytes long), empty, at cycle 0. */
SIM_FN sm_t *sm_init(void *mem, const sm_params_t *P, uint32_t max_ctas, uint32_t id)
{
    sim_zero(mem, sm_bytes_cleared(P, max_ctas));
    uint8_t *m = (uint8_t *)mem;
    sm_t *sm = (sm_t *)m;
    size_t o = sm_align(sizeof(sm_t));
#define SM_CARVE(field, type, count) sm->field = (type *)(m + o), o += sm_align(sizeof(type) * (count))
    SM_CARVE(warps, sm_warp_t, P->max_warps);
    SM_CARVE(sleep, uint8_t, P->max_warps);
    SM_CARVE(subs, sm_sub_t, P->nsub);
    SM_CARVE(cus, sm_cu_t, P->nsub * P->collectors);
    SM_CARVE(unit_free, uint64_t, P->nsub * sm_units_per_sub(P));
    SM_CARVE(wb, uint8_t, (size_t)SM_RING * P->nsub * (P->banks + 1));
    SM_CARVE(ring, uint32_t, SM_RING * 2);
    SM_CARVE(l0i, uint64_t, 2 * P->nsub * P->l0i_sets * P->l0i_ways);
    SM_CARVE(l1i, uint64_t, 2 * P->l1i_sets * P->l1i_ways);
    SM_CARVE(ctas, sm_cta_t, max_ctas);
    SM_CARVE(flights, sm_flight_t, 2 * P->nsub * SM_RING);
    SM_CARVE(lines, sm_line_t, P->nsub * P->collectors * SM_LINES);
    if (P->mem.on) {
        sm->l1d = cache_init(m + o, &P->mem.l1d);
        o += sm_align(cache_bytes(&P->mem.l1d));
        SM_CARVE(out, mem_req_t, sm_out_cap(P));
        SM_CARVE(in, mem_req_t, sm_in_cap(P));
        SM_CARVE(tix, sm_ticket_t, sm_tickets(P));
        sm->out_cap = sm_out_cap(P);
        sm->in_cap = sm_in_cap(P);
        sm->ntix = sm_tickets(P);
        for (uint32_t i = 0; i < sm->ntix; i++)
            sm->tix[i].next = i + 1 < sm->ntix ? i + 1 : SM_NONE;
    }
#undef SM_CARVE
    sm->ring_tail = sm->ring + SM_RING;
    sm->P = P;
    sm->id = id;
    sm->max_ctas = max_ctas;
    for (uint32_t i = 0; i < SM_RING; i++)
        sm->ring[i] = sm->ring_tail[i] = SM_NONE;
    sm->free_flight = SM_NONE; /* and flights_used 0 */
    for (uint32_t i = 0; i < P->nsub * P->collectors; i++)
        sm->cus[i].warp = SM_NONE;
    for (uint32_t i = 0; i < P->max_warps; i++)
        sm->warps[i].cta = SM_NONE;
    for (uint32_t s = 0; s < P->nsub; s++)
        sm->subs[s].last = SM_NONE; /* not slot 0: sub-core 0's, which another's GTO would put first */
    return sm;
}

#endif
