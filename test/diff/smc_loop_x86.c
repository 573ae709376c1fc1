/* Self-modifying IA-32 code: functions in a writable and executable section
 * are rewritten and called, with no cache flush (x86 sees a store at the
 * next instruction fetch): a rewritten immediate and operation, a store
 * into the very next instruction (also changing the instruction lengths
 * after it), a loop that patches its own body, code written by REP STOSB,
 * REP STOSL and REP MOVSB, and by x87, CMPXCHG, XCHG and read-modify-write
 * stores. Each case prints a digest of what the calls returned and how
 * many differed from the expected value; the exit status is 1 if any did. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "digest.h"

__asm__(".pushsection .smc_code, \"awx\", @progbits\n"
        /* uint32_t smc_op(uint32_t x): x <op> imm32, op and imm rewritten */
        "\t.globl smc_op\n"
        "smc_op:\n"
        "\tmovl 4(%esp), %eax\n"
        "\t.byte 0x05\n" /* add $imm32, %eax */
        "\t.long 0\n"
        "\tret\n"
        /* uint32_t smc_next(uint32_t x, uint32_t opcode): the store rewrites
         * the opcode of the instruction right after it */
        "\t.globl smc_next\n"
        "smc_next:\n"
        "\tmovl 4(%esp), %eax\n"
        "\tmovl 8(%esp), %ecx\n"
        "\tmovb %cl, 1f\n"
        "1:\t.byte 0x05\n" /* add $0x01020304, %eax */
        "\t.long 0x01020304\n"
        "\tret\n"
        /* uint32_t smc_grow(uint32_t opcode): the same, where the new opcode
         * changes how the bytes after it split into instructions */
        "\t.globl smc_grow\n"
        "smc_grow:\n"
        "\txorl %eax, %eax\n"
        "\tmovl 4(%esp), %ecx\n"
        "\tmovb %cl, 1f\n"
        "1:\tnop\n"
        "\tincl %eax\n"
        "\tincl %eax\n"
        "\tincl %eax\n"
        "\tincl %eax\n"
        "\tret\n"
        /* uint32_t smc_self(uint32_t n): 0 + 1 + ... + n-1, each term stored
         * into the immediate of the add after the store, in a loop */
        "\t.globl smc_self\n"
        "smc_self:\n"
        "\txorl %eax, %eax\n"
        "\txorl %ecx, %ecx\n"
        "2:\tmovl %ecx, 1f + 1\n"
        "1:\t.byte 0x05\n" /* add $imm32, %eax */
        "\t.long 0x55555555\n"
        "\tincl %ecx\n"
        "\tcmpl 4(%esp), %ecx\n"
        "\tjb 2b\n"
        "\tret\n"
        /* room for code written at run time, first a page boundary inside */
        "\t.balign 4096\n"
        "\t.skip 4096 - 8\n"
        "\t.globl smc_buf\n"
        "smc_buf:\n"
        "\t.fill 128, 1, 0xcc\n"
        ".popsection\n");

extern uint8_t smc_op[], smc_next[], smc_grow[], smc_self[], smc_buf[];

typedef uint32_t (*fn1_t)(uint32_t);
typedef uint32_t (*fn2_t)(uint32_t, uint32_t);

/* x <op> k for the one-byte opcodes of the EAX, imm32 forms */
static uint32_t apply(uint8_t op, uint32_t x, uint32_t k)
{
    switch (op) {
    case 0x05: return x + k;
    case 0x2d: return x - k;
    case 0x35: return x ^ k;
    case 0x0d: return x | k;
    case 0x25: return x & k;
    default: return k; /* 0xb8: mov */
    }
}

static const uint8_t ops[] = {0x05, 0x2d, 0x35, 0x0d, 0x25, 0xb8};

static void case_imm(void)
{
    uint32_t x = 12345;
    for (uint32_t i = 0; i < 3000; i++) {
        uint8_t op = ops[i % 6u];
        uint32_t k = i * 2654435761u;
        smc_op[4] = op;
        memcpy(smc_op + 5, &k, 4);
        uint32_t want = apply(op, x, k);
        x = ((fn1_t)(uintptr_t)smc_op)(x);
        check(x, want);
        if (i < 3)
            printf("imm %u: %08x\n", i, x);
    }
    report("imm");
}

