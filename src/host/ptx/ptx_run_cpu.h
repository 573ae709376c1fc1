/* The CPU backend of `warpsim ptx`: a grid's CTAs on host threads, each
 * thread with its own scratch, each CTA's printf records kept apart so they
 * print in CTA order after the grid, as CUDA's device printf does. */
#ifndef PTX_RUN_CPU_H
#define PTX_RUN_CPU_H

#include <stdint.h>

#include "device/ptx/ptx_grid.h"
#include "host/ptx/ptx_sched.h"

/* The printf bytes of one CTA (ptx_out_t's records), NULL when none. */
typedef struct ptx_cta_out {
    uint8_t *buf;
    uint32_t len;
} ptx_cta_out_t;

typedef struct ptx_grid_result {
    ptx_stats_t st;           /* summed over the CTAs that ran */
    uint64_t ctas_run;
    int faulted;
    ptx_fault_t fault;        /* the fault of the lowest faulting CTA */
    ptx_cta_out_t *out;       /* per CTA, nctas of them */
    uint64_t nctas;
    uint32_t printf_overflow; /* CTAs whose printf records did not all fit */
    int threads;              /* host threads used */
    double seconds;           /* wall time of the grid */
    int error;                /* the host ran out of memory: nothing ran */
} ptx_grid_result_t;

/* Printf buffer bytes per CTA (CUDA's whole FIFO is 1 MB by default). */
#define PTX_CTA_OUT_CAP (64u << 10)

/* Runs every CTA of g on `threads` host threads (0: every host core),
 * CTA i on SM ptx_sched_sm(s, i). A fault stops CTAs not yet started. */
void ptx_run_cpu(const ptx_grid_t *g, const ptx_sched_t *s, int threads, ptx_grid_result_t *r);
/* A cooperative grid (g->grid_ws set, its barrier word zero or left by an
 * earlier grid): every CTA resident, in turns on `threads` host threads
 * (ptx_run_coop.c), so that grid-wide barriers complete. */
void ptx_run_coop(const ptx_grid_t *g, const ptx_sched_t *s, int threads, ptx_grid_result_t *r);
/* The host threads a grid of nctas CTAs gets when `asked` (0: every host
 * core): at most one a CTA, at most 1024. */
int ptx_host_threads(int asked, uint64_t nctas);
void ptx_grid_result_free(ptx_grid_result_t *r);
/* Adds from's counters to to's. */
void ptx_stats_add(ptx_stats_t *to, const ptx_stats_t *from);

#endif
