/* The fatbin (cudart_fatbin.h):
 *
 *   wrapper   u32 magic 0x466243b1, u32 version, u64 container address, u64 version 2 (-rdc=true):
 *             address of a NULL-ended list of each object's own container
 *   container u32 magic 0xba55ed50, u16 version 1, u16 header bytes, u64 bytes of entries
 *   entry     u16 kind (1 PTX, 2 ELF), u16 version, u32 header bytes, u64 payload bytes,
 *             u32 compressed bytes, u32 -, u16 minor, u16 major (the PTX ISA), u32 arch (75: sm_75),
 *             u32 name offset, u32 name bytes, u64 flags, u64 -, u64 decompressed bytes,
 *             then the payload after the header (PTX: text, NUL-padded) */
#include "host/cudart/cudart_fatbin.h"
#include "host/cudart/cudart_rdc.h"

#include <lz4.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zstd.h>

typedef struct entry {
    uint16_t kind, version;
    uint32_t header_bytes;
    uint64_t payload_bytes;
    uint32_t compressed_bytes, unknown;
    uint16_t minor, major;
    uint32_t arch;
    uint32_t name_off, name_bytes;
    uint64_t flags, zero, decompressed_bytes;
} entry_t;

static uint32_t rd32(const uint8_t *p)
{
    uint32_t v;
    memcpy(&v, p, 4);
    return v;
}

/* Where the reader may look: the extent function and its context. */
typedef struct bounds {
    fatbin_extent_fn extent;
    void *ctx;
} bounds_t;

/* Are the bytes [p, p + k) readable? */
static int readable(const bounds_t *b, const void *p, uint64_t k)
{
    return p && b->extent(p, b->ctx) >= k;
}

/* The entries of the container at c (its 16-byte header readable), each
 * with its payload: 0, or -1 for a container or an entry that runs past the
 * container or its segment (all sizes compared as integers, never as
 * pointers past the end). */
static int walk(const bounds_t *b, const uint8_t *c, int (*fn)(const entry_t *, const uint8_t *, void *), void *ctx)
{
    uint16_t hdr;
    uint64_t bytes, off;
    memcpy(&hdr, c + 6, 2);
    memcpy(&bytes, c + 8, 8);
    if (hdr < 16u || bytes > UINT64_MAX - hdr || !readable(b, c, hdr + bytes))
        return -1;
    for (off = hdr; bytes - (off - hdr) >= sizeof(entry_t);) {
        uint64_t left = bytes - (off - hdr);
        entry_t h;
        memcpy(&h, c + off, sizeof h);
        if (h.header_bytes < sizeof h || h.header_bytes > left || h.payload_bytes > left - h.header_bytes)
            return -1;
        int rc = fn(&h, c + off + h.header_bytes, ctx);
        if (rc)
            return rc;
        off += h.header_bytes + h.payload_bytes;
    }
    return 0;
}

typedef struct pick {
    uint32_t max_arch;
    entry_t best;
    const uint8_t *payload;
    fatbin_summary_t *sum;
} pick_t;

static int better(const pick_t *p, uint32_t arch)
{
    uint32_t cur = p->best.arch;
    if (!p->payload)
        return 1;
    if (arch <= p->max_arch)
        return cur > p->max_arch || arch > cur;
    return cur > p->max_arch && arch < cur;
}

static int consider(const entry_t *h, const uint8_t *payload, void *ctx)
{
    pick_t *p = ctx;
    fatbin_summary_t *s = p->sum;
    if (h->kind == FATBIN_KIND_ELF && s->nsass < 16)
        s->sass_archs[s->nsass++] = h->arch;
    if (h->kind != FATBIN_KIND_PTX)
        return 0;
    if (s->nptx < 16)
        s->ptx_archs[s->nptx++] = h->arch;
    if (better(p, h->arch)) {
        p->best = *h;
        p->payload = payload;
    }
    return 0;
}