static void case_next(void)
{
    static const uint8_t grow[] = {0x90, 0xb8, 0x04, 0x3c, 0x48, 0x05, 0xa8};
    static const uint32_t grown[] = {4, 0x40404040u, 0x43, 3, 3, 0x40404040u, 3};
    for (uint32_t i = 0; i < 2000; i++) {
        uint8_t op = ops[i % 5u];
        check(((fn2_t)(uintptr_t)smc_next)(i * 7u, op), apply(op, i * 7u, 0x01020304u));
        check(((fn1_t)(uintptr_t)smc_grow)(grow[i % 7u]), grown[i % 7u]);
    }
    report("next");
}

static void case_self(void)
{
    for (uint32_t n = 1; n < 300; n += 7)
        check(((fn1_t)(uintptr_t)smc_self)(n), n * (n - 1u) / 2u);
    report("self");
}

static void rep_stosb(uint8_t *d, uint8_t v, uint32_t n)
{
    __asm__ volatile("cld\n\trep stosb" : "+D"(d), "+c"(n) : "a"(v) : "memory");
}

static void rep_stosl(uint8_t *d, uint32_t v, uint32_t n)
{
    __asm__ volatile("cld\n\trep stosl" : "+D"(d), "+c"(n) : "a"(v) : "memory");
}

static void rep_movsb(uint8_t *d, const uint8_t *s, uint32_t n)
{
    __asm__ volatile("cld\n\trep movsb" : "+D"(d), "+S"(s), "+c"(n) : : "memory");
}

/* mov $base, %eax; a incs; 4b decs; ret: the mov across the page boundary */
static void case_string(void)
{
    uint8_t *f = smc_buf + 6;
    for (uint32_t i = 0; i < 1200; i++) {
        uint32_t base = i * 1000u, a = i % 40u, b = i % 9u;
        uint8_t head[5] = {0xb8}, ret = 0xc3;
        memcpy(head + 1, &base, 4);
        rep_movsb(f, head, 5);
        rep_stosb(f + 5, 0x40, a);
        rep_stosl(f + 5 + a, 0x48484848u, b);
        rep_movsb(f + 5 + a + 4u * b, &ret, 1);
        check(((fn1_t)(uintptr_t)f)(0), base + a - 4u * b);
    }
    report("string");
}

/* Stores by other instructions: an x87 FISTP of 8 bytes of code, CMPXCHG
 * and XCHG of an immediate, and an increment of it in place. */
static void case_other(void)
{
    uint8_t code[8] = {0xb8, 0, 0, 0, 0, 0xc3, 0x90, 0x90};
    for (uint32_t i = 0; i < 500; i++) {
        memcpy(code + 1, &i, 4);
        __asm__ volatile("fildll %1\n\tfistpll %0" : "=m"(*(uint64_t *)smc_buf) : "m"(*(const uint64_t *)code));
        check(((fn1_t)(uintptr_t)smc_buf)(0), i);
        uint32_t old = i, k = i ^ 0x5a5a5a5au;
        __asm__ volatile("lock cmpxchgl %2, %1" : "+a"(old), "+m"(*(uint32_t *)(smc_buf + 1)) : "r"(k) : "memory", "cc");
        check(((fn1_t)(uintptr_t)smc_buf)(0), k);
        uint32_t x = i * 3u;
        __asm__ volatile("xchgl %0, %1" : "+r"(x), "+m"(*(uint32_t *)(smc_buf + 1)) : : "memory");
        check(((fn1_t)(uintptr_t)smc_buf)(0), i * 3u);
        __asm__ volatile("addl $7, %0" : "+m"(*(uint32_t *)(smc_buf + 1)) : : "memory", "cc");
        check(((fn1_t)(uintptr_t)smc_buf)(0), i * 3u + 7u);
    }
    report("other");
}

int main(void)
{
    case_imm();
    case_next();
    case_self();
    case_string();
    case_other();
    return errors != 0;
}
