/* Switch-heavy code the compiler turns into jump tables, binary decision
 * trees and bit tests: dense and sparse cases, fallthrough, a character
 * classifier and a state machine that scans a string. */
#include <stdio.h>

static int dense(int x)
{
    switch (x) {
    case 0: return 11;
    case 1: return 23;
    case 2: return 37;
    case 3: return 41;
    case 4: return 59;
    case 5: return 61;
    case 6: return 73;
    case 7: return 89;
    case 8: return 97;
    case 9: return 101;
    case 10: return 113;
    case 11: return 127;
    case 12: return 131;
    case 13: return 149;
    case 14: return 151;
    case 15: return 163;
    default: return -1;
    }
}

static int sparse(unsigned x)
{
    switch (x) {
    case 3: return 1;
    case 100: return 2;
    case 1000: return 3;
    case 1001: return 4;
    case 65536: return 5;
    case 0x7fffffff: return 6;
    case 0xfffffffe: return 7;
    default: return 0;
    }
}

static int fallthrough(int x)
{
    int acc = 0;
    switch (x & 7) {
    case 7: acc += 7; /* fall through */
    case 6: acc += 6; /* fall through */
    case 5: acc += 5; break;
    case 4: acc += 4; /* fall through */
    case 3: acc *= 3; /* fall through */
    case 2: acc += 2; break;
    default: acc = -x;
    }
    return acc;
}

enum tok { T_NUM, T_WORD, T_SPACE, T_PUNCT, T_OTHER };

static enum tok classify(char c)
{
    switch (c) {
    case '0': case '1': case '2': case '3': case '4':
    case '5': case '6': case '7': case '8': case '9':
        return T_NUM;
    case ' ': case '\t': case '\n':
        return T_SPACE;
    case '.': case ',': case ';': case '!': case '?':
        return T_PUNCT;
    default:
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_')
            return T_WORD;
        return T_OTHER;
    }
}

int main(void)
{
    int s = 0;
    for (int i = -2; i < 18; i++)
        s = s * 3 + dense(i);
    printf("dense: %d\n", s);
    unsigned keys[] = { 0, 3, 99, 100, 1000, 1001, 1002, 65536, 0x7fffffff, 0xfffffffe, 0xffffffff };
    for (unsigned i = 0; i < sizeof keys / sizeof keys[0]; i++)
        printf("%d", sparse(keys[i]));
    printf("\n");
    for (int i = 0; i < 16; i++)
        printf("%d ", fallthrough(i));
    printf("\n");
    const char *text = "int x1 = 42, y_2 = 7; if (x1 > y_2) return 3.14!\n";
    int counts[5] = { 0 }, tokens = 0;
    enum tok prev = T_SPACE;
    for (const char *p = text; *p; p++) {
        enum tok t = classify(*p);
        counts[t]++;
        if (t != prev && t != T_SPACE)
            tokens++;
        prev = t;
    }
    printf("num=%d word=%d space=%d punct=%d other=%d tokens=%d\n", counts[0], counts[1], counts[2], counts[3],
           counts[4], tokens);
    long acc = 0;
    for (int i = 0; i < 5000; i++)
        acc += dense(i & 15) * fallthrough(i) + sparse((unsigned)i * 50u);
    printf("acc=%ld\n", acc);
    return 0;
}
