/* What a DRAM channel model needs of a GPU config, as plain numbers the host
 * fills (src/host/mem/dram_params.c) and device code reads. Times are in the
 * DRAM's command-clock cycles, GPGPU-Sim's unit for -gpgpu_dram_timing_opt;
 * the caller converts from the core clock. */
#ifndef DRAM_PARAMS_H
#define DRAM_PARAMS_H

#include "device/sim_port.h"

/* -gpgpu_dram_timing_opt's fields in GPGPU-Sim's order (its legacy
 * colon-separated form lists them so), each with its name in the
 * nbk=16:CCD=1:... form: _(field, "name", meaning). */
#define DRAM_TIMING_FIELDS(_)                                                  \
    _(nbk, "nbk", "banks")                                                     \
    _(tCCD, "CCD", "column command to column command, any bank")               \
    _(tRRD, "RRD", "activate to activate, different banks")                    \
    _(tRCD, "RCD", "activate to read")                                         \
    _(tRAS, "RAS", "activate to precharge")                                    \
    _(tRP, "RP", "precharge to activate")                                      \
    _(tRC, "RC", "activate to activate, same bank")                            \
    _(CL, "CL", "read command to its data")                                    \
    _(WL, "WL", "write command to its data")                                   \
    _(tCDLR, "CDLR", "last write data to a read command")                      \
    _(tWR, "WR", "last write data to precharge")                               \
    _(nbkgrp, "nbkgrp", "bank groups")                                         \
    _(tCCDL, "CCDL", "column command to column command, same bank group")      \
    _(tRTPL, "RTPL", "read to precharge, same bank group")

typedef struct dram_timing {
#define DRAM_TIMING_FIELD(field, name, what) uint32_t field;
    DRAM_TIMING_FIELDS(DRAM_TIMING_FIELD)
#undef DRAM_TIMING_FIELD
} dram_timing_t;

#define DRAM_MAX_BANKS 64u

/* -gpgpu_dram_scheduler, -dram_bnk_indexing_policy (GPGPU-Sim's 3, custom,
 * has no function), -dram_bnkgrp_indexing_policy. */
enum { DRAM_SCHED_FIFO, DRAM_SCHED_FRFCFS };
enum { DRAM_BANK_LINEAR, DRAM_BANK_XOR, DRAM_BANK_IPOLY };
enum { DRAM_BANKGRP_HIGH, DRAM_BANKGRP_LOW };

/* The fields of -gpgpu_mem_addr_mapping: D channel (chip), B bank, R row,
 * C column, S burst (S bits are column bits too, as in GPGPU-Sim). */
enum { DRAM_F_CHIP, DRAM_F_BANK, DRAM_F_ROW, DRAM_F_COL, DRAM_F_BURST, DRAM_F_COUNT };

/* An address map: which address bits make each field. The string's masks
 * describe an address without its channel bits when it starts dramid@N;
 * dram_map_finish (host) then opens log2(channels) bits at N for them. */
typedef struct dram_map {
    uint64_t mask[DRAM_F_COUNT];
    int32_t chip_start;         /* dramid@N: N; -1: the string's D bits */
    uint32_t n_chan;            /* channels; 0: the string alone (not finished) */
    uint32_t gap;               /* channels not a power of two: channel = (addr >> N) mod n_chan */
    uint32_t sub_parts;         /* L2 sub-partitions a channel (the low bank bits pick one) */
} dram_map_t;

typedef struct dram_params {
    dram_timing_t t;
    /* derived as GPGPU-Sim's memory_config::init does */
    uint32_t tRCDWR;            /* activate to write: tRCD - (WL + 1) */
    uint32_t tRTW;              /* read to write: CL + burst + 2 - WL */
    uint32_t tWTR;              /* write to read: WL + burst + tCDLR */
    uint32_t tWTP;              /* write to precharge, same bank: WL + burst + tWR */
    uint32_t burst;             /* command cycles a burst holds the data bus: BL / data-command ratio */
    uint32_t atom_bytes;        /* bytes a column command moves: BL x bus width x chips */
    uint32_t bk_tag_bits;       /* log2(banks a group) */
    uint32_t sched;             /* DRAM_SCHED_* */
    uint32_t queue;             /* request queue entries (the read queue with a write queue) */
    uint32_t write_queue;       /* 1: writes wait in a queue of their own */
    uint32_t wq_size, wq_high, wq_low; /* its entries; drain from high until below low */
    uint32_t return_queue;      /* reads finished, not yet taken by the caller */
    uint32_t dual_bus;          /* a row and a column command a cycle (HBM); else one command */
    uint32_t bank_index, bankgrp_index;
    uint32_t refi, rfc;         /* all-bank refresh every refi cycles, taking rfc; 0: none */
    dram_map_t map;
} dram_params_t;

#endif
