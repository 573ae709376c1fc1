/* Code that ran from a mapping faults (SIGSEGV) once the mapping is gone,
 * as under Linux (and qemu-user). */
#include <stdio.h>
#include <sys/mman.h>

#include "jit_emit.h"

int main(void)
{
    uint8_t *code = mmap(NULL, 4096, PROT_READ | PROT_WRITE | PROT_EXEC, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (code == MAP_FAILED)
        return 2;
    jit_flush(code, jit_emit_op(code, JIT_MOV, 42));
    jit_fn_t fn = jit_fn(code);
    printf("ran: %u\n", fn(0));
    if (munmap(code, 4096))
        return 3;
    printf("unmapped\n");
    fflush(stdout);
    printf("ran: %u\n", fn(0));
    return 0;
}
