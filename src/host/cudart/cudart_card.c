/* Which card a GPU config is (cudart_card.h). */
#include "host/cudart/cudart_card.h"

#include <stdio.h>
#include <string.h>

typedef struct card_row {
    const char *config;
    uint32_t cc_major, cc_minor;
    const char *name;
    uint64_t global_bytes;
    int l2_bytes, bus_bits, ecc, copy_engines;
    uint32_t pci_id;
    int fp32_per_fp64;
} card_row_t;

static const card_row_t rows[] = {
#define CARD(cfg, ma, mi, nm, mem, l2, bus, ecc, ce, pci, ratio) {cfg, ma, mi, nm, mem, l2, bus, ecc, ce, pci, ratio},
#include "host/cudart/cudart_card.def"
#undef CARD
};

static const card_row_t *row_of(const gpu_config_t *c)
{
    size_t n = sizeof rows / sizeof rows[0];
    for (size_t i = 0; i < n; i++)
        if (!strcmp(rows[i].config, c->name))
            return &rows[i];
    for (size_t i = 0; i < n; i++)
        if (rows[i].cc_major == c->cc_major && rows[i].cc_minor == c->cc_minor)
            return &rows[i];
    return NULL;
}

void cudart_card_pick(const gpu_config_t *c, cudart_card_t *k, char *name, size_t n)
{
    const card_row_t *r = row_of(c);
    int64_t l2 = gpu_config_l2_bytes(c), bus = gpu_config_bus_bits(c);
    k->found = r != NULL;
    if (!r)
        r = &rows[0];
    snprintf(name, n, k->found ? "%s" : "warpsim %s", k->found ? r->name : c->name);
    k->name = name;
    k->global_bytes = r->global_bytes;
    k->l2_bytes = l2 >= 0 && l2 <= INT32_MAX ? (int)l2 : r->l2_bytes;
    k->bus_bits = bus >= 0 && bus <= INT32_MAX ? (int)bus : r->bus_bits;
    k->ecc = r->ecc;
    k->copy_engines = r->copy_engines;
    k->fp32_per_fp64 = r->fp32_per_fp64;
    k->pci_id = r->pci_id;
}
