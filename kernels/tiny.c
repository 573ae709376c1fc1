/* A kernel small enough for a million cores: no glibc, a few KB of private
 * memory. Each core computes an integer square root of a value derived from
 * its id by bisection and checks it, then adds its id + 1, a 1 and its
 * error flag into three shared counters. Core 0 checks the counters after
 * a barrier and prints one line. Build freestanding only. */
#define WS_FALLBACK_SHARED_SIZE 64u
#include "warpsim.h"
#include "warpsim_rt.h"

WS_MEMORY(256, 2048);

static unsigned isqrt(unsigned v)
{
    unsigned lo = 0, hi = 65536;
    while (hi - lo > 1) {
        unsigned mid = (lo + hi) / 2;
        if (mid * mid <= v)
            lo = mid;
        else
            hi = mid;
    }
    return lo;
}

int main(void)
{
    unsigned id = ws_core_id(), n = ws_ncores();
    volatile unsigned *sum = (volatile unsigned *)ws_shared_alloc(4);
    volatile unsigned *count = (volatile unsigned *)ws_shared_alloc(4);
    volatile unsigned *errors = (volatile unsigned *)ws_shared_alloc(4);
    if (!sum || !count || !errors)
        return 2;
    if (id == 0)
        *sum = *count = *errors = 0;
    ws_barrier();
    unsigned v = id * 2654435761u;
    unsigned r = isqrt(v);
    int bad = !(r * r <= v && (r + 1 == 65536 || (r + 1) * (r + 1) > v));
    ws_atomic_add(sum, id + 1);
    ws_atomic_add(count, 1);
    ws_atomic_add(errors, (unsigned)bad);
    ws_barrier();
    if (id != 0)
        return bad;
    /* n(n+1)/2 modulo 2^32 */
    unsigned expect = (n % 2 == 0) ? (n / 2) * (n + 1) : n * ((n + 1) / 2);
    bad |= *count != n || *sum != expect || *errors != 0;
    ws_print("tiny: cores=");
    ws_print_u32(n);
    ws_print(" sum=");
    ws_print_u32(*sum);
    ws_print(bad ? " WRONG\n" : " ok\n");
    return bad;
}
