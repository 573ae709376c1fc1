/* The state of a CTA's warps while the executor runs them: a warp's
 * register file (structure of arrays: slot s of lane l at regs[s * 32 + l]),
 * its SIMT reconvergence stack and call frames; the CTA's shared and local
 * memory and barriers. One definition for the CPU (a warp instruction is a
 * loop over 32 lanes) and the GPU (a CUDA thread per lane): PTX_LANES. */
#ifndef PTX_EXEC_STATE_H
#define PTX_EXEC_STATE_H

#include "device/ptx/ptx_prog.h"

/* PTX_LANE_THREADS: a CUDA thread per lane, as the functional CUDA backend
 * runs (ptx_backend_cuda.cu). A translation unit that defines
 * PTX_SERIAL_WARPS before including the executor runs a warp on one thread
 * on the GPU as on the CPU (the timing model's kernel, sm_backend_cuda.cu:
 * one thread steps an SM and its warps). */
#if defined(__CUDA_ARCH__) && !defined(PTX_SERIAL_WARPS)
#define PTX_LANE_THREADS 1
#endif

#ifdef PTX_LANE_THREADS
/* One CUDA thread per lane: the loop is that lane; per-lane temporaries are
 * scalars; lane 0 writes the warp's shared control state. */
#define PTX_LANES(l) for (uint32_t l = threadIdx.x & 31u, once_##l = 1; once_##l; once_##l = 0)
#define PTX_NL 1
#define PTX_LI(l) 0
#define PTX_WARP_SYNC() __syncwarp()
#define PTX_LEADER() ((threadIdx.x & 31u) == 0)
#else
#define PTX_LANES(l) for (uint32_t l = 0; l < 32; l++)
#define PTX_NL 32
#define PTX_LI(l) (l)
#define PTX_WARP_SYNC() ((void)0)
#define PTX_LEADER() 1
#endif

#define PTX_NBARRIERS 16

/* A thread group: lanes of a warp at one pc (from sm_70 on each thread has
 * its own pc: Volta's independent thread scheduling). A function's groups
 * are a stack whose top runs; the masks are disjoint. A WAITER holds the
 * lanes that reached the reconvergence pc (the branch's immediate
 * post-dominator) of the groups above it, until those arrive there too:
 * structured code runs converged, as on the hardware. A group that spins
 * on memory another group of its warp must change yields to it
 * (ptx_exec_its.h), and one that reaches a CTA barrier or a collective
 * whose member lanes are elsewhere waits while the others run. */
typedef struct ptx_simt {
    uint32_t pc;    /* where these lanes go on */
    uint32_t rpc;   /* where they meet the WAITER at that pc; PTX_NOSLOT: never (a function's base) */
    uint32_t mask;
    uint32_t state; /* PTX_G_* */
} ptx_simt_t;

#define PTX_G_WAITER  0x01u /* the reconvergence point of groups above it */
#define PTX_G_BAR     0x02u /* arrived at a CTA barrier, its id in bits 8..15; pc past it */
#define PTX_G_SYNC    0x04u /* at a collective or bar.warp.sync whose member lanes are elsewhere; pc at it */
#define PTX_G_SPUN    0x08u /* yielded because it spins: the last to run again */
#define PTX_G_BLOCKED (PTX_G_BAR | PTX_G_SYNC)
#define PTX_G_BAR_ID(s) (((s) >> 8) & 0xffu)

typedef struct ptx_frame {
    uint32_t func;       /* the caller's function, to return to */
    uint32_t call_pc;    /* the call record, in the caller */
    uint32_t simt_base;  /* the callee's first SIMT entry */
    uint32_t reg_base;   /* the caller's register frame (slots from the stack's start) */
    uint32_t local_base; /* the caller's local frame */
    uint32_t callee;
    uint32_t call_mask;   /* the lanes that called, still there */
    uint32_t ret_entry;   /* the caller's group they rejoin on return */
} ptx_frame_t;

/* A warp: runs; every group waits at a CTA barrier; done. */
enum { PTX_W_RUN, PTX_W_BAR, PTX_W_DONE };
/* A step's outcome; PTX_STEP_WAIT: the group waits for member lanes
 * (internal to ptx_step). */
enum { PTX_STEP_OK, PTX_STEP_BAR, PTX_STEP_DONE, PTX_STEP_FAULT, PTX_STEP_WAIT };

typedef struct ptx_warp {
    uint64_t *stack;        /* register frames, slots x 32 lanes each */
    uint64_t *regs;         /* the current frame: stack + reg_base * 32 */
    ptx_simt_t *simt;
    ptx_frame_t *frames;
    uint32_t func, reg_base, local_base;
    uint32_t sp, depth;     /* SIMT entries, call frames */
    uint32_t exited;        /* lanes that exited */
    uint32_t state;         /* PTX_W_* */
    uint32_t yield;         /* a group took a backward branch: the runner may switch warps */
    uint32_t spins;         /* backward branches of the top group that repeated its memory accesses */
    uint64_t iter_sig, spin_sig; /* this and the last iteration's memory accesses, hashed */
    uint32_t index;         /* warp in the CTA */
    uint8_t cc[32];         /* the carry flag of each lane (add.cc, addc) */
    uint32_t max_slots, max_local;
    uint32_t max_depth;     /* its call frames (ptx_layout: the kernel's deepest static chain) */
    uint64_t icount;        /* warp instructions it executed: %clock */
    int rc;                 /* GPU: the step's outcome, lane 0's, for every lane */
} ptx_warp_t;

typedef struct ptx_barrier {
    uint32_t arrived, expected; /* threads; expected 0: every thread not exited */
    uint32_t red_popc, red_and, red_or;
    uint32_t waiting;           /* groups waiting at it */
} ptx_barrier_t;

