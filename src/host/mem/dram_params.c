/* The DRAM model's parameters from GPGPU-Sim's options: the timing string's
 * fields, the constraints GPGPU-Sim derives from them (memory_config::init),
 * and the address map fitted to the channel count. */
#include "host/mem/dram_params.h"

#include <stdio.h>
#include <string.h>

static uint32_t log2_floor(uint32_t v)
{
    uint32_t k = 0;
    while (v >>= 1)
        k++;
    return k;
}

/* With dramid@N the string maps an address without its channel bits:
 * ceil(log2(channels)) bits open at N, the fields' bits above N move up by
 * as many, and those bits are the channel's. A channel count that is not a
 * power of two keeps the masks and takes the channel modulo (dram_decode). */
void dram_map_finish(dram_map_t *m, uint32_t n_chan, uint32_t n_sub)
{
    uint32_t chip_bits = log2_floor(n_chan);
    m->n_chan = n_chan;
    m->sub_parts = n_sub;
    m->gap = (1u << chip_bits) != n_chan;
    if (m->chip_start < 0 || m->gap)
        return;
    uint64_t low = (1ull << m->chip_start) - 1;
    for (int f = 0; f < DRAM_F_COUNT; f++)
        if (f != DRAM_F_CHIP)
            m->mask[f] = (m->mask[f] & ~low) << chip_bits | (m->mask[f] & low);
    m->mask[DRAM_F_CHIP] = ((1ull << chip_bits) - 1) << m->chip_start;
}

int dram_params_from_config(const gpu_config_t *c, dram_params_t *P, char *why, size_t n)
{
    memset(P, 0, sizeof *P);
    const dram_timing_t *t = &c->dram_timing;
    P->t = *t;
    if (!t->nbk || (t->nbk & (t->nbk - 1)) || t->nbk > DRAM_MAX_BANKS || !t->nbkgrp || t->nbk % t->nbkgrp ||
        !c->dram_freq_ratio || c->dram_burst_length < c->dram_freq_ratio || !c->dram_queue) {
        snprintf(why, n, "a DRAM of %u banks in %u groups, burst %u at ratio %u, queue %u: not a DRAM the model takes",
                 t->nbk, t->nbkgrp, c->dram_burst_length, c->dram_freq_ratio, c->dram_queue);
        return -1;
    }
    P->burst = c->dram_burst_length / c->dram_freq_ratio;
    /* GPGPU-Sim: tRCDWR = tRCD - (WL + 1), unsigned; none below 0 here */
    P->tRCDWR = t->tRCD > t->WL + 1 ? t->tRCD - (t->WL + 1) : 0;
    P->tRTW = t->CL + P->burst + 2 > t->WL ? t->CL + P->burst + 2 - t->WL : 0;
    P->tWTR = t->WL + P->burst + t->tCDLR;
    P->tWTP = t->WL + P->burst + t->tWR;
    P->atom_bytes = c->dram_burst_length * (c->dram_buswidth ? c->dram_buswidth : 4) *
                    (c->mem_per_ctrlr ? c->mem_per_ctrlr : 1);
    P->bk_tag_bits = log2_floor(t->nbk / t->nbkgrp);
    P->sched = c->dram_scheduler ? DRAM_SCHED_FRFCFS : DRAM_SCHED_FIFO;
    P->queue = c->dram_queue;
    P->write_queue = c->dram_write_queue && P->sched == DRAM_SCHED_FRFCFS;
    P->wq_size = c->dram_wq[0], P->wq_high = c->dram_wq[1], P->wq_low = c->dram_wq[2];
    /* GPGPU-Sim: 0 is a return queue of 1024 */
    P->return_queue = c->dram_return_queue ? c->dram_return_queue : 1024;
    P->dual_bus = c->dram_dual_bus;
    P->bank_index = c->dram_bank_index;
    P->bankgrp_index = c->dram_bankgrp_index;
    P->refi = c->dram_refresh[0], P->rfc = c->dram_refresh[1];
    P->map = c->dram_map;
    dram_map_finish(&P->map, c->n_mem ? c->n_mem : 8, c->sub_partitions ? c->sub_partitions : 1);
    return 0;
}
