/* The card a program sees (cudart_card.def): the GPU config decides what it
 * models (SMs, clocks, shared memory, registers, and L2 and bus width when
 * it has the memory options); the card's published figures give the rest. */
#ifndef CUDART_CARD_H
#define CUDART_CARD_H

#include <stdint.h>

#include "host/ptx/gpu_config.h"

typedef struct cudart_card {
    const char *name;
    uint64_t global_bytes;
    int l2_bytes, bus_bits;        /* the config's when it has them, else the card's */
    int ecc, copy_engines, fp32_per_fp64;
    uint32_t pci_id;
    int found;                     /* 0: no row for this config, the H100's figures */
} cudart_card_t;

/* The row named as the config file, else the first of the config's compute
 * capability, else the H100's; name is "warpsim NAME" without a row. */
void cudart_card_pick(const gpu_config_t *c, cudart_card_t *k, char *name, size_t n);
const cudart_card_t *cudart_card(void);

#endif
