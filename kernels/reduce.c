/* Parallel reduction. Every core fills its slice of an array in the shared
 * region, then (after a barrier) sums a different core's slice, so the data
 * cross cores through shared memory; partial sums meet in one counter via
 * ws_atomic_add. Core 0 checks the total against the partials and against a
 * sequential recomputation, and prints one line.
 *
 *     reduce [elements]        (default 8192; sums are modulo 2^32) */
#include "warpsim.h"
#include "warpsim_rt.h"

static unsigned element(unsigned i) { return (i * 2654435761u) >> 12 ^ i; }

/* [lo, hi) of core c out of n for a loop of len iterations */
static void slice(unsigned len, unsigned c, unsigned n, unsigned *lo, unsigned *hi)
{
    *lo = (unsigned)((unsigned long long)len * c / n);
    *hi = (unsigned)((unsigned long long)len * (c + 1) / n);
}

static int report(unsigned len, unsigned n, unsigned total, const char *problem)
{
    ws_print("reduce: elements=");
    ws_print_u32(len);
    ws_print(" cores=");
    ws_print_u32(n);
    ws_print(" sum=0x");
    ws_print_hex32(total);
    ws_print(problem ? " WRONG: " : " ok");
    ws_print(problem ? problem : "");
    ws_print("\n");
    return problem != 0;
}

int main(int argc, char **argv)
{
    unsigned len = ws_parse_uint(argc > 1 ? argv[1] : 0, 8192u);
    unsigned id = ws_core_id(), n = ws_ncores(), lo, hi;
    unsigned *data = (unsigned *)ws_shared_alloc(len * 4u);
    volatile unsigned *partial = (volatile unsigned *)ws_shared_alloc(n * 4u);
    volatile unsigned *total = (volatile unsigned *)ws_shared_alloc(8);
    if (!data || !partial || !total) {
        if (id == 0)
            ws_print("reduce: shared region too small\n");
        return 2;
    }
    volatile unsigned *arrived = total + 1;
    if (id == 0)
        *total = *arrived = 0;
    slice(len, id, n, &lo, &hi);
    for (unsigned i = lo; i < hi; i++)
        data[i] = element(i);
    ws_barrier();

    slice(len, (id + 1) % n, n, &lo, &hi);
    unsigned sum = 0;
    for (unsigned i = lo; i < hi; i++)
        sum += data[i];
    partial[(id + 1) % n] = sum;
    ws_atomic_add(total, sum);
    ws_atomic_add(arrived, 1);
    ws_barrier();
    if (id != 0)
        return 0;

    unsigned from_partials = 0, expect = 0, got = ws_atomic_load(total);
    for (unsigned c = 0; c < n; c++)
        from_partials += partial[c];
    for (unsigned i = 0; i < len; i++)
        expect += element(i);
    if (*arrived != n)
        return report(len, n, got, "not every core arrived");
    if (got != from_partials || got != expect)
        return report(len, n, got, "sum differs from the partials or the sequential sum");
    return report(len, n, got, 0);
}
