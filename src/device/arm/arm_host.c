/* The ARM ISA's host side (arm_host.h): the predecoded program. */
#include "arm_host.h"

#include <stdlib.h>
#include <string.h>

#include "host/isa.h"

/* The arrays: one record per text word (A32) and per text halfword (T32). */
typedef struct arm_host_code {
    const uint8_t *text;
    uint32_t text_lo, text_size;
    arm_insn_t *a32, *t32;
} arm_host_code_t;

static void arm_decode_all(arm_host_code_t *h)
{
    uint32_t words = h->text_size / 4, halves = h->text_size / 2;
    for (uint32_t i = 0; i < words; i++) {
        uint32_t w;
        memcpy(&w, h->text + 4 * i, 4);
        arm_decode_a32(w, h->text_lo + 4 * i, &h->a32[i]);
    }
    for (uint32_t i = 0; i < halves; i++) {
        uint16_t h1, h2 = 0;
        memcpy(&h1, h->text + 2 * i, 2);
        if (i + 1 < halves)
            memcpy(&h2, h->text + 2 * i + 2, 2);
        arm_decode_t32(h1, h2, h->text_lo + 2 * i, &h->t32[i]);
    }
    arm_prepare_records(h->a32, words, 2, h->text_lo);
    arm_prepare_records(h->t32, halves, 1, h->text_lo);
}

void *arm_code_create(const uint8_t *text, uint32_t text_lo, uint32_t text_size, sim_code_t *code)
{
    arm_host_code_t *h = (arm_host_code_t *)calloc(1, sizeof *h);
    if (!h)
        return NULL;
    h->text = text;
    h->text_lo = text_lo;
    h->text_size = text_size;
    h->a32 = (arm_insn_t *)calloc(text_size / 4 + 1, sizeof(arm_insn_t));
    h->t32 = (arm_insn_t *)calloc(text_size / 2 + 1, sizeof(arm_insn_t));
    if (!h->a32 || !h->t32) {
        arm_code_free(h);
        return NULL;
    }
    arm_decode_all(h);
    code->arm.a32 = h->a32;
    code->arm.t32 = h->t32;
    code->arm.text_lo = text_lo;
    code->arm.text_size = text_size;
    return h;
}

void arm_code_free(void *state)
{
    arm_host_code_t *h = (arm_host_code_t *)state;
    if (!h)
        return;
    free(h->a32);
    free(h->t32);
    free(h);
}

uint32_t arm_code_arrays(void *state, isa_array_t *out)
{
    arm_host_code_t *h = (arm_host_code_t *)state;
    out[0].host = h->a32;
    out[0].bytes = (size_t)h->text_size / 4 * sizeof(arm_insn_t);
    out[1].host = h->t32;
    out[1].bytes = (size_t)h->text_size / 2 * sizeof(arm_insn_t);
    return 2;
}

void arm_code_rebase(sim_code_t *code, void *const *arrays)
{
    code->arm.a32 = (const arm_insn_t *)arrays[0];
    code->arm.t32 = (const arm_insn_t *)arrays[1];
}

int arm_decode_for_core(void *state, const sim_soa_t *soa, uint32_t core, isa_span_t *span)
{
    (void)state;
    (void)soa;
    (void)core;
    span->bytes = 0; /* the whole text is decoded up front */
    return 0;
}

void arm_host_ctx_init(sim_stage_t *stage, uint32_t entry, uint32_t sp)
{
    arm_ctx_init(&stage->arm, entry, sp);
}
