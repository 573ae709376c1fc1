/* Sieve of Eratosthenes up to 20000 on a byte array and a bit array,
 * prime counts at powers of ten, twin primes, the largest prime gap and a
 * segmented sieve cross-check. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define LIMIT 20000

static uint8_t comp[LIMIT + 1];
static uint32_t bits[LIMIT / 32 + 1];

int main(void)
{
    for (uint32_t i = 2; i * i <= LIMIT; i++)
        if (!comp[i])
            for (uint32_t j = i * i; j <= LIMIT; j += i)
                comp[j] = 1;
    for (uint32_t i = 3; i * i <= LIMIT; i += 2)
        if (!(bits[i >> 5] & (1u << (i & 31))))
            for (uint32_t j = i * i; j <= LIMIT; j += 2 * i)
                bits[j >> 5] |= 1u << (j & 31);
    uint32_t count = 0, twins = 0, last = 0, gap = 0, gap_at = 0, disagree = 0, next_pow = 10;
    uint64_t sum = 0;
    for (uint32_t i = 2; i <= LIMIT; i++) {
        int is_p = !comp[i];
        int is_p2 = i == 2 || ((i & 1) && !(bits[i >> 5] & (1u << (i & 31))));
        disagree += is_p != is_p2;
        if (is_p) {
            count++;
            sum += i;
            if (last && i - last == 2)
                twins++;
            if (last && i - last > gap) {
                gap = i - last;
                gap_at = last;
            }
            last = i;
        }
        if (i == next_pow) {
            printf("pi(%u) = %u\n", i, count);
            next_pow *= 10;
        }
    }
    printf("pi(%u) = %u sum=%llu twins=%u maxgap=%u after %u largest=%u disagree=%u\n", LIMIT, count,
           (unsigned long long)sum, twins, gap, gap_at, last, disagree);
    /* segmented: primes in [15000, 15000 + 4096) */
    uint8_t seg[4096];
    memset(seg, 0, sizeof seg);
    uint32_t lo = 15000;
    for (uint32_t p = 2; p * p < lo + 4096; p++)
        if (!comp[p])
            for (uint32_t j = ((lo + p - 1) / p) * p; j < lo + 4096; j += p)
                seg[j - lo] = 1;
    uint32_t seg_count = 0, direct = 0;
    for (uint32_t k = 0; k < 4096; k++) {
        seg_count += !seg[k];
        direct += !comp[lo + k];
    }
    printf("segment primes=%u direct=%u\n", seg_count, direct);
    return disagree || seg_count != direct;
}
