/* One row of an encoding table (arm_a32.def, arm_t16.def, arm_t32.def). */
#ifndef RISU_ROWS_H
#define RISU_ROWS_H

#include "risu.h"

typedef struct risu_row {
    uint32_t match, mask;
    uint32_t op;
} risu_row_t;

#define RISU_COUNT_ROW(op, form, match, mask) {0, 0, 0},

/* Row i of the class's table; *cond_row: an A32 row whose cond field is free. */
const risu_row_t *risu_row(risu_class_t cls, uint32_t i, int *cond_row);

#endif
