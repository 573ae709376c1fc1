/* The fixture of the ARM block and fast-path tests: a text of BT_WORDS
 * words at BT_TEXT, decoded into bt_a32 (a record per word) or bt_t32 (a
 * record per halfword), and one core's private window at BT_PRIV. */
#ifndef ARM_BLOCK_FIXTURE_H
#define ARM_BLOCK_FIXTURE_H

#include <string.h>

#include "device/arm/arm.h"
#include "device/arm/fast/arm_fast.h"
#include "mem_fixture.h"

#define BT_TEXT 0x8000u
#define BT_PRIV 0x10000u
#define BT_PRIV_SIZE 0x1000u
#define BT_WORDS 32

static uint32_t bt_priv[BT_PRIV_SIZE / 4];
static arm_insn_t bt_a32[BT_WORDS], bt_t32[2 * BT_WORDS];

static sim_mem_t bt_mem(void) { return one_core_mem(bt_priv, BT_PRIV, BT_PRIV_SIZE); }

static arm_code_t bt_image(void)
{
    arm_code_t img = {bt_a32, bt_t32, BT_TEXT, 4u * BT_WORDS, NULL, 0};
    return img;
}

/* A zeroed context at BT_TEXT in the instruction set `thumb`. */
static inline arm_ctx_t bt_context_at_text(uint32_t thumb)
{
    arm_ctx_t c;
    memset(&c, 0, sizeof c);
    c.thumb = thumb;
    c.r[15] = BT_TEXT;
    return c;
}

/* Decode n A32 words at BT_TEXT and prepare them as the machine does. */
static inline void bt_load_a32(const uint32_t *w, uint32_t n)
{
    memset(bt_a32, 0, sizeof bt_a32);
    for (uint32_t i = 0; i < n; i++)
        arm_decode_a32(w[i], BT_TEXT + 4u * i, &bt_a32[i]);
    arm_prepare_records(bt_a32, n, 2, BT_TEXT);
}

static inline uint32_t bt_rand(uint64_t *s)
{
    *s = *s * 6364136223846793005ull + 1442695040888963407ull;
    return (uint32_t)(*s >> 32);
}

#endif
