/* The seam between the PTX executor (src/device/ptx/, src/host/ptx/ptx_lower.c)
 * and the launcher (src/host/ptx/ptx_launch*.c, the `warpsim ptx` command):
 * a lowered program, a grid to run, and one call that runs one CTA of it to
 * completion. The launcher places CTAs on simulated SMs (its block
 * scheduler), runs them on host threads (CPU backend) or hands the grid to
 * the CUDA backend, and reports the counters.
 *
 * Conventions every part keeps:
 *   - Target addresses are 64-bit (nvcc and clang emit .address_size 64).
 *     Global memory is one arena, ptx_gmem_t: target address `lo` is host
 *     byte base[0]; host memory a program maps into the device's space
 *     (cudaHostRegisterMapped) is more such windows, `mapped`. A generic
 *     address outside the shared, local and const windows (PTX_WIN_* below)
 *     is a global one (cvta.to.global is the identity).
 *   - printf (a call to vprintf) appends a record to the CTA's ptx_out_t, as
 *     CUDA's device printf buffer does; the host formats the records after
 *     the grid, in CTA order (ptx_printf_format, host side).
 *   - A fault inside a kernel (bad address, trap, misaligned access, a
 *     barrier some threads never reach) is that launch's status, with the
 *     CTA, warp, lane, pc and PTX source line; never a host crash.
 */
#ifndef PTX_GRID_H
#define PTX_GRID_H

#include "device/sim_port.h"
#include "device/sim_trace.h"

/* Windows of the generic address space (PTX ISA 6.4.1.1: generic addressing).
 * A generic address in [PTX_WIN_SHARED, + PTX_WIN_SIZE) is that offset in the
 * CTA's shared memory; likewise local (the lane's own frame) and const. They
 * lie where no x86-64 or AArch64 process has memory (non-canonical with 48
 * and 57-bit virtual addresses), so that host memory mapped at its own
 * address never falls in one, as a driver reserves its windows. */
#define PTX_WIN_SHARED 0x7f00000000000000ull
#define PTX_WIN_LOCAL  0x7e00000000000000ull
#define PTX_WIN_CONST  0x7d00000000000000ull
#define PTX_WIN_SIZE   0x0000010000000000ull
/* Shared memory the system reserves in every CTA (the hardware's
 * cudaDevAttrReservedSharedMemoryPerBlock from sm_80 on: 1 KB; cooperative
 * groups keep their multi-warp tiles' barriers there, at
 * %reserved_smem_offset_1), at this shared address: apart from the
 * program's, so a store past the program's shared memory still faults. */
#define PTX_RESERVED_SMEM    1024u
#define PTX_RESERVED_SMEM_AT 0x01000000u
/* The global arena's first address: null and small pointers fault. */
#define PTX_GMEM_LO    0x0000000100000000ull

typedef struct ptx_gmem {
    uint8_t *base;    /* host (or device) pointer of target address lo */
    uint64_t lo, size;
} ptx_gmem_t;

/* Counters of one CTA, summed by the launcher per kernel and per run. */
typedef struct ptx_stats {
    uint64_t warp_insns;          /* warp instructions issued (gpgpu_n_tot_w_icount) */
    uint64_t thread_insns;        /* sum of active lanes over them (gpu_sim_insn) */
    uint64_t mix[SIM_MIX_COUNT];  /* warp instructions per class (sim_trace.h; seed 000, Table II) */
    uint64_t warps;               /* warps run */
    uint64_t shfl_inactive;       /* shfl lanes that read a lane not executing it (given 0: ptx_exec_shfl) */
} ptx_stats_t;

/* The printf records of one CTA: [u32 bytes][u64 fmt generic address]
 * [u32 args bytes][args], each record 8-byte aligned; a record that does not
 * fit sets overflow (the host says so) and is dropped. */
typedef struct ptx_out {
    uint8_t *buf;
    uint32_t cap, len;
    uint32_t overflow;
} ptx_out_t;

typedef struct ptx_fault {
    uint32_t code;                /* PTX_FAULT_*; 0 none */
    uint32_t cta, warp, lane;
    uint32_t func, pc;            /* function index, instruction index */
    uint32_t line, col;           /* in the PTX text */
    uint64_t addr;                /* the address, for memory faults */
} ptx_fault_t;

