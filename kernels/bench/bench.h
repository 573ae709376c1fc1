/* What the benchmark workloads of kernels/bench/ share: arguments, static
 * loop partitioning (seed 002, section 3.2: each core takes an equal run of
 * consecutive iterations, chosen by its id), the shared data and the tally
 * in which the cores combine their results for core 0 to check.
 *
 * Every workload has the same phases, separated by ws_barrier():
 *   generate its slice of the input -> compute its slice -> check the slice
 *   of the next core (id + 1) against a closed form or a cheaper exact
 *   computation, adding mismatches and a checksum to the tally -> core 0
 *   checks the tally, recomputes a sample itself and prints one line.
 * The checks run in parallel, so they shrink with the work per core instead
 * of becoming core 0's critical path, and they read what another core
 * wrote. The results, checksum included, do not depend on the core count. */
#ifndef BENCH_H
#define BENCH_H

/* Under warpsim the data live in the shared region; one core elsewhere
 * takes them from brk (bench_shared_alloc), so the runtime's static fallback
 * buffer, which every simulated core would carry as bss, can stay tiny. */
#define WS_FALLBACK_SHARED_SIZE 64u
#include "warpsim.h"
#include "warpsim_rt.h"

#define BENCH_NR_brk 45 /* the same on ARM EABI and IA-32 */

typedef struct {
    volatile unsigned arrived; /* cores that reached the check phase */
    volatile unsigned bad;     /* mismatches the checks found */
    volatile unsigned sum;     /* checksum of the result, mod 2^32, independent of the core count */
    volatile unsigned worst;   /* largest error seen, for the approximate results */
} bench_tally_t;

static inline unsigned bench_arg(int argc, char **argv, int i, unsigned dflt)
{
    return ws_parse_uint(argc > i ? argv[i] : 0, dflt);
}

/* [lo, hi) of core c out of n for a loop of len iterations */
static inline void bench_slice(unsigned len, unsigned c, unsigned n, unsigned *lo, unsigned *hi)
{
    *lo = (unsigned)((unsigned long long)len * c / n);
    *hi = (unsigned)((unsigned long long)len * (c + 1) / n);
}

static inline void *bench_brk_alloc(unsigned bytes)
{
    static unsigned top;
    if (!top)
        top = (unsigned)ws_syscall1(BENCH_NR_brk, 0);
    unsigned at = (top + 15u) & ~15u;
    if (bytes > 0xffffffffu - 16u - at)
        return 0;
    unsigned want = at + bytes;
    if ((unsigned)ws_syscall1(BENCH_NR_brk, (long)want) < want)
        return 0;
    top = want;
    return (void *)(unsigned long)at;
}

/* Zeroed memory seen by every core at the same address; NULL when full. */
static inline void *bench_shared_alloc(unsigned bytes)
{
    return ws_is_simulated() ? ws_shared_alloc(bytes) : bench_brk_alloc(bytes);
}

static inline void bench_atomic_max(volatile unsigned *p, unsigned v)
{
    unsigned old = *p;
    while (old < v) {
        unsigned seen = ws_atomic_cas(p, old, v);
        if (seen == old)
            break;
        old = seen;
    }
}

/* One term of an order-independent checksum: the sum over a result's
 * entries of bench_hash(value, index), mod 2^32. */
static inline unsigned bench_hash(unsigned v, unsigned at)
{
    v ^= at * 0x9e3779b9u;
    v ^= v >> 16;
    v *= 0x7feb352du;
    v ^= v >> 15;
    return v;
}

/* Core 0, before the first barrier (nothing else touches the tally until
 * after it). */
static inline void bench_tally_reset(bench_tally_t *t)
{
    t->arrived = t->bad = t->sum = t->worst = 0;
}

/* The check phase's contribution of one core. */
static inline void bench_tally(bench_tally_t *t, unsigned bad, unsigned sum, unsigned worst)
{
    if (bad)
        ws_atomic_add(&t->bad, bad);
    ws_atomic_add(&t->sum, sum);
    bench_atomic_max(&t->worst, worst);
    ws_atomic_add(&t->arrived, 1);
}

/* The summary line starts "<name>: cores=N"; bench_kv adds " key=value". */
static inline void bench_head(const char *name, unsigned n)
{
    ws_print(name);
    ws_print(": cores=");
    ws_print_u32(n);
}

static inline void bench_kv(const char *key, unsigned v)
{
    ws_print(" ");
    ws_print(key);
    ws_print("=");
    ws_print_u32(v);
}

static inline void bench_kx(const char *key, unsigned v)
{
    ws_print(" ");
    ws_print(key);
    ws_print("=0x");
    ws_print_hex32(v);
}

/* Ends the line: " ok", or " WRONG: why"; returns the exit status. */
static inline int bench_verdict(const char *problem)
{
    ws_print(problem ? " WRONG: " : " ok");
    ws_print(problem ? problem : "");
    ws_print("\n");
    return problem != 0;
}

/* Core 0's common checks of the tally; NULL when they pass. */
static inline const char *bench_tally_problem(const bench_tally_t *t, unsigned n)
{
    if (t->arrived != n)
        return "not every core reached the check";
    if (t->bad)
        return "the cores' checks found mismatches";
    return 0;
}

#endif
