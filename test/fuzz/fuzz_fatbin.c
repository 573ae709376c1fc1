/* libFuzzer target for the fatbin reader (src/host/cudart/cudart_fatbin.c):
 * the containers nvcc embeds, their entries, zstd and LZ4 payloads, and
 * -rdc=true's list of containers.
 *
 * Input: one mode byte, then the bytes of a container (or of several, for
 * -rdc). The mode's bit 0 picks the wrapper's version (1: one container;
 * 2: a NULL-ended list of containers, starting at the input and at up to
 * two more offsets, bits 1-4); bits 5-7 the highest architecture asked
 * (sm_75 .. sm_120). The wrapper and the list are the harness's; every
 * byte the reader may read lies in one of three regions, and the extent
 * function says so, as the runtime's (the program's loaded segments) does.
 *
 * Properties, beyond "no crash, no out-of-bounds read, no undefined
 * behaviour": the answer is -1, 0 or 1; 0 gives a NUL-terminated PTX
 * text, the others none; -1 gives a one-line reason; the summary counts
 * stay within their arrays. */
#include "fuzz_check.h"
#include "host/cudart/cudart_fatbin.h"

typedef struct region {
    const uint8_t *lo;
    size_t n;
} region_t;

static size_t fz_extent(const void *p, void *ctx)
{
    const region_t *r = ctx;
    const uint8_t *q = p;
    for (int i = 0; i < 3; i++)
        if (q >= r[i].lo && q < r[i].lo + r[i].n)
            return (size_t)(r[i].lo + r[i].n - q);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const uint32_t archs[8] = {75, 80, 86, 89, 90, 100, 110, 120};
    if (size < 1)
        return 0;
    uint8_t mode = data[0];
    size_t len = size - 1;
    uint8_t *buf = malloc(len ? len : 1); /* its own allocation: ASan sees a read past it */
    uint8_t wrapper[24];
    const uint8_t *objs[4] = {NULL, NULL, NULL, NULL};
    uint32_t magic = FATBIN_WRAPPER_MAGIC, version = (mode & 1u) ? 2u : 1u, nobjs = 0;
    if (!buf)
        return 0;
    memcpy(buf, data + 1, len);
    const uint8_t *c = buf, *const *list = objs;
    memcpy(wrapper, &magic, 4);
    memcpy(wrapper + 4, &version, 4);
    memcpy(wrapper + 8, &c, sizeof c);
    memcpy(wrapper + 16, &list, sizeof list);
    if (version == 2) {
        objs[nobjs++] = buf;
        for (uint32_t k = 0; k < 2; k++) {
            size_t off = (len * ((mode >> (1u + 2u * k)) & 3u) / 4u) & ~(size_t)7u;
            if (off && off < len)
                objs[nobjs++] = buf + off;
        }
    }
    region_t regions[3] = {{wrapper, sizeof wrapper}, {buf, len}, {(const uint8_t *)objs, (nobjs + 1) * sizeof objs[0]}};
    char *ptx = (char *)1, err[256] = "";
    uint32_t arch = 0;
    fatbin_summary_t sum;
    int rc = fatbin_read_ptx(wrapper, archs[mode >> 5], fz_extent, regions, &ptx, &arch, &sum, err, sizeof err);
    FZ_CHECK(rc >= -1 && rc <= 1);
    FZ_CHECK(sum.nptx <= 16 && sum.nsass <= 16);
    if (rc == 0) {
        FZ_CHECK(ptx != NULL);
        FZ_CHECK(strlen(ptx) <= FATBIN_MAX_PTX_BYTES * (nobjs ? nobjs : 1u) + nobjs);
        free(ptx);
    } else {
        FZ_CHECK(ptx == NULL);
    }
    if (rc < 0)
        FZ_CHECK(err[0] != 0 && strchr(err, '\n') == NULL);
    free(buf);
    return 0;
}