/* What a CTA's warps share and change as they run: its barriers and the
 * threads not exited (on the GPU in the block's shared memory, changed
 * with atomics; ptx_sm.h releases the barriers between turns). */
typedef struct ptx_cta_state {
    ptx_barrier_t bars[PTX_NBARRIERS];
    uint32_t live_threads;
} ptx_cta_state_t;

/* Changes to the CTA's state by one warp's leader while others may too. */
SIM_INLINE void ptx_atomic_add(uint32_t *p, uint32_t v)
{
#ifdef __CUDA_ARCH__
    atomicAdd(p, v);
#else
    *p += v;
#endif
}

SIM_INLINE void ptx_atomic_and(uint32_t *p, uint32_t v)
{
#ifdef __CUDA_ARCH__
    atomicAnd(p, v);
#else
    *p &= v;
#endif
}

SIM_INLINE void ptx_atomic_or(uint32_t *p, uint32_t v)
{
#ifdef __CUDA_ARCH__
    atomicOr(p, v);
#else
    *p |= v;
#endif
}

typedef struct ptx_ctx {
    const ptx_grid_t *g;
    const ptx_prog_t *p;
    uint8_t *shared;
    uint64_t shared_size;
    uint8_t *reserved_smem;     /* PTX_RESERVED_SMEM bytes at shared address PTX_RESERVED_SMEM_AT */
    uint8_t *local;             /* lane t's local memory at local + t * local_per_lane */
    uint32_t local_per_lane;
    uint32_t ctaid[3];
    uint32_t cta, sm, nthreads, nwarps;
    ptx_cta_state_t *cs;        /* the CTA's barriers and live threads (shared by its warps) */
    ptx_stats_t *st;
    ptx_out_t *out;
    ptx_fault_t *f;
    sim_trace_t *tr;            /* the timing record being filled; NULL: none */
    uint64_t *lane_addr;        /* its per-lane addresses */
    uint32_t polled;            /* CPU, cooperative grids: 1 + the warp that loaded the grid barrier's word */
    const struct ptx_rec *poll; /* ... and its load (the warp may be past it when the SM model looks) */
    struct ptx_race *race;      /* CPU, --racecheck: the CTA's shadow words (src/host/ptx/ptx_race.c); NULL: off */
    const uint64_t *clock;      /* timing: its SM's cycle (%clock, %globaltimer); NULL: the warp's instructions */
    double ns_per_cycle;        /* ... at the config's core clock */
} ptx_ctx_t;

#ifndef __CUDA_ARCH__
#ifdef __cplusplus
extern "C"
#endif
/* --racecheck's hook on loads and stores (the CPU backend's: ptx_race.h). */
void ptx_race_access(ptx_ctx_t *c, const ptx_warp_t *w, const ptx_rec_t *r, uint32_t exec, int write);
/* --memcheck's hook on every checked access (the CPU backend's: ptx_memcheck.h). */
void ptx_memcheck_access(ptx_ctx_t *c, const ptx_warp_t *w, const ptx_rec_t *r, uint32_t exec, int write);
#ifdef __cplusplus
extern "C"
#endif
/* ... and on a barrier's release: the CTA's next epoch. */
void ptx_race_barrier(struct ptx_race *r);
#endif

SIM_INLINE uint32_t ptx_popc(uint32_t m)
{
#ifdef __CUDA_ARCH__
    return (uint32_t)__popc(m);
#else
    /* SWAR: no -mpopcnt here, and libgcc's call costs a warp step 3% */
    m = m - ((m >> 1) & 0x55555555u);
    m = (m & 0x33333333u) + ((m >> 2) & 0x33333333u);
    return (((m + (m >> 4)) & 0x0f0f0f0fu) * 0x01010101u) >> 24;
#endif
}

SIM_INLINE uint32_t ptx_ffs(uint32_t m) /* lowest set bit's index; m != 0 */
{
#ifdef __CUDA_ARCH__
    return (uint32_t)__ffs((int)m) - 1u;
#else
    return (uint32_t)__builtin_ctz(m);
#endif
}

/* A fault of this warp at its pc: the launch's status. */
SIM_FN int ptx_fault(ptx_ctx_t *c, const ptx_warp_t *w, const ptx_rec_t *r, uint32_t code, uint32_t lane,
                     uint64_t addr)
{
    ptx_fault_t *f = c->f;
#ifdef __CUDA_ARCH__ /* the first of the CTA's warps to fault fills it */
    int first = PTX_LEADER() && atomicCAS(&f->code, PTX_FAULT_NONE, code) == PTX_FAULT_NONE;
#else
    int first = f->code == PTX_FAULT_NONE;
#endif
    if (first) {
        f->code = code;
        f->cta = c->cta;
        f->warp = w->index;
        f->lane = lane;
        f->func = w->func;
        f->pc = w->sp ? w->simt[w->sp - 1].pc : 0;
        f->line = r ? r->line : 0;
        f->col = r ? r->col : 0;
        f->addr = addr;
    }
    return PTX_STEP_FAULT;
}

/* The lanes of the top SIMT entry whose guard passes. */
SIM_INLINE uint32_t ptx_guard_mask(const ptx_warp_t *w, const ptx_rec_t *r, uint32_t active)
{
    if (r->guard == PTX_NOSLOT)
        return active;
    const uint64_t *p = w->regs + (size_t)r->guard * 32;
    uint32_t m = 0;
    for (uint32_t l = 0; l < 32; l++)
        m |= (uint32_t)(p[l] & 1u) << l;
    return active & (r->guard_neg ? ~m : m);
}

#endif
