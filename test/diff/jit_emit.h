/* Machine code written at run time, for the jit_*.c programs: a few
 * functions `uint32_t f(uint32_t x)` encoded by hand for the ISA the
 * program is built for (A32 and Thumb on ARM, IA-32 on i386), and what
 * Linux asks of a program before it runs what it wrote (on ARM the cache
 * flush, __builtin___clear_cache: the cacheflush call; x86 needs none). */
#ifndef JIT_EMIT_H
#define JIT_EMIT_H

#include <stdint.h>
#include <string.h>

typedef uint32_t (*jit_fn_t)(uint32_t);

/* The operations emit_op can encode, and what they compute. */
enum { JIT_ADD, JIT_SUB, JIT_XOR, JIT_OR, JIT_MOV, JIT_OPS };

static inline uint32_t jit_apply(uint32_t op, uint32_t x, uint32_t k)
{
    switch (op) {
    case JIT_ADD: return x + k;
    case JIT_SUB: return x - k;
    case JIT_XOR: return x ^ k;
    case JIT_OR: return x | k;
    default: return k;
    }
}

static inline void jit_flush(void *lo, uint32_t bytes) { __builtin___clear_cache((char *)lo, (char *)lo + bytes); }

#if defined(__arm__)

static inline uint32_t *jit_put32(uint8_t *p, uint32_t w)
{
    memcpy(p, &w, 4);
    return (uint32_t *)(p + 4);
}

/* A32: <op> r0, r0, #k (k < 256); bx lr. 8 bytes. */
static inline uint32_t jit_emit_op(uint8_t *p, uint32_t op, uint32_t k)
{
    static const uint32_t enc[JIT_OPS] = {0xe2800000u, 0xe2400000u, 0xe2200000u, 0xe3800000u, 0xe3a00000u};
    jit_put32(p, enc[op] | (k & 0xffu));
    jit_put32(p + 4, 0xe12fff1eu);
    return 8;
}

/* A32: x + (x - 1) + ... + 1, a loop with a backward branch. 24 bytes. */
static inline uint32_t jit_emit_sum(uint8_t *p)
{
    static const uint32_t code[] = {
        0xe1a01000u, /* mov r1, r0 */
        0xe3a00000u, /* mov r0, #0 */
        0xe0800001u, /* 1: add r0, r0, r1 */
        0xe2511001u, /* subs r1, r1, #1 */
        0x1afffffcu, /* bne 1b */
        0xe12fff1eu, /* bx lr */
    };
    memcpy(p, code, sizeof code);
    return sizeof code;
}

/* A32: fn(x) + 1, calling fn (C code in the text) from the written code. 24 bytes. */
static inline uint32_t jit_emit_call(uint8_t *p, jit_fn_t fn)
{
    static const uint32_t code[] = {
        0xe92d4010u, /* push {r4, lr} */
        0xe59fc008u, /* ldr ip, [pc, #8]: the literal below */
        0xe12fff3cu, /* blx ip */
        0xe2800001u, /* add r0, r0, #1 */
        0xe8bd8010u, /* pop {r4, pc} */
    };
    memcpy(p, code, sizeof code);
    jit_put32(p + sizeof code, (uint32_t)(uintptr_t)fn);
    return sizeof code + 4;
}

/* Thumb: movs r0, #k, then adds r0, #j if j != 0; bx lr. 6 bytes, 2-aligned. */
static inline uint32_t jit_emit_thumb(uint8_t *p, uint32_t k, uint32_t j)
{
    uint16_t code[3] = {(uint16_t)(0x2000u | (k & 0xffu)), (uint16_t)(0x3000u | (j & 0xffu)), 0x4770u};
    if (!j)
        code[1] = 0xbf00u; /* nop */
    memcpy(p, code, sizeof code);
    return sizeof code;
}

/* Thumb-2: movw r0, #v (a 32-bit instruction, which p may split across two
 * pages); bx lr. 6 bytes. */
static inline uint32_t jit_emit_movw(uint8_t *p, uint32_t v)
{
    uint16_t code[3] = {(uint16_t)(0xf240u | (v >> 1 & 0x400u) | (v >> 12 & 0xfu)),
                        (uint16_t)((v << 4 & 0x7000u) | (v & 0xffu)), 0x4770u};
    memcpy(p, code, sizeof code);
    return sizeof code;
}

/* The function at p, in A32 (jit_fn) or Thumb (jit_thumb). */
static inline jit_fn_t jit_fn(void *p) { return (jit_fn_t)(uintptr_t)p; }
static inline jit_fn_t jit_thumb(void *p) { return (jit_fn_t)((uintptr_t)p | 1u); }

#elif defined(__i386__)

/* mov 4(%esp), %eax; <op> $k, %eax (mov: mov $k, %eax); ret. 10 bytes. */
static inline uint32_t jit_emit_op(uint8_t *p, uint32_t op, uint32_t k)
{
    static const uint8_t opc[JIT_OPS] = {0x05, 0x2d, 0x35, 0x0d, 0xb8};
    static const uint8_t head[4] = {0x8b, 0x44, 0x24, 0x04};
    memcpy(p, head, 4);
    p[4] = opc[op];
    memcpy(p + 5, &k, 4);
    p[9] = 0xc3;
    return 10;
}

/* x + (x - 1) + ... + 1, a loop with a backward branch. 12 bytes. */
static inline uint32_t jit_emit_sum(uint8_t *p)
{
    static const uint8_t code[] = {
        0x8b, 0x4c, 0x24, 0x04, /* mov 4(%esp), %ecx */
        0x31, 0xc0,             /* xor %eax, %eax */
        0x01, 0xc8,             /* 1: add %ecx, %eax */
        0x49,                   /* dec %ecx */
        0x75, 0xfb,             /* jnz 1b */
        0xc3,                   /* ret */
    };
    memcpy(p, code, sizeof code);
    return sizeof code;
}

/* fn(x) + 1, calling fn (C code in the text) from the written code, the
 * stack 16-byte aligned at the call as the i386 ABI has it. 22 bytes. */
static inline uint32_t jit_emit_call(uint8_t *p, jit_fn_t fn)
{
    static const uint8_t code[] = {
        0x8b, 0x44, 0x24, 0x04, /* mov 4(%esp), %eax */
        0x83, 0xec, 0x08,       /* sub $8, %esp */
        0x50,                   /* push %eax */
        0xb9, 0, 0, 0, 0,       /* mov $fn, %ecx */
        0xff, 0xd1,             /* call *%ecx */
        0x83, 0xc4, 0x0c,       /* add $12, %esp */
        0x40,                   /* inc %eax */
        0xc3,                   /* ret */
    };
    uint32_t a = (uint32_t)(uintptr_t)fn;
    memcpy(p, code, sizeof code);
    memcpy(p + 9, &a, 4);
    return sizeof code;
}

/* mov $v, %eax (5 bytes, which p may split across two pages); ret. */
static inline uint32_t jit_emit_movw(uint8_t *p, uint32_t v)
{
    p[0] = 0xb8;
    memcpy(p + 1, &v, 4);
    p[5] = 0xc3;
    return 6;
}

static inline jit_fn_t jit_fn(void *p) { return (jit_fn_t)(uintptr_t)p; }

#else
#error "jit_emit.h: ARM or IA-32 only"
#endif

#endif
