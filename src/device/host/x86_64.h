/* An x86-64 host's own flags, for ISAs whose flag semantics match the
 * host's: an add, subtract, test or shift runs as the host instruction and
 * LAHF reads SF, ZF, AF, PF and CF at once (AH: SF bit 7, ZF 6, AF 4, PF 2,
 * CF 0), OF through a flag output. Host-only: host.h includes this on an
 * x86-64 host compiled by GCC, never in GPU code. */
#ifndef SIM_HOST_X86_64_H
#define SIM_HOST_X86_64_H

#include "../sim_port.h"

#define SIM_HOST_FLAGS_X86_64 1

/* AH after TEST r, r: SF and ZF of r, CF 0. */
SIM_INLINE uint32_t sim_host_test_ah(uint32_t r)
{
    uint64_t ax;
    __asm__("testl %[r], %[r]\n\tlahf" : "=a"(ax) : [r] "r"(r));
    return (uint32_t)(ax >> 8) & 0xffu;
}

/* *x += y (sub 0) or *x -= y (sub 1): AH, and OF in *of. (64-bit ax: the
 * caller's table index needs no extension.) */
SIM_INLINE uint32_t sim_host_add_sub_ah(uint32_t *x, uint32_t y, uint32_t sub, uint32_t *of)
{
    uint64_t ax;
    uint32_t r = *x;
    uint8_t v;
    if (sub)
        __asm__("subl %[y], %[r]\n\tlahf" : [r] "+r"(r), "=a"(ax), "=@cco"(v) : [y] "rm"(y));
    else
        __asm__("addl %[y], %[r]\n\tlahf" : [r] "+r"(r), "=a"(ax), "=@cco"(v) : [y] "rm"(y));
    *x = r;
    *of = v;
    return (uint32_t)(ax >> 8) & 0xffu;
}

/* *v <<= n (n 1..31): AH with CF the last bit shifted out. */
SIM_INLINE uint32_t sim_host_shl_ah(uint32_t *v, uint32_t n)
{
    uint64_t ax;
    uint32_t r = *v;
    __asm__("shll %%cl, %[v]\n\tlahf" : [v] "+r"(r), "=a"(ax) : "c"(n));
    *v = r;
    return (uint32_t)(ax >> 8) & 0xffu;
}

#endif
