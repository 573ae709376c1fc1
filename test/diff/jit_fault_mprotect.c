/* Code that ran from a PROT_EXEC mapping faults (SIGSEGV) once mprotect
 * has taken PROT_EXEC away, as under Linux (and qemu-user). */
#include <stdio.h>
#include <sys/mman.h>

#include "jit_emit.h"

int main(void)
{
    uint8_t *code = mmap(NULL, 4096, PROT_READ | PROT_WRITE | PROT_EXEC, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (code == MAP_FAILED)
        return 2;
    jit_flush(code, jit_emit_op(code, JIT_MOV, 42));
    printf("ran: %u\n", jit_fn(code)(0));
    if (mprotect(code, 4096, PROT_READ | PROT_WRITE))
        return 3;
    printf("not executable any more\n");
    fflush(stdout);
    printf("ran: %u\n", jit_fn(code)(0));
    return 0;
}
