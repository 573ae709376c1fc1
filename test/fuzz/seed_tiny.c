/* Seed for fuzz_elf: a small static program (-nostdlib) with text, rodata,
 * data, bss and a .warpsim.memory section, for ARM, Thumb and IA-32. Small
 * seeds keep the fuzzer fast; the glibc program (seed_hello.c) only feeds
 * fuzz_decode. */
__attribute__((section(".warpsim.memory"), used)) static const unsigned ws_memory[2] = {1u << 20, 64u << 10};

static const char message[] = "tiny\n";
int counter = 3;
char scratch[8192];

void _start(void)
{
    scratch[counter] = message[counter];
#if defined(__arm__)
    __asm__ volatile("mov r0, #0\n\tmov r7, #1\n\tsvc 0");
#elif defined(__i386__)
    __asm__ volatile("movl $1, %eax\n\txorl %ebx, %ebx\n\tint $0x80");
#endif
}
