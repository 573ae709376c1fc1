/* What the host a step runs on offers beyond portable C: one small header
 * per host (x86_64.h), chosen here, each defining SIM_HOST_FLAGS_<host>
 * for the semantics that use it. GPU code and other hosts get none, and
 * compute the same results bit by bit. */
#ifndef SIM_HOST_H
#define SIM_HOST_H

/* SIM_PORTABLE_FLAGS: a file whose semantics run in loops the compiler
 * vectorises (fast/arm_lockstep.c) asks for the portable C, whose bit
 * operations vectorise where the host's flag instructions do not. */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__CUDA_ARCH__) && !defined(__CUDACC__) && \
    !defined(SIM_PORTABLE_FLAGS)
#include "x86_64.h"
#endif

#endif
