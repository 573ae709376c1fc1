/* The caches' options once a config text is read: the L1D's banks, write
 * ratio and the ways the adaptive L1 may grow to go into its parameters,
 * after the checks GPGPU-Sim makes by asserting (gpu-cache.h
 * get_max_cache_multiplier, shader.cc adaptive_cache_config). */
#include "host/ptx/gpu_config_read.h"

#include "host/mem/cache_config.h"

#include <stdio.h>

static int line_of(const cfg_reader_t *r, const char *opt)
{
    int k = gpu_config_row(opt);
    return k >= 0 && r->set_at[k] ? r->set_at[k] : r->line;
}

static int pow2(uint32_t x) { return x && !(x & (x - 1)); }

void gpu_config_finish_caches(gpu_config_t *c)
{
    cache_params_t *p = &c->l1d;
    if (!p->sets)
        return;
    uint32_t kb = p->sets * p->line * p->ways / 1024, grow = 1;
    if (c->unified_l1d_kb && kb)
        grow = c->unified_l1d_kb / kb;
    else if (c->adaptive_cache)
        grow = CACHE_DEFAULT_GROWTH;
    p->banks = c->l1_banks;
    p->bank_bytes = c->l1_bank_bytes;
    p->bank_index = c->l1_bank_hash;
    p->write_ratio = c->l1_write_ratio;
    cache_config_finish(p, p->ways * grow);
}

int gpu_config_check_caches(cfg_reader_t *r, gpu_config_t *c)
{
    if (!c->l1d.sets)
        return 0;
    if (!pow2(c->l1_banks))
        return cfg_fail(r, line_of(r, "gpgpu_l1_banks"), "expected -gpgpu_l1_banks a power of two, found %u", c->l1_banks);
    if (!pow2(c->l1_bank_bytes))
        return cfg_fail(r, line_of(r, "gpgpu_l1_banks_byte_interleaving"),
                        "expected -gpgpu_l1_banks_byte_interleaving a power of two, found %u", c->l1_bank_bytes);
    if (c->l1_bank_hash > CACHE_FERMI_HASH)
        return cfg_fail(r, line_of(r, "gpgpu_l1_banks_hashing_function"),
                        "expected -gpgpu_l1_banks_hashing_function 0 (linear), 1 (XOR), 2 (IPOLY) or 3 (Fermi), found %u%s",
                        c->l1_bank_hash, c->l1_bank_hash == 4 ? " (custom: GPGPU-Sim implements none)" : "");
    if (c->l1_bank_hash == CACHE_FERMI_HASH && c->l1_banks != 32 && c->l1_banks != 64)
        return cfg_fail(r, line_of(r, "gpgpu_l1_banks_hashing_function"),
                        "expected -gpgpu_l1_banks 32 or 64 with the Fermi hash (-gpgpu_l1_banks_hashing_function 3), found %u",
                        c->l1_banks);
    if (c->l1_write_ratio > 100)
        return cfg_fail(r, line_of(r, "gpgpu_l1_cache_write_ratio"),
                        "expected -gpgpu_l1_cache_write_ratio a percentage, 0 to 100, found %u", c->l1_write_ratio);
    const cache_params_t *p = &c->l1d;
    uint32_t kb = p->sets * p->line * p->ways / 1024;
    if (p->sets && c->unified_l1d_kb && (!kb || c->unified_l1d_kb % kb))
        return cfg_fail(r, line_of(r, "gpgpu_unified_l1d_size"),
                        "expected -gpgpu_unified_l1d_size a multiple of the -gpgpu_cache:dl1 size (%u bytes), found %u KB",
                        p->sets * p->line * p->ways, c->unified_l1d_kb);
    if (p->sets && c->adaptive_cache) {
        const char *o = "gpgpu_adaptive_cache_config";
        if (!c->unified_l1d_kb || !c->n_shmem_options)
            return cfg_fail(r, line_of(r, o),
                            "expected -gpgpu_unified_l1d_size and -gpgpu_shmem_option with -gpgpu_adaptive_cache_config 1");
        uint32_t last = c->shmem_options[c->n_shmem_options - 1];
        if (last > c->unified_l1d_kb)
            return cfg_fail(r, line_of(r, "gpgpu_shmem_option"),
                            "expected -gpgpu_shmem_option sizes within -gpgpu_unified_l1d_size (%u KB), found %u",
                            c->unified_l1d_kb, last);
        if (c->shmem_per_sm > (uint64_t)last * 1024)
            return cfg_fail(r, line_of(r, "gpgpu_shmem_option"),
                            "expected the largest -gpgpu_shmem_option (%u KB) to hold -gpgpu_shmem_size (%u bytes)", last,
                            c->shmem_per_sm);
    }
    gpu_config_finish_caches(c);
    return 0;
}
