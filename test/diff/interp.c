/* A tiny interpreter: a recursive-descent parser compiles arithmetic with
 * variables, comparisons and while loops into bytecode for a stack VM,
 * then runs it (a switch dispatch loop). */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

enum op { OP_PUSH, OP_LOAD, OP_STORE, OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_MOD, OP_LT, OP_EQ, OP_JZ, OP_JMP,
          OP_PRINT, OP_HALT };

static int code[2048], ncode;
static const char *src;
static int vars[26];

static void emit(int x) { code[ncode++] = x; }
static void skip(void) { while (isspace((unsigned char)*src)) src++; }
static int accept(char c)
{
    skip();
    if (*src == c) {
        src++;
        return 1;
    }
    return 0;
}

static void expr(void);
static void primary(void)
{
    skip();
    if (isdigit((unsigned char)*src)) {
        int v = 0;
        while (isdigit((unsigned char)*src))
            v = v * 10 + (*src++ - '0');
        emit(OP_PUSH);
        emit(v);
    } else if (islower((unsigned char)*src)) {
        emit(OP_LOAD);
        emit(*src++ - 'a');
    } else if (accept('(')) {
        expr();
        accept(')');
    }
}
static void term(void)
{
    primary();
    for (;;) {
        if (accept('*')) { primary(); emit(OP_MUL); }
        else if (accept('/')) { primary(); emit(OP_DIV); }
        else if (accept('%')) { primary(); emit(OP_MOD); }
        else return;
    }
}
static void arith(void)
{
    term();
    for (;;) {
        if (accept('+')) { term(); emit(OP_ADD); }
        else if (accept('-')) { term(); emit(OP_SUB); }
        else return;
    }
}
static void expr(void)
{
    arith();
    if (accept('<')) { arith(); emit(OP_LT); }
    else if (accept('=')) { arith(); emit(OP_EQ); }
}
static void block(void);
static void statement(void)
{
    skip();
    if (strncmp(src, "while", 5) == 0) {
        src += 5;
        int top = ncode;
        expr();
        emit(OP_JZ);
        int patch = ncode;
        emit(0);
        block();
        emit(OP_JMP);
        emit(top);
        code[patch] = ncode;
    } else if (strncmp(src, "print", 5) == 0) {
        src += 5;
        expr();
        emit(OP_PRINT);
    } else {
        int v = *src++ - 'a';
        accept(':');
        accept('=');
        expr();
        emit(OP_STORE);
        emit(v);
    }
    accept(';');
}
static void block(void)
{
    accept('{');
    while (skip(), *src && *src != '}')
        statement();
    accept('}');
}

static long run(void)
{
    int stack[64], sp = 0, pc = 0;
    long steps = 0;
    for (;;) {
        steps++;
        int op = code[pc++];
        switch (op) {
        case OP_PUSH: stack[sp++] = code[pc++]; break;
        case OP_LOAD: stack[sp++] = vars[code[pc++]]; break;
        case OP_STORE: vars[code[pc++]] = stack[--sp]; break;
        case OP_ADD: sp--; stack[sp - 1] += stack[sp]; break;
        case OP_SUB: sp--; stack[sp - 1] -= stack[sp]; break;
        case OP_MUL: sp--; stack[sp - 1] *= stack[sp]; break;
        case OP_DIV: sp--; stack[sp - 1] = stack[sp] ? stack[sp - 1] / stack[sp] : 0; break;
        case OP_MOD: sp--; stack[sp - 1] = stack[sp] ? stack[sp - 1] % stack[sp] : 0; break;
        case OP_LT: sp--; stack[sp - 1] = stack[sp - 1] < stack[sp]; break;
        case OP_EQ: sp--; stack[sp - 1] = stack[sp - 1] == stack[sp]; break;
        case OP_JZ: pc = stack[--sp] ? pc + 1 : code[pc]; break;
        case OP_JMP: pc = code[pc]; break;
        case OP_PRINT: printf("%d\n", stack[--sp]); break;
        case OP_HALT: return steps;
        }
    }
}

int main(void)
{
    const char *programs[] = {
        "{ print 1+2*3; print (1+2)*3; print 100/7; print 100%7; print 2-5-1; }",
        "{ n := 10; a := 0; b := 1; while 0 < n { t := a + b; a := b; b := t; n := n - 1; } print a; }",
        "{ i := 2; c := 0; while i < 120 { d := 2; p := 1; while d*d < i+1 { p := p * (0 < i % d); d := d + 1; }"
        "  c := c + p; i := i + 1; } print c; }",
        "{ x := 27; s := 0; while (x = 1) = 0 { s := s + 1; k := x % 2; x := k * (3*x+1) + (1-k) * (x/2); }"
        " print s; }",
    };
    long total = 0;
    for (size_t i = 0; i < sizeof programs / sizeof programs[0]; i++) {
        src = programs[i];
        ncode = 0;
        memset(vars, 0, sizeof vars);
        block();
        emit(OP_HALT);
        long steps = run();
        printf("program %zu: %d words, %ld steps\n", i, ncode, steps);
        total += steps;
    }
    return (int)(total % 200);
}
