/* Self-modifying code: a function in a writable and executable section is
 * rewritten in a loop (its immediate operand, then its operation), the
 * instruction cache flushed (__builtin___clear_cache: the cacheflush call),
 * and called; in A32 and in Thumb. What it returns is summed and printed. */
#include <stdint.h>
#include <stdio.h>

__asm__(".section .smc_code, \"awx\", %progbits\n"
        "\t.balign 4\n"
        "\t.arm\n"
        "\t.global smc_arm\n"
        "\t.type smc_arm, %function\n"
        "smc_arm:\n"
        "\tmov r0, #0\n"      /* rewritten: <op> r0, r0, #k */
        "\tbx lr\n"
        "\t.thumb\n"
        "\t.global smc_thumb\n"
        "\t.type smc_thumb, %function\n"
        "\t.thumb_func\n"
        "smc_thumb:\n"
        "\t.global smc_thumb_code\n"
        "smc_thumb_code:\n"
        "\tmovs r0, #0\n"     /* rewritten: movs r0, #k */
        "\tbx lr\n"
        "\t.text\n");

extern uint32_t smc_arm[];
extern uint16_t smc_thumb_hw[] __asm__("smc_thumb_code"); /* no Thumb bit: data */

static void flush(void *lo, void *hi) { __builtin___clear_cache((char *)lo, (char *)hi); }

int main(void)
{
    typedef uint32_t (*fn_t)(uint32_t);
    /* A32 data processing with an immediate: add, sub, eor, orr (opcode 4, 2, 1, 12) */
    static const uint32_t ops[] = {0xe2800000u, 0xe2400000u, 0xe2200000u, 0xe3800000u};
    uint32_t sum = 0, x = 12345;
    for (uint32_t i = 0; i < 2000; i++) {
        smc_arm[0] = ops[i % 4u] | (i & 0xffu);
        flush(smc_arm, smc_arm + 2);
        x = ((fn_t)(uintptr_t)smc_arm)(x);
        sum = sum * 31u + x;
        smc_thumb_hw[0] = (uint16_t)(0x2000u | (i * 7u & 0xffu)); /* movs r0, #k */
        flush(smc_thumb_hw, smc_thumb_hw + 2);
        uint32_t t = ((fn_t)((uintptr_t)smc_thumb_hw | 1u))(0);
        sum = sum * 31u + t;
        if (i < 3)
            printf("i %u: x %u thumb %u\n", i, x, t);
    }
    printf("sum %08x x %u\n", sum, x);
    return 0;
}
