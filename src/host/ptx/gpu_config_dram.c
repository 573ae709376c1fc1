/* The DRAM's option kinds (gpu_config.h): GPGPU-Sim's timing string in its
 * two forms (memory_config::init in gpu-sim.h), the address-mapping string
 * (addrdec.cc addrdec_parseoption), the write queue's watermarks, warpsim's
 * refresh; and the checks GPGPU-Sim asserts, or that the model needs, on
 * them together. Errors are "PATH:LINE: expected ...". */
#include "host/ptx/gpu_config_read.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct timing_field {
    const char *name;
    size_t off;
} timing_field_t;

static const timing_field_t fields[] = {
#define FIELD(field, name, what) {name, offsetof(dram_timing_t, field)},
    DRAM_TIMING_FIELDS(FIELD)
#undef FIELD
};
enum { NFIELDS = sizeof fields / sizeof fields[0], NBKGRP_FIRST = 11 }; /* nbkgrp, CCDL, RTPL: optional */

static uint32_t *field_at(dram_timing_t *t, int i) { return (uint32_t *)((char *)t + fields[i].off); }

/* One ':'- or ';'-separated token of v from *p, blanks around it dropped. */
static int next_token(const char **p, char *tok, size_t n)
{
    const char *s = *p;
    while (isspace((unsigned char)*s))
        s++;
    if (!*s)
        return -1;
    size_t len = strcspn(s, ":;");
    *p = s + len + (s[len] ? 1 : 0);
    while (len && isspace((unsigned char)s[len - 1]))
        len--;
    if (len >= n)
        len = n - 1;
    memcpy(tok, s, len);
    tok[len] = 0;
    return 0;
}

static int number(const char *s, uint32_t *v)
{
    char *end;
    errno = 0;
    if (!isdigit((unsigned char)*s))
        return -1;
    unsigned long x = strtoul(s, &end, 10);
    if (errno || *end || x > UINT32_MAX)
        return -1;
    *v = (uint32_t)x;
    return 0;
}

/* name=value pairs in any order; GPGPU-Sim registers defaults only for the
 * bank-group fields, so the others must all be there. */
static int read_named(cfg_reader_t *r, int line, const char *v, dram_timing_t *t)
{
    int seen[NFIELDS] = {0};
    char tok[64];
    t->nbkgrp = 1, t->tCCDL = 0, t->tRTPL = 0;
    for (const char *p = v; next_token(&p, tok, sizeof tok) == 0;) {
        char *eq = strchr(tok, '=');
        int i = 0;
        if (eq)
            *eq = 0;
        while (i < NFIELDS && strcmp(fields[i].name, tok))
            i++;
        if (!eq || i == NFIELDS)
            return cfg_fail(r, line, "expected -gpgpu_dram_timing_opt fields <name>=<cycles> of nbk, CCD, RRD, RCD, RAS, "
                            "RP, RC, CL, WL, CDLR, WR, nbkgrp, CCDL, RTPL, found '%s%s'", tok, eq ? "=" : "");
        if (number(eq + 1, field_at(t, i)))
            return cfg_fail(r, line, "expected a number for -gpgpu_dram_timing_opt's %s, found '%s'", tok, eq + 1);
        seen[i] = 1;
    }
    for (int i = 0; i < NBKGRP_FIRST; i++)
        if (!seen[i])
            return cfg_fail(r, line, "expected -gpgpu_dram_timing_opt to give %s (GPGPU-Sim has no default for it)",
                            fields[i].name);
    return 0;
}

int cfg_read_dram_timing(cfg_reader_t *r, int line, const char *v, dram_timing_t *out)
{
    dram_timing_t t = *out;
    if (strchr(v, '=')) {
        if (read_named(r, line, v, &t))
            return -1;
    } else {
        /* the legacy form: the fields in order, the bank-group ones optional */
        char tok[64];
        int n = 0;
        t.nbkgrp = 1, t.tCCDL = 0, t.tRTPL = 0;
        for (const char *p = v; next_token(&p, tok, sizeof tok) == 0; n++)
            if (n == NFIELDS || number(tok, field_at(&t, n)))
                return cfg_fail(r, line, "expected -gpgpu_dram_timing_opt nbk=<n>:CCD=<cycles>:... or %d to %d numbers "
                                "nbk:CCD:RRD:RCD:RAS:RP:RC:CL:WL:CDLR:WR[:nbkgrp:CCDL:RTPL], found '%s'",
                                NBKGRP_FIRST, NFIELDS, v);
        if (n < NBKGRP_FIRST)
            return cfg_fail(r, line, "expected -gpgpu_dram_timing_opt to have at least %d numbers "
                            "(nbk:CCD:RRD:RCD:RAS:RP:RC:CL:WL:CDLR:WR), found %d", NBKGRP_FIRST, n);
    }
    if (!t.nbk || t.nbk > DRAM_MAX_BANKS || (t.nbk & (t.nbk - 1)))
        return cfg_fail(r, line, "expected -gpgpu_dram_timing_opt's nbk a power of two from 1 to %u, found %u",
                        DRAM_MAX_BANKS, t.nbk);
    if (!t.nbkgrp || (t.nbkgrp & (t.nbkgrp - 1)) || t.nbkgrp > t.nbk)
        return cfg_fail(r, line, "expected -gpgpu_dram_timing_opt's nbkgrp a power of two from 1 to nbk (%u), found %u",
                        t.nbk, t.nbkgrp);
    if (!t.tCCD || !t.tRC || !t.CL)
        return cfg_fail(r, line, "expected -gpgpu_dram_timing_opt's CCD, RC and CL above 0");
    *out = t;
    return 0;
}

