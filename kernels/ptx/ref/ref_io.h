/* What every host reference shares: read DIR/NAME.bin (a buffer's initial
 * bytes, as warpsim wrote them), write DIR/NAME.ref (the expected final
 * bytes of a checked buffer). Any problem is one line on stderr and exit 1,
 * which warpsim reports as the reference's failure. Header-only: each
 * reference is one C file. */
#ifndef REF_IO_H
#define REF_IO_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *ref_dir;

static inline void ref_fail(const char *what, const char *name)
{
    fprintf(stderr, "reference: %s: %s\n", name, what);
    exit(1);
}

/* The buffer NAME's initial contents, which must hold exactly count elements
 * of size elem (the launch file and the reference must agree). */
static inline void *ref_load(const char *name, size_t elem, size_t count)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s.bin", ref_dir, name);
    FILE *f = fopen(path, "rb");
    if (!f)
        ref_fail("cannot open its .bin", path);
    void *p = malloc(elem * count + 1);
    if (!p)
        ref_fail("out of memory", path);
    size_t got = fread(p, 1, elem * count + 1, f);
    fclose(f);
    if (got != elem * count) {
        fprintf(stderr, "reference: %s: %zu bytes, expected %zu (%zu x %zu)\n", path, got, elem * count, count, elem);
        exit(1);
    }
    return p;
}

static inline void ref_store(const char *name, const void *p, size_t elem, size_t count)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s.ref", ref_dir, name);
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(p, elem, count, f) != count || fclose(f))
        ref_fail("cannot write its .ref", path);
}

/* Call first: takes DIR from the command line. */
static inline void ref_init(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s DIR (reads DIR/NAME.bin, writes DIR/NAME.ref)\n", argv[0]);
        exit(2);
    }
    ref_dir = argv[1];
}

static inline void *ref_alloc(size_t elem, size_t count)
{
    void *p = calloc(count ? count : 1, elem);
    if (!p)
        ref_fail("out of memory", "alloc");
    return p;
}

#endif
