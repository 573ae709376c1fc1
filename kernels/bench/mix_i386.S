/* The IA-32 counterpart of mix_arm.S (read its header for the layout):
 *
 *     unsigned bench_mix(unsigned first, unsigned count, unsigned *data)
 *
 * a ring of 32 blocks, block k holding the 33 units below rotated by k,
 * entered through a jump table at block `first`. The units are different
 * operations of different lengths (1 to 7 bytes, with and without ModR/M,
 * SIB, displacements and immediates), the variable-length decode that
 * makes the seed's x86 worst case. cdecl: arguments on the stack; eax, ecx,
 * edx are the caller's to lose. */

#define MIX_UNITS 33

/* ebx, edi, ebp, eax, edx: working state; esi: data; ecx: blocks left. */
.macro MIX_UNIT u, k
    .if \u == 0
    leal    (%ebx,%edi,8), %ebx
    .elseif \u == 1
    roll    $7, %edi
    .elseif \u == 2
    xorl    %ebx, %edi
    .elseif \u == 3
    shrl    $3, %ebp
    .elseif \u == 4
    subl    %edi, %ebp
    .elseif \u == 5
    imull   %ebx, %ebp
    .elseif \u == 6
    imull   $0x9e37, %edi, %edx
    .elseif \u == 7
    mull    %edi                    /* edx:eax = eax * edi */
    .elseif \u == 8
    addl    4 * \k(%esi), %ebx
    .elseif \u == 9
    movl    %ebp, 4 * ((\k + 13) & 31)(%esi)
    .elseif \u == 10
    movzwl  128 + 2 * \k(%esi), %edx
    .elseif \u == 11
    movb    %bl, 192 + \k(%esi)
    .elseif \u == 12
    movsbl  192 + ((\k + 5) & 31)(%esi), %eax
    .elseif \u == 13
    cmpl    %edi, %ebx
    .elseif \u == 14
    cmova   %edx, %ebp
    .elseif \u == 15
    testl   $0x40, %ebp
    .elseif \u == 16
    adcl    %eax, %edx
    .elseif \u == 17
    sbbl    %edx, %ebx
    .elseif \u == 18
    notl    %edx
    .elseif \u == 19
    negl    %eax
    .elseif \u == 20
    andl    $0xff0, %edx
    .elseif \u == 21
    orl     $0x1100, %eax
    .elseif \u == 22
    sarl    $5, %edx
    .elseif \u == 23
    bswap   %eax
    .elseif \u == 24
    shldl   $5, %edx, %ebx
    .elseif \u == 25
    incl    %edi
    .elseif \u == 26
    decl    %ebp
    .elseif \u == 27
    jmp     1f
    nop                             /* skipped */
1:
    .elseif \u == 28
    movl    %eax, %edx
    .elseif \u == 29
    addl    $0x3fc00, %edi
    .elseif \u == 30
    xorw    %ax, 128 + 2 * ((\k + 9) & 31)(%esi)
    .elseif \u == 31
    setne   %al
    .elseif \u == 32
    rorl    %cl, %ebx
    .else
    .error  "MIX_UNIT: no such unit"
    .endif
.endm

.macro MIX_BLOCK k, next
mix_block\k:
    .set    .Lmix_i, 0
    .rept   MIX_UNITS
    MIX_UNIT %((.Lmix_i + \k) % MIX_UNITS), \k
    .set    .Lmix_i, .Lmix_i + 1
    .endr
    decl    %ecx
    jnz     mix_block\next
    jmp     .Ldone
.endm

    .altmacro
    .text
    .globl  bench_mix
    .type   bench_mix, @function
bench_mix:
    pushl   %ebp
    pushl   %ebx
    pushl   %esi
    pushl   %edi
    movl    20(%esp), %eax          /* first */
    movl    24(%esp), %ecx          /* count */
    movl    28(%esp), %esi          /* data */
    andl    $31, %eax
    movl    .Ltable(,%eax,4), %edx
    movl    $0x9e3779b9, %ebx
    movl    $0x7f4a7c15, %edi
    movl    $0x85ebca6b, %ebp
    movl    $0xc2b2ae35, %eax
    jmp     *%edx

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
    roll    $5, %edi
    xorl    %edi, %ebx
    addl    %ebp, %ebx
    roll    $11, %edx
    xorl    %edx, %ebx
    addl    %ebx, %eax
    popl    %edi
    popl    %esi
    popl    %ebx
    popl    %ebp
    ret
    .size   bench_mix, . - bench_mix

    .section .rodata
    .align  4
.Ltable:
    .irp    k, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
    .long   mix_block\k
    .endr

    .section .note.GNU-stack, "", @progbits
