/* The initial process stack Linux hands a new program: argc, argv[], envp[],
 * the auxiliary vector and the strings they point to. Built once on the host
 * as a template; every core gets a copy with its own WARPSIM_CORE value
 * patched in at core_id_off. */
#ifndef STACK_INIT_H
#define STACK_INIT_H

#include <stddef.h>
#include <stdint.h>

#include "device/sim_init.h"
#include "host/elf_load.h"

typedef struct stack_tmpl {
    uint8_t *bytes;        /* contents of [sp, stack_top), malloc'ed */
    uint32_t size;         /* stack_top - sp */
    uint32_t sp;           /* initial stack pointer (16-byte aligned) */
    uint32_t core_id_off;  /* offset from sp of the 10-byte field after "WARPSIM_CORE=" */
} stack_tmpl_t;

/* The WARPSIM_CORE field: decimal digits, then NUL padding, then one more NUL. */
#define STACK_CORE_FIELD SIM_CORE_ID_FIELD
/* Largest initial stack accepted (arguments, environment, auxv). */
#define STACK_MAX_SIZE (64u << 10)


/* 0 on success; on failure err holds one line (the stack must fit in
 * STACK_MAX_SIZE, and below stack_top without reaching the image's break). */
int stack_build(const sim_image_t *img, uint32_t stack_top, int argc, char *const argv[],
                uint32_t ncores, stack_tmpl_t *out, char *err, size_t errlen);
void stack_free(stack_tmpl_t *t);

#endif
