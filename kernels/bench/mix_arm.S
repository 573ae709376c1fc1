/* The instruction mix of the best- and worst-case benchmarks (seed 002,
 * section 3.1), for A32 (-marm, ARMv5TE) and Thumb-2 (-mthumb -march=armv7-a).
 *
 *     unsigned bench_mix(unsigned first, unsigned count, unsigned *data)
 *
 * runs `count` (>= 1) blocks of a ring of MIX_BLOCKS = 32 blocks, starting
 * at block `first` (0..31), and returns a hash of the working registers.
 * data: MIX_DATA_WORDS words of the caller, read and written in place.
 *
 * Layout. A block is the MIX_UNITS = 33 units below (ALU with shifted and
 * immediate operands, flag setters and a conditional move, multiplies,
 * loads and stores of every width, a taken branch), each one instruction
 * (two in Thumb, where the conditional one needs an IT), then the ring
 * step: subs r3 (blocks left) and bne to the next block; block 31 goes back
 * to block 0. Block k lists the units rotated by k, so unit (i + k) mod 33
 * is its i-th. The blocks follow one another in memory, 32 distinct copies,
 * and a jump table (tbh in Thumb) enters the ring at block `first`.
 *
 * Why rotated: every block executes the same number of instructions, so
 * cores that start together stay at the same index i of their blocks. In
 * the best case all cores enter at block 0 and run one instruction stream.
 * In the worst case core c enters at block c mod 32: then the 32 cores of a
 * host warp are in 32 different blocks, whose rotations differ by less than
 * 33, so at every step of the body they fetch 32 different instructions
 * that are also 32 different operations (rows of arm_ops.def). Only the two
 * ring-step instructions are common to all. In Thumb the IT makes one unit
 * two instructions, which could in principle align two lanes on the same
 * operation; it does not happen. mix_lanes.py checks both builds from
 * objdump. Every core runs the same instructions in total: count blocks of
 * 33 units and 2 ring-step instructions, and the final branch out. */
    .syntax unified
#ifdef __thumb2__
    .thumb
#define IT(c) it c
#else
    .arm
#define IT(c)
#endif

#define MIX_UNITS 33

