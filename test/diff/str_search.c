/* string.h searching and tokenising: strchr, strrchr, strstr, strspn,
 * strcspn, strpbrk, memchr, strtok, strtok_r. */
#include <stdio.h>
#include <string.h>

static long pos(const char *base, const char *p) { return p ? (long)(p - base) : -1L; }

int main(void)
{
    const char *text = "the quick brown fox jumps over the lazy dog; the end";
    const char *needles[] = { "the", "fox", "dog;", "end", "ends", "", "o", "z", "quick brown", "lazy cat" };
    for (size_t i = 0; i < sizeof needles / sizeof needles[0]; i++)
        printf("strstr('%s') = %ld\n", needles[i], pos(text, strstr(text, needles[i])));
    for (const char *c = "aeiouxyz;"; *c; c++)
        printf("%c: chr %ld rchr %ld memchr %ld\n", *c, pos(text, strchr(text, *c)),
               pos(text, strrchr(text, *c)), pos(text, memchr(text, *c, 20)));
    printf("chr nul %ld\n", pos(text, strchr(text, '\0')));
    printf("spn %zu cspn %zu pbrk %ld\n", strspn(text, "eht q"), strcspn(text, "xyz"),
           pos(text, strpbrk(text, "jkl")));

    char line[] = "  alpha, beta,,gamma ;delta;  epsilon,";
    int n = 0;
    for (char *t = strtok(line, " ,;"); t; t = strtok(NULL, " ,;"))
        printf("tok %d: [%s]\n", n++, t);

    char rec[] = "k1=v1&k2=v2&&k3=&=v4";
    char *save1, *save2;
    for (char *pair = strtok_r(rec, "&", &save1); pair; pair = strtok_r(NULL, "&", &save1)) {
        char *k = strtok_r(pair, "=", &save2);
        char *v = strtok_r(NULL, "=", &save2);
        printf("pair [%s] -> [%s]\n", k ? k : "(null)", v ? v : "(null)");
    }

    /* count occurrences of "the" with a sliding strstr */
    int count = 0;
    for (const char *p = text; (p = strstr(p, "the")) != NULL; p++)
        count++;
    printf("count(the) = %d\n", count);
    return count;
}
