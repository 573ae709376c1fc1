/* --racecheck (WARPSIM_CUDA_RACECHECK=1 under `warpsim cuda`): the global
 * and shared words one warp of a CTA wrote and another warp of the same CTA
 * read or wrote with no barrier between, as compute-sanitizer's racecheck
 * reports its hazards. A word's last write and its readers carry the CTA's
 * barrier epoch (a completed bar.sync starts the next), so what is reported
 * follows from the program's barriers, not from the order the CTA's warps
 * happened to run in: the same on every run. Atomics are not races; 4-byte
 * words; the CPU backend only. It changes no result.
 *
 *   ptx_race_log_t log;          one per launch: ptx_grid_t.race = &log
 *   ptx_race_log_init(&log);
 *   ... run the grid: each CTA keeps a ptx_race_t (ptx_race_new) in its
 *       ptx_ctx_t, ptx_exec_ld/st call ptx_race_access, the runner
 *       ptx_race_barrier at each completed barrier ...
 *   ptx_race_print(&log, kernel, prog, stderr);  ptx_race_log_free(&log); */
#ifndef PTX_RACE_H
#define PTX_RACE_H

#include <pthread.h>
#include <stdio.h>

#include "device/ptx/ptx_exec_state.h"

enum { PTX_RACE_RAW, PTX_RACE_WAR, PTX_RACE_WAW };

/* One racing word: the access before (first) and the one that raced with
 * it (second). */
typedef struct ptx_race_word {
    uint64_t addr;            /* global: target address; shared: offset */
    uint32_t space;           /* PTX_MS_GLOBAL or PTX_MS_SHARED */
    uint32_t kind;            /* PTX_RACE_* */
    uint32_t cta;
    uint32_t warp[2], line[2];
} ptx_race_word_t;

/* The words of one launch (the first PTX_RACE_KEEP of them kept). */
#define PTX_RACE_KEEP 256u
typedef struct ptx_race_log {
    pthread_mutex_t lock;
    ptx_race_word_t words[PTX_RACE_KEEP];
    uint32_t kept;
    uint64_t total;           /* distinct racing words (space, address) */
    uint64_t *seen;           /* their keys, a hash set */
    uint64_t seen_cap;
} ptx_race_log_t;

void ptx_race_log_init(ptx_race_log_t *log);
void ptx_race_log_free(ptx_race_log_t *log);
/* The words as lines on f (at most max, then how many more). */
void ptx_race_print(const ptx_race_log_t *log, const char *kernel, const char *module, uint32_t max, FILE *f);
/* A copy of the words kept (free it), *kept of them; NULL when none. */
ptx_race_word_t *ptx_race_words(const ptx_race_log_t *log, uint32_t *kept);
const char *ptx_race_kind_name(uint32_t kind);

/* A CTA's shadow of the words its warps touched. */
typedef struct ptx_race ptx_race_t;
ptx_race_t *ptx_race_new(ptx_race_log_t *log, uint32_t cta);
void ptx_race_free(ptx_race_t *r);
void ptx_race_barrier(ptx_race_t *r);

#endif
