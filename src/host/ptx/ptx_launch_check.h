/* A launch file's `check` lines: a buffer's final bytes against the
 * expected ones, bit for bit or within a tolerance. */
#ifndef PTX_LAUNCH_CHECK_H
#define PTX_LAUNCH_CHECK_H

#include <stdint.h>

#include "host/ptx/ptx_launch.h"

typedef struct ptx_check_result {
    int pass;
    uint64_t ndiff;         /* elements out of tolerance (exact: not the same bits) */
    uint64_t first;         /* the first of them */
    double got, want;       /* its values, as numbers */
    double max_err;         /* the largest |got - want| over all elements (NaN where one is NaN) */
} ptx_check_result_t;

/* Compares count elements of type t. */
void ptx_check_compare(const ptx_check_decl_t *c, ptx_elem_t t, uint64_t count, const uint8_t *got,
                       const uint8_t *want, ptx_check_result_t *r);
/* An element of type t at p, as a number. */
double ptx_elem_number(ptx_elem_t t, const uint8_t *p);
/* Element i's text ("1.5", "-3", "nan") for messages. */
void ptx_elem_text(ptx_elem_t t, const uint8_t *p, char *buf, size_t n);

#endif
