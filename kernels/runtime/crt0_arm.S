@ _start for freestanding ARM programs (no glibc). The kernel (or warpsim's
@ loader) leaves sp pointing at argc, then argv[0..argc-1], NULL, envp..., NULL.
@ Calls main(argc, argv, envp) and exits with its result through ws_exit.
    .syntax unified
    .arm
    .text
    .global _start
    .type   _start, %function
_start:
    mov     fp, #0                  @ outermost frame, for debuggers
    mov     lr, #0
    ldr     r0, [sp]                @ argc
    add     r1, sp, #4              @ argv
    add     r2, r1, r0, lsl #2
    add     r2, r2, #4              @ envp = argv + argc + 1
    ldr     r3, =ws_environ
    str     r2, [r3]
    bic     sp, sp, #7              @ AAPCS: 8-byte aligned at public calls
    bl      main
    bl      ws_exit
    .size   _start, . - _start
    .ltorg

    .bss
    .align  2
    .global ws_environ
    .type   ws_environ, %object
    .size   ws_environ, 4
ws_environ:
    .space  4

    .section .note.GNU-stack, "", %progbits
