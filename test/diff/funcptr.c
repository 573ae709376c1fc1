/* Function pointers: dispatch tables, callbacks with context, pointers
 * returned from functions, arrays of pointers to static functions with
 * different arities through casts to a common type, and qsort comparators
 * chosen at run time. */
#include <stdio.h>
#include <stdlib.h>

typedef int (*binop_t)(int, int);

static int op_add(int a, int b) { return a + b; }
static int op_sub(int a, int b) { return a - b; }
static int op_mul(int a, int b) { return a * b; }
static int op_div(int a, int b) { return b ? a / b : 0; }
static int op_max(int a, int b) { return a > b ? a : b; }

static const struct { char sym; binop_t fn; } ops[] = {
    { '+', op_add }, { '-', op_sub }, { '*', op_mul }, { '/', op_div }, { 'M', op_max },
};

static binop_t lookup(char sym)
{
    for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
        if (ops[i].sym == sym)
            return ops[i].fn;
    return NULL;
}

static int fold(const int *v, int n, binop_t f, int init)
{
    for (int i = 0; i < n; i++)
        init = f(init, v[i]);
    return init;
}

struct counter { int calls; long sum; };
static void visit(const int *v, int n, void (*cb)(void *, int), void *ctx)
{
    for (int i = 0; i < n; i++)
        cb(ctx, v[i]);
}
static void count_cb(void *ctx, int x)
{
    struct counter *c = ctx;
    c->calls++;
    c->sum += x * x;
}

static int asc(const void *a, const void *b) { return *(const int *)a - *(const int *)b; }
static int desc(const void *a, const void *b) { return *(const int *)b - *(const int *)a; }

typedef int (*unary_t)(int);
static int twice(int x) { return 2 * x; }
static int square(int x) { return x * x; }
static int negate(int x) { return -x; }
static unary_t compose_table[] = { twice, square, negate, twice };

int main(void)
{
    int v[] = { 5, -3, 12, 7, 0, 9, -8, 4 };
    const char *syms = "+-*/M";
    for (const char *s = syms; *s; s++)
        printf("fold %c = %d\n", *s, fold(v, 8, lookup(*s), *s == '*' ? 1 : 0));
    printf("lookup ? = %s\n", lookup('?') ? "found" : "null");
    struct counter c = { 0, 0 };
    visit(v, 8, count_cb, &c);
    printf("visit calls=%d sum=%ld\n", c.calls, c.sum);
    int (*cmps[2])(const void *, const void *) = { asc, desc };
    for (int k = 0; k < 2; k++) {
        qsort(v, 8, sizeof v[0], cmps[k]);
        for (int i = 0; i < 8; i++)
            printf("%d ", v[i]);
        printf("\n");
    }
    int x = 3;
    for (int round = 0; round < 6; round++)
        x = compose_table[(round + x) & 3](x) % 1000;
    printf("composed=%d\n", x);
    volatile binop_t vp = op_mul;
    long acc = 0;
    for (int i = 0; i < 5000; i++)
        acc += vp(i, 3) + ops[i % 5].fn(i, 7);
    printf("acc=%ld\n", acc);
    return 0;
}
