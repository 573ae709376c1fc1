/* The driver shared by best.c and worst.c: runs the instruction mix of
 * mix_arm.S / mix_i386.S (read mix_arm.S for the ring of 32 blocks and why
 * its blocks are rotations of one another) from a given block.
 *
 *     best|worst [passes]      (default MIX_DEFAULT_PASSES; one pass is 32 blocks)
 *
 * Every core runs passes * 32 blocks on its own private data and computes a
 * checksum; core 0 prints it. Core 0 starts at block 0 in both programs, so
 * best and worst print the same checksum. */
#ifndef MIX_H
#define MIX_H

#include "bench.h"

#define MIX_BLOCKS 32u
#define MIX_DATA_WORDS 56u /* words at 0..127, halfwords at 128..191, bytes at 192..223 */
/* 33 + 2 instructions a block in A32: 1120 a pass, 1.01 million for 900 */
#define MIX_DEFAULT_PASSES 900u

unsigned bench_mix(unsigned first, unsigned count, unsigned *data);

static unsigned mix_data[MIX_DATA_WORDS];

static int mix_main(int argc, char **argv, const char *name, unsigned first)
{
    unsigned passes = bench_arg(argc, argv, 1, MIX_DEFAULT_PASSES);
    unsigned n = ws_ncores();
    if (passes == 0 || passes > 0xffffffffu / MIX_BLOCKS)
        passes = MIX_DEFAULT_PASSES;
    for (unsigned i = 0; i < MIX_DATA_WORDS; i++)
        mix_data[i] = i * 0x9e3779b9u ^ 0x5bd1e995u;
    unsigned sum = bench_mix(first % MIX_BLOCKS, passes * MIX_BLOCKS, mix_data);
    for (unsigned i = 0; i < MIX_DATA_WORDS; i++)
        sum = (sum ^ mix_data[i]) * 16777619u;
    if (ws_core_id() != 0)
        return 0;
    bench_head(name, n);
    bench_kv("passes", passes);
    bench_kv("blocks", passes * MIX_BLOCKS);
    bench_kx("checksum", sum);
    return bench_verdict(0);
}

#endif
