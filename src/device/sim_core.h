/* What every simulated core has, whatever its ISA: a run status, the reason
 * it stopped, its instruction count and the OS state the Linux system-call
 * layer keeps (program break, mmap cursor, thread pointer, buffered output).
 *
 * The machine keeps it as a structure-of-arrays of its own, beside the ISA's
 * registers (sim_soa.h): field f of core c at sys[f * ncores + c], so that
 * the host services, the reports and the backends read it without knowing
 * the ISA. All fields are uint32_t for that layout. */
#ifndef SIM_CORE_H
#define SIM_CORE_H

#include "sim_port.h"

typedef enum sim_status {
    SIM_RUNNING = 0,
    SIM_HALTED = 1,       /* exited; exit_code holds the status */
    SIM_FAULTED = 2,      /* stopped by a fault; fault_* say where and why */
    SIM_WAIT_BARRIER = 3, /* in ws_barrier(): released when every live core arrives */
    SIM_WAIT_HOST = 4,    /* needs the host (output buffer full, or host_req); resumes after */
    SIM_WAIT_DECODE = 5   /* fetched code not yet decoded: the host decodes it, then
                           * the core resumes at the same instruction */
} sim_status_t;

/* X-macro: name, one-line description for reports. */
#define SIM_FAULT_LIST(_)                                             \
    _(NONE, "none")                                                   \
    _(UNDEF, "undefined or unsupported instruction")                  \
    _(FETCH, "instruction fetch from memory that is not executable")  \
    _(READ, "data read from an unmapped address")                     \
    _(WRITE, "data write to an unmapped or read-only address")        \
    _(BKPT, "breakpoint instruction")                                 \
    _(SIGNAL, "killed by a signal it raised (abort)")                 \
    _(INSN_LIMIT, "instruction limit reached")                        \
    _(ALIGN, "misaligned access where alignment is required (atomics, exclusives, LDRD/STRD, LDM/STM, VFP, NEON)") \
    _(DIVIDE, "integer divide error (SIGFPE)")                        \
    _(PRIV, "privileged or protected instruction (general protection)")

typedef enum sim_fault {
#define SIM_FAULT_ENUM(name, desc) SIM_FAULT_##name,
    SIM_FAULT_LIST(SIM_FAULT_ENUM)
#undef SIM_FAULT_ENUM
    SIM_FAULT_COUNT
} sim_fault_t;

typedef struct sim_sys {
    uint32_t status;       /* sim_status_t */
    uint32_t exit_code;    /* valid when HALTED; signal number when FAULTED by SIGNAL */
    uint32_t fault_reason; /* sim_fault_t */
    uint32_t fault_addr;   /* data address of a READ/WRITE fault */
    uint32_t fault_pc;     /* address of the faulting instruction */
    uint32_t fault_insn;   /* raw instruction word for UNDEF */
    uint32_t icount_lo;    /* instructions retired, 64-bit split for SoA */
    uint32_t icount_hi;
    uint32_t brk_cur;      /* current program break */
    uint32_t brk_min;      /* initial break: end of bss */
    uint32_t mmap_low;     /* lowest address handed out by mmap2; grows down */
    uint32_t out_len;      /* bytes waiting in this core's output buffer */
    uint32_t enosys_count; /* unknown syscalls answered with -ENOSYS */
    uint32_t enosys_last;  /* number of the last such syscall */
    uint32_t tls;          /* thread pointer: ARM's TPIDRURO (set_tls), IA-32's
                            * set_thread_area base */
    uint32_t in_off;       /* stdin bytes this core has read (linux/linux_fs.h) */
    uint32_t host_req;     /* LINUX_REQ_*: what the core waits in SIM_WAIT_HOST for */
    uint32_t io_done;      /* bytes of an unfinished write already in the output buffer */
    uint32_t host_ret;     /* the host's answer to a path request (linux/linux_path.h) */
    uint32_t code_gen;     /* changes that may leave code decoded from the window stale:
                            * ARM's cacheflush, mmap, mprotect, munmap (arm_fetch_win) */
    uint32_t brk_max;      /* [brk_max, mmap_min): window memory no brk or mmap has handed
                            * out yet, still the zeros it started with (linux_mm.h); */
    uint32_t mmap_min;     /* both 0 where nothing is known (an empty range) */
} sim_sys_t;

#define SIM_SYS_WORDS ((uint32_t)(sizeof(sim_sys_t) / sizeof(uint32_t)))
/* The structure-of-arrays row of a sim_sys_t field. */
#define SIM_SYS_FIELD(name) ((uint32_t)(offsetof(sim_sys_t, name) / sizeof(uint32_t)))

SIM_INLINE uint64_t sim_icount(const sim_sys_t *s)
{
    return ((uint64_t)s->icount_hi << 32) | s->icount_lo;
}

SIM_INLINE void sim_set_icount(sim_sys_t *s, uint64_t n)
{
    s->icount_lo = (uint32_t)n;
    s->icount_hi = (uint32_t)(n >> 32);
}

SIM_INLINE void sim_fault(sim_sys_t *s, uint32_t reason, uint32_t pc, uint32_t addr)
{
    s->status = SIM_FAULTED;
    s->fault_reason = reason;
    s->fault_pc = pc;
    s->fault_addr = addr;
}

#endif
