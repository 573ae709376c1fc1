/* --memcheck (ptx_memcheck.h). */
#include "host/ptx/ptx_memcheck.h"

#include <stdlib.h>
#include <string.h>

#include "device/ptx/ptx_exec_mem.h"

void ptx_memcheck_init(ptx_memcheck_t *mc, const ptx_range_t *ranges, uint32_t n)
{
    memset(mc, 0, sizeof *mc);
    pthread_mutex_init(&mc->lock, NULL);
    mc->ranges = ranges;
    mc->nranges = n;
}

void ptx_memcheck_free(ptx_memcheck_t *mc) { pthread_mutex_destroy(&mc->lock); }

/* The allocation holding [a, a + n), or the nearest one into *near; 1 if inside. */
static int inside(const ptx_memcheck_t *mc, uint64_t a, uint32_t n, ptx_range_t *near)
{
    uint32_t lo = 0, hi = mc->nranges;   /* the first range whose base is above a */
    while (lo < hi) {
        uint32_t mid = (lo + hi) / 2;
        if (mc->ranges[mid].base <= a)
            lo = mid + 1;
        else
            hi = mid;
    }
    const ptx_range_t *below = lo ? &mc->ranges[lo - 1] : NULL, *above = lo < mc->nranges ? &mc->ranges[lo] : NULL;
    if (below && a - below->base < below->size && n <= below->size - (a - below->base))
        return 1;
    uint64_t db = below ? a - (below->base + below->size) : UINT64_MAX;   /* bytes after below's end */
    uint64_t da = above ? above->base - a : UINT64_MAX;
    if (below && a < below->base + below->size)
        db = 0;                                                   /* it starts inside, runs past the end */
    *near = below && db <= da ? *below : above ? *above : (ptx_range_t){0, 0};
    return 0;
}

static int before(const ptx_memcheck_bad_t *x, const ptx_memcheck_bad_t *y)
{
    if (x->cta != y->cta)
        return x->cta < y->cta;
    if (x->thread != y->thread)
        return x->thread < y->thread;
    if (x->line != y->line)
        return x->line < y->line;
    return x->addr < y->addr;
}

static void keep(ptx_memcheck_t *mc, const ptx_memcheck_bad_t *b)
{
    pthread_mutex_lock(&mc->lock);
    mc->total++;
    if (mc->kept < PTX_MEMCHECK_KEEP) {
        mc->bad[mc->kept++] = *b;
    } else {
        uint32_t last = 0;
        for (uint32_t i = 1; i < mc->kept; i++)
            if (before(&mc->bad[last], &mc->bad[i]))
                last = i;
        if (before(b, &mc->bad[last]))
            mc->bad[last] = *b;
    }
    pthread_mutex_unlock(&mc->lock);
}

void ptx_memcheck_access(ptx_ctx_t *c, const ptx_warp_t *w, const ptx_rec_t *r, uint32_t exec, int write)
{
    ptx_memcheck_t *mc = c->g->memcheck;
    uint32_t bytes = (uint32_t)r->size * r->vec;
    if (r->space != PTX_MS_GLOBAL && r->space != PTX_MS_GENERIC)
        return;
    for (uint32_t l = 0; l < 32; l++) {
        if (!(exec >> l & 1u))
            continue;
        uint64_t a = ptx_rec_addr(w, r, l);
        if (a - c->g->gmem.lo >= c->g->gmem.size)   /* a window of registered host memory, or not global */
            continue;
        ptx_memcheck_bad_t b = {c->cta, w->index * 32 + l, r->line, (uint32_t)write, bytes, a, {0, 0}};
        if (!inside(mc, a, bytes, &b.near))
            keep(mc, &b);
    }
}

static int by_order(const void *x, const void *y)
{
    const ptx_memcheck_bad_t *a = x, *b = y;
    return before(a, b) ? -1 : before(b, a) ? 1 : 0;
}

ptx_memcheck_bad_t *ptx_memcheck_sorted(const ptx_memcheck_t *mc, uint32_t *n)
{
    ptx_memcheck_bad_t *s = mc->kept ? malloc(mc->kept * sizeof *s) : NULL;
    *n = s ? mc->kept : 0;
    if (s) {
        memcpy(s, mc->bad, mc->kept * sizeof *s);
        qsort(s, mc->kept, sizeof *s, by_order);
    }
    return s;
}

void ptx_memcheck_print(const ptx_memcheck_t *mc, const char *kernel, const char *module, const uint32_t grid[3],
                        const uint32_t block[3], uint32_t max, FILE *f)
{
    uint32_t kept;
    ptx_memcheck_bad_t *sorted = ptx_memcheck_sorted(mc, &kept);
    for (uint32_t i = 0; i < kept && i < max; i++) {
        const ptx_memcheck_bad_t *b = &sorted[i];
        uint32_t t = b->thread, c = b->cta;
        fprintf(f, "========= Invalid __global__ %s of size %u bytes\n", b->write ? "write" : "read", b->size);
        fprintf(f, "=========     at %s:%u in %s\n", module, b->line, kernel);
        fprintf(f, "=========     by thread (%u,%u,%u) in block (%u,%u,%u)\n", t % block[0], t / block[0] % block[1],
                t / block[0] / block[1], c % grid[0], c / grid[0] % grid[1], c / grid[0] / grid[1]);
        fprintf(f, "=========     Address 0x%llx is out of bounds\n", (unsigned long long)b->addr);
        if (b->near.size) {
            uint64_t end = b->near.base + b->near.size;
            if (b->addr >= end)
                fprintf(f, "=========     and is %llu bytes after the nearest allocation at 0x%llx of size %llu bytes\n",
                        (unsigned long long)(b->addr - end), (unsigned long long)b->near.base,
                        (unsigned long long)b->near.size);
            else if (b->addr < b->near.base)
                fprintf(f, "=========     and is %llu bytes before the nearest allocation at 0x%llx of size %llu bytes\n",
                        (unsigned long long)(b->near.base - b->addr), (unsigned long long)b->near.base,
                        (unsigned long long)b->near.size);
            else
                fprintf(f, "=========     and runs %llu bytes past the end of the allocation at 0x%llx of size %llu bytes\n",
                        (unsigned long long)(b->addr + b->size - end), (unsigned long long)b->near.base,
                        (unsigned long long)b->near.size);
        }
        fprintf(f, "=========\n");
    }
    if (mc->total > max)
        fprintf(f, "========= ... and %llu more invalid accesses in %s\n",
                (unsigned long long)(mc->total - (kept < max ? kept : max)), kernel);
    free(sorted);
}
