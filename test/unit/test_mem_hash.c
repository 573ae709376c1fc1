/* The channel hash, -gpgpu_memory_partition_indexing (src/device/mem/
 * mem_hash.h, through mem_route): each function one to one for every
 * channel count (route then unroute gives the address back), every channel
 * reached, a stride that meets one channel under consecutive indexing
 * spread by IPOLY as its algebra says, GPGPU-Sim's equations, and the
 * values the config refuses. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "device/mem/mem_part.h"
#include "host/mem/mem_params.h"

static char err[512];

/* The TITAN V's memory system (its map puts the sub-partition bit just
 * above the channel bits) or the A100's (4 slices, the low bank bit below
 * them), with n channels and hash fn. */
static void params(mem_params_t *M, const char *card, uint32_t n, uint32_t fn)
{
    gpu_config_t c;
    char path[64], text[160];
    gpu_config_defaults(&c);
    snprintf(path, sizeof path, "configs/gpu/%s.cfg", card);
    cr_assert_eq(gpu_config_load(&c, path, err, sizeof err), 0, "%s", err);
    snprintf(text, sizeof text, "-gpgpu_n_mem %u\n-gpgpu_memory_partition_indexing %u\n", n, fn);
    cr_assert_eq(gpu_config_parse(&c, "hash.cfg", text, err, sizeof err), 0, "%s", err);
    cr_assert_eq(mem_params_from_config(&c, M, err, sizeof err), 0, "%s", err);
    cr_assert(M->on);
    gpu_config_free(&c);
}

static const uint32_t counts[] = {16, 24, 32, 40, 64, 80};
static const uint32_t fns[] = {MEM_HASH_CONSECUTIVE, MEM_HASH_XOR, MEM_HASH_IPOLY, MEM_HASH_IPOLY_MODULO};

Test(mem_hash, route_then_unroute_gives_the_address_and_every_channel_is_reached)
{
    static const char *const cards[] = {"titanv", "a100"};
    mem_params_t M;
    for (int c = 0; c < 2; c++)
        for (size_t i = 0; i < sizeof counts / sizeof counts[0]; i++)
            for (size_t f = 0; f < sizeof fns / sizeof fns[0]; f++) {
                params(&M, cards[c], counts[i], fns[f]);
                uint64_t x = 0x9e3779b97f4a7c15ull, seen[2] = {0, 0};
                uint32_t moved = 0;
                for (int k = 0; k < 20000; k++) {
                    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
                    uint64_t a = x & ((1ull << 36) - 1) & ~31ull, pa;
                    uint32_t s, p = mem_route(&M, a, &s, &pa);
                    dram_addr_t d;
                    dram_decode(&M.dram.map, a, &d);
                    cr_assert_lt(p, M.nchan, "%s %u fn %u", cards[c], counts[i], fns[f]);
                    cr_assert_lt(s, M.nsub);
                    cr_assert_eq(mem_unroute(&M, pa, p, s), a, "%s, %u channels, fn %u: %llx", cards[c], counts[i],
                                 fns[f], (unsigned long long)a);
                    seen[p / 64] |= 1ull << p % 64;
                    moved += p * M.nsub + s != d.sub;
                }
                cr_expect_eq(__builtin_popcountll(seen[0]) + __builtin_popcountll(seen[1]), (int)counts[i],
                             "%s, %u channels, fn %u: every channel reached", cards[c], counts[i], fns[f]);
                if (fns[f] == MEM_HASH_CONSECUTIVE)
                    cr_expect_eq(moved, 0);
                else
                    cr_expect_gt(moved, 20000 / 2, "%s, %u channels, fn %u: the hash moves most", cards[c],
                                 counts[i], fns[f]);
            }
}

