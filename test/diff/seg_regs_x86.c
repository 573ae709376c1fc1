/* PUSH and POP of the segment registers (IA-32 only: DIFF_ARM_SKIP): the
 * selectors Linux gives a user process (CS 0x23, DS ES SS 0x2b, FS 0, GS
 * glibc's TLS entry), the 16- and 32-bit forms (the 32-bit push writes the
 * whole slot, zero-extended, as qemu-i386 does), ESP around them, and a POP
 * of a selector the process cannot load: SIGSEGV (#GP), after the output. */
#include <stdio.h>

int main(void)
{
    unsigned v[6], sp0, sp1, w;
    __asm__ volatile("push %%es; pop %0; push %%cs; pop %1; push %%ss; pop %2\n\t"
                     "push %%ds; pop %3; push %%fs; pop %4; push %%gs; pop %5"
                     : "=r"(v[0]), "=r"(v[1]), "=r"(v[2]), "=r"(v[3]), "=r"(v[4]), "=r"(v[5]));
    printf("es %x cs %x ss %x ds %x fs %x gs %x\n", v[0], v[1], v[2], v[3], v[4], v[5]);
    __asm__ volatile("mov %%esp, %0\n\t"
                     "push %%ds; pop %%es; push %%ss; pop %%ds; push %%ds; pop %%ss\n\t"
                     "push %%gs; pop %%gs; push %%fs; pop %%fs\n\t"
                     "mov %%esp, %1"
                     : "=r"(sp0), "=r"(sp1));
    printf("esp moved by %d\n", (int)(sp0 - sp1));
    __asm__ volatile("pushw %%ds; popw %%ax; movzwl %%ax, %0" : "=r"(w) : : "eax");
    printf("pushw/popw ds: %x\n", w);
    __asm__ volatile("pushl $-1; popl %%eax; pushl %%ds; movl (%%esp), %0; popl %%eax" : "=r"(w) : : "eax");
    printf("pushl ds over 0xffffffff: %x\n", w);
    __asm__ volatile("mov %%esp, %0; pushl $0; popl %%fs; pushl $0x2b; popl %%es; mov %%esp, %1" : "=r"(sp0), "=r"(sp1));
    printf("null fs, flat es: esp moved by %d\n", (int)(sp0 - sp1));
    fflush(stdout);
    __asm__ volatile("pushl $0x1234; popl %%ds" ::: "memory");
    printf("not reached\n");
    return 0;
}
