/* Raw Linux system calls for target programs, with or without a C library:
 * ARM EABI (`svc 0`, number in r7) and IA-32 (`int $0x80`, number in eax).
 * Results are the kernel's: a negative errno on failure. */
#ifndef WARPSIM_SYS_H
#define WARPSIM_SYS_H

#if defined(__arm__)
#define WS_NR_exit         1
#define WS_NR_write        4
#define WS_NR_getpid       20
#define WS_NR_kill         37
#define WS_NR_exit_group   248

/* r7 is Thumb's frame pointer, which the compiler may refuse to give to an
 * asm operand, so the number travels through ip and r7 is put back after. */
static inline long ws_syscall3(long n, long a, long b, long c)
{
    register long r0 __asm__("r0") = a;
    register long r1 __asm__("r1") = b;
    register long r2 __asm__("r2") = c;
    __asm__ volatile("mov ip, r7\n\tmov r7, %3\n\tsvc 0\n\tmov r7, ip"
                     : "+r"(r0)
                     : "r"(r1), "r"(r2), "r"(n)
                     : "ip", "memory", "cc");
    return r0;
}

static inline long ws_syscall4(long n, long a, long b, long c, long d)
{
    register long r0 __asm__("r0") = a;
    register long r1 __asm__("r1") = b;
    register long r2 __asm__("r2") = c;
    register long r3 __asm__("r3") = d;
    __asm__ volatile("mov ip, r7\n\tmov r7, %4\n\tsvc 0\n\tmov r7, ip"
                     : "+r"(r0)
                     : "r"(r1), "r"(r2), "r"(r3), "r"(n)
                     : "ip", "memory", "cc");
    return r0;
}

#elif defined(__i386__)
#define WS_NR_exit         1
#define WS_NR_write        4
#define WS_NR_getpid       20
#define WS_NR_kill         37
#define WS_NR_exit_group   252

static inline long ws_syscall3(long n, long a, long b, long c)
{
    long r;
    __asm__ volatile("int $0x80" : "=a"(r) : "0"(n), "b"(a), "c"(b), "d"(c) : "memory", "cc");
    return r;
}

static inline long ws_syscall4(long n, long a, long b, long c, long d)
{
    long r;
    __asm__ volatile("int $0x80" : "=a"(r) : "0"(n), "b"(a), "c"(b), "d"(c), "S"(d) : "memory", "cc");
    return r;
}

#else
#error "warpsim_sys.h: only ARM and IA-32 targets"
#endif

static inline long ws_syscall0(long n) { return ws_syscall3(n, 0, 0, 0); }
static inline long ws_syscall1(long n, long a) { return ws_syscall3(n, a, 0, 0); }

#define WS_ENOSYS 38

#endif
