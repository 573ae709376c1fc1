/* Seed for fuzz_elf: the smallest static program (-nostdlib), one text
 * segment, for ARM, Thumb and IA-32. */
void _start(void)
{
#if defined(__arm__)
    __asm__ volatile("mov r0, #0\n\tmov r7, #1\n\tsvc 0");
#elif defined(__i386__)
    __asm__ volatile("movl $1, %eax\n\txorl %ebx, %ebx\n\tint $0x80");
#endif
}