static char *decompress(const entry_t *h, const uint8_t *src, char *err, size_t n)
{
    uint64_t out = h->flags & (FATBIN_FLAG_ZSTD | FATBIN_FLAG_LZ4) ? h->decompressed_bytes : h->payload_bytes;
    if ((h->flags & (FATBIN_FLAG_ZSTD | FATBIN_FLAG_LZ4)) && h->compressed_bytes > h->payload_bytes) {
        snprintf(err, n, "the sm_%u PTX's compressed bytes (%u) run past its entry (%llu)", h->arch,
                 h->compressed_bytes, (unsigned long long)h->payload_bytes);
        return NULL;
    }
    if (out > FATBIN_MAX_PTX_BYTES) {
        snprintf(err, n, "the sm_%u PTX says it has %llu bytes, more than %llu", h->arch, (unsigned long long)out,
                 (unsigned long long)FATBIN_MAX_PTX_BYTES);
        return NULL;
    }
    char *dst = malloc(out + 1);
    if (!dst) {
        snprintf(err, n, "out of memory for %llu bytes of PTX", (unsigned long long)out);
        return NULL;
    }
    if (h->flags & FATBIN_FLAG_ZSTD) {
        size_t got = ZSTD_decompress(dst, out, src, h->compressed_bytes);
        if (ZSTD_isError(got) || got != out) {
            snprintf(err, n, "the sm_%u PTX does not decompress (zstd: %s)", h->arch,
                     ZSTD_isError(got) ? ZSTD_getErrorName(got) : "short");
            free(dst);
            return NULL;
        }
    } else if (h->flags & FATBIN_FLAG_LZ4) {
        int got = h->compressed_bytes > INT32_MAX ? -1
                  : LZ4_decompress_safe((const char *)src, dst, (int)h->compressed_bytes, (int)out);
        if (got < 0 || (uint64_t)got != out) {
            snprintf(err, n, "the sm_%u PTX does not decompress (lz4)", h->arch);
            free(dst);
            return NULL;
        }
    } else {
        memcpy(dst, src, out);
    }
    dst[out] = 0;
    return dst;
}

/* The entry of container c a module for max_arch would take: 0 found
 * (p->best, p->payload), 1 no PTX, -1 a malformed container (err). */
static int container_pick(const bounds_t *b, const uint8_t *c, uint32_t max_arch, pick_t *p, fatbin_summary_t *sum,
                          char *err, size_t n)
{
    if (!readable(b, c, 16)) {
        snprintf(err, n, "a fatbin container at %p outside the program's memory", (const void *)c);
        return -1;
    }
    if (rd32(c) != FATBIN_MAGIC) {
        snprintf(err, n, "not a fatbin (magic 0x%08x)", rd32(c));
        return -1;
    }
    *p = (pick_t){.max_arch = max_arch, .sum = sum};
    if (walk(b, c, consider, p)) {
        snprintf(err, n, "a fatbin entry runs past its container");
        return -1;
    }
    return p->payload ? 0 : 1;
}

/* The PTX of one container. */
static int container_ptx(const bounds_t *b, const uint8_t *c, uint32_t max_arch, char **ptx, uint32_t *arch,
                         fatbin_summary_t *sum, char *err, size_t n)
{
    pick_t p;
    int rc = container_pick(b, c, max_arch, &p, sum, err, n);
    if (rc)
        return rc;
    *arch = p.best.arch;
    return (*ptx = decompress(&p.best, p.payload, err, n)) ? 0 : -1;
}

/* Is line (up to its end) one of a module's header directives? */
static int header_line(const char *l)
{
    while (*l == ' ' || *l == '\t')
        l++;
    return !strncmp(l, ".version", 8) || !strncmp(l, ".target", 7) || !strncmp(l, ".address_size", 13);
}

/* Appends ptx to *all, without its header directives after the first. */
static int append_body(char **all, size_t *len, const char *ptx, int first)
{
    size_t add = strlen(ptx);
    char *g = realloc(*all, *len + add + 2);
    if (!g)
        return -1;
    *all = g;
    for (const char *l = ptx; *l;) {
        const char *e = strchr(l, '\n');
        size_t k = e ? (size_t)(e - l + 1) : strlen(l);
        if (first || !header_line(l)) {
            memcpy(*all + *len, l, k);
            *len += k;
        }
        l += k;
    }
    (*all)[(*len)++] = '\n';
    (*all)[*len] = 0;
    return 0;
}

