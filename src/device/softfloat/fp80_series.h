/* Power series in 128-bit arithmetic for the transcendentals: their
 * coefficients to 128 bits (tools/fp80_consts.py; a sticky bit where
 * inexact), evaluated in Horner's form with multiplications only (no
 * division in the loop: the GPU has no divide instruction). */
#ifndef X86_FP80_SERIES_H
#define X86_FP80_SERIES_H

#include "fp80_xf.h"

/* Where each series starts in the table, and its length: sin r / r and
 * cos r in -r^2 (1/(2k+1)!, 1/(2k)!: to r^34 and r^35, |r| <= pi/4),
 * expm1(z) / z in z (1/(k+1)!: to z^32, |z| <= ln 2), atanh(t) / t in t^2
 * and atan(t) / t in -t^2 (1/(2k+1)). */
enum {
    FP80_SER_SIN = 0,
    FP80_SER_COS = 17,
    FP80_SER_EXPM1 = 35,
    FP80_SER_ODD = 67,
    FP80_SER_N_SIN = 17,
    FP80_SER_N_COS = 18,
    FP80_SER_N_EXPM1 = 32,
    FP80_SER_N_ODD = 26
};

/* sum c[first + k] x^k, k < n. */
SIM_FN fp80_xf_t fp80_xf_series(fp80_xf_t x, uint32_t first, uint32_t n)
{
    static const fp80_xf_t c[93] = {
        /* sin, from 0 */
        {0x8000000000000000ull, 0x0000000000000000ull, 0, 0},
        {0xaaaaaaaaaaaaaaaaull, 0xaaaaaaaaaaaaaaabull, -3, 0},
        {0x8888888888888888ull, 0x8888888888888889ull, -7, 0},
        {0xd00d00d00d00d00dull, 0x00d00d00d00d00d1ull, -13, 0},
        {0xb8ef1d2ab6399c7dull, 0x560e4472800b8ef1ull, -19, 0},
        {0xd7322b3faa271c7full, 0x3a3f25c1bee38f11ull, -26, 0},
        {0xb092309d43684be5ull, 0x1c198e91d7b4269dull, -33, 0},
        {0xd73f9f399dc0f88eull, 0xc32b58774657f48full, -41, 0},
        {0xca963b81856a5359ull, 0x3028cbbb8d7ff53bull, -49, 0},
        {0x97a4da340a0ab926ull, 0x50f61dbdcb3a5abfull, -57, 0},
        {0xb8dc77b6e7ab8c5full, 0x78a37e77372290c3ull, -66, 0},
        {0xbb0da098b1c0cecbull, 0xdc3826ebfb13cc27ull, -75, 0},
        {0x9f9e66e8b2fd46a7ull, 0x22520cbbb7885c49ull, -84, 0},
        {0xe8d58e16e6751905ull, 0x4d0c78aea13b9a51ull, -94, 0},
        {0x92cfcc5a1ac56bd5ull, 0xf1873bb378948eb3ull, -103, 0},
        {0xa1a6973c1fade217ull, 0x0f7237d35fe1c89dull, -113, 0},
        {0x9cc092a6e86a8da9ull, 0xc166ffd4ba113ea9ull, -123, 0},
        /* cos, from 17 */
        {0x8000000000000000ull, 0x0000000000000000ull, 0, 0},
        {0x8000000000000000ull, 0x0000000000000000ull, -1, 0},
        {0xaaaaaaaaaaaaaaaaull, 0xaaaaaaaaaaaaaaabull, -5, 0},
        {0xb60b60b60b60b60bull, 0x60b60b60b60b60b7ull, -10, 0},
        {0xd00d00d00d00d00dull, 0x00d00d00d00d00d1ull, -16, 0},
        {0x93f27dbbc4fae397ull, 0x780b69f5333c725bull, -22, 0},
        {0x8f76c77fc6c4bdaaull, 0x26d4c3d67f425f61ull, -29, 0},
        {0xc9cba54603e4e905ull, 0xd6f8a2efd1f27547ull, -37, 0},
        {0xd73f9f399dc0f88eull, 0xc32b58774657f48full, -45, 0},
        {0xb413c31dcbecbbddull, 0x8024435161554bc3ull, -53, 0},
        {0xf2a15d201011283dull, 0x4e5695fc785d5dffull, -62, 0},
        {0x8671cb6dbfc294a2ull, 0x86485bf99c763abbull, -70, 0},
        {0xf96780cb97abbe65ull, 0x25a033e54ec51033ull, -80, 0},
        {0xc4742fe35272cd1cull, 0x790285d3580a4a33ull, -89, 0},
        {0x850c5131a842e9b9ull, 0xe2e28e1aa546a153ull, -98, 0},
        {0x9c9962823eb07306ull, 0x56f6a614c4e2ba59ull, -108, 0},
        {0xa1a6973c1fade217ull, 0x0f7237d35fe1c89dull, -118, 0},
        {0x9388118e07ebd09full, 0xc515a57ceb5b8645ull, -128, 0},
        /* expm1, from 35 */
        {0x8000000000000000ull, 0x0000000000000000ull, 0, 0},
        {0x8000000000000000ull, 0x0000000000000000ull, -1, 0},
        {0xaaaaaaaaaaaaaaaaull, 0xaaaaaaaaaaaaaaabull, -3, 0},
        {0xaaaaaaaaaaaaaaaaull, 0xaaaaaaaaaaaaaaabull, -5, 0},
        {0x8888888888888888ull, 0x8888888888888889ull, -7, 0},
        {0xb60b60b60b60b60bull, 0x60b60b60b60b60b7ull, -10, 0},
        {0xd00d00d00d00d00dull, 0x00d00d00d00d00d1ull, -13, 0},
        {0xd00d00d00d00d00dull, 0x00d00d00d00d00d1ull, -16, 0},
        {0xb8ef1d2ab6399c7dull, 0x560e4472800b8ef1ull, -19, 0},
        {0x93f27dbbc4fae397ull, 0x780b69f5333c725bull, -22, 0},
        {0xd7322b3faa271c7full, 0x3a3f25c1bee38f11ull, -26, 0},
        {0x8f76c77fc6c4bdaaull, 0x26d4c3d67f425f61ull, -29, 0},
        {0xb092309d43684be5ull, 0x1c198e91d7b4269dull, -33, 0},
        {0xc9cba54603e4e905ull, 0xd6f8a2efd1f27547ull, -37, 0},
        {0xd73f9f399dc0f88eull, 0xc32b58774657f48full, -41, 0},
        {0xd73f9f399dc0f88eull, 0xc32b58774657f48full, -45, 0},
        {0xca963b81856a5359ull, 0x3028cbbb8d7ff53bull, -49, 0},
        {0xb413c31dcbecbbddull, 0x8024435161554bc3ull, -53, 0},
        {0x97a4da340a0ab926ull, 0x50f61dbdcb3a5abfull, -57, 0},
        {0xf2a15d201011283dull, 0x4e5695fc785d5dffull, -62, 0},
        {0xb8dc77b6e7ab8c5full, 0x78a37e77372290c3ull, -66, 0},
        {0x8671cb6dbfc294a2ull, 0x86485bf99c763abbull, -70, 0},
        {0xbb0da098b1c0cecbull, 0xdc3826ebfb13cc27ull, -75, 0},
        {0xf96780cb97abbe65ull, 0x25a033e54ec51033ull, -80, 0},
        {0x9f9e66e8b2fd46a7ull, 0x22520cbbb7885c49ull, -84, 0},
        {0xc4742fe35272cd1cull, 0x790285d3580a4a33ull, -89, 0},
        {0xe8d58e16e6751905ull, 0x4d0c78aea13b9a51ull, -94, 0},
        {0x850c5131a842e9b9ull, 0xe2e28e1aa546a153ull, -98, 0},
        {0x92cfcc5a1ac56bd5ull, 0xf1873bb378948eb3ull, -103, 0},
        {0x9c9962823eb07306ull, 0x56f6a614c4e2ba59ull, -108, 0},
        {0xa1a6973c1fade217ull, 0x0f7237d35fe1c89dull, -113, 0},
        {0xa1a6973c1fade217ull, 0x0f7237d35fe1c89dull, -118, 0},
        /* odd, from 67 */
        {0x8000000000000000ull, 0x0000000000000000ull, 0, 0},
        {0xaaaaaaaaaaaaaaaaull, 0xaaaaaaaaaaaaaaabull, -2, 0},
        {0xccccccccccccccccull, 0xcccccccccccccccdull, -3, 0},
        {0x9249249249249249ull, 0x2492492492492493ull, -3, 0},
        {0xe38e38e38e38e38eull, 0x38e38e38e38e38e3ull, -4, 0},
        {0xba2e8ba2e8ba2e8bull, 0xa2e8ba2e8ba2e8bbull, -4, 0},
        {0x9d89d89d89d89d89ull, 0xd89d89d89d89d89dull, -4, 0},
        {0x8888888888888888ull, 0x8888888888888889ull, -4, 0},
        {0xf0f0f0f0f0f0f0f0ull, 0xf0f0f0f0f0f0f0f1ull, -5, 0},
        {0xd79435e50d79435eull, 0x50d79435e50d7943ull, -5, 0},
        {0xc30c30c30c30c30cull, 0x30c30c30c30c30c3ull, -5, 0},
        {0xb21642c8590b2164ull, 0x2c8590b21642c859ull, -5, 0},
        {0xa3d70a3d70a3d70aull, 0x3d70a3d70a3d70a3ull, -5, 0},
        {0x97b425ed097b425eull, 0xd097b425ed097b43ull, -5, 0},
        {0x8d3dcb08d3dcb08dull, 0x3dcb08d3dcb08d3dull, -5, 0},
        {0x8421084210842108ull, 0x4210842108421085ull, -5, 0},
        {0xf83e0f83e0f83e0full, 0x83e0f83e0f83e0f9ull, -6, 0},
        {0xea0ea0ea0ea0ea0eull, 0xa0ea0ea0ea0ea0ebull, -6, 0},
        {0xdd67c8a60dd67c8aull, 0x60dd67c8a60dd67dull, -6, 0},
        {0xd20d20d20d20d20dull, 0x20d20d20d20d20d3ull, -6, 0},
        {0xc7ce0c7ce0c7ce0cull, 0x7ce0c7ce0c7ce0c7ull, -6, 0},
        {0xbe82fa0be82fa0beull, 0x82fa0be82fa0be83ull, -6, 0},
        {0xb60b60b60b60b60bull, 0x60b60b60b60b60b7ull, -6, 0},
        {0xae4c415c9882b931ull, 0x0572620ae4c415c9ull, -6, 0},
        {0xa72f05397829cbc1ull, 0x4e5e0a72f0539783ull, -6, 0},
        {0xa0a0a0a0a0a0a0a0ull, 0xa0a0a0a0a0a0a0a1ull, -6, 0},
    };
    fp80_xf_t t = c[first + n - 1];
    for (uint32_t k = n - 1; k-- > 0;)
        t = fp80_xf_add(c[first + k], fp80_xf_mul(x, t));
    return t;
}

/* t times the series of 1/(2k+1) in t^2 (alt = 0: atanh t) or -t^2
 * (alt = 1: atan t), to n terms. */
SIM_FN fp80_xf_t fp80_xf_odd(fp80_xf_t t, int alt, uint32_t n)
{
    fp80_xf_t t2 = fp80_xf_mul(t, t);
    t2.sign ^= (uint32_t)alt;
    return fp80_xf_mul(t, fp80_xf_series(t2, FP80_SER_ODD, n));
}

#endif
