/* Device memory: one arena reserved at target address PTX_GMEM_LO, the
 * address the PTX simulator's global space starts at, so that a device
 * pointer needs no translation on either side. Pages are committed by the
 * kernel as they are touched (MAP_NORESERVE), so reserving 64 GB costs
 * nothing. Allocations are 256-byte aligned, as cudaMalloc's; a freed range
 * is reused first fit. */
#define _GNU_SOURCE
#include "host/cudart/cudart.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "device/ptx/ptx_grid.h"
#include "host/ptx/ptx_memcheck.h"

#define ARENA_BYTES (64ull << 30)
#define ALIGN 256ull
/* The first allocation's offset: a GPU's driver hands out small
 * allocations from 2 MiB chunks it maps, the first not at the start of
 * the mapped space, so a read a little below the first allocation (an
 * image filter's J[-cols]) returns memory, as on the GPU, where an arena
 * that began at it would fault. */
#define ARENA_FIRST (2ull << 20)

typedef struct block {
    uint64_t off, size;       /* size rounded up to ALIGN */
    uint64_t asked;           /* the size the caller asked for */
    int kind;                 /* CUDART_MEM_*; 0 free */
    uint32_t flags;
    void *owner;
} block_t;

static struct {
    uint8_t *base;
    uint64_t top;             /* bytes handed out so far from the bottom */
    uint64_t used;            /* bytes in live allocations (cudaMemGetInfo) */
    uint64_t capacity;        /* the card's memory, at most ARENA_BYTES */
    block_t *b;               /* by offset */
    uint32_t n, cap;
    pthread_mutex_t lock;
} A = {.top = ARENA_FIRST, .capacity = ARENA_BYTES, .lock = PTHREAD_MUTEX_INITIALIZER};

static int arena_map(void)
{
    if (A.base)
        return 0;
    void *want = (void *)(uintptr_t)PTX_GMEM_LO;
    void *p = mmap(want, ARENA_BYTES, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_FIXED_NOREPLACE, -1, 0);
    if (p == MAP_FAILED || p != want) {
        if (p != MAP_FAILED)
            munmap(p, ARENA_BYTES);
        return -1;
    }
    A.base = p;
    return 0;
}

static int insert_at(uint32_t i, block_t blk)
{
    if (A.n == A.cap) {
        uint32_t cap = A.cap ? A.cap * 2 : 256;
        block_t *g = realloc(A.b, cap * sizeof *g);
        if (!g)
            return -1;
        A.b = g, A.cap = cap;
    }
    memmove(&A.b[i + 1], &A.b[i], (A.n - i) * sizeof *A.b);
    A.b[i] = blk;
    A.n++;
    return 0;
}

/* A free block that fits, split; else room at the top. */
static void *take(uint64_t bytes, const block_t *want)
{
    if (bytes > A.capacity - A.used)
        return NULL;
    for (uint32_t i = 0; i < A.n; i++) {
        block_t *f = &A.b[i];
        if (f->kind || f->size < bytes)
            continue;
        if (f->size > bytes && insert_at(i + 1, (block_t){f->off + bytes, f->size - bytes, 0, 0, 0, NULL}))
            return NULL;
        f = &A.b[i];
        *f = (block_t){f->off, bytes, want->asked, want->kind, want->flags, want->owner};
        A.used += bytes;
        return A.base + f->off;
    }
    if (A.top + bytes > ARENA_BYTES ||
        insert_at(A.n, (block_t){A.top, bytes, want->asked, want->kind, want->flags, want->owner}))
        return NULL;
    A.top += bytes;
    A.used += bytes;
    return A.base + A.b[A.n - 1].off;
}

uint64_t cudart_mem_rounded(uint64_t asked)
{
    uint64_t bytes = (asked + ALIGN - 1) & ~(ALIGN - 1);
    return bytes ? bytes : ALIGN;
}

void *cudart_mem_alloc(uint64_t asked, int kind, uint32_t flags, void *owner)
{
    uint64_t bytes = cudart_mem_rounded(asked);
    block_t want = {0, bytes, asked, kind, flags, owner};
    pthread_mutex_lock(&A.lock);
    void *p = arena_map() ? NULL : take(bytes, &want);
    pthread_mutex_unlock(&A.lock);
    if (p)
        memset(p, 0, bytes);   /* a reused range must not show the last owner's bytes (a real GPU might) */
    return p;
}