enum {
    PTX_FAULT_NONE,
    PTX_FAULT_ADDRESS,            /* outside every space, or out of a space's bounds */
    PTX_FAULT_MISALIGNED,
    PTX_FAULT_TRAP,               /* trap; or brkpt */
    PTX_FAULT_BARRIER,            /* a barrier that can never complete */
    PTX_FAULT_STACK,              /* call depth or local frames beyond the limit */
    PTX_FAULT_UNSUPPORTED,        /* reached something lowering could not refuse up front */
    PTX_FAULT_INSN_LIMIT,         /* ran past the launch's instruction limit */
    PTX_FAULT_MEMBERMASK,         /* a .sync collective's membermask without the lane, or naming
                                     live lanes not executing it (ptx_check_members) */
    PTX_FAULT_HANDLE              /* tex/suld/sust/txq/suq: a handle that names no texture or surface object */
};

struct ptx_prog;                  /* the lowered module (ptx_prog.h) */

/* A CTA's turn ended (ptx_sm.h's ptx_sm_turns, ptx_coop_cta_turn below). */
enum { PTX_CTA_DONE, PTX_CTA_YIELD, PTX_CTA_POLLED };

typedef struct ptx_grid {
    const struct ptx_prog *prog;
    uint32_t kernel;              /* function index of the .entry */
    uint32_t grid[3], block[3];
    uint32_t dyn_smem;            /* dynamic shared memory, bytes */
    const uint8_t *params;        /* the kernel's .param space, laid out as its parameters say */
    uint32_t param_size;
    ptx_gmem_t gmem;
    const ptx_gmem_t *mapped;     /* host memory in the global space, nmapped windows; the CPU
                                     backend only (warpsim cuda's registered host ranges) */
    uint32_t nmapped;
    uint64_t gridid;
    uint32_t nsm;                 /* %nsmid */
    uint32_t warps_per_sm;        /* %nwarpid */
    uint64_t insn_limit;          /* per CTA, warp instructions; 0 none */
    uint32_t clock_cpi;           /* without timing, %clock's cycles a warp instruction (ptx_sched.h's
                                     ptx_sched_clock); 0 as 1 */
    double ns_per_cycle;          /* ... and %globaltimer's ns a cycle; 0: 1000 */
    const struct sim_timing *tm;  /* the timing seam; NULL: the fast path */
    uint32_t alu_per_lane;        /* 1: ALU records lane by lane through ptx_alu_eval (the MIMD
                                     way; bench/ptx_exec_bench.c compares) */
    uint64_t grid_ws;             /* a cooperative launch's grid workspace, {u32 size; u32 barrier}
                                     in global memory, as %envreg1 (high) and %envreg2 (low) give
                                     it to cooperative_groups::this_grid(); 0: not cooperative */
    struct ptx_race_log *race;    /* CPU: --racecheck's log (src/host/ptx/ptx_race.h); NULL: off */
    struct ptx_memcheck *memcheck; /* CPU: --memcheck's allocations and log (src/host/ptx/ptx_memcheck.h); NULL: off */
} ptx_grid_t;


/* The grid's shape, computed here only: a block's or grid's count, and
 * index i's coordinates (x fastest), for threads in a block and CTAs in a
 * grid alike. */
SIM_INLINE uint64_t ptx_dim_count(const uint32_t d[3])
{
    return (uint64_t)d[0] * d[1] * d[2];
}

SIM_INLINE void ptx_dim_split(const uint32_t d[3], uint64_t i, uint32_t out[3])
{
    out[0] = (uint32_t)(i % d[0]);
    out[1] = (uint32_t)(i / d[0] % d[1]);
    out[2] = (uint32_t)(i / d[0] / d[1]);
}

/* The SM CTA cta runs on when CTAs are dealt out in order (%smid). */
SIM_INLINE uint32_t ptx_cta_sm(uint32_t nsm, uint64_t cta)
{
    return (uint32_t)(cta % (nsm ? nsm : 1));
}

/* What the launcher needs to know of a kernel of a lowered program. The
 * kernel's parameters (offsets, sizes) are the module IR's (ptx_func_t). */
