/* The host's one switch over the ISA (isa.h): the only place in src/host
 * that names an instruction set. */
#include "host/isa.h"

#include <elf.h>
#include <stdio.h>
#include <string.h>

#include "device/arm/arm_host.h"
#include "device/x86/x86_host.h"

/* AT_HWCAP on IA-32 is CPUID.1:EDX of the simulated core: FPU | TSC | CX8 |
 * CMOV | MMX | FXSR | SSE | SSE2 (x86_exec_sys.h). */
#define I686_HWCAP X86_CPUID1_EDX
#define I686_PLATFORM "i686"

const isa_host_t *isa_host(sim_isa_t isa)
{
    static const isa_host_t arm = {
        SIM_ISA_ARM, "A32, Thumb, Thumb-2; ARMv7-A user mode", arm_code_create, arm_code_free, arm_code_arrays, arm_code_rebase, arm_decode_for_core,
        arm_code_invalidate, arm_host_ctx_init, arm_code_window, 0,
    };
    static const isa_host_t x86 = {
        SIM_ISA_X86, "IA-32 (i686) user mode", x86_code_create, x86_code_free, x86_code_arrays,
        x86_code_rebase, x86_decode_for_core, x86_code_invalidate, x86_host_ctx_init, x86_code_window, 1,
    };
    switch (isa) {
    case SIM_ISA_ARM:
        return &arm;
    case SIM_ISA_X86:
        return &x86;
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

/* e_machine values worth naming in a refusal. */
#define ELF_MACHINE_LIST(_)                                                                        \
    _(EM_NONE, "none") _(EM_SPARC, "SPARC") _(EM_386, "Intel 80386") _(EM_MIPS, "MIPS")         \
    _(EM_PPC, "PowerPC") _(EM_PPC64, "PowerPC64") _(EM_S390, "S/390") _(EM_ARM, "ARM")         \
    _(EM_SH, "SuperH") _(EM_SPARCV9, "SPARC v9") _(EM_IA_64, "IA-64") _(EM_X86_64, "x86-64")   \
    _(EM_AARCH64, "AArch64") _(EM_RISCV, "RISC-V") _(EM_LOONGARCH, "LoongArch")

const char *isa_elf_machine_name(uint32_t machine)
{
    switch (machine) {
#define ELF_MACHINE_CASE(num, name) case num: return name;
        ELF_MACHINE_LIST(ELF_MACHINE_CASE)
#undef ELF_MACHINE_CASE
    }
    return NULL;
}

const char *isa_elf_supported(void) { return "32-bit ARM and IA-32 programs"; }

uint32_t isa_entry_address(sim_isa_t isa, uint32_t entry, int *misaligned)
{
    switch (isa) {
    case SIM_ISA_ARM: /* bit 0: a Thumb entry; else word-aligned A32 */
        *misaligned = !(entry & 1u) && (entry & 3u);
        return entry & ~1u;
    default:
        *misaligned = 0;
        return entry;
    }
}

void isa_auxv(sim_isa_t isa, uint32_t *hwcap, const char **platform)
{
    switch (isa) {
    case SIM_ISA_ARM:
        *hwcap = ARM_HWCAP;
        *platform = ARM_PLATFORM;
        return;
    default:
        *hwcap = I686_HWCAP;
        *platform = I686_PLATFORM;
        return;
    }
}

/* What --version lists after the integer instructions: the extensions AT_HWCAP
 * reports (the word the C library chooses its routines by), a row a name,
 * given when (hwcap & mask) == value. */
typedef struct isa_feature {
    uint32_t mask, value;
    const char *name;
} isa_feature_t;

#define ARM_VFP3 (ARM_HWCAP_VFP | ARM_HWCAP_VFPv3)
static const isa_feature_t arm_features[] = {
    {ARM_VFP3 | ARM_HWCAP_VFPD32, ARM_VFP3 | ARM_HWCAP_VFPD32, "VFPv3-D32"},
    {ARM_VFP3 | ARM_HWCAP_VFPv3D16, ARM_VFP3 | ARM_HWCAP_VFPv3D16, "VFPv3-D16"},
    {ARM_VFP3, ARM_HWCAP_VFP, "VFPv2"},
    {ARM_HWCAP_VFPv4, ARM_HWCAP_VFPv4, "VFPv4's fused multiply-add"},
    {ARM_HWCAP_NEON, ARM_HWCAP_NEON, "Advanced SIMD (NEON)"},
    {ARM_HWCAP_NEON, 0, "no Advanced SIMD (NEON)"},
};
/* CPUID.1:EDX's bits */
static const isa_feature_t x86_features[] = {
    {1u << 0, 1u << 0, "x87"},   {1u << 15, 1u << 15, "CMOV"}, {1u << 23, 1u << 23, "MMX"},
    {1u << 25, 1u << 25, "SSE"}, {1u << 26, 1u << 26, "SSE2"},
};

static const isa_feature_t *isa_features(sim_isa_t isa, uint32_t *n)
{
    switch (isa) {
    case SIM_ISA_ARM:
        *n = sizeof arm_features / sizeof arm_features[0];
        return arm_features;
    default:
        *n = sizeof x86_features / sizeof x86_features[0];
        return x86_features;
    }
}

const char *isa_describe(sim_isa_t isa)
{
    static char line[256];
    const isa_host_t *h = isa_host(isa);
    const char *platform;
    uint32_t hwcap, n;
    if (!h)
        return NULL;
    const isa_feature_t *f = isa_features(isa, &n);
    isa_auxv(isa, &hwcap, &platform);
    snprintf(line, sizeof line, "%s: integer", h->describe);
    for (uint32_t i = 0; i < n; i++)
        if ((hwcap & f[i].mask) == f[i].value)
            snprintf(line + strlen(line), sizeof line - strlen(line), ", %s", f[i].name);
    return line;
}

const char *isa_names_supported(void)
{
    static char names[64];
    names[0] = 0;
    for (uint32_t i = SIM_ISA_NONE + 1; i < SIM_ISA_COUNT; i++)
        if (isa_host((sim_isa_t)i))
            snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s", names[0] ? ", " : "",
                     sim_isa_name(i));
    return names;
}

sim_isa_t isa_by_name(const char *name)
{
    for (uint32_t i = SIM_ISA_NONE + 1; i < SIM_ISA_COUNT; i++)
        if (!strcmp(name, sim_isa_name(i)))
            return (sim_isa_t)i;
    return SIM_ISA_NONE;
}
