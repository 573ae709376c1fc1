/* One cache's parameters (an L1D of an SM, or one L2 slice), as GPGPU-Sim's
 * cache string gives them (src/host/mem/cache_config.c parses it):
 *
 *   <type>:<sets>:<line>:<ways>,<repl>:<write>:<alloc>:<write alloc>:<set index>,
 *   <mshr type>:<mshr entries>:<max merge>,<miss queue>:<result fifo>,<data port width>
 *
 * Each policy field is a letter; the lists below are the one table of them
 * (letter, enum, GPGPU-Sim's name), read by the parser and the model alike. */
#ifndef MEM_CACHE_PARAMS_H
#define MEM_CACHE_PARAMS_H

#include "device/sim_port.h"

/* Sectored lines have 32-byte sectors, four to a 128-byte line (seed 004
 * section III-A; GPGPU-Sim's SECTOR_SIZE and SECTOR_CHUNCK_SIZE). Byte masks
 * cover 128 bytes, so no line is longer. */
#define CACHE_SECTOR_BYTES 32u
#define CACHE_MAX_SECTORS  4u
#define CACHE_MAX_LINE     128u
/* GPGPU-Sim's MAX_DEFAULT_CACHE_SIZE_MULTIBLIER: without
 * -gpgpu_unified_l1d_size, an adaptive L1 grows to 4 times its string's ways. */
#define CACHE_DEFAULT_GROWTH 4u
/* The streaming L1's merge table: a bit per warp of an SM (seed 004 section
 * III-C, "64 bits for 64 warps"; GPGPU-Sim's MAX_WARP_PER_SM). */
#define CACHE_STREAM_MERGE 64u

#define CACHE_TYPE_LIST(X) X('N', NORMAL, "normal") X('S', SECTOR, "sector")
#define CACHE_REPL_LIST(X) X('L', LRU, "LRU") X('F', FIFO, "FIFO")
#define CACHE_WRITE_LIST(X)                                                                            \
    X('R', READ_ONLY, "read-only")                                                                     \
    X('B', WRITE_BACK, "write-back")                                                                   \
    X('T', WRITE_THROUGH, "write-through")                                                             \
    X('E', WRITE_EVICT, "write-evict")                                                                 \
    X('L', LOCAL_WB_GLOBAL_WT, "local write-back, global write-through")
#define CACHE_ALLOC_LIST(X) X('m', ON_MISS, "on miss") X('f', ON_FILL, "on fill") X('s', STREAMING, "streaming")
#define CACHE_WALLOC_LIST(X)                                                                           \
    X('N', NO_WRITE_ALLOCATE, "no write-allocate")                                                     \
    X('W', WRITE_ALLOCATE, "write-allocate")                                                           \
    X('F', FETCH_ON_WRITE, "fetch-on-write")                                                           \
    X('L', LAZY_FETCH_ON_READ, "lazy fetch-on-read")
/* 'C' (custom) is GPGPU-Sim's too, but it implements none: set 0 always. */
#define CACHE_INDEX_LIST(X)                                                                            \
    X('L', LINEAR, "linear") X('X', XOR, "bitwise XOR") X('P', IPOLY, "IPOLY hash")                   \
    X('H', FERMI_HASH, "Fermi hash")
#define CACHE_MSHR_LIST(X)                                                                             \
    X('A', ASSOC, "associative") X('S', SECTOR_ASSOC, "sector associative") X('F', TEX_FIFO, "texture FIFO") \
    X('T', SECTOR_TEX_FIFO, "sector texture FIFO")

#define CACHE_ENUM(letter, name, what) CACHE_##name,
enum cache_type { CACHE_TYPE_LIST(CACHE_ENUM) };
enum cache_repl { CACHE_REPL_LIST(CACHE_ENUM) };
enum cache_write { CACHE_WRITE_LIST(CACHE_ENUM) };
enum cache_alloc { CACHE_ALLOC_LIST(CACHE_ENUM) };
enum cache_walloc { CACHE_WALLOC_LIST(CACHE_ENUM) };
enum cache_index { CACHE_INDEX_LIST(CACHE_ENUM) };
enum cache_mshr_kind { CACHE_MSHR_LIST(CACHE_ENUM) };
#undef CACHE_ENUM

/* What an access asks (enum cache_kind) and its PTX cache operator, a
 * policy input (PTX ISA, "Cache operators"): ld .ca .cg .cs .lu .cv,
 * ld.global.nc, st .wb .cg .cs .wt. */
enum cache_kind { CACHE_READ, CACHE_WRITE, CACHE_ATOMIC };
#define CACHE_OPS(X) X(CA) X(CG) X(CS) X(LU) X(CV) X(NC) X(WB) X(WT)
#define CACHE_OP_ENUM(name) CACHE_OP_##name,
enum cache_op { CACHE_OPS(CACHE_OP_ENUM) CACHE_NOPS };
#undef CACHE_OP_ENUM

/* .cs (streaming) and .lu (last use) data is likely touched once: it is
 * made its set's next victim rather than its newest line. */
SIM_INLINE int cache_op_evict_first(uint32_t op) { return op == CACHE_OP_CS || op == CACHE_OP_LU; }

/* At an SM's L1, .cg and .cv loads (cache in L2 only; fetch again), .cg
 * stores and atomics (done at the L2) pass it by, as GPGPU-Sim's LD/ST unit
 * sends CACHE_GLOBAL around the L1D. */
SIM_INLINE int cache_op_bypasses_l1(uint32_t kind, uint32_t op)
{
    return kind == CACHE_ATOMIC || op == CACHE_OP_CG || (kind == CACHE_READ && op == CACHE_OP_CV);
}

typedef struct cache_params {
    uint32_t type, sets, line, ways;    /* ways: in use now (the adaptive L1 changes it) */
    uint32_t max_ways;                  /* ways the state is sized for */
    uint32_t repl, write, alloc, walloc, index;
    uint32_t streaming;                 /* 's': on fill, with the merge table below */
    uint32_t mshr_kind, mshr_entries, mshr_merge;
    uint32_t miss_queue, result_fifo, port_width;
    uint32_t level;                     /* 1: an SM's L1D (operators may bypass it); 2: an L2 slice */
    uint32_t banks, bank_bytes, bank_index; /* -gpgpu_l1_banks, _byte_interleaving, _hashing_function */
    uint32_t write_ratio;               /* -gpgpu_l1_cache_write_ratio: % of lines that may be dirty before dirty ones are victims */
} cache_params_t;

/* Sectors a line has (a normal cache's line is one unit) and their bytes. */
SIM_INLINE uint32_t cache_units(const cache_params_t *P) { return P->type == CACHE_SECTOR ? P->line / CACHE_SECTOR_BYTES : 1u; }
SIM_INLINE uint32_t cache_unit_bytes(const cache_params_t *P) { return P->line / cache_units(P); }

SIM_INLINE uint32_t cache_log2(uint64_t x)
{
    uint32_t n = 0;
    while (x > 1)
        x >>= 1, n++;
    return n;
}

#endif
