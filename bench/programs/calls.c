/* A call-heavy loop for measuring simulation speed: recursive Fibonacci,
 * so that calls, returns, pushes and pops (the ends of most blocks in real
 * code) dominate, unlike compute.c's one long loop. n from argv[1]. Prints
 * the result so both simulators can be checked to have done the same. */
#include <stdio.h>
#include <stdlib.h>

static unsigned __attribute__((noinline)) fib(unsigned n)
{
    return n < 2u ? n : fib(n - 1u) + fib(n - 2u);
}

int main(int argc, char **argv)
{
    unsigned n = argc > 1 ? (unsigned)atoi(argv[1]) : 25u;
    printf("calls: fib(%u) = %u\n", n, fib(n));
    return 0;
}
