/* window_hash.h's one pass. A page the run never touched (neither present
 * nor swapped out, by /proc/self/pagemap; the windows are private anonymous
 * memory, which reads as zero there) is not read: k zero words change an
 * FNV-1a digest by the factor P^k, so a run of them costs one power. Where
 * pagemap cannot be read, every page is read. */
#include "host/window_hash.h"

#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

#include "device/sim_hash.h"

/* SIM_HASH_PRIME^k: what k zero words do to a digest (sim_hash_step) */
static uint64_t fnv_power(uint64_t k)
{
    uint64_t r = 1, b = SIM_HASH_PRIME;
    for (; k; k >>= 1, b *= b)
        if (k & 1u)
            r *= b;
    return r;
}

/* One bit a host page of [p, p + bytes): whether it may hold anything but
 * zeros. NULL where pagemap cannot be read (then every page may). */
typedef struct {
    uint8_t *bit;
    uintptr_t first; /* host page number of bit 0 */
    unsigned shift;  /* log2 of the page size */
} touched_t;

static void read_touched(touched_t *t, const void *p, uint64_t bytes)
{
    long ps = sysconf(_SC_PAGESIZE);
    t->bit = NULL;
    if (ps <= 0 || (ps & (ps - 1)) || bytes == 0)
        return;
    for (t->shift = 0; (1l << t->shift) < ps; t->shift++)
        ;
    t->first = (uintptr_t)p >> t->shift;
    uint64_t n = (((uintptr_t)p + bytes - 1) >> t->shift) - t->first + 1;
    int fd = open("/proc/self/pagemap", O_RDONLY);
    if (fd < 0)
        return;
    uint8_t *bit = calloc((size_t)(n + 7) / 8, 1);
    uint64_t buf[4096];
    for (uint64_t i = 0; bit && i < n;) {
        uint64_t want = n - i < 4096 ? n - i : 4096;
        ssize_t got = pread(fd, buf, want * 8, (off_t)((t->first + i) * 8));
        if (got <= 0 || got % 8) {
            free(bit);
            bit = NULL;
            break;
        }
        for (uint64_t j = 0; j < (uint64_t)got / 8; j++, i++)
            if (buf[j] >> 62) /* bit 63 present, bit 62 swapped */
                bit[i / 8] |= (uint8_t)(1u << (i % 8));
    }
    close(fd);
    t->bit = bit;
}

/* Whether host bytes [a, b] (inclusive) may hold anything but zeros. */
static int touched(const touched_t *t, const void *a, const void *b)
{
    if (!t->bit)
        return 1;
    uintptr_t lo = ((uintptr_t)a >> t->shift) - t->first, hi = ((uintptr_t)b >> t->shift) - t->first;
    for (uintptr_t i = lo; i <= hi; i++)
        if (t->bit[i / 8] & (1u << (i % 8)))
            return 1;
    return 0;
}

/* Contiguous: each core's words in a row of their own. */
static void hash_contiguous(const sim_mem_t *m, const touched_t *t, uint64_t *h)
{
    uint64_t words = m->priv_size / 4u, page = t->bit ? (1ull << t->shift) / 4u : 0;
    for (uint32_t c = 0; c < m->ncores; c++) {
        const uint32_t *w = m->priv + (uint64_t)c * m->stride_core;
        uint64_t x = SIM_HASH_BASIS, zeros = 0;
        for (uint64_t i = 0; i < words;) {
            /* up to the next page boundary (windows need not start on one) */
            uint64_t end = words;
            if (t->bit) {
                uint64_t page_end = i + page - (((uintptr_t)(w + i) >> 2) & (page - 1u));
                end = page_end < words ? page_end : words;
            }
            if (!touched(t, w + i, w + end - 1)) {
                zeros += end - i;
                i = end;
                continue;
            }
            if (zeros)
                x *= fnv_power(zeros);
            zeros = 0;
            for (; i < end; i++)
                x = sim_hash_step(x, w[i]);
        }
        h[c] = zeros ? x * fnv_power(zeros) : x;
    }
}

/* Interleaved: word i of every core side by side, a row of ncores words. */
static void hash_interleaved(const sim_mem_t *m, const touched_t *t, uint64_t *h)
{
    uint32_t n = m->ncores;
    uint64_t rows = m->priv_size / 4u, zeros = 0;
    for (uint32_t c = 0; c < n; c++)
        h[c] = SIM_HASH_BASIS;
    for (uint64_t i = 0; i < rows; i++) {
        const uint32_t *row = m->priv + i * m->stride_word;
        if (!touched(t, row, row + n - 1)) {
            zeros++;
            continue;
        }
        if (zeros) {
            uint64_t f = fnv_power(zeros);
            for (uint32_t c = 0; c < n; c++)
                h[c] *= f;
            zeros = 0;
        }
        for (uint32_t c = 0; c < n; c++)
            h[c] = sim_hash_step(h[c], row[c]);
    }
    if (zeros) {
        uint64_t f = fnv_power(zeros);
        for (uint32_t c = 0; c < n; c++)
            h[c] *= f;
    }
}

void window_hashes(const sim_mem_t *m, uint64_t *h)
{
    int contiguous = m->stride_word == 1u && m->stride_core >= m->priv_size / 4u;
    int interleaved = m->stride_core == 1u && m->stride_word == m->ncores;
    if (!contiguous && !interleaved) {
        for (uint32_t c = 0; c < m->ncores; c++)
            h[c] = sim_priv_hash(m, c);
        return;
    }
    uint64_t words = contiguous ? (uint64_t)(m->ncores - 1u) * m->stride_core + m->priv_size / 4u
                                : (uint64_t)m->ncores * (m->priv_size / 4u);
    touched_t t;
    read_touched(&t, m->priv, words * 4u);
    if (contiguous)
        hash_contiguous(m, &t, h);
    else
        hash_interleaved(m, &t, h);
    free(t.bit);
}