typedef struct ptx_kernel_info {
    uint32_t regs_per_thread;     /* register slots a thread uses (for the occupancy) */
    uint32_t shared_static;       /* bytes of .shared the kernel and its callees declare */
    uint32_t local_per_thread;    /* bytes of .local frame at the deepest static call chain */
    uint32_t param_size;          /* bytes of the kernel's .param space */
} ptx_kernel_info_t;

#ifndef __CUDACC__
#include <stddef.h>
struct ptx_module;
/* Host: lower a parsed module (src/host/ptx/ptx_lower.c). NULL with one line
 * "FILE:LINE:COL: ..." in err for what cannot run (mma, textures, ...). Module
 * .global variables get addresses from PTX_GMEM_LO on, in the first
 * ptx_prog_globals_size bytes of the arena, whose initial bytes
 * ptx_prog_globals_init writes (the launcher calls it once per run). */
struct ptx_prog *ptx_prog_build(const struct ptx_module *m, const char *path, char *err, size_t n);
/* The same with the .global variables from gbase on (several modules in one
 * arena, as the CUDA runtime loads them: src/host/cudart/). */
struct ptx_prog *ptx_prog_build_at(const struct ptx_module *m, const char *path, uint64_t gbase, char *err, size_t n);
/* Module variable `var` (an index into the module's vars): its target address
 * for .global, its offset in the bank for .const. */
uint64_t ptx_prog_var_addr(const struct ptx_prog *p, uint32_t var);
/* The .const bank, writable (cudaMemcpyToSymbol), and its size. */
uint8_t *ptx_prog_const_bank(struct ptx_prog *p, uint64_t *size);
void ptx_prog_free(struct ptx_prog *p);
uint64_t ptx_prog_globals_size(const struct ptx_prog *p);
void ptx_prog_globals_init(const struct ptx_prog *p, uint8_t *arena_lo);
int ptx_kernel_info(const struct ptx_prog *p, uint32_t kernel, ptx_kernel_info_t *ki);
/* Host scratch one CTA's run needs (warp registers, SIMT stacks, shared and
 * local memory), for ptx_cta_run. */
size_t ptx_cta_scratch_bytes(const ptx_grid_t *g);
/* CPU backend: run CTA `cta` (linear: x fastest) of g to completion on SM
 * ptx_cta_sm(g->nsm, cta), warps in turn, every warp instruction on all its active lanes
 * at once. Adds its counters to *st, its printf records to *out. Returns 0,
 * or -1 with *f filled. Thread-safe: CTAs of one grid may run on several host
 * threads at once (global atomics are host atomics). */
int ptx_cta_run(const ptx_grid_t *g, uint32_t cta, void *scratch, ptx_stats_t *st,
                ptx_out_t *out, ptx_fault_t *f);
/* Cooperative grids (ptx_run_coop.c): every CTA resident, run in turns. A
 * CTA's state takes ptx_coop_cta_bytes; start sets CTA `cta` up in it (0,
 * or -1 with *f); turn runs it for about quantum warp instructions, or until
 * a warp polls the grid barrier's word (grid_ws + 4): PTX_CTA_DONE,
 * PTX_CTA_YIELD, PTX_CTA_POLLED, or -1 with *f. stuck: the grid barrier can
 * never complete: a PTX_FAULT_BARRIER at the warp that polled it. */
size_t ptx_coop_cta_bytes(const ptx_grid_t *g);
int ptx_coop_cta_start(const ptx_grid_t *g, uint32_t cta, void *mem, ptx_stats_t *st, ptx_out_t *out,
                       ptx_fault_t *f);
int ptx_coop_cta_turn(void *mem, uint64_t quantum);
void ptx_coop_cta_stuck(void *mem);
/* Under the SM model, which steps the CTAs itself: did the CTA only spin on
 * the grid barrier since its last unpoll (a warp polled the word, and every
 * other warp not done waits at a CTA barrier)? And the barrier's word. */
int ptx_coop_cta_spinning(const void *mem);
void ptx_coop_cta_unpoll(void *mem);
uint32_t ptx_coop_barrier_word(const ptx_grid_t *g);
/* What a started CTA holds besides its bytes, released. */
void ptx_coop_cta_end(void *mem);
#endif

#endif
