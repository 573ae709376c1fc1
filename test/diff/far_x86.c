/* Far JMP, CALL and RET (IA-32 only: DIFF_ARM_SKIP): direct and through
 * memory (m16:32), RETF with an immediate, the CS slot a far call pushes
 * (zero-extended, as qemu-i386 writes it), ESP around each, a far JMP with
 * the user code selector's RPL 0 (the CPU raises it to 3), and finally one
 * to the data selector: SIGSEGV (#GP), after the output. */
#include <stdio.h>

unsigned far_hits;
void far_fn(void);
__asm__(".text\n"
        "far_fn: incl far_hits\n\tlret\n"
        "far_fn8: incl far_hits\n\tlret $8\n");

int main(void)
{
    unsigned sp0, sp1, cs;
    struct { unsigned off; unsigned short sel; } __attribute__((packed)) p = {0, 0x23};
    __asm__ volatile("ljmp $0x23, $1f\n1:" ::: "memory");
    printf("ljmp $0x23 ok\n");
    __asm__ volatile("mov %%esp, %0; lcall $0x23, $far_fn; mov %%esp, %1" : "=r"(sp0), "=r"(sp1) : : "memory");
    printf("lcall: %u hits, esp moved by %d\n", far_hits, (int)(sp0 - sp1));
    __asm__ volatile("push $0; push $0; mov %%esp, %0; lcall $0x23, $far_fn8; mov %%esp, %1"
                     : "=r"(sp0), "=r"(sp1) : : "memory");
    printf("lcall, lret $8: %u hits, esp moved by %d\n", far_hits, (int)(sp0 - sp1));
    p.off = (unsigned)(unsigned long)far_fn;
    __asm__ volatile("lcall *%0" : : "m"(p) : "memory");
    printf("lcall *m: %u hits\n", far_hits);
    __asm__ volatile("push $0x23; push $1f; lret\n1:" ::: "memory");
    printf("lret to 0x23 ok\n");
    __asm__ volatile("movl $-1, -4(%%esp); movl $-1, -8(%%esp); lcall $0x23, $1f\n1: popl %0; popl %1"
                     : "=r"(sp0), "=r"(cs) : : "memory");
    printf("lcall's CS slot: %x\n", cs);
    __asm__ volatile("movl $1f, (%0); movw $0x20, 4(%0); ljmp *(%0)\n1:" : : "r"(&p) : "memory");
    printf("ljmp *m to 0x20 ok\n");
    fflush(stdout);
    __asm__ volatile("ljmp $0x2b, $1f\n1:" ::: "memory");
    printf("not reached\n");
    return 0;
}
