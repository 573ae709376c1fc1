/* libFuzzer target for the ARM decoders, the disassembler and the records'
 * preparation (arm_prepare_records). The input is read twice: as A32 words
 * and as a stream of T32 halfwords, with a base address taken from its
 * first bytes.
 *
 * Properties, beyond "no crash, no out-of-bounds access":
 *   - op < ARM_OP_COUNT, cond <= 14;
 *   - A32: len 4; a conditional word keeps its condition; an undefined word
 *     keeps the raw encoding in imm;
 *   - T32: len 4 exactly when the first halfword opens a 32-bit encoding
 *     (bits 15:11 = 0b11101, 0b11110 or 0b11111), else 2;
 *   - decoding is deterministic (same record twice, byte for byte);
 *   - disassembly is non-empty and NUL-terminated, and a short buffer gets
 *     a prefix of the full text, never an overrun;
 *   - prepared as a text at the base: every run is 1..255 and a record whose
 *     xop is an op or a fast form is not its block's last; a fast form is
 *     one of the record's op; the second copy is taken exactly by T32's
 *     4-byte records and A32's conditional ones; B's and BL's target index
 *     is their target's record or none; a plain IT's two patterns are
 *     complements over the same records. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "device/arm/fast/arm_fast.h"

#define FZ_CHECK(x)                                                                        \
    do {                                                                                   \
        if (!(x)) {                                                                        \
            fprintf(stderr, "fuzz_decode: property failed at line %d: %s\n", __LINE__, #x); \
            abort();                                                                       \
        }                                                                                  \
    } while (0)

static void check_disasm(const arm_insn_t *in, uint32_t addr)
{
    char full[128], *small = (char *)malloc(8);
    memset(full, 0x55, sizeof full);
    FZ_CHECK(arm_disasm(in, addr, full, sizeof full) == full);
    size_t n = strnlen(full, sizeof full);
    FZ_CHECK(n > 0 && n < sizeof full);
    memset(small, 0x55, 8);
    arm_disasm(in, addr, small, 8);
    size_t k = strnlen(small, 8);
    FZ_CHECK(k < 8 && strncmp(small, full, k) == 0);
    free(small);
}

static void check_record(const arm_insn_t *a, const arm_insn_t *b)
{
    FZ_CHECK(memcmp(a, b, sizeof *a) == 0);
    FZ_CHECK(a->op < ARM_OP_COUNT);
    FZ_CHECK(a->cond <= 14);
}

static void fuzz_a32(uint32_t word, uint32_t addr)
{
    arm_insn_t a, b;
    memset(&a, 0xa5, sizeof a);
    memset(&b, 0x5a, sizeof b);
    arm_decode_a32(word, addr, &a);
    arm_decode_a32(word, addr, &b);
    check_record(&a, &b);
    FZ_CHECK(arm_len(&a) == 4);
    if (a.op == ARM_OP_UNDEF)
        FZ_CHECK(a.imm == word);
    else if ((word >> 28) != 15u)
        FZ_CHECK(a.cond == word >> 28);
    check_disasm(&a, addr);
}

static void fuzz_t32(uint32_t hw1, uint32_t hw2, uint32_t addr)
{
    arm_insn_t a, b;
    memset(&a, 0xa5, sizeof a);
    memset(&b, 0x5a, sizeof b);
    arm_decode_t32(hw1, hw2, addr, &a);
    arm_decode_t32(hw1, hw2, addr, &b);
    check_record(&a, &b);
    uint32_t top5 = hw1 >> 11;
    FZ_CHECK(arm_len(&a) == (top5 >= 0x1du ? 4u : 2u));
    check_disasm(&a, addr);
}

static uint32_t le32(const uint8_t *p) { return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24; }

/* An IT or ITE decided at the IT (ARM_IT_ONE): when the first condition
 * passes, the block's first record runs; either way the record it names
 * lies in the text, and one that runs is not its block's last and cannot
 * stop the core. */
static void check_it_one(const arm_insn_t *recs, uint32_t n, uint32_t i)
{
    const uint32_t known = ARM_IT_ONE | ARM_IT_ONE_RUNS | ARM_IT_ONE_AT | ARM_IT_ONE_SKIP;
    const arm_insn_t *in = &recs[i];
    FZ_CHECK((in->rn & ARM_IT_ONE) && (in->rd & ARM_IT_ONE_RUNS) && !(in->rd & ARM_IT_ONE_AT));
    FZ_CHECK(!(in->rn & ARM_IT_ONE_SKIP) && !(in->rd & ~known) && !(in->rn & ~known));
    for (int k = 0; k < 2; k++) {
        uint32_t how = k ? in->rn : in->rd;
        uint64_t at = (uint64_t)i + 1u + (how & ARM_IT_ONE_AT) / sizeof *in;
        FZ_CHECK(at < n);
        if (how & ARM_IT_ONE_RUNS)
            FZ_CHECK(recs[at].run >= 2u && !arm_op_may_stop(recs[at].op));
    }
}

