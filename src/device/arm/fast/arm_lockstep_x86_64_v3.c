/* The lockstep engine compiled for x86-64-v3 (AVX2, FMA, BMI; the
 * Makefile gives this file -march=x86-64-v3 -ffp-contract=off): its lane
 * loops then use 8-lane vectors and a shift per element (the conditions'
 * rows, operand 2), where the generic build has 4 lanes and none. The
 * same results: integer code, and no contraction of the floating-point
 * bodies the lanes run through arm_exec's. arm_lockstep.c's dispatch
 * chooses it where the host runs the level (lockstep/lk_entry.h). */
#if defined(__x86_64__)
#define LK_BUILD_V3
#include "arm_lockstep.c"
#endif
