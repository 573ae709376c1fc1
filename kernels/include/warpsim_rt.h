/* The minimal runtime (kernels/runtime/) for programs that run on thousands
 * to millions of cores and so cannot afford glibc's per-core memory: output
 * and exit through raw system calls, and unbuffered printing helpers.
 *
 * ws_io.c works with or without glibc. A freestanding program
 * (-ffreestanding -nostdlib, linking libgcc) also links crt0_<arch>.S, whose
 * _start calls main(argc, argv, envp) and exits with its result, and ws_libc.c
 * for the few libc symbols the compiler and libgcc call by themselves. */
#ifndef WARPSIM_RT_H
#define WARPSIM_RT_H

long ws_write(int fd, const void *buf, unsigned len);
void ws_exit(int status) __attribute__((noreturn));
unsigned ws_strlen(const char *s);

/* Unbuffered: each call is one write(2) to stdout (fd 1). */
void ws_print(const char *s);
void ws_print_u32(unsigned v);            /* decimal */
void ws_print_i32(int v);                 /* decimal, with '-' */
void ws_print_u64(unsigned long long v);  /* decimal */
void ws_print_hex32(unsigned v);          /* 8 lower-case hex digits */
void ws_eprint(const char *s);            /* to stderr (fd 2) */

#if !__STDC_HOSTED__
extern char **ws_environ; /* envp as _start found it */
void *memcpy(void *dst, const void *src, __SIZE_TYPE__ n);
void *memmove(void *dst, const void *src, __SIZE_TYPE__ n);
void *memset(void *dst, int c, __SIZE_TYPE__ n);
int memcmp(const void *a, const void *b, __SIZE_TYPE__ n);
__SIZE_TYPE__ strlen(const char *s);
#endif

#endif