/* Accesses i = 0 .. 4n - 1 at i x n x 256 bytes on the TITAN V's map with
 * n channels of 2 slices: the bits above the channel's count i, so under
 * consecutive indexing every access is in channel 0, slice i & 1. IPOLY
 * reads hi = i >> 1 (the bits above the slice bit) and XORs the index
 * 2 x 0 + (i & 1) with the offset of hi; over 2n consecutive hi (2^bits,
 * bits = log2(2n)) the offset takes each value once (x^bits is invertible
 * modulo the polynomial), so each slice gets each parity's access once:
 * every channel exactly 4 of the 4n. */
Test(mem_hash, ipoly_spreads_a_channel_stride_evenly)
{
    static const uint32_t pow2[] = {16, 32, 64};
    mem_params_t M0, M;
    for (int i = 0; i < 3; i++) {
        uint32_t n = pow2[i], hits0[64] = {0}, hits[64] = {0};
        params(&M0, "titanv", n, MEM_HASH_CONSECUTIVE);
        params(&M, "titanv", n, MEM_HASH_IPOLY);
        for (uint64_t k = 0; k < 4 * n; k++) {
            uint32_t s;
            uint64_t pa;
            hits0[mem_route(&M0, k * n * 256, &s, &pa)]++;
            hits[mem_route(&M, k * n * 256, &s, &pa)]++;
        }
        cr_expect_eq(hits0[0], 4 * n, "%u channels: consecutive, all in channel 0", n);
        for (uint32_t p = 0; p < n; p++)
            cr_expect_eq(hits[p], 4, "%u channels: IPOLY, channel %u", n, p);
    }
}

/* A count not a power of two: 24 channels of 2 slices on the RTX 2070
 * Super's map, whose slice bit (address bit 7) is below the channel's, so
 * that at i x 24 x 256 bytes every access is in channel 0, slice 0,
 * consecutively, and its high bits (the quotient over the channels) are i.
 * IPOLY's offset over 64 takes each value of 0..63 once in 64 consecutive
 * i; added to index 0 modulo the 48 sub-partitions, 0..15 get two of them
 * and 16..47 one: over 128 accesses channels 0..7 get 8, the rest 4. */
Test(mem_hash, ipoly_modulo_spreads_a_channel_stride_within_twice_the_mean)
{
    mem_params_t M;
    for (uint32_t fn = MEM_HASH_IPOLY; fn <= MEM_HASH_IPOLY_MODULO; fn += MEM_HASH_IPOLY_MODULO - MEM_HASH_IPOLY) {
        uint32_t hits[24] = {0};
        params(&M, "rtx2070super", 24, fn);
        for (uint64_t k = 0; k < 128; k++) {
            uint32_t s;
            uint64_t pa;
            hits[mem_route(&M, k * 24 * 256, &s, &pa)]++;
        }
        for (uint32_t p = 0; p < 24; p++)
            cr_expect_eq(hits[p], p < 8 ? 8 : 4, "fn %u channel %u", fn, p);
    }
}

/* GPGPU-Sim's equations (hashing.cc ipoly_hash_function, transcribed once
 * in dram_ipoly_mask) for 16, 32 and 64: the masks built from the lowest
 * primitive polynomial over 13, 15 and 19 high bits are the same. */
Test(mem_hash, ipoly_masks_are_gpgpusims)
{
    static const uint32_t bits[] = {4, 5, 6}, cols[] = {13, 15, 19};
    for (int i = 0; i < 3; i++) {
        uint64_t mask[MEM_HASH_MAX_BITS];
        mem_hash_ipoly_masks(bits[i], cols[i], mask);
        for (uint32_t b = 0; b < bits[i]; b++)
            cr_expect_eq(mask[b], dram_ipoly_mask(1u << bits[i], b), "%u sub-partitions, bit %u", 1u << bits[i], b);
    }
}

/* Values GPGPU-Sim's code gives: for 32 sub-partitions (16 channels of 2)
 * hi = 1 is new_index = b ^ 0b00101 (a[0] is in new_index[0] and [2]). On
 * the TITAN V (48 sub-partitions: IPOLY over 64, then modulo) the address
 * x x 24 x 256, x even, is in channel 0, slice 0 (x's bit 0) consecutively,
 * its high bits x; GPGPU-Sim sends it to ipoly(x, 0, 64) % 48, and so does
 * warpsim's addition (0 + h = 0 ^ h). */