static int find_index(const void *p)
{
    if (!A.base || (const uint8_t *)p < A.base)
        return -1;
    uint64_t off = (uint64_t)((const uint8_t *)p - A.base);
    uint32_t lo = 0, hi = A.n;
    while (lo < hi) {
        uint32_t mid = (lo + hi) / 2;
        if (A.b[mid].off + A.b[mid].size <= off)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < A.n && A.b[lo].off <= off && A.b[lo].kind ? (int)lo : -1;
}

/* Merges block i with free neighbours. */
static void coalesce(uint32_t i)
{
    if (i + 1 < A.n && !A.b[i + 1].kind) {
        A.b[i].size += A.b[i + 1].size;
        memmove(&A.b[i + 1], &A.b[i + 2], (A.n - i - 2) * sizeof *A.b);
        A.n--;
    }
    if (i > 0 && !A.b[i - 1].kind) {
        A.b[i - 1].size += A.b[i].size;
        memmove(&A.b[i], &A.b[i + 1], (A.n - i - 1) * sizeof *A.b);
        A.n--;
    }
}

int cudart_mem_free(void *p, int kind)
{
    pthread_mutex_lock(&A.lock);
    int i = find_index(p);
    int ok = i >= 0 && (uint8_t *)p == A.base + A.b[i].off && (A.b[i].kind & kind);
    if (ok) {
        A.used -= A.b[i].size;
        A.b[i] = (block_t){A.b[i].off, A.b[i].size, 0, 0, 0, NULL};
        coalesce((uint32_t)i);
    }
    pthread_mutex_unlock(&A.lock);
    return ok ? 0 : -1;
}

void cudart_mem_set_capacity(uint64_t bytes)
{
    pthread_mutex_lock(&A.lock);
    A.capacity = bytes < ARENA_BYTES ? bytes : ARENA_BYTES;
    pthread_mutex_unlock(&A.lock);
}

uint64_t cudart_mem_unused(void)
{
    pthread_mutex_lock(&A.lock);
    uint64_t n = A.capacity > A.used ? A.capacity - A.used : 0;
    pthread_mutex_unlock(&A.lock);
    return n;
}

int cudart_mem_find(const void *p, cudart_block_t *b)
{
    pthread_mutex_lock(&A.lock);
    int i = find_index(p);
    if (i >= 0)
        *b = (cudart_block_t){A.base + A.b[i].off, A.b[i].asked, A.b[i].kind, A.b[i].flags, A.b[i].owner};
    pthread_mutex_unlock(&A.lock);
    return i >= 0;
}

int cudart_mem_set_kind(void *p, int kind)
{
    pthread_mutex_lock(&A.lock);
    int i = find_index(p);
    int ok = i >= 0 && (uint8_t *)p == A.base + A.b[i].off;
    if (ok)
        A.b[i].kind = kind;
    pthread_mutex_unlock(&A.lock);
    return ok ? 0 : -1;
}

int cudart_mem_in_arena(const void *p, uint64_t n)
{
    const uint8_t *q = p;
    return A.base && q >= A.base && n <= ARENA_BYTES && q - A.base <= (int64_t)(ARENA_BYTES - n);
}

/* Kernels reach the arena up to the end of the 2 MiB chunk the last
 * allocation ends in, as a GPU's mapped chunks. */
void cudart_mem_gmem(ptx_gmem_t *g)
{
    g->base = A.base;
    g->lo = PTX_GMEM_LO;
    g->size = (A.top + ARENA_FIRST - 1) & ~(ARENA_FIRST - 1);
}

ptx_range_t *cudart_mem_ranges(uint32_t *n)
{
    pthread_mutex_lock(&A.lock);
    ptx_range_t *r = malloc((A.n ? A.n : 1) * sizeof *r);
    *n = 0;
    for (uint32_t i = 0; r && i < A.n; i++)
        if (A.b[i].kind & CUDART_MEM_ANY)
            r[(*n)++] = (ptx_range_t){(uint64_t)(uintptr_t)(A.base + A.b[i].off), A.b[i].asked};
    pthread_mutex_unlock(&A.lock);
    return r;
}
