/* For the test/diff programs that check what calls returned (smc_loop_x86.c,
 * jit_loop.c): a running digest of every result and a count of those that
 * differed from the value expected, printed after each case. */
#ifndef DIGEST_H
#define DIGEST_H

#include <stdint.h>
#include <stdio.h>

static uint32_t digest, errors;

static void check(uint32_t got, uint32_t want)
{
    digest = digest * 31u + got;
    errors += got != want;
}

static void report(const char *name)
{
    printf("%-9s digest %08x errors %u\n", name, digest, errors);
}

#endif
