/* stdlib qsort and bsearch on ints, strings and structs, including stable
 * tie-breaking through a secondary key. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned lcg_state = 12345u;
static unsigned lcg(void) { return lcg_state = lcg_state * 1103515245u + 12345u; }

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

struct person { char name[12]; int age; int id; };

static int cmp_person(const void *a, const void *b)
{
    const struct person *p = a, *q = b;
    if (p->age != q->age)
        return p->age < q->age ? -1 : 1;
    int c = strcmp(p->name, q->name);
    return c ? c : p->id - q->id;
}

int main(void)
{
    int v[200];
    for (int i = 0; i < 200; i++)
        v[i] = (int)(lcg() >> 8) % 1000 - 500;
    qsort(v, 200, sizeof v[0], cmp_int);
    long sum = 0;
    int sorted = 1;
    for (int i = 0; i < 200; i++) {
        sum += (long)v[i] * (i + 1);
        if (i && v[i - 1] > v[i])
            sorted = 0;
    }
    printf("ints sorted=%d min=%d max=%d median=%d weighted=%ld\n", sorted, v[0], v[199], v[100], sum);
    int found = 0, missing = 0;
    for (int key = -500; key < 500; key += 7) {
        int *p = bsearch(&key, v, 200, sizeof v[0], cmp_int);
        if (p && *p == key)
            found++;
        else
            missing++;
    }
    printf("bsearch found=%d missing=%d\n", found, missing);

    const char *words[] = { "pear", "apple", "fig", "banana", "kiwi", "cherry", "date", "grape",
                            "apricot", "lemon", "lime", "mango", "Zucchini", "apple" };
    size_t nw = sizeof words / sizeof words[0];
    qsort(words, nw, sizeof words[0], cmp_str);
    for (size_t i = 0; i < nw; i++)
        printf("%s%c", words[i], i + 1 < nw ? ' ' : '\n');
    const char *key = "kiwi";
    const char **hit = bsearch(&key, words, nw, sizeof words[0], cmp_str);
    printf("kiwi at %ld\n", hit ? (long)(hit - words) : -1L);

    struct person people[8] = { { "ann", 30, 1 }, { "bob", 25, 2 }, { "cid", 30, 3 }, { "dan", 25, 4 },
                                { "ann", 25, 5 }, { "eve", 41, 6 }, { "ann", 30, 0 }, { "bob", 19, 7 } };
    qsort(people, 8, sizeof people[0], cmp_person);
    for (int i = 0; i < 8; i++)
        printf("%s/%d/%d ", people[i].name, people[i].age, people[i].id);
    printf("\n");
    return 0;
}
