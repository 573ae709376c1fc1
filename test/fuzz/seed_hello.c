/* Seed for fuzz_elf and fuzz_decode: a static glibc program with a
 * .warpsim.memory section, built by test/fuzz/fuzz.mk. */
#include <stdio.h>

__attribute__((section(".warpsim.memory"), used)) static const unsigned ws_memory[2] = {1u << 20, 64u << 10};

int counter = 7;
static char bss[4096];

int main(int argc, char **argv)
{
    bss[argc] = (char)counter;
    printf("hello from %s: %d\n", argv[0], counter + bss[1]);
    return 0;
}
