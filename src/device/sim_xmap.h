/* Which pages of each core's private window may be executed: code written at
 * run time (DESIGN.md), from a W+X segment, an executable stack, or a mapping
 * made executable by mmap or mprotect. The text is always executable and
 * the rest of the address space never is; only execution is checked (reads
 * and writes of the window are allowed whatever its protection says).
 *
 * A bit a page of the window, per core: page p of core c is bit p % 32 of
 * bits[c * words + p / 32], set when the page's permission differs from the
 * one it starts with, so that zeroed memory is every core's first state (as
 * linux_fs.h keeps descriptors) and a million cores need no setup pass.
 *
 * sim_mem_t.xmap points here on the CPU backend. NULL (the CUDA backend,
 * the unit tests' machines): no page of the window is executable, and the
 * Linux layer refuses PROT_EXEC (linux_mm.h). */
#ifndef SIM_XMAP_H
#define SIM_XMAP_H

#include "sim_mem.h"

#define SIM_PAGE_SHIFT 12u
#define SIM_PAGE_BYTES (1u << SIM_PAGE_SHIFT)

typedef struct sim_xmap {
    uint32_t *bits;
    uint32_t words;        /* per core: one bit a page of the window */
    /* The window pages executable at the start: [lo[k], hi[k]) for the W+X
     * segments (k = 0) and, when the program asks for an executable stack
     * (PT_GNU_STACK with PF_X), the stack (k = 1). */
    uint32_t first_lo[2], first_hi[2];
} sim_xmap_t;

/* Window pages of a window of size bytes, and the words of their bits. */
SIM_INLINE uint32_t sim_xmap_pages(uint32_t size) { return (size + SIM_PAGE_BYTES - 1u) >> SIM_PAGE_SHIFT; }
SIM_INLINE uint32_t sim_xmap_words(uint32_t size) { return (sim_xmap_pages(size) + 31u) / 32u; }

SIM_INLINE uint32_t sim_xmap_first(const sim_xmap_t *x, uint32_t page)
{
    return (uint32_t)(page - x->first_lo[0] < x->first_hi[0] - x->first_lo[0] ||
                      page - x->first_lo[1] < x->first_hi[1] - x->first_lo[1]);
}

/* Whether core `core` may execute the byte at address a of its window (0
 * for any address outside it). */
SIM_INLINE int sim_xmap_exec(const sim_mem_t *m, uint32_t core, uint32_t a)
{
    const sim_xmap_t *x = m->xmap;
    uint32_t off = a - m->priv_base, p = off >> SIM_PAGE_SHIFT;
    if (!x || off >= m->priv_size)
        return 0;
    uint32_t bit = x->bits[(uint64_t)core * x->words + p / 32u] >> (p % 32u) & 1u;
    return (int)(bit ^ sim_xmap_first(x, p));
}

/* The pages of [a, a + len) that lie in the window become executable (exec
 * 1) or not; the rest of the range is left alone. */
SIM_FN void sim_xmap_set(const sim_mem_t *m, uint32_t core, uint32_t a, uint32_t len, uint32_t exec)
{
    sim_xmap_t *x = m->xmap;
    uint64_t lo = a, hi = (uint64_t)a + len, base = m->priv_base, end = base + m->priv_size;
    lo = lo > base ? lo : base;
    hi = hi < end ? hi : end;
    if (!x || lo >= hi)
        return;
    uint32_t *bits = x->bits + (uint64_t)core * x->words;
    for (uint32_t p = (uint32_t)((lo - base) >> SIM_PAGE_SHIFT); p <= (uint32_t)((hi - 1u - base) >> SIM_PAGE_SHIFT);
         p++) {
        uint32_t differs = (exec ? 1u : 0u) ^ sim_xmap_first(x, p);
        bits[p / 32u] = (bits[p / 32u] & ~(1u << (p % 32u))) | differs << (p % 32u);
    }
}

#endif
