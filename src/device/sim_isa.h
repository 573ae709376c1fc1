/* The instruction sets warpsim simulates. Each has its folder under
 * src/device/ (arm/, x86/, ptx/) with one entry header, and the host and
 * the backends reach it through one switch over this enum per place that
 * needs one (src/device/sim_run.h on the device side, src/host/isa.c on
 * the host side). */
#ifndef SIM_ISA_H
#define SIM_ISA_H

#include "sim_port.h"

/* X-macro: enum name, the name reports and --isa use. */
#define SIM_ISA_LIST(_) _(ARM, "arm") _(X86, "x86") _(PTX, "ptx")

typedef enum sim_isa {
    SIM_ISA_NONE = 0,
#define SIM_ISA_ENUM(name, str) SIM_ISA_##name,
    SIM_ISA_LIST(SIM_ISA_ENUM)
#undef SIM_ISA_ENUM
    SIM_ISA_COUNT
} sim_isa_t;

SIM_FN const char *sim_isa_name(uint32_t isa)
{
    switch (isa) {
#define SIM_ISA_NAME(name, str) case SIM_ISA_##name: return str;
        SIM_ISA_LIST(SIM_ISA_NAME)
#undef SIM_ISA_NAME
    }
    return "none";
}

#endif