Test(mem_hash, known_values)
{
    mem_params_t M;
    params(&M, "titanv", 16, MEM_HASH_IPOLY);
    cr_expect_eq(mem_hash(&M.hash, 1ull << M.hash.shift, 0, 0), 5);
    cr_expect_eq(mem_hash(&M.hash, 1ull << M.hash.shift, 6, 0), 3);
    params(&M, "titanv", 24, MEM_HASH_IPOLY_MODULO);
    for (uint64_t x = 0; x < 8192; x += 2) {
        uint32_t g = 0, s;
        for (uint32_t b = 0; b < 6; b++)
            g |= sim_parity64(x & dram_ipoly_mask(64, b)) << b;
        uint64_t pa;
        uint32_t p = mem_route(&M, x * 24 * 256, &s, &pa);
        cr_expect_eq(p * 2 + s, g % 48, "x %llu", (unsigned long long)x);
    }
}

Test(mem_hash, shipped_configs)
{
    static const struct {
        const char *card;
        uint32_t fn;
    } want[] = {{"titanv", MEM_HASH_IPOLY}, {"rtx2070super", MEM_HASH_CONSECUTIVE}, {"a100", MEM_HASH_CONSECUTIVE}};
    gpu_config_t c;
    char path[64];
    for (int i = 0; i < 3; i++) {
        gpu_config_defaults(&c);
        snprintf(path, sizeof path, "configs/gpu/%s.cfg", want[i].card);
        cr_assert_eq(gpu_config_load(&c, path, err, sizeof err), 0, "%s", err);
        cr_expect_eq(c.partition_index, want[i].fn, "%s", want[i].card);
        gpu_config_free(&c);
    }
    gpu_config_defaults(&c);
    cr_expect_eq(c.partition_index, MEM_HASH_IPOLY_MODULO, "the H100's");
    gpu_config_free(&c);
}

typedef struct bad {
    const char *text, *msg;
} bad_t;

Test(mem_hash, refused_values)
{
    static const bad_t bad[] = {
        {"-gpgpu_memory_partition_indexing 3\n",
         "c.cfg:1: expected -gpgpu_memory_partition_indexing 0 (consecutive), 1 (bitwise XOR), 2 (IPOLY) or 6 (IPOLY "
         "modulo), found 3 (GPGPU-Sim's custom indexing, which has no function)"},
        {"#\n-gpgpu_memory_partition_indexing 4\n",
         "c.cfg:2: expected -gpgpu_memory_partition_indexing 0 (consecutive), 1 (bitwise XOR), 2 (IPOLY) or 6 (IPOLY "
         "modulo), found 4 (GPGPU-Sim's random table, not modelled)"},
        {"-gpgpu_memory_partition_indexing 7\n",
         "c.cfg:1: expected -gpgpu_memory_partition_indexing 0 (consecutive), 1 (bitwise XOR), 2 (IPOLY) or 6 (IPOLY "
         "modulo), found 7"},
        {"-gpgpu_memory_partition_indexing x\n",
         "c.cfg:1: expected a number for -gpgpu_memory_partition_indexing, found 'x'"},
        {"-gpgpu_memory_partition_indexing 2\n-gpgpu_n_mem 40000\n-gpgpu_n_sub_partition_per_mchannel 2\n",
         "c.cfg:2: expected at most 65536 sub-partitions (-gpgpu_n_mem x -gpgpu_n_sub_partition_per_mchannel) for "
         "-gpgpu_memory_partition_indexing 2 (IPOLY), found 80000"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        gpu_config_t c;
        gpu_config_defaults(&c);
        err[0] = 0;
        cr_expect_eq(gpu_config_parse(&c, "c.cfg", bad[i].text, err, sizeof err), -1, "%s", bad[i].text);
        cr_expect_str_eq(err, bad[i].msg);
        gpu_config_free(&c);
    }
}
