/* A launch's global memory: one arena (ptx_gmem_t) from PTX_GMEM_LO, the
 * module's .global variables first, then each buffer 256-byte aligned (as
 * cudaMalloc aligns); the buffers' fills; reading and writing a buffer's
 * bytes as files. */
#ifndef PTX_LAUNCH_MEM_H
#define PTX_LAUNCH_MEM_H

#include <stddef.h>
#include <stdint.h>

#include "device/ptx/ptx_grid.h"
#include "host/ptx/ptx_launch.h"

#define PTX_BUFFER_ALIGN 256

typedef struct ptx_arena {
    ptx_gmem_t gmem;
    uint64_t *addr;         /* each buffer's target address */
    uint32_t nbuffers;
} ptx_arena_t;

/* Lays out globals_size bytes and l's buffers, zeroed. 0, or -1 with err. */
int ptx_arena_init(ptx_arena_t *a, const ptx_launch_t *l, uint64_t globals_size, char *err, size_t n);
void ptx_arena_free(ptx_arena_t *a);
/* A buffer's host bytes. */
uint8_t *ptx_arena_buffer(const ptx_arena_t *a, uint32_t buffer);

/* Writes b's initial contents (its fill) at dst. 0, or -1 with
 * "LAUNCH:LINE: ..." in err (a `file` that cannot be read, or of another size). */
int ptx_fill_buffer(const char *launch, const ptx_buffer_decl_t *b, uint8_t *dst, char *err, size_t n);
/* Element i of b's fill (not `file`), as stored. */
void ptx_fill_element(const ptx_buffer_decl_t *b, uint64_t i, uint8_t *dst);

/* The whole of path into dst, which must be exactly `bytes` long. 0, or -1
 * with "PATH: ..." in err. */
int ptx_read_exact(const char *path, uint8_t *dst, uint64_t bytes, char *err, size_t n);
int ptx_write_file(const char *path, const uint8_t *src, uint64_t bytes, char *err, size_t n);

#endif
