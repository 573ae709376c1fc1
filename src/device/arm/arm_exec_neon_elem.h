/* The bodies of the element family's NEON rows (arm_neon_elem_ops.def). */
#ifndef ARM_EXEC_NEON_ELEM_H
#define ARM_EXEC_NEON_ELEM_H

#include "arm_neon.h"
#include "arm_exec_loadstore.h"

#endif
