/* libFuzzer target for the IA-32 decoder, the disassembler and the block
 * preparation. The input is a text: every byte offset is decoded (the
 * records are one per byte, as the host keeps them), with exactly the
 * bytes left in the input readable (a copy of that size, so that the
 * sanitizer sees any read past it).
 *
 * Properties, beyond "no crash, no out-of-bounds access":
 *   - op < X86_OP_COUNT; 1 <= len <= 15 and len <= the bytes left;
 *   - decoding is deterministic, and does not depend on bytes past len
 *     (the same record from a copy cut right after the instruction);
 *   - UNDEF keeps the first bytes in imm;
 *   - registers are 0..8, the scale's shift 0..3, the width 0..2;
 *   - disassembly is non-empty and NUL-terminated, a short buffer gets a
 *     prefix of the full text;
 *   - prepared as a text, every decoded record's run is 1..255, and a run
 *     of k > 1 is the next record's (len on) plus one. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "device/x86/x86_block.h"

#define FZ_CHECK(x)                                                                            \
    do {                                                                                       \
        if (!(x)) {                                                                            \
            fprintf(stderr, "fuzz_x86_decode: property failed at line %d: %s\n", __LINE__, #x); \
            abort();                                                                           \
        }                                                                                      \
    } while (0)

static void check_disasm(const x86_insn_t *in, uint32_t addr)
{
    char full[160], small[8];
    memset(full, 0x55, sizeof full);
    FZ_CHECK(x86_disasm(in, addr, full, sizeof full) == full);
    size_t n = strnlen(full, sizeof full);
    FZ_CHECK(n > 0 && n < sizeof full);
    memset(small, 0x55, sizeof small);
    x86_disasm(in, addr, small, sizeof small);
    size_t k = strnlen(small, sizeof small);
    FZ_CHECK(k < sizeof small && strncmp(small, full, k) == 0);
}

static void check_record(const x86_insn_t *in, uint32_t left)
{
    FZ_CHECK(in->op < X86_OP_COUNT);
    FZ_CHECK(in->len >= 1u && in->len <= 15u && in->len <= left);
    FZ_CHECK(in->reg <= X86_NOREG && in->base <= X86_NOREG && x86_index(in) <= X86_NOREG);
    FZ_CHECK(x86_w(in) <= X86_W32);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0 || size > 4096)
        return 0;
    uint32_t n = (uint32_t)size, base = 0x08048000u;
    x86_insn_t *recs = (x86_insn_t *)calloc(n, sizeof *recs);
    for (uint32_t i = 0; i < n; i++) {
        uint32_t left = n - i;
        uint8_t *copy = (uint8_t *)malloc(left);
        memcpy(copy, data + i, left);
        x86_decode(copy, left, base + i, &recs[i]);
        check_record(&recs[i], left);
        x86_insn_t again;
        x86_decode(copy, left, base + i, &again);
        FZ_CHECK(!memcmp(&again, &recs[i], sizeof again));
        if (recs[i].op != X86_OP_UNDEF) {
            uint8_t *cut = (uint8_t *)malloc(recs[i].len);
            memcpy(cut, copy, recs[i].len);
            x86_decode(cut, recs[i].len, base + i, &again);
            FZ_CHECK(!memcmp(&again, &recs[i], sizeof again));
            free(cut);
        } else {
            FZ_CHECK((recs[i].imm & 0xffu) == copy[0]);
        }
        check_disasm(&recs[i], base + i);
        free(copy);
    }
    x86_prepare_range(recs, 0, n);
    for (uint32_t i = 0; i < n; i++) {
        FZ_CHECK(recs[i].run >= 1u);
        if (recs[i].run > 1u) {
            uint32_t next = i + x86_len(&recs[i]);
            FZ_CHECK(next < n && recs[next].run + 1u == recs[i].run && !x86_ends_block(&recs[i]));
        }
    }
    free(recs);
    return 0;
}
