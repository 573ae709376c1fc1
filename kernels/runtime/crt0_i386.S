# _start for freestanding IA-32 programs (no glibc). The kernel leaves esp
# pointing at argc, then argv[0..argc-1], NULL, envp..., NULL. Calls
# main(argc, argv, envp) and exits with its result through ws_exit.
    .text
    .globl  _start
    .type   _start, @function
_start:
    xorl    %ebp, %ebp              # outermost frame, for debuggers
    movl    (%esp), %eax            # argc
    leal    4(%esp), %ecx           # argv
    leal    4(%ecx,%eax,4), %edx    # envp = argv + argc + 1
    movl    %edx, ws_environ
    andl    $-16, %esp              # i386 psABI: 16-byte aligned at calls
    subl    $4, %esp
    pushl   %edx
    pushl   %ecx
    pushl   %eax
    call    main
    movl    %eax, (%esp)
    call    ws_exit
    hlt
    .size   _start, . - _start

    .bss
    .align  4
    .globl  ws_environ
    .type   ws_environ, @object
    .size   ws_environ, 4
ws_environ:
    .space  4

    .section .note.GNU-stack, "", @progbits
