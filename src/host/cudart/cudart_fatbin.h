/* Reading what nvcc embeds in a program: the wrapper __cudaRegisterFatBinary
 * is given (__fatBinC_Wrapper_t), the fatbin container it points to, and the
 * container's entries (PTX or an ELF of SASS, each for one architecture,
 * maybe compressed). Layout learnt from binaries nvcc 13 builds
 * (test/cuda/apps) and public readers (GPGPU-Sim's cuobjdump path, ZLUDA);
 * DESIGN.md "The CUDA runtime" draws it. */
#ifndef CUDART_FATBIN_H
#define CUDART_FATBIN_H

#include <stddef.h>
#include <stdint.h>

#define FATBIN_WRAPPER_MAGIC 0x466243b1u
#define FATBIN_MAGIC 0xba55ed50u

enum { FATBIN_KIND_PTX = 1, FATBIN_KIND_ELF = 2 };

/* Entry flags: how the payload is compressed. */
#define FATBIN_FLAG_LZ4 0x2000ull
#define FATBIN_FLAG_ZSTD 0x8000ull

/* The architectures a container holds, for messages. */
typedef struct fatbin_summary {
    uint32_t ptx_archs[16], sass_archs[16];
    uint32_t nptx, nsass;
} fatbin_summary_t;

/* The bytes readable from p on (to the end of the mapped segment that holds
 * it), 0 when p lies in none: what bounds every structure the reader walks,
 * whatever its size fields say. */
typedef size_t (*fatbin_extent_fn)(const void *p, void *ctx);

/* A decompressed payload larger than this is refused (the largest PTX
 * nvcc embeds is megabytes; a size field of a malformed entry is anything). */
#define FATBIN_MAX_PTX_BYTES (1ull << 30)

/* The PTX of the highest virtual architecture at most max_arch (else the
 * lowest above it), decompressed, NUL-terminated and malloc'd, in *ptx;
 * *arch its architecture. 0 found; 1 no PTX (*sum says what there is);
 * -1 not a fatbin, a structure that runs past its segment (extent(p, ctx)),
 * or a payload that does not decompress (err says why). */
int fatbin_read_ptx(const void *wrapper, uint32_t max_arch, fatbin_extent_fn extent, void *ctx, char **ptx,
                    uint32_t *arch, fatbin_summary_t *sum, char *err, size_t n);

#endif
