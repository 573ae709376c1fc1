/* GPGPU-Sim's cache strings: every field of the shipped ones, the errors
 * naming the field, and the cache options of the shipped GPU configs. */
#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <string.h>

#include "host/mem/cache_config.h"
#include "host/ptx/gpu_config.h"

Test(cache_config, titanv_dl1_every_field)
{
    cache_params_t p;
    char err[256];
    cr_assert_eq(cache_config_parse("S:4:128:64,L:T:m:L:L,A:512:8,16:0,32", "gpgpu_cache:dl1", 1, &p, err, sizeof err), 0,
                 "%s", err);
    cr_expect(p.type == CACHE_SECTOR && p.sets == 4 && p.line == 128 && p.ways == 64);
    cr_expect(p.repl == CACHE_LRU && p.write == CACHE_WRITE_THROUGH && p.alloc == CACHE_ON_MISS);
    cr_expect(p.walloc == CACHE_LAZY_FETCH_ON_READ && p.index == CACHE_LINEAR && !p.streaming);
    cr_expect(p.mshr_kind == CACHE_ASSOC && p.mshr_entries == 512 && p.mshr_merge == 8);
    cr_expect(p.miss_queue == 16 && p.result_fifo == 0 && p.port_width == 32 && p.level == 1);
    cr_assert_eq(cache_config_parse("N:64:128:16,F:E:s:N:X,S:2:48,4", "x", 2, &p, err, sizeof err), 0, "%s", err);
    cr_expect(p.type == CACHE_NORMAL && p.repl == CACHE_FIFO && p.write == CACHE_WRITE_EVICT);
    cr_expect(p.alloc == CACHE_ON_FILL && p.streaming && p.index == CACHE_XOR && p.mshr_kind == CACHE_SECTOR_ASSOC);
    cr_expect(p.miss_queue == 4 && p.port_width == 128, "no port width: the line");
    cr_assert_eq(cache_config_parse("64:128:8,L:B:m:N,A:16:4,4", "x", 2, &p, err, sizeof err), 0, "%s", err);
    cr_expect(p.type == CACHE_NORMAL && p.sets == 64 && p.write == CACHE_WRITE_BACK && p.index == CACHE_LINEAR,
              "GPGPU-Sim 3.x's form");
    cr_expect_eq(cache_config_parse("none", "x", 2, &p, err, sizeof err), 1);
}

typedef struct bad {
    char s[64], msg[200];
} bad_t;

ParameterizedTestParameters(cache_config, errors)
{
    static bad_t b[] = {
        {"Q:4:128:64,L:T:m:L:L,A:512:8,16:0,32", "expected -dl1 field 1 (type) N or S, found 'Q'"},
        {"S:3:128:64,L:T:m:L:L,A:512:8,16:0,32", "expected -dl1 field 2 (sets) a power of two (the set index is address bits), found 3"},
        {"S:4:64:64,L:T:m:L:L,A:512:8,16:0,32", "expected -dl1 field 3 (line size) 128 for a sector cache (four 32-byte sectors, GPGPU-Sim's SECTOR_CHUNCK_SIZE), found 64"},
        {"S:4:128:x,L:T:m:L:L,A:512:8,16:0,32", "expected -dl1 field 4 (ways) a number, found 'x'"},
        {"S:4:128:64,R:T:m:L:L,A:512:8,16:0,32", "expected -dl1 field 5 (replacement) L or F, found 'R'"},
        {"S:4:128:64,L:Q:m:L:L,A:512:8,16:0,32", "expected -dl1 field 6 (write policy) R, B, T, E or L, found 'Q'"},
        {"S:4:128:64,L:T:x:L:L,A:512:8,16:0,32", "expected -dl1 field 7 (allocation policy) m, f or s, found 'x'"},
        {"S:4:128:64,L:B:f:N:L,A:512:8,16:0,32", "expected -dl1 field 7 (allocation policy) m with write-back B (a write-back cache that allocates on fill deadlocks: GPGPU-Sim asserts), found 'f'"},
        {"S:4:128:64,L:T:s:L:L,A:512:8,16:0,32", "expected -dl1 field 7 (allocation policy) m with write-allocate policy L (fetch-on-write and lazy fetch-on-read need a line allocated on miss: GPGPU-Sim asserts), found 's'"},
        {"S:4:128:64,L:T:m:V:L,A:512:8,16:0,32", "expected -dl1 field 8 (write-allocate policy) N, W, F or L, found 'V'"},
        {"S:4:128:64,L:T:m:L:C,A:512:8,16:0,32", "expected -dl1 field 9 (set index function) L, X, P or H, found 'C' (GPGPU-Sim implements no custom set index function)"},
        {"S:4:128:64,L:T:m:L:H,A:512:8,16:0,32", "expected -dl1 field 9 (set index function) L, X or P with 4 sets: the Fermi hash is defined for 32 or 64 sets"},
        {"S:4:128:64,L:T:m:L:L,F:512:8,16:0,32", "expected -dl1 field 10 (MSHR type) A or S for a data cache (F and T are a texture cache's fragment FIFOs)"},
        {"S:4:128:64,L:T:m:L:L,A:0:8,16:0,32", "expected -dl1 field 11 (MSHR entries) 1 or more, found 0"},
        {"S:4:128:64,L:T:m:L:L,A:512:-8,16:0,32", "expected -dl1 field 12 (MSHR merges) a number, found '-8'"},
        {"S:4:128:64,L:T:m:L:L,A:512:8,0:0,32", "expected -dl1 field 13 (miss queue) 1 or more, found 0"},
        {"S:4:128:64,L:T:m:L:L,A:512:8,16:0,48", "expected -dl1 field 15 (data port width) a divisor of the line size 128 (0: the line), found 48"},
        {"S:4:128:64,L:T:m:L:L", "expected -dl1 field 10 (MSHR type) in 'S:4:128:64,L:T:m:L:L': GPGPU-Sim needs at least 12 fields"},
        {"S:4:128,L:T:m:L:L,A:512:8", "expected -dl1 field 4 (ways) after ':' in 'S:4:128,L:T:m:L:L,A:512:8', found ','"},
        /* fuzz_config's finding: a separator after the 15th field named a 16th (read past the names) */
        {"S:4:128:64,L:T:m:L:L,A:512:8,16:0,32:7", "expected -dl1 field 15 (data port width) as the last field, found more: ':7'"},
    };
    return cr_make_param_array(bad_t, b, sizeof b / sizeof b[0]);
}

