/* The host's one-pass window digests (src/host/window_hash.c) against the
 * device's per-core definition (sim_priv_hash), on both layouts the CPU
 * backend makes, in fresh anonymous memory as the backend maps it: pages
 * never touched (skipped, their words counted as zeros), pages only read
 * (the host's zero page: present, read), words written at a page's first
 * and last word and in the middle of a long untouched run, and a window
 * size that is not a whole number of pages, so rows and windows straddle
 * page boundaries. A digest that skipped a written page, or counted a run
 * of zeros wrongly, differs from sim_priv_hash. */
#include <criterion/criterion.h>
#include <sys/mman.h>
#include <unistd.h>

#include "device/sim_hash.h"
#include "host/window_hash.h"

static void check(uint32_t ncores, uint32_t priv_size, int interleaved)
{
    size_t bytes = (size_t)ncores * priv_size;
    uint32_t *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    cr_assert_neq(p, MAP_FAILED);
    sim_mem_t m = {0};
    m.priv = p;
    m.priv_size = priv_size;
    m.ncores = ncores;
    m.stride_word = interleaved ? ncores : 1u;
    m.stride_core = interleaved ? 1u : priv_size / 4u;
    long ps = sysconf(_SC_PAGESIZE);
    uint64_t words = priv_size / 4u;
    /* written: core c's words at a few offsets, and one whole host page */
    for (uint32_t c = 0; c < ncores; c += 3) {
        uint64_t at[] = {0, words - 1, words / 2, (c * 977u) % words, (uint64_t)ps / 4 - 1, (uint64_t)ps / 4};
        for (unsigned i = 0; i < sizeof at / sizeof at[0]; i++)
            if (at[i] < words)
                *sim_priv_word(&m, c, (uint32_t)at[i] * 4u) = 0x9e3779b9u * (c + 1u) + (uint32_t)at[i];
    }
    for (long i = 0; i < ps / 4; i++)
        p[bytes / 4 / 2 + (size_t)i] = (uint32_t)i | 1u;
    /* read only: a page of zeros that is present */
    volatile uint32_t sink = p[bytes / 4 - 1 - (size_t)ps / 2];
    (void)sink;
    uint64_t *h = calloc(ncores, sizeof *h);
    window_hashes(&m, h);
    for (uint32_t c = 0; c < ncores; c++)
        cr_assert_eq(h[c], sim_priv_hash(&m, c), "%s, %u cores of %u bytes: core %u: %016llx, not %016llx",
                     interleaved ? "interleaved" : "contiguous", ncores, priv_size, c, (unsigned long long)h[c],
                     (unsigned long long)sim_priv_hash(&m, c));
    free(h);
    munmap(p, bytes);
}

Test(window_hash, contiguous)
{
    check(1, 1u << 20, 0);
    check(7, 3u * 65536u + 1028u, 0);
    check(64, 64u * 1024u, 0);
}

Test(window_hash, interleaved)
{
    check(1, 1u << 20, 1);
    check(7, 3u * 65536u + 1028u, 1);
    check(1024, 64u * 1024u, 1);
    check(1500, 20u * 1024u + 12u, 1);
}
