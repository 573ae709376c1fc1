/* The CTA runner compiled for x86-64-v3 (AVX2, FMA; the Makefile gives this
 * file -march=x86-64-v3): the ALU's 32-lane loops then use 8-lane vectors,
 * and fma, sqrt and rcp become instructions instead of libm calls. Results
 * are the same bits: no reassociation, no contraction (-ffp-contract=off),
 * and fmaf and sqrtf are correctly rounded either way. Measured in
 * bench/ptx_bench.sh; ptx_cta_dispatch.c chooses it when the host has AVX2
 * and FMA. */
#if defined(__x86_64__)
#define PTX_CTA_RUN ptx_cta_run_x86_64_v3
#include "ptx_cta.c"
#endif
