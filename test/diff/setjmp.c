/* setjmp/longjmp: returning values through nested calls, the 0 -> 1 rule,
 * volatile locals surviving the jump, an error-handling pattern with a
 * stack of jump buffers, and sigsetjmp without signal mask saving. */
#include <setjmp.h>
#include <stdio.h>

static jmp_buf env;
static jmp_buf *handlers[8];
static int nhandlers;

static void deep(int n, int code)
{
    char pad[100];
    pad[n % 100] = (char)n;
    if (n == 0)
        longjmp(env, code);
    deep(n - 1, code + pad[n % 100] * 0);
}

static void throw_err(int code) { longjmp(*handlers[nhandlers - 1], code); }

static int parse_digit(char c)
{
    if (c < '0' || c > '9')
        throw_err(100 + c);
    return c - '0';
}

static int parse_number(const char *text)
{
    const char *volatile s = text;
    jmp_buf local;
    int r;
    handlers[nhandlers++] = &local;
    volatile int value = 0;
    if ((r = setjmp(local)) != 0) {
        nhandlers--;
        printf("  caught %d after value=%d\n", r, value);
        return -1;
    }
    for (; *s; s++)
        value = value * 10 + parse_digit(*s);
    nhandlers--;
    return value;
}

int main(void)
{
    volatile int rounds = 0;
    int r = setjmp(env);
    printf("setjmp returned %d (round %d)\n", r, rounds);
    if (rounds < 5) {
        rounds++;
        deep(50 + rounds * 10, rounds == 3 ? 0 : rounds * 11);
    }
    const char *inputs[] = { "12345", "12x45", "", "9", "77a" };
    for (int i = 0; i < 5; i++)
        printf("parse(\"%s\") = %d\n", inputs[i], parse_number(inputs[i]));
    sigjmp_buf sj;
    volatile int k = 0;
    if (sigsetjmp(sj, 0) < 3) {
        k++;
        siglongjmp(sj, k);
    }
    printf("sigsetjmp loop k=%d\n", k);
    return rounds;
}