int cfg_read_addr_map(cfg_reader_t *r, int line, const char *v, dram_map_t *m)
{
    dram_map_t out;
    memset(&out, 0, sizeof out);
    out.chip_start = -1;
    const char *s = v;
    if (!strncmp(v, "dramid@", 7)) {
        uint32_t start;
        char num[16];
        size_t len = strcspn(v + 7, ";");
        if (!v[7 + len] || len >= sizeof num || (memcpy(num, v + 7, len), num[len] = 0, number(num, &start)) ||
            start > 62)
            return cfg_fail(r, line, "expected -gpgpu_mem_addr_mapping dramid@<bit 0-62>;<map>, found '%s'", v);
        out.chip_start = (int32_t)start;
        s = v + 7 + len + 1;
    }
    static const char letters[] = "DBRCS";
    int bit = 63;
    for (const char *p = s; *p; p++) {
        if (*p == '.' || *p == ' ' || *p == '|')
            continue;
        const char *f = strchr(letters, toupper((unsigned char)*p));
        if ((!f && *p != '0') || !*p)
            return cfg_fail(r, line, "expected -gpgpu_mem_addr_mapping's map of D, B, R, C, S and 0, found '%c' at "
                            "character %d of '%s'", *p, (int)(p - v) + 1, v);
        if (f && *f == 'D' && out.chip_start >= 0)
            return cfg_fail(r, line, "expected no D bits in -gpgpu_mem_addr_mapping after dramid@%d (the channel "
                            "bits go there)", out.chip_start);
        if (bit < 0)
            return cfg_fail(r, line, "expected -gpgpu_mem_addr_mapping's map to be 64 bits, found more in '%s'", v);
        if (f) {
            int k = (int)(f - letters);
            out.mask[k] |= 1ull << bit;
            if (k == DRAM_F_BURST)
                out.mask[DRAM_F_COL] |= 1ull << bit;
        }
        bit--;
    }
    if (bit != -1)
        return cfg_fail(r, line, "expected -gpgpu_mem_addr_mapping's map to be 64 bits, found %d in '%s'", 63 - bit, v);
    *m = out;
    return 0;
}

/* n numbers separated by ':' into to; -1 if not. */
static int read_colon_list(const char *v, uint32_t *to, int n)
{
    char tok[32];
    const char *p = v;
    for (int i = 0; i < n; i++)
        if (next_token(&p, tok, sizeof tok) || number(tok, &to[i]))
            return -1;
    return *p ? -1 : 0;
}

int cfg_read_write_queue(cfg_reader_t *r, int line, const char *v, uint32_t wq[3])
{
    uint32_t w[3];
    if (read_colon_list(v, w, 3) || !w[0] || w[1] > w[0] || w[2] > w[1] || !w[1])
        return cfg_fail(r, line, "expected -dram_write_queue_size <entries>:<high watermark>:<low watermark>, "
                        "entries >= high >= low, high above 0, found '%s'", v);
    memcpy(wq, w, sizeof w);
    return 0;
}

int cfg_read_refresh(cfg_reader_t *r, int line, const char *v, uint32_t refresh[2])
{
    uint32_t f[2];
    if (read_colon_list(v, f, 2) || (f[0] || f[1] ? f[1] == 0 || f[1] >= f[0] : 0))
        return cfg_fail(r, line, "expected -warpsim_dram_refresh <tREFI>:<tRFC> DRAM cycles, tREFI above tRFC "
                        "above 0, or 0:0, found '%s'", v);
    memcpy(refresh, f, sizeof f);
    return 0;
}

static int bits(uint64_t m) { return __builtin_popcountll(m); }

/* The line of the later of options a and b in this text; its end if neither. */
static int line_of2(const cfg_reader_t *r, const char *a, const char *b)
{
    int la = r->set_at[gpu_config_row(a)], lb = b ? r->set_at[gpu_config_row(b)] : 0;
    int l = la > lb ? la : lb;
    return l ? l : r->line;
}

/* -gpgpu_memory_partition_indexing: GPGPU-Sim's functions that warpsim has
 * (device/mem/mem_hash.h), IPOLY for any count of sub-partitions it has
 * offset bits for. */
