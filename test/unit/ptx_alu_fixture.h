/* Helpers for the PTX ALU's tests: a descriptor in one call, one lane's
 * result, f32/f64 bits. */
#ifndef PTX_ALU_FIXTURE_H
#define PTX_ALU_FIXTURE_H

#include <criterion/criterion.h>
#include <string.h>

#include "device/ptx/ptx_alu.h"

static inline ptx_alu_t alu(unsigned op, unsigned type, unsigned type2, unsigned round, uint32_t flags)
{
    ptx_alu_t d;
    memset(&d, 0, sizeof d);
    d.op = (uint16_t)op, d.type = (uint8_t)type, d.type2 = (uint8_t)type2, d.round = (uint8_t)round;
    d.flags = flags;
    ptx_alu_prepare(&d);
    return d;
}

/* One lane: the first destination; *cc and *q as ptx_alu_eval leaves them. */
static inline uint64_t ev4(const ptx_alu_t *d, uint64_t a, uint64_t b, uint64_t c, uint64_t e, uint32_t *cc,
                           uint64_t *q)
{
    uint32_t dummy_cc = 0;
    uint64_t dummy_q = 0;
    return ptx_alu_eval(d, a, b, c, e, cc ? cc : &dummy_cc, q ? q : &dummy_q);
}

static inline uint64_t ev(const ptx_alu_t *d, uint64_t a, uint64_t b, uint64_t c)
{
    return ev4(d, a, b, c, 0, NULL, NULL);
}

static inline uint32_t fb(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

static inline uint64_t db(double f)
{
    uint64_t u;
    memcpy(&u, &f, 8);
    return u;
}

static inline float bf(uint64_t u)
{
    uint32_t v = (uint32_t)u;
    float f;
    memcpy(&f, &v, 4);
    return f;
}

#define F32_NAN 0x7fffffffu
#define F32_INF 0x7f800000u
#define F32_MAX 0x7f7fffffu
#define F32_MIN_SUB 0x00000001u
#define F32_MIN_NORM 0x00800000u

#endif
