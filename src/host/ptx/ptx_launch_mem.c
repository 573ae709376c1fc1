/* The arena of a launch's global memory, and the buffers' files. */
#include "host/ptx/ptx_launch_mem.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t align_up(uint64_t v, uint64_t a) { return (v + a - 1) & ~(a - 1); }

int ptx_arena_init(ptx_arena_t *a, const ptx_launch_t *l, uint64_t globals_size, char *err, size_t n)
{
    memset(a, 0, sizeof *a);
    a->addr = calloc(l->nbuffers ? l->nbuffers : 1, sizeof *a->addr);
    if (!a->addr) {
        snprintf(err, n, "%s: out of memory", l->path);
        return -1;
    }
    a->nbuffers = l->nbuffers;
    uint64_t end = align_up(globals_size, PTX_BUFFER_ALIGN);
    for (uint32_t i = 0; i < l->nbuffers; i++) {
        a->addr[i] = PTX_GMEM_LO + end;
        end = align_up(end + ptx_buffer_bytes(&l->buffers[i]), PTX_BUFFER_ALIGN);
    }
    a->gmem.lo = PTX_GMEM_LO;
    a->gmem.size = end ? end : PTX_BUFFER_ALIGN;
    /* calloc: untouched pages of a large buffer stay unbacked until filled */
    a->gmem.base = calloc(1, a->gmem.size);
    if (!a->gmem.base) {
        snprintf(err, n, "%s: cannot allocate %llu bytes of global memory", l->path,
                 (unsigned long long)a->gmem.size);
        ptx_arena_free(a);
        return -1;
    }
    return 0;
}

void ptx_arena_free(ptx_arena_t *a)
{
    free(a->gmem.base);
    free(a->addr);
    memset(a, 0, sizeof *a);
}

uint8_t *ptx_arena_buffer(const ptx_arena_t *a, uint32_t buffer)
{
    return a->gmem.base + (a->addr[buffer] - a->gmem.lo);
}

int ptx_read_exact(const char *path, uint8_t *dst, uint64_t bytes, char *err, size_t n)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, n, "%s: %s", path, strerror(errno));
        return -1;
    }
    uint64_t got = fread(dst, 1, bytes, f);
    int more = fgetc(f) != EOF, bad = ferror(f);
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fclose(f);
    if (bad)
        snprintf(err, n, "%s: read error", path);
    else if (got != bytes || more)
        snprintf(err, n, "%s: %ld bytes, expected %llu", path, size, (unsigned long long)bytes);
    return bad || got != bytes || more ? -1 : 0;
}

int ptx_write_file(const char *path, const uint8_t *src, uint64_t bytes, char *err, size_t n)
{
    FILE *f = fopen(path, "wb");
    if (!f) {
        snprintf(err, n, "%s: %s", path, strerror(errno));
        return -1;
    }
    int bad = fwrite(src, 1, bytes, f) != bytes;
    bad |= fclose(f) != 0;
    if (bad)
        snprintf(err, n, "%s: write error: %s", path, strerror(errno));
    return bad ? -1 : 0;
}
