#include "host/gpu_memory.h"

#include "device/linux/linux_fs.h"

gpu_footprint_t gpu_footprint(const sim_machine_t *m, const sim_options_t *o)
{
    gpu_footprint_t f;
    /* registers and OS state, the private window, the output buffer, the descriptors */
    f.per_core = (uint64_t)(m->soa.regs_words + SIM_SYS_WORDS) * 4 + m->mem.priv_size + m->mem.out_cap +
                 (uint64_t)LINUX_FD_MAX * LINUX_FD_WORDS * 4;
    /* --regroup: keys, sorted keys, ids, order, and CUB's alternate buffers */
    if (o->regroup)
        f.per_core += 4 * 4 + 2 * 4;
    if (o->dump_state)
        f.per_core += 8; /* the memory digests */
    f.fixed = (uint64_t)m->mem.ro_size + m->mem.shared_size + (uint64_t)m->init.data_words * 4 +
              (uint64_t)m->init.stack_words * 4 + sizeof(linux_fs_t);
    if (m->ih && m->code_state) {
        isa_array_t arrays[ISA_MAX_ARRAYS];
        uint32_t n = m->ih->code_arrays(m->code_state, arrays);
        for (uint32_t k = 0; k < n; k++)
            f.fixed += arrays[k].bytes;
    }
    return f;
}

uint64_t gpu_max_cores(uint64_t free_bytes, const gpu_footprint_t *f)
{
    uint64_t need = f->fixed + GPU_MEMORY_RESERVE;
    if (free_bytes <= need || !f->per_core)
        return 0;
    return (free_bytes - need) / f->per_core;
}
