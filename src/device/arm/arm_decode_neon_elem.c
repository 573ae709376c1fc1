/* The element family's field extractors (arm_decode_neon_elem.h). */
#include "arm_decode_neon_elem.h"
