/* Variable-length arrays and alloca: stack allocation of run-time sizes,
 * 2-D VLAs passed to functions, alloca in a loop, and the stack pointer
 * restored across many frames. */
#include <alloca.h>
#include <stdio.h>
#include <string.h>

static long trace_vla(int n, int m[n][n])
{
    long t = 0;
    for (int i = 0; i < n; i++)
        t += m[i][i] - m[i][n - 1 - i];
    return t;
}

static unsigned churn(int n)
{
    unsigned char buf[n];
    for (int i = 0; i < n; i++)
        buf[i] = (unsigned char)(i * 13 + n);
    unsigned h = 0;
    for (int i = 0; i < n; i++)
        h = h * 17u + buf[i];
    return h;
}

int main(void)
{
    volatile int sizes[] = { 1, 3, 7, 16, 33, 100 };
    for (int s = 0; s < 6; s++) {
        int n = sizes[s];
        int m[n][n];
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++)
                m[i][j] = (i + 1) * (j + 2) - 3 * j;
        printf("n=%d sizeof=%zu trace=%ld churn=%08x\n", n, sizeof m, trace_vla(n, m), churn(n * 10));
    }
    unsigned total = 0;
    for (int k = 1; k <= 50; k++) {
        char *p = alloca((size_t)k * 8);
        memset(p, k, (size_t)k * 8);
        total += (unsigned)p[k * 8 - 1] * (unsigned)k;
    }
    printf("alloca total=%u\n", total);
    unsigned acc = 0;
    for (int r = 0; r < 400; r++)
        acc += churn(1 + r % 64);
    printf("acc=%08x\n", acc);
    return 0;
}
