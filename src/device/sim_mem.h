/* Target memory as every core sees it.
 *
 * A core's 32-bit address space has four kinds of places:
 *   - the read-only image (text, rodata), stored once for all cores;
 *   - its private window [priv_base, priv_base + priv_size): data, bss, heap,
 *     mmap area and stack, stored word-interleaved: word w of core c lives at
 *     priv[w * stride_word + c * stride_core]. The GPU uses stride_word =
 *     ncores, stride_core = 1 (all cores loading one address touch adjacent
 *     words); the CPU uses stride_word = 1, stride_core = words per core;
 *   - the shared region [shared_base, shared_base + shared_size), one byte
 *     array all cores read and write (barrier-free atomics go here);
 *   - nothing else: an access there is a fault, reported, never a crash.
 *
 * Accessors return 0 on success, 1 on a fault. */
#ifndef SIM_MEM_H
#define SIM_MEM_H

#include "sim_port.h"

/* Fixed target addresses of the runtime's shared region (kernels/warpsim.h). */
#define SIM_SHARED_BASE 0xC0000000u

struct linux_fs; /* what the host gives the cores to read (linux/linux_fs.h) */
struct sim_xmap; /* which pages of each core's window may be executed (sim_xmap.h) */

typedef struct sim_mem {
    uint32_t *priv;       /* private windows of all cores */
    uint64_t stride_word; /* A in w * A + c * B */
    uint64_t stride_core; /* B */
    uint32_t priv_base;   /* target address where the window starts (page aligned) */
    uint32_t priv_size;   /* bytes per core, multiple of 4 */
    uint32_t stack_lo;    /* lowest address of the stack reserve; mmap hands out below */
    const uint8_t *ro;    /* read-only image, 4-byte aligned host buffer */
    uint32_t ro_base;
    uint32_t ro_size;
    uint8_t *shared;      /* shared read-write region, 4-byte aligned */
    uint32_t shared_base;
    uint32_t shared_size;
    uint8_t *out;         /* output buffers: out_cap bytes per core, contiguous */
    uint32_t out_cap;
    uint32_t ncores;
    uint32_t priv_fit;    /* in a core's view (sim_mem_for_core): priv_size - 4, the
                           * last window offset where an access of any size fits.
                           * Last: placed beside priv_size, in the padding before ro,
                           * it took the persistent kernel from 96 to 114 registers
                           * and its frame from 96 to 176 bytes (nvcc 13.0, sm_90) */
    const struct linux_fs *fs; /* stdin and files, shared by all cores; NULL: none */
    struct sim_xmap *xmap;     /* executable pages of the windows; NULL: none (sim_xmap.h) */
} sim_mem_t;

/* A file that defines SIM_PRIV_CONTIGUOUS before including this one runs
 * only on the CPU layout (stride_word 1; its callers check), so that word
 * offsets need no multiply and no load of the stride on every access. */
#ifdef SIM_PRIV_CONTIGUOUS
#define SIM_PRIV_STRIDE_WORD(m) 1u
#else
#define SIM_PRIV_STRIDE_WORD(m) ((m)->stride_word)
#endif

SIM_INLINE uint32_t *sim_priv_word(const sim_mem_t *m, uint32_t core, uint32_t off)
{
    uint64_t w = off >> 2;
    SIM_ASSERT(core < m->ncores && off < m->priv_size);
    SIM_ASSERT(SIM_PRIV_STRIDE_WORD(m) == m->stride_word);
    return &m->priv[w * SIM_PRIV_STRIDE_WORD(m) + (uint64_t)core * m->stride_core];
}

/* A copy of m for the accesses of one core: its window's first word folded
 * into priv (stride_core 0), so each access costs a multiply and a load
 * fewer. sim_priv_word then gives the same words for `core` as m does. */
SIM_INLINE sim_mem_t sim_mem_for_core(const sim_mem_t *m, uint32_t core)
{
    sim_mem_t r = *m;
    SIM_ASSERT(core < m->ncores);
    r.priv += (uint64_t)core * m->stride_core;
    r.stride_core = 0;
    SIM_ASSERT(m->priv_size >= 4u); /* (a window is whole pages: machine.c) */
    r.priv_fit = m->priv_size - 4u;
    return r;
}

/* Byte access to a private word: little-endian lane within the host word. */
SIM_INLINE uint32_t sim_priv_ld8(const sim_mem_t *m, uint32_t core, uint32_t off)
{
    return (*sim_priv_word(m, core, off) >> ((off & 3u) * 8u)) & 0xffu;
}

SIM_INLINE void sim_priv_st8(const sim_mem_t *m, uint32_t core, uint32_t off, uint32_t v)
{
    uint32_t *p = sim_priv_word(m, core, off);
    uint32_t sh = (off & 3u) * 8u;
    *p = (*p & ~(0xffu << sh)) | ((v & 0xffu) << sh);
}

/* Slow path for any size and alignment, byte by byte. size is 1, 2 or 4. */
SIM_COLD int sim_ld_slow(const sim_mem_t *m, uint32_t core, uint32_t a, uint32_t size, uint32_t *out)
{
    uint32_t v = 0;
    for (uint32_t i = 0; i < size; i++) {
        uint32_t b = a + i, byte;
        uint32_t po = b - m->priv_base, ro = b - m->ro_base, so = b - m->shared_base;
        if (po < m->priv_size)
            byte = sim_priv_ld8(m, core, po);
        else if (ro < m->ro_size)
            byte = m->ro[ro];
        else if (so < m->shared_size)
            byte = ((volatile uint8_t *)m->shared)[so];
        else
            return 1;
        v |= byte << (8u * i);
    }
    *out = v;
    return 0;
}

