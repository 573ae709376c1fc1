/* A cache built from a GPGPU-Sim string, and one-line accesses, for the
 * cache tests. */
#ifndef TEST_CACHE_FIXTURE_H
#define TEST_CACHE_FIXTURE_H

#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "device/mem/cache.h"
#include "host/mem/cache_config.h"

static inline cache_t *cache_from(const char *s, uint32_t level)
{
    cache_params_t p;
    char err[256];
    cr_assert_eq(cache_config_parse(s, "gpgpu_cache:dl1", level, &p, err, sizeof err), 0, "%s", err);
    cache_config_finish(&p, p.ways);
    return cache_init(calloc(1, cache_bytes(&p)), &p);
}

/* A read of the sectors in mask of the line at addr. */
static inline uint32_t rd(cache_t *c, uint64_t addr, uint32_t units, uint32_t id, cache_out_t *o)
{
    cache_req_t r;
    memset(&r, 0, sizeof r);
    r.addr = addr, r.units = units, r.id = id, r.kind = CACHE_READ, r.op = CACHE_OP_CA, r.type = CACHE_GLOBAL_ACC_R;
    return cache_access(c, &r, o);
}

/* A write of n bytes at addr (within one sector). */
static inline uint32_t wr(cache_t *c, uint64_t addr, uint32_t n, cache_out_t *o)
{
    cache_req_t r;
    memset(&r, 0, sizeof r);
    uint32_t off = (uint32_t)(addr & 127);
    r.addr = addr, r.units = 1u << (off / 32), r.kind = CACHE_WRITE, r.op = CACHE_OP_WB, r.type = CACHE_GLOBAL_ACC_W;
    for (uint32_t b = off; b < off + n; b++)
        r.bytes[b / 32] |= 1u << (b % 32);
    return cache_access(c, &r, o);
}

#endif
