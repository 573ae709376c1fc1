/* Joining the PTX of a -rdc=true program's objects into one module
 * (cudart_fatbin.c): names each object defines for itself alone (module
 * scope without .visible, .extern, .weak or .common: nvcc's `$str` of a
 * string literal, a static function or variable) stay apart, as the
 * device linker keeps them. */
#ifndef CUDART_RDC_H
#define CUDART_RDC_H

#include <stdint.h>

/* objs[0..n): the objects' texts. Returns n texts (malloc'd, to free one
 * by one, and the array), where a file-local name of an object that
 * another object defines too (visibly, or file-local before it) is renamed
 * NAME$oK (K: the object's index) throughout that object. NULL: out of
 * memory. */
char **rdc_keep_apart(char *const *objs, uint32_t n);

#endif
