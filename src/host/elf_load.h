/* ELF32 loader: turns a static Linux executable into the
 * program image every core shares (read-only bytes, text range, entry) and
 * the template of each core's private window (data, bss, initial break).
 *
 * Everything in the file is validated; a malformed file gives one line of
 * explanation, never a crash (test/fuzz/fuzz_elf.c holds it to that). */
#ifndef ELF_LOAD_H
#define ELF_LOAD_H

#include <stddef.h>
#include <stdint.h>

#include "device/sim_isa.h"

typedef struct sim_image {
    sim_isa_t isa;              /* from e_machine (isa_of_elf_machine) */
    uint32_t entry;             /* e_entry, as the ISA reads it (isa_entry_address) */
    uint8_t *ro;                /* read-only image: all non-writable PT_LOADs, gaps zero-filled; malloc'ed,
                                   4-byte aligned, ro_size bytes (multiple of 4) */
    uint32_t ro_base, ro_size;  /* ro_base page-aligned (4096) */
    uint32_t text_lo, text_size;/* executable range (union of PF_X segments), 4-aligned, size multiple of 4,
                                   inside [ro_base, ro_base + ro_size) */
    uint8_t *data;              /* initial bytes of the private window starting at priv_base: file bytes of
                                   writable PT_LOADs, zeros for bss and gaps; data_size bytes */
    uint32_t priv_base;         /* page-aligned start of the lowest writable PT_LOAD (if none: first page
                                   after the read-only image) */
    uint32_t data_size;         /* multiple of 4: end of the highest writable segment (memsz) - priv_base */
    uint32_t brk_start;         /* initial program break: end of bss rounded up to 4096 */
    uint32_t phdr_addr, phnum, phent; /* for the auxv (AT_PHDR = address of the program headers in memory) */
    uint32_t heap_req, stack_req;     /* from the ".warpsim.memory" section (two LE words: heap bytes,
                                          stack bytes), 0 when absent */
    uint32_t wx_lo, wx_size;          /* the writable and executable segments (self-modifying code), whole
                                          pages inside the private window; size 0 when none */
    uint32_t exec_stack;              /* 1: the stack is executable (PT_GNU_STACK with PF_X, or none: Linux's
                                          default), for code written there at run time (GCC's trampolines) */
} sim_image_t;

/* Largest read-only image and largest data template accepted. */
#define ELF_MAX_IMAGE (256u << 20)

/* 0 on success. On failure *img is left empty (elf_free is then a no-op) and err
 * holds one line, "<path>: <problem>". */
int elf_load(const char *path, sim_image_t *img, char *err, size_t errlen);
int elf_load_mem(const uint8_t *buf, size_t len, const char *name, sim_image_t *img, char *err,
                 size_t errlen);
void elf_free(sim_image_t *img);


#endif