/* The n records of a text at text_lo, one per 2^shift bytes, prepared. */
static void check_prepared(arm_insn_t *recs, uint32_t n, uint32_t shift, uint32_t text_lo)
{
    arm_prepare_records(recs, n, shift, text_lo);
    for (uint32_t i = 0; i < n; i++) {
        const arm_insn_t *in = &recs[i];
        uint32_t xop = arm_xop(in);
        FZ_CHECK(in->run >= 1u && in->xop < 2u * ARM_XOP_COUNT);
        FZ_CHECK(xop >= ARM_XOP_STEP || in->run >= 2u);
        /* a fast form stands for the record's op, in the shape it was chosen for */
        FZ_CHECK(xop < ARM_XOP_FAST || xop >= ARM_XOP_STEP || arm_xop_base(xop) == in->op ||
                 (xop == ARM_OP_NOP && arm_op_has(in->op, ARM_P_NORD)));
        /* the second copy: T32's 4-byte records, A32's conditional ones */
        FZ_CHECK((in->xop >= ARM_XOP_LEN4) ==
                 (xop < ARM_XOP_STEP && (shift == 1u ? arm_len(in) == 4u : in->cond != ARM_COND_AL)) ||
                 (shift == 1u && xop >= ARM_XOP_STEP && (in->xop >= ARM_XOP_LEN4) == (arm_len(in) == 4u)));
        if (in->op == ARM_OP_B || in->op == ARM_OP_BL) {
            int32_t off = arm_target_offset(in);
            uint64_t idx = (uint64_t)((int64_t)i + off / (int32_t)sizeof *in);
            FZ_CHECK(off == ARM_NO_TARGET ||
                     (off % (int32_t)sizeof *in == 0 && idx < n &&
                      text_lo + ((uint32_t)idx << shift) == in->imm)); /* (target addresses wrap) */
        }
        if (xop == ARM_XOP_IT_PLAIN && (in->rd & ARM_IT_ONE))
            check_it_one(recs, n, i);
        else if (xop == ARM_XOP_IT_PLAIN) {
            uint32_t top = 1u << (31u - (uint32_t)__builtin_clz(in->rd));
            FZ_CHECK(top > 1u && top <= 16u && (in->rn & ~(top - 1u)) == top);
            FZ_CHECK(((in->rd ^ in->rn) & (top - 1u)) == top - 1u);
        }
    }
}

static void fuzz_prepare(const uint8_t *data, size_t size, uint32_t base)
{
    uint32_t words = (uint32_t)(size / 4), halves = (uint32_t)(size / 2);
    arm_insn_t *a32 = (arm_insn_t *)calloc(words + 1u, sizeof *a32);
    arm_insn_t *t32 = (arm_insn_t *)calloc(halves + 1u, sizeof *t32);
    for (uint32_t i = 0; i < words; i++)
        arm_decode_a32(le32(data + 4u * i), base + 4u * i, &a32[i]);
    for (uint32_t i = 0; i < halves; i++) {
        uint32_t hw2 = i + 1u < halves ? (uint32_t)(data[2u * i + 2u] | data[2u * i + 3u] << 8) : 0u;
        arm_decode_t32((uint32_t)(data[2u * i] | data[2u * i + 1u] << 8), hw2, base + 2u * i, &t32[i]);
    }
    check_prepared(a32, words, 2, base);
    check_prepared(t32, halves, 1, base);
    free(a32);
    free(t32);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 4)
        return 0;
    uint32_t base = le32(data) & ~3u;
    data += 4, size -= 4;
    for (size_t i = 0; i + 4 <= size; i += 4)
        fuzz_a32(le32(data + i), base + (uint32_t)i);
    for (size_t i = 0; i + 2 <= size; i += 2) {
        uint32_t hw1 = data[i] | data[i + 1] << 8;
        uint32_t hw2 = i + 4 <= size ? (uint32_t)(data[i + 2] | data[i + 3] << 8) : 0u;
        fuzz_t32(hw1, hw2, (base & ~1u) + (uint32_t)i);
    }
    fuzz_prepare(data, size, base);
    return 0;
}