ParameterizedTest(bad_t *b, cache_config, errors)
{
    cache_params_t p;
    char err[256] = "";
    cr_assert_eq(cache_config_parse(b->s, "dl1", 1, &p, err, sizeof err), -1, "%s", b->s);
    cr_expect_str_eq(err, b->msg);
}

/* The shipped cards' caches: L2 slice x slices = the published L2, and the
 * adaptive L1's largest size = the unified array. */
Test(cache_config, shipped_cards)
{
    static const struct { const char *path; uint64_t l2; uint32_t l1_max_kb; } cards[] = {
        {"configs/gpu/titanv.cfg", 4608ull << 10, 128},     /* 4.5 MB (seed 004 Table II) */
        {"configs/gpu/rtx2070super.cfg", 4ull << 20, 64},   /* 4 MB; not adaptive: the string's 64 KB */
        {"configs/gpu/a100.cfg", 40ull << 20, 192},
        {"configs/gpu/h100.cfg", 50ull << 20, 256},       /* 50 MB (whitepaper; deviceQuery's 52428800) */
    };
    for (size_t i = 0; i < sizeof cards / sizeof cards[0]; i++) {
        gpu_config_t c;
        char err[512];
        gpu_config_defaults(&c);
        cr_assert_eq(gpu_config_load(&c, cards[i].path, err, sizeof err), 0, "%s", err);
        cr_expect_eq(gpu_config_l2_bytes(&c), cards[i].l2 ? (int64_t)cards[i].l2 : -1, "%s", cards[i].path);
        cr_expect_eq(c.l1d.sets * c.l1d.line * c.l1d.max_ways / 1024, cards[i].l1_max_kb, "%s", cards[i].path);
        if (cards[i].l2)
            cr_expect_eq(c.l2.walloc, CACHE_LAZY_FETCH_ON_READ, "%s: seed 004's L2", cards[i].path);
        cr_expect_eq(c.l1d.banks, 4, "%s", cards[i].path);
        gpu_config_free(&c);
    }
}

Test(cache_config, options_errors)
{
    static const struct { const char *text, *msg; } bad[] = {
        {"-gpgpu_cache:dl1 S:4:128:64,L:T:m:Q:L,A:512:8,16:0,32\n",
         "c.cfg:1: expected -gpgpu_cache:dl1 field 8 (write-allocate policy) N, W, F or L, found 'Q'"},
        {"-gpgpu_l1_banks 3\n", "c.cfg:1: expected -gpgpu_l1_banks a power of two, found 3"},
        {"\n-gpgpu_unified_l1d_size 100\n",
         "c.cfg:2: expected -gpgpu_unified_l1d_size a multiple of the -gpgpu_cache:dl1 size (32768 bytes), found 100 KB"},
        {"-gpgpu_shmem_option 0,16,8\n", "c.cfg:1: expected -gpgpu_shmem_option in ascending order, found 8 after 16"},
        {"-gpgpu_shmem_option 0,8,16,32,64,96\n",
         "c.cfg:1: expected the largest -gpgpu_shmem_option (96 KB) to hold -gpgpu_shmem_size (233472 bytes)"},
        {"-gpgpu_l1_banks_hashing_function 4\n",
         "c.cfg:1: expected -gpgpu_l1_banks_hashing_function 0 (linear), 1 (XOR), 2 (IPOLY) or 3 (Fermi), found 4 (custom: GPGPU-Sim implements none)"},
        {"-gpgpu_l1_cache_write_ratio 101\n",
         "c.cfg:1: expected -gpgpu_l1_cache_write_ratio a percentage, 0 to 100, found 101"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        gpu_config_t c;
        char err[512] = "";
        gpu_config_defaults(&c);
        cr_expect_eq(gpu_config_parse(&c, "c.cfg", bad[i].text, err, sizeof err), -1, "%s", bad[i].text);
        cr_expect_str_eq(err, bad[i].msg);
        gpu_config_free(&c);
    }
}
