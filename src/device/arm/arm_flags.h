/* How ARM's N, Z, C and V are computed: bit by bit in portable C (the GPU,
 * other hosts), or from the host's own flags where its header in
 * src/device/host/ offers them (an x86-64 host: x86's SF, ZF, CF, OF are
 * ARM's N, Z, C, V, but for a subtract's CF, which is the borrow, C's
 * complement). The semantics call these and never see the host. */
#ifndef ARM_FLAGS_H
#define ARM_FLAGS_H

#include "../host/host.h"
#include "../sim_port.h"

#ifdef SIM_HOST_FLAGS_X86_64
/* ARM's N, Z and C as bits 3..1 of NZCV, indexed by the AH that LAHF
 * leaves (SF and ZF in bits 7 and 6, CF in bit 0). From entry
 * ARM_AH_BORROW on, the same with C inverted, sparing a subtract a CMC. */
#define ARM_AH_BORROW 256u
#define ARM_AH_NZC(h) (uint8_t)((((h) >> 4) & 0xcu) | ((((h) & 1u) ^ ((h) >> 8)) << 1))
#define ARM_AH_NZC4(h) ARM_AH_NZC(h), ARM_AH_NZC((h) + 1u), ARM_AH_NZC((h) + 2u), ARM_AH_NZC((h) + 3u)
#define ARM_AH_NZC16(h) ARM_AH_NZC4(h), ARM_AH_NZC4((h) + 4u), ARM_AH_NZC4((h) + 8u), ARM_AH_NZC4((h) + 12u)
#define ARM_AH_NZC64(h)                                                        \
    ARM_AH_NZC16(h), ARM_AH_NZC16((h) + 16u), ARM_AH_NZC16((h) + 32u), ARM_AH_NZC16((h) + 48u)
static const uint8_t arm_ah_nzc[2 * ARM_AH_BORROW] = {
    ARM_AH_NZC64(0u),   ARM_AH_NZC64(64u),  ARM_AH_NZC64(128u), ARM_AH_NZC64(192u),
    ARM_AH_NZC64(256u), ARM_AH_NZC64(320u), ARM_AH_NZC64(384u), ARM_AH_NZC64(448u)};
#undef ARM_AH_NZC64
#undef ARM_AH_NZC16
#undef ARM_AH_NZC4
#undef ARM_AH_NZC
#endif

/* N and Z of result r, in NZCV's bits 3 and 2 (0 in 1 and 0). On an x86-64
 * host: TEST, LAHF and the table, 4 host instructions instead of 7. */
SIM_INLINE uint32_t arm_nz_of(uint32_t r)
{
#ifdef SIM_HOST_FLAGS_X86_64
    return arm_ah_nzc[sim_host_test_ah(r)];
#else
    return (r >> 28 & 8u) | (r ? 0u : 4u);
#endif
}

/* AddWithCarry(x, y, cin) for a constant cin of 0 or 1 (every op but ADC,
 * SBC, RSC; a subtract passes y = ~b, cin = 1), NZCV in *nzcv: on an
 * x86-64 host the host's add, or its subtract of ~y (x + ~b + 1 being
 * x - b), and one table load; elsewhere with GCC, C and V from its
 * overflow builtins; on the GPU, the general AddWithCarry (arm_add_flags). */
#if defined(SIM_HOST_FLAGS_X86_64) || (defined(__GNUC__) && !defined(__CUDA_ARCH__))
#define ARM_ADD_CONST_CIN 1
SIM_INLINE uint32_t arm_add_const_cin(uint32_t x, uint32_t y, uint32_t cin, uint32_t *nzcv)
{
#ifdef SIM_HOST_FLAGS_X86_64
    uint32_t v, ah = sim_host_add_sub_ah(&x, cin ? ~y : y, cin, &v);
    *nzcv = (uint32_t)arm_ah_nzc[ah + (cin ? ARM_AH_BORROW : 0u)] | v;
    return x;
#else
    uint32_t r, carry, ovf;
    int32_t sr;
    if (cin) {
        carry = !__builtin_sub_overflow(x, ~y, &r);
        ovf = (uint32_t)__builtin_sub_overflow((int32_t)x, (int32_t)~y, &sr);
    } else {
        carry = __builtin_add_overflow(x, y, &r);
        ovf = (uint32_t)__builtin_add_overflow((int32_t)x, (int32_t)y, &sr);
    }
    *nzcv = arm_nz_of(r) | carry << 1 | ovf;
    return r;
#endif
}
#endif

/* NZC of v LSL n (n 1..31): N and Z of the result, C the last bit out; the
 * result in *r. On an x86-64 host one SHL and LAHF. */
SIM_INLINE uint32_t arm_lsl_nzc(uint32_t v, uint32_t n, uint32_t *r)
{
#ifdef SIM_HOST_FLAGS_X86_64
    uint32_t ah = sim_host_shl_ah(&v, n);
    *r = v;
    return arm_ah_nzc[ah];
#else
    *r = v << n;
    return arm_nz_of(*r) | ((v >> (32u - n)) & 1u) << 1;
#endif
}

#endif