static int check_partition_index(cfg_reader_t *r, const gpu_config_t *c, uint32_t n_mem, uint32_t subs)
{
    const char *opt = "gpgpu_memory_partition_indexing";
    uint32_t v = c->partition_index;
    if (v != MEM_HASH_CONSECUTIVE && v != MEM_HASH_XOR && v != MEM_HASH_IPOLY && v != MEM_HASH_IPOLY_MODULO)
        return cfg_fail(r, line_of2(r, opt, NULL),
                        "expected -%s 0 (consecutive), 1 (bitwise XOR), 2 (IPOLY) or 6 (IPOLY modulo), found %u%s", opt,
                        v, v == 3 ? " (GPGPU-Sim's custom indexing, which has no function)"
                           : v == 4 ? " (GPGPU-Sim's random table, not modelled)"
                           : v == 5 ? " (GPGPU-Sim's custom, which has no function)" : "");
    if ((v == MEM_HASH_IPOLY || v == MEM_HASH_IPOLY_MODULO) && (uint64_t)n_mem * subs > 1u << MEM_HASH_MAX_BITS)
        return cfg_fail(r, line_of2(r, opt, "gpgpu_n_mem"),
                        "expected at most %u sub-partitions (-gpgpu_n_mem x -gpgpu_n_sub_partition_per_mchannel) "
                        "for -%s %u (IPOLY), found %llu", 1u << MEM_HASH_MAX_BITS, opt, v,
                        (unsigned long long)n_mem * subs);
    return 0;
}

int gpu_config_check_dram(cfg_reader_t *r, const gpu_config_t *c)
{
    const dram_timing_t *t = &c->dram_timing;
    const char *tim = "gpgpu_dram_timing_opt", *map = "gpgpu_mem_addr_mapping";
    if (c->dram_bank_index > DRAM_BANK_IPOLY)
        return cfg_fail(r, line_of2(r, "dram_bnk_indexing_policy", NULL),
                        "expected -dram_bnk_indexing_policy 0 (linear), 1 (XOR) or 2 (IPOLY), found %u%s",
                        c->dram_bank_index, c->dram_bank_index == 3 ? " (GPGPU-Sim's custom, which has no function)" : "");
    if (c->dram_bank_index == DRAM_BANK_IPOLY && t->nbk != 16 && t->nbk != 32 && t->nbk != 64)
        return cfg_fail(r, line_of2(r, "dram_bnk_indexing_policy", tim),
                        "expected 16, 32 or 64 banks for -dram_bnk_indexing_policy 2 (IPOLY), found %u", t->nbk);
    if (bits(c->dram_map.mask[DRAM_F_BANK]) > __builtin_ctz(t->nbk))
        return cfg_fail(r, line_of2(r, map, tim), "expected at most %d B bits in -%s for %u banks, found %d",
                        __builtin_ctz(t->nbk), map, t->nbk, bits(c->dram_map.mask[DRAM_F_BANK]));
    if (c->dram_burst_length < c->dram_freq_ratio || c->dram_burst_length % c->dram_freq_ratio)
        return cfg_fail(r, line_of2(r, "gpgpu_dram_burst_length", "dram_data_command_freq_ratio"),
                        "expected -gpgpu_dram_burst_length (%u) a multiple of -dram_data_command_freq_ratio (%u): "
                        "a burst takes whole command cycles", c->dram_burst_length, c->dram_freq_ratio);
    uint32_t n_mem = c->n_mem ? c->n_mem : 8, subs = c->sub_partitions ? c->sub_partitions : 1;
    if (c->dram_map.chip_start < 0 && (n_mem & (n_mem - 1)))
        return cfg_fail(r, line_of2(r, map, "gpgpu_n_mem"),
                        "expected -gpgpu_n_mem a power of two (found %u) with D bits in -%s, or dramid@<bit>", n_mem, map);
    if (c->dram_map.chip_start < 0 && (1u << bits(c->dram_map.mask[DRAM_F_CHIP])) != n_mem)
        return cfg_fail(r, line_of2(r, map, "gpgpu_n_mem"), "expected %d D bits in -%s for %u channels, found %d",
                        __builtin_ctz(n_mem), map, n_mem, bits(c->dram_map.mask[DRAM_F_CHIP]));
    if ((subs & (subs - 1)) || t->nbk % subs)
        return cfg_fail(r, line_of2(r, "gpgpu_n_sub_partition_per_mchannel", tim),
                        "expected -gpgpu_n_sub_partition_per_mchannel a power of two dividing the %u banks, found %u",
                        t->nbk, subs);
    if (c->n_chiplet > 2)
        return cfg_fail(r, line_of2(r, "gpgpu_n_chiplet_partition", NULL),
                        "expected -gpgpu_n_chiplet_partition 1 or 2 (an L2 in halves), found %u", c->n_chiplet);
    if (c->n_chiplet == 2 && n_mem % 2)
        return cfg_fail(r, line_of2(r, "gpgpu_n_chiplet_partition", "gpgpu_n_mem"),
                        "expected an even -gpgpu_n_mem for an L2 in two halves, found %u", n_mem);
    if (c->n_chiplet == 2 && !c->chiplet_latency)
        return cfg_fail(r, line_of2(r, "warpsim_chiplet_latency", "gpgpu_n_chiplet_partition"),
                        "expected -warpsim_chiplet_latency of at least a cycle for an L2 in two halves");
    return check_partition_index(r, c, n_mem, subs);
}
