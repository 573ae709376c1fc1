/* Per-core start-up state, single source so the CUDA backend can build a
 * million cores' memory on the device instead of copying it from the host.
 * Every core gets the same data image and the same stack template; only the
 * decimal digits of WARPSIM_CORE differ, patched into a reserved field. */
#ifndef SIM_INIT_H
#define SIM_INIT_H

#include "sim_mem.h"

#define SIM_CORE_ID_FIELD 10u /* bytes reserved after "WARPSIM_CORE=" */

typedef struct sim_core_init {
    const uint32_t *data;  /* initial words of the window, from priv_base */
    uint32_t data_words;
    const uint32_t *stack; /* initial words of the stack, from sp */
    uint32_t stack_words;
    uint32_t stack_off;    /* byte offset of sp within the window (4-aligned) */
    uint32_t core_id_off;  /* byte offset of the WARPSIM_CORE digits within the window */
} sim_core_init_t;

/* The decimal digits of core, then NUL padding, in a SIM_CORE_ID_FIELD-byte
 * field. The field's size is fixed so every core's stack has one layout. */
SIM_FN void sim_format_core_id(uint8_t *field, uint32_t core)
{
    uint8_t digits[SIM_CORE_ID_FIELD];
    uint32_t n = 0, v = core;
    do {
        digits[n++] = (uint8_t)('0' + v % 10u);
        v /= 10u;
    } while (v && n < SIM_CORE_ID_FIELD);
    for (uint32_t i = 0; i < SIM_CORE_ID_FIELD; i++)
        field[i] = i < n ? digits[n - 1 - i] : 0u;
}

/* Cores [first, first + n), whose windows are still zero: a word of every
 * core at a time, which on the interleaved layout (stride_core 1) is a row
 * of n host words, where core by core each word would be a row (from 1024
 * cores a page) apart. */
SIM_FN void sim_init_cores_mem(const sim_mem_t *m, uint32_t first, uint32_t n, const sim_core_init_t *t)
{
    for (uint32_t w = 0; w < t->data_words; w++) {
        if (!t->data[w])
            continue; /* already zero: a page of .bss no core writes stays untouched */
        uint32_t *row = sim_priv_word(m, first, w * 4u);
        for (uint32_t i = 0; i < n; i++)
            row[(uint64_t)i * m->stride_core] = t->data[w];
    }
    for (uint32_t w = 0; w < t->stack_words; w++) {
        uint32_t *row = sim_priv_word(m, first, t->stack_off + w * 4u);
        for (uint32_t i = 0; i < n; i++)
            row[(uint64_t)i * m->stride_core] = t->stack[w];
    }
    uint8_t field[SIM_CORE_ID_FIELD];
    for (uint32_t i = 0; i < n; i++) {
        sim_format_core_id(field, first + i);
        for (uint32_t b = 0; b < SIM_CORE_ID_FIELD; b++)
            sim_priv_st8(m, first + i, t->core_id_off + b, field[b]);
    }
}

SIM_FN void sim_init_core_mem(const sim_mem_t *m, uint32_t core, const sim_core_init_t *t)
{
    sim_init_cores_mem(m, core, 1u, t);
}

#endif
