/* The bodies of the arithmetic family's NEON rows (arm_neon_arith_ops.def). */
#ifndef ARM_EXEC_NEON_ARITH_H
#define ARM_EXEC_NEON_ARITH_H

#include "arm_neon.h"

#endif
