/* Arbitrary-precision unsigned arithmetic in base 10^9 limbs: 100!, 2^1000,
 * Fibonacci(500), multiplication of two 60-digit numbers, division by a
 * small divisor, and the digit sums of each. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define LIMBS 40
#define BASE 1000000000u

typedef struct { uint32_t d[LIMBS]; int n; } big_t;

static void big_set(big_t *a, uint32_t v)
{
    memset(a, 0, sizeof *a);
    a->d[0] = v % BASE;
    a->d[1] = v / BASE;
    a->n = a->d[1] ? 2 : 1;
}

static void big_mul_small(big_t *a, uint32_t m)
{
    uint64_t carry = 0;
    for (int i = 0; i < a->n; i++) {
        uint64_t t = (uint64_t)a->d[i] * m + carry;
        a->d[i] = (uint32_t)(t % BASE);
        carry = t / BASE;
    }
    while (carry) {
        a->d[a->n++] = (uint32_t)(carry % BASE);
        carry /= BASE;
    }
}

static void big_add(big_t *r, const big_t *a, const big_t *b)
{
    uint32_t carry = 0;
    int n = a->n > b->n ? a->n : b->n;
    for (int i = 0; i < n; i++) {
        uint32_t t = (i < a->n ? a->d[i] : 0) + (i < b->n ? b->d[i] : 0) + carry;
        carry = t >= BASE;
        r->d[i] = carry ? t - BASE : t;
    }
    r->n = n;
    if (carry)
        r->d[r->n++] = 1;
}

static void big_mul(big_t *r, const big_t *a, const big_t *b)
{
    uint64_t acc[2 * LIMBS] = { 0 };
    for (int i = 0; i < a->n; i++)
        for (int j = 0; j < b->n; j++) {
            acc[i + j] += (uint64_t)a->d[i] * b->d[j];
            acc[i + j + 1] += acc[i + j] / BASE;
            acc[i + j] %= BASE;
        }
    memset(r, 0, sizeof *r);
    r->n = a->n + b->n;
    for (int i = 0; i < r->n; i++)
        r->d[i] = (uint32_t)acc[i];
    while (r->n > 1 && r->d[r->n - 1] == 0)
        r->n--;
}

static uint32_t big_div_small(big_t *a, uint32_t dv)
{
    uint64_t rem = 0;
    for (int i = a->n - 1; i >= 0; i--) {
        uint64_t cur = rem * BASE + a->d[i];
        a->d[i] = (uint32_t)(cur / dv);
        rem = cur % dv;
    }
    while (a->n > 1 && a->d[a->n - 1] == 0)
        a->n--;
    return (uint32_t)rem;
}

static void big_print(const char *label, const big_t *a)
{
    char buf[LIMBS * 9 + 1];
    int len = sprintf(buf, "%u", a->d[a->n - 1]);
    for (int i = a->n - 2; i >= 0; i--)
        len += sprintf(buf + len, "%09u", a->d[i]);
    int dsum = 0;
    for (int i = 0; i < len; i++)
        dsum += buf[i] - '0';
    printf("%s = %s (%d digits, digit sum %d)\n", label, buf, len, dsum);
}

static void big_parse(big_t *a, const char *s)
{
    big_set(a, 0);
    for (; *s; s++) {
        big_mul_small(a, 10);
        big_t d;
        big_set(&d, (uint32_t)(*s - '0'));
        big_add(a, a, &d);
    }
}

int main(void)
{
    big_t f;
    big_set(&f, 1);
    for (uint32_t i = 2; i <= 100; i++)
        big_mul_small(&f, i);
    big_print("100!", &f);
    big_t p;
    big_set(&p, 1);
    for (int i = 0; i < 40; i++)
        big_mul_small(&p, 1u << 25);
    big_print("2^1000", &p);
    big_t a, b, t;
    big_set(&a, 0);
    big_set(&b, 1);
    for (int i = 0; i < 500; i++) {
        big_add(&t, &a, &b);
        a = b;
        b = t;
    }
    big_print("fib(500)", &a);
    big_t x, y, z;
    big_parse(&x, "123456789012345678901234567890123456789012345678901234567890");
    big_parse(&y, "987654321098765432109876543210987654321098765432109876543210");
    big_mul(&z, &x, &y);
    big_print("x*y", &z);
    uint32_t rem = big_div_small(&z, 7919);
    big_print("x*y/7919", &z);
    printf("remainder %u\n", rem);
    uint32_t r97 = big_div_small(&f, 97);
    printf("100! mod 97 = %u\n", r97);
    return (int)(rem % 100);
}
