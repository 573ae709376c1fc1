/* The arithmetic family's field extractors (arm_decode_neon_arith.h). */
#include "arm_decode_neon_arith.h"