SIM_COLD int sim_st_slow(const sim_mem_t *m, uint32_t core, uint32_t a, uint32_t size, uint32_t v)
{
    /* Check the whole range first so a faulting store writes nothing. */
    for (uint32_t i = 0; i < size; i++) {
        uint32_t b = a + i;
        if (b - m->priv_base >= m->priv_size && b - m->shared_base >= m->shared_size)
            return 1;
    }
    for (uint32_t i = 0; i < size; i++) {
        uint32_t b = a + i, byte = (v >> (8u * i)) & 0xffu;
        uint32_t po = b - m->priv_base;
        if (po < m->priv_size)
            sim_priv_st8(m, core, po, byte);
        else
            ((volatile uint8_t *)m->shared)[b - m->shared_base] = (uint8_t)byte;
    }
    return 0;
}

/* The slow path, its result through a variable of its own: had a caller's
 * variable been passed, its address would reach the out-of-line call, and
 * the caller would keep it on the stack on the fast path too (a store and
 * a reload between every load and its use, where the accessors inline). */
SIM_INLINE int sim_ld_slow_to(const sim_mem_t *m, uint32_t core, uint32_t a, uint32_t size, uint32_t *out)
{
    uint32_t v = 0;
    int bad = sim_ld_slow(m, core, a, size, &v);
    if (!bad)
        *out = v;
    return bad;
}

/* The 32-bit accessors' way past the private window: the read-only image,
 * the shared region, else the slow path (which also serves the window's
 * unaligned words). For callers that have already tested the window. */
SIM_INLINE int sim_ld32_beyond(const sim_mem_t *m, uint32_t core, uint32_t a, uint32_t *out)
{
    uint32_t ro = a - m->ro_base;
    if (ro < m->ro_size - 3u && (a & 3u) == 0 && m->ro_size >= 4u) {
        *out = *(const uint32_t *)(m->ro + ro);
        return 0;
    }
    uint32_t so = a - m->shared_base;
    if (so < m->shared_size && (a & 3u) == 0) {
        *out = *(volatile uint32_t *)(m->shared + so);
        return 0;
    }
    return sim_ld_slow_to(m, core, a, 4, out);
}

SIM_INLINE int sim_st32_beyond(const sim_mem_t *m, uint32_t core, uint32_t a, uint32_t v)
{
    uint32_t so = a - m->shared_base;
    if (so < m->shared_size && (a & 3u) == 0) {
        *(volatile uint32_t *)(m->shared + so) = v;
        return 0;
    }
    return sim_st_slow(m, core, a, 4, v);
}

SIM_INLINE int sim_ld32(const sim_mem_t *m, uint32_t core, uint32_t a, uint32_t *out)
{
    uint32_t po = a - m->priv_base;
    if (SIM_LIKELY(po < m->priv_size && (a & 3u) == 0)) {
        *out = *sim_priv_word(m, core, po);
        return 0;
    }
    return sim_ld32_beyond(m, core, a, out);
}

SIM_INLINE int sim_st32(const sim_mem_t *m, uint32_t core, uint32_t a, uint32_t v)
{
    uint32_t po = a - m->priv_base;
    if (SIM_LIKELY(po < m->priv_size && (a & 3u) == 0)) {
        *sim_priv_word(m, core, po) = v;
        return 0;
    }
    return sim_st32_beyond(m, core, a, v);
}

SIM_INLINE int sim_ld16(const sim_mem_t *m, uint32_t core, uint32_t a, uint32_t *out)
{
    uint32_t po = a - m->priv_base;
    if (SIM_LIKELY(po < m->priv_size && (a & 3u) != 3u)) {
        *out = (*sim_priv_word(m, core, po) >> ((po & 3u) * 8u)) & 0xffffu;
        return 0;
    }
    return sim_ld_slow_to(m, core, a, 2, out);
}

SIM_INLINE int sim_st16(const sim_mem_t *m, uint32_t core, uint32_t a, uint32_t v)
{
    uint32_t po = a - m->priv_base;
    if (SIM_LIKELY(po < m->priv_size && (a & 3u) != 3u)) {
        uint32_t *p = sim_priv_word(m, core, po);
        uint32_t sh = (po & 3u) * 8u;
        *p = (*p & ~(0xffffu << sh)) | ((v & 0xffffu) << sh);
        return 0;
    }
    return sim_st_slow(m, core, a, 2, v);
}

SIM_INLINE int sim_ld8(const sim_mem_t *m, uint32_t core, uint32_t a, uint32_t *out)
{
    uint32_t po = a - m->priv_base;
    if (SIM_LIKELY(po < m->priv_size)) {
        *out = sim_priv_ld8(m, core, po);
        return 0;
    }
    return sim_ld_slow_to(m, core, a, 1, out);
}

SIM_INLINE int sim_st8(const sim_mem_t *m, uint32_t core, uint32_t a, uint32_t v)
{
    uint32_t po = a - m->priv_base;
    if (SIM_LIKELY(po < m->priv_size)) {
        sim_priv_st8(m, core, po, v);
        return 0;
    }
    return sim_st_slow(m, core, a, 1, v);
}

/* Host word pointer for an aligned 32-bit atomic: shared region or private
 * window (private words are only ever touched by their own core, so a plain
 * read-modify-write there is already atomic). NULL if unmapped. */
SIM_INLINE uint32_t *sim_atomic_ptr(const sim_mem_t *m, uint32_t core, uint32_t a)
{
    if (a & 3u)
        return NULL;
    uint32_t so = a - m->shared_base;
    if (so < m->shared_size)
        return (uint32_t *)(m->shared + so);
    uint32_t po = a - m->priv_base;
    if (po < m->priv_size)
        return sim_priv_word(m, core, po);
    return NULL;
}

#endif