/* -rdc=true: the wrapper (version 2) holds the linked SASS, and a NULL-ended
 * list of the objects' own containers, which hold their PTX: one module of
 * them all, as the device linker made one image, for the architecture the
 * program's objects were built for (the highest any has up to max_arch).
 * An object whose PTX is only for later architectures was not linked from
 * PTX for this one: libcudadevrt's PTX is for the newest GPU alone, and
 * the functions of it programs call come from warpsim's device library
 * (cudart_devlib.c). */
static int linked_ptx(const bounds_t *b, const uint8_t *w, uint32_t max_arch, char **ptx, uint32_t *arch,
                      fatbin_summary_t *sum, char *err, size_t n)
{
    const uint8_t *const *objs;
    memcpy(&objs, w + 16, sizeof objs);
    uint32_t target = 0, nobjs = 0;
    pick_t p;
    /* the list and its NULL, all readable */
    while (objs && readable(b, &objs[nobjs], sizeof objs[0]) && objs[nobjs])
        nobjs++;
    if (objs && !readable(b, &objs[nobjs], sizeof objs[0])) {
        snprintf(err, n, "the -rdc list of fatbin containers runs outside the program's memory");
        return -1;
    }
    for (uint32_t i = 0; i < nobjs; i++) {
        int rc = container_pick(b, objs[i], max_arch, &p, sum, err, n);
        if (rc < 0)
            return -1;
        if (!rc && (!target || (p.best.arch <= max_arch ? p.best.arch > target || target > max_arch
                                                        : target > max_arch && p.best.arch < target)))
            target = p.best.arch;
    }
    char **texts = calloc(nobjs ? nobjs : 1, sizeof *texts), **kept = NULL, *all = NULL;
    uint32_t found = 0;
    size_t len = 0;
    int rc = texts ? 0 : -1;
    fatbin_summary_t ignored;
    for (uint32_t i = 0; !rc && target && i < nobjs; i++) {
        int r = container_pick(b, objs[i], target, &p, &ignored, err, n);
        if (r || p.best.arch > target)
            continue;
        if (!(texts[found] = decompress(&p.best, p.payload, err, n)))
            rc = -2;
        else
            found++;
    }
    if (!rc && found && !(kept = rdc_keep_apart(texts, found)))
        rc = -1;
    for (uint32_t i = 0; !rc && i < found; i++)
        if (append_body(&all, &len, kept[i], i == 0))
            rc = -1;
    for (uint32_t i = 0; i < found; i++) {
        free(texts[i]);
        if (kept)
            free(kept[i]);
    }
    free(texts);
    free(kept);
    if (rc) {
        free(all);
        if (rc == -1)
            snprintf(err, n, "out of memory");
        return -1;
    }
    *ptx = all;
    *arch = target;
    return found ? 0 : 1;
}

/* No extent function: everything is taken as readable. */
static size_t unbounded(const void *p, void *ctx)
{
    (void)p;
    (void)ctx;
    return SIZE_MAX;
}

int fatbin_read_ptx(const void *wrapper, uint32_t max_arch, fatbin_extent_fn extent, void *ctx, char **ptx,
                    uint32_t *arch, fatbin_summary_t *sum, char *err, size_t n)
{
    const uint8_t *w = wrapper;
    bounds_t b = {extent ? extent : unbounded, ctx};
    memset(sum, 0, sizeof *sum);
    *ptx = NULL;
    if (!readable(&b, w, 16)) {
        snprintf(err, n, "a fatbin wrapper at %p outside the program's memory", wrapper);
        return -1;
    }
    if (rd32(w) != FATBIN_WRAPPER_MAGIC) {
        snprintf(err, n, "not a fatbin wrapper (magic 0x%08x)", rd32(w));
        return -1;
    }
    const uint8_t *c;
    memcpy(&c, w + 8, sizeof c);
    if (rd32(w + 4) == 2) {
        if (!readable(&b, w, 24)) {
            snprintf(err, n, "a fatbin wrapper (version 2) runs outside the program's memory");
            return -1;
        }
        int rc = linked_ptx(&b, w, max_arch, ptx, arch, sum, err, n);
        if (rc <= 0)
            return rc;
    }
    return container_ptx(&b, c, max_arch, ptx, arch, sum, err, n);
}
