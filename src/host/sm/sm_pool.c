/* The CPU runner's memory (sm_host.h's sm_pool_t): a launch's blocks
 * carved one after another from large chunks, which are kept from launch
 * to launch.
 *
 * Why: a timed launch holds a block of state for every resident CTA at
 * once (the TITAN V's 80 SMs hold 640 CTAs of vecadd: 123 MB of CTA slots,
 * 26 MB of SM state), where the functional run reuses one. On this
 * project's build machines (a paravirtualised guest) a fresh 4 KiB page
 * costs a fault of about 10 us: vecadd with the SM model alone took 21,300
 * faults, and the kernel's fault path with memset on fresh pages was 55% of
 * its samples. Dense blocks in chunks advised MADV_HUGEPAGE fault once per
 * 2 MiB where the host's transparent huge pages allow it (`madvise` or
 * `always`; elsewhere the advice is ignored and pages come as before):
 * 2,100 faults, 0.38 -> 0.14 s (bench/RESULTS.md). Sparse blocks stay on
 * ordinary pages: a huge page is zeroed whole when any byte of it is
 * touched, and the memory system's 70 MB (TITAN V) of worst-case queues
 * then cost more than their faults did. */
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>

#include "host/sm/sm_host.h"

#define HUGE_PAGE  ((size_t)2 << 20)
#define SM_CHUNK   ((size_t)64 << 20) /* virtual: only the touched huge pages cost memory */
#define SM_ALIGN   64                 /* a cache line: blocks share none */

struct sm_chunk {
    uint8_t *base;
    size_t size, used;
    int huge;                         /* advised MADV_HUGEPAGE: for blocks mostly touched */
};

/* The pools' lock: host threads of a CUDA program may launch timed kernels
 * at once (cudart runs a launch in its caller's thread), each with an arena
 * of its own. */
static pthread_mutex_t pool_lock = PTHREAD_MUTEX_INITIALIZER;

void sm_pool_lock(void) { pthread_mutex_lock(&pool_lock); }
void sm_pool_unlock(void) { pthread_mutex_unlock(&pool_lock); }

/* n bytes (a multiple of HUGE_PAGE) at a HUGE_PAGE boundary, where a
 * huge page can start, advised to come in huge pages if huge; NULL if the
 * host has no room. */
static uint8_t *chunk_map(size_t n, int huge)
{
    uint8_t *p = (uint8_t *)mmap(NULL, n + HUGE_PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
                                 -1, 0);
    if (p == MAP_FAILED)
        return NULL;
    size_t head = (size_t)(-(uintptr_t)p & (HUGE_PAGE - 1));
    if (head)
        munmap(p, head);
    munmap(p + head + n, HUGE_PAGE - head);
    p += head;
#ifdef MADV_HUGEPAGE
    if (huge)
        madvise(p, n, MADV_HUGEPAGE); /* advice: EINVAL where the kernel has no THP, and pages come small */
#endif
    return p;
}

sm_arena_t *sm_pool_open(sm_pool_t *pl)
{
    sm_arena_t *a = NULL;
    sm_pool_lock();
    for (uint32_t i = 0; i < pl->n && !a; i++)
        if (!pl->arenas[i]->busy)
            a = pl->arenas[i];
    if (!a && pl->n == pl->cap) {
        uint32_t cap = pl->cap ? 2 * pl->cap : 4;
        sm_arena_t **na = (sm_arena_t **)realloc(pl->arenas, sizeof *na * cap);
        if (na)
            pl->arenas = na, pl->cap = cap;
    }
    if (!a && pl->n < pl->cap && (a = (sm_arena_t *)calloc(1, sizeof *a)))
        pl->arenas[pl->n++] = a;
    if (a)
        a->busy = 1;
    sm_pool_unlock();
    return a;
}

void *sm_arena_take(sm_arena_t *a, size_t n, int dense)
{
    if (!a)
        return NULL;
    n = (n + SM_ALIGN - 1) & ~(size_t)(SM_ALIGN - 1);
    for (uint32_t i = 0; i < a->n; i++) {
        struct sm_chunk *c = &a->chunks[i];
        if (c->huge == dense && c->size - c->used >= n) {
            void *p = c->base + c->used;
            c->used += n;
            return p;
        }
    }
    if (a->n == a->cap) {
        uint32_t cap = a->cap ? 2 * a->cap : 8;
        struct sm_chunk *nc = (struct sm_chunk *)realloc(a->chunks, sizeof *nc * cap);
        if (!nc)
            return NULL;
        a->chunks = nc, a->cap = cap;
    }
    size_t size = n > SM_CHUNK ? (n + HUGE_PAGE - 1) & ~(HUGE_PAGE - 1) : SM_CHUNK;
    uint8_t *base = chunk_map(size, dense);
    if (!base)
        return NULL;
    a->chunks[a->n++] = (struct sm_chunk){base, size, n, dense};
    return base;
}

void sm_arena_close(sm_arena_t *a)
{
    if (!a)
        return;
    sm_pool_lock();
    uint32_t kept = 0;
    for (uint32_t i = 0; i < a->n; i++) {
        struct sm_chunk *c = &a->chunks[i];
        if (!c->used) { /* this launch took nothing of it: it goes back to the host */
            munmap(c->base, c->size);
            continue;
        }
        c->used = 0;
        a->chunks[kept++] = *c;
    }
    a->n = kept;
    a->busy = 0;
    sm_pool_unlock();
}

void sm_pool_free(sm_pool_t *pl)
{
    sm_pool_lock();
    for (uint32_t i = 0; i < pl->n; i++) {
        sm_arena_t *a = pl->arenas[i];
        for (uint32_t k = 0; k < a->n; k++)
            munmap(a->chunks[k].base, a->chunks[k].size);
        free(a->chunks);
        free(a);
    }
    free(pl->arenas);
    *pl = (sm_pool_t){0};
    sm_pool_unlock();
}
