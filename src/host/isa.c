/* The host's one switch over the ISA (isa.h). */
#include "host/isa.h"

#include <elf.h>
#include <string.h>

#include "device/arm/arm_host.h"

const isa_host_t *isa_host(sim_isa_t isa)
{
    static const isa_host_t arm = {
        SIM_ISA_ARM, "A32, Thumb, Thumb-2; ARMv7-A user mode, integer", ARM_HWCAP, ARM_PLATFORM,
        arm_code_create, arm_code_free, arm_code_arrays, arm_code_rebase, arm_decode_for_core,
        arm_code_invalidate, arm_host_ctx_init,
    };
    switch (isa) {
    case SIM_ISA_ARM:
        return &arm;
    default:
        return NULL;
    }
}

sim_isa_t isa_of_elf_machine(uint32_t machine)
{
    switch (machine) {
    case EM_ARM:
        return SIM_ISA_ARM;
    case EM_386:
        return SIM_ISA_X86;
    default:
        return SIM_ISA_NONE;
    }
}

sim_isa_t isa_by_name(const char *name)
{
    for (uint32_t i = SIM_ISA_NONE + 1; i < SIM_ISA_COUNT; i++)
        if (!strcmp(name, sim_isa_name(i)))
            return (sim_isa_t)i;
    return SIM_ISA_NONE;
}