/* r4-r11: working state; r12: data; r3: blocks left; r0-r2: scratch. */
.macro MIX_UNIT u, k
    .if \u == 0
    add     r4, r4, r5, lsl #3
    .elseif \u == 1
    eor     r5, r5, r4, ror #7
    .elseif \u == 2
    sub     r6, r6, r5, lsr #2
    .elseif \u == 3
    rsb     r7, r7, r6, lsl #1
    .elseif \u == 4
    bic     r8, r4, r7, asr #3
    .elseif \u == 5
    orr     r9, r10, r8, lsr #29
    .elseif \u == 6
    and     r10, r11, r9, ror #3
    .elseif \u == 7
    adc     r11, r11, r4
    .elseif \u == 8
    sbc     r4, r4, r11, lsr #5
    .elseif \u == 9
    mvn     r5, r5, ror #9
    .elseif \u == 10
    add     r6, r6, #0x3fc00
    .elseif \u == 11
    eor     r7, r7, #0xa5
    .elseif \u == 12
    and     r8, r9, #0xff0
    .elseif \u == 13
    orr     r9, r9, #0x1100
    .elseif \u == 14
    bic     r10, r10, #0x300
    .elseif \u == 15
    cmp     r4, r5
    .elseif \u == 16
    tst     r6, #0x40
    .elseif \u == 17
    teq     r7, r8, lsl #4
    .elseif \u == 18
    cmn     r9, #1
    .elseif \u == 19
    IT(hi)
    movhi   r11, r9, ror #2
    .elseif \u == 20
    mul     r4, r6, r7
    .elseif \u == 21
    mla     r5, r7, r8, r5
    .elseif \u == 22
    umull   r6, r2, r8, r9
    .elseif \u == 23
    smlal   r7, r8, r9, r10
    .elseif \u == 24
    smulbt  r9, r10, r11
    .elseif \u == 25
    clz     r10, r4
    .elseif \u == 26
    qadd    r11, r11, r5
    .elseif \u == 27
    ldr     r4, [r12, #4 * \k]
    .elseif \u == 28
    str     r5, [r12, #4 * ((\k + 13) & 31)]
    .elseif \u == 29
    ldrh    r6, [r12, #128 + 2 * \k]
    .elseif \u == 30
    strb    r7, [r12, #192 + \k]
    .elseif \u == 31
    ldrsb   r8, [r12, #192 + ((\k + 5) & 31)]
    .elseif \u == 32
    b       1f
    nop                             /* skipped */
1:
    .else
    .error "MIX_UNIT: no such unit"
    .endif
.endm

.macro MIX_BLOCK k, next
mix_block\k:
    .set    .Lmix_i, 0
    .rept   MIX_UNITS
    MIX_UNIT %((.Lmix_i + \k) % MIX_UNITS), \k
    .set    .Lmix_i, .Lmix_i + 1
    .endr
    subs    r3, r3, #1
    bne     mix_block\next
    b       .Ldone
.endm

    .altmacro
    .text
    .align  2
    .global bench_mix
    .type   bench_mix, %function
bench_mix:
    push    {r4-r11, lr}
    mov     r12, r2
    mov     r3, r1
    ldr     r4, =0x9e3779b9
    ldr     r5, =0x7f4a7c15
    ldr     r6, =0x85ebca6b
    ldr     r7, =0xc2b2ae35
    ldr     r8, =0x27d4eb2f
    ldr     r9, =0x165667b1
    ldr     r10, =0xd3a2646c
    ldr     r11, =0xfd7046c5
    and     r0, r0, #31
#ifdef __thumb2__
    tbh     [pc, r0, lsl #1]
.Ltable:
    .irp    k, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
    .hword  (mix_block\k - .Ltable) / 2
    .endr
#else
    ldr     pc, [pc, r0, lsl #2]    /* pc reads as this instruction + 8: the table */
    nop
    .irp    k, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
    .word   mix_block\k
    .endr
#endif
    .ltorg

    MIX_BLOCK 0, 1
    MIX_BLOCK 1, 2
    MIX_BLOCK 2, 3
    MIX_BLOCK 3, 4
    MIX_BLOCK 4, 5
    MIX_BLOCK 5, 6
    MIX_BLOCK 6, 7
    MIX_BLOCK 7, 8
    MIX_BLOCK 8, 9
    MIX_BLOCK 9, 10
    MIX_BLOCK 10, 11
    MIX_BLOCK 11, 12
    MIX_BLOCK 12, 13
    MIX_BLOCK 13, 14
    MIX_BLOCK 14, 15
    MIX_BLOCK 15, 16
    MIX_BLOCK 16, 17
    MIX_BLOCK 17, 18
    MIX_BLOCK 18, 19
    MIX_BLOCK 19, 20
    MIX_BLOCK 20, 21
    MIX_BLOCK 21, 22
    MIX_BLOCK 22, 23
    MIX_BLOCK 23, 24
    MIX_BLOCK 24, 25
    MIX_BLOCK 25, 26
    MIX_BLOCK 26, 27
    MIX_BLOCK 27, 28
    MIX_BLOCK 28, 29
    MIX_BLOCK 29, 30
    MIX_BLOCK 30, 31
    MIX_BLOCK 31, 0

.Ldone:
    eor     r0, r4, r5, ror #5
    add     r0, r0, r6
    eor     r0, r0, r7, ror #11
    add     r0, r0, r8
    eor     r0, r0, r9, ror #17
    add     r0, r0, r10
    eor     r0, r0, r11, ror #23
    pop     {r4-r11, pc}
    .size   bench_mix, . - bench_mix

    .section .note.GNU-stack, "", %progbits
