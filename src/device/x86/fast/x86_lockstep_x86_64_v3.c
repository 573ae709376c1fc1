/* The IA-32 lockstep engine compiled for x86-64-v3 (AVX2, BMI; the
 * Makefile gives this file -march=x86-64-v3 -ffp-contract=off): 8-lane
 * vectors in its lane loops. The same results: integer code, and no
 * contraction of the floating-point bodies the lanes run through
 * x86_exec's. x86_lockstep.c's dispatch chooses it where the host runs
 * the level (lk_use_v3, lockstep/lk_entry.h). */
#if defined(__x86_64__)
#define LK_BUILD_V3
#include "x86_lockstep.c"
#endif
