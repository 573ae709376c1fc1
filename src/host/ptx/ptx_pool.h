/* The memory of one PTX module: every allocation of the parse lives in one
 * pool and goes away with it, so an error anywhere in the parse (a longjmp to
 * ptx_parse_buffer) leaks nothing. Each allocation is its own malloc block,
 * so AddressSanitizer still sees every array's bounds. */
#ifndef PTX_POOL_H
#define PTX_POOL_H

#include <stddef.h>
#include <stdint.h>

typedef struct ptx_pool ptx_pool_t;

ptx_pool_t *ptx_pool_new(void);
void ptx_pool_free(ptx_pool_t *p);
/* Zeroed memory; NULL when out of memory. */
void *ptx_pool_alloc(ptx_pool_t *p, size_t size);
/* realloc for pool memory: the new tail is zeroed; NULL (old kept) when out of memory. */
void *ptx_pool_resize(ptx_pool_t *p, void *old, size_t old_size, size_t new_size);

#endif
