/* Recursion: Ackermann (small arguments), naive and memoised Fibonacci,
 * Towers of Hanoi with a move checksum, mutual recursion, and a recursive
 * descent that uses the stack deeply. */
#include <stdio.h>

static unsigned ack(unsigned m, unsigned n)
{
    if (m == 0)
        return n + 1;
    if (n == 0)
        return ack(m - 1, 1);
    return ack(m - 1, ack(m, n - 1));
}

static unsigned fib(unsigned n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

static unsigned long long memo[91];
static unsigned long long fib_memo(unsigned n)
{
    if (n < 2)
        return n;
    if (!memo[n])
        memo[n] = fib_memo(n - 1) + fib_memo(n - 2);
    return memo[n];
}

static unsigned moves, hanoi_sum;
static void hanoi(int n, int from, int to, int via)
{
    if (n == 0)
        return;
    hanoi(n - 1, from, via, to);
    moves++;
    hanoi_sum = hanoi_sum * 7u + (unsigned)(from * 3 + to) + (unsigned)n;
    hanoi(n - 1, via, to, from);
}

static int is_odd(unsigned n);
static int is_even(unsigned n) { return n == 0 ? 1 : is_odd(n - 1); }
static int is_odd(unsigned n) { return n == 0 ? 0 : is_even(n - 1); }

static int depth_sum(int n, volatile char *prev)
{
    volatile char frame[64];
    frame[0] = (char)n;
    frame[63] = prev ? prev[0] : 0;
    return n == 0 ? frame[63] : frame[0] + depth_sum(n - 1, frame);
}

int main(void)
{
    for (unsigned m = 0; m <= 2; m++)
        for (unsigned n = 0; n <= 4; n++)
            printf("ack(%u,%u)=%u\n", m, n, ack(m, n));
    printf("ack(3,3)=%u\n", ack(3, 3));
    for (unsigned n = 0; n <= 20; n += 4)
        printf("fib(%u)=%u\n", n, fib(n));
    printf("fib(90)=%llu\n", fib_memo(90));
    hanoi(10, 1, 3, 2);
    printf("hanoi(10): moves=%u sum=%08x\n", moves, hanoi_sum);
    printf("even(301)=%d odd(301)=%d\n", is_even(301), is_odd(301));
    printf("depth=%d\n", depth_sum(1000, 0));
    return (int)(ack(2, 3) + fib(10)) & 0x7f;
}
