/* Running code from a mapping without PROT_EXEC: the fetch faults and the
 * program dies of SIGSEGV, as under Linux (and qemu-user). */
#include <stdio.h>
#include <sys/mman.h>

#include "jit_emit.h"

int main(void)
{
    uint8_t *code = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (code == MAP_FAILED)
        return 2;
    jit_flush(code, jit_emit_op(code, JIT_MOV, 42));
    printf("written, not executable\n");
    fflush(stdout);
    printf("ran: %u\n", jit_fn(code)(0));
    return 0;
}
