/* A chained hash table with string keys on the heap: insert, update,
 * lookup, delete and resize, keys generated deterministically, plus a word
 * frequency count over a fixed text. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct entry { char *key; int value; struct entry *next; };
struct table { struct entry **slots; size_t nslots, count; };

static uint32_t hash(const char *s)
{
    uint32_t h = 2166136261u;
    while (*s)
        h = (h ^ (unsigned char)*s++) * 16777619u;
    return h;
}

/* "k<n>" without snprintf, which would dominate the run time */
static void make_key(char *buf, int n)
{
    char tmp[12];
    int len = 0;
    do {
        tmp[len++] = (char)('0' + n % 10);
        n /= 10;
    } while (n);
    *buf++ = 'k';
    while (len)
        *buf++ = tmp[--len];
    *buf = '\0';
}

static void resize(struct table *t, size_t n)
{
    struct entry **slots = calloc(n, sizeof *slots);
    for (size_t i = 0; i < t->nslots; i++)
        for (struct entry *e = t->slots[i], *next; e; e = next) {
            next = e->next;
            size_t k = hash(e->key) % n;
            e->next = slots[k];
            slots[k] = e;
        }
    free(t->slots);
    t->slots = slots;
    t->nslots = n;
}

static struct entry *find(struct table *t, const char *key)
{
    for (struct entry *e = t->slots[hash(key) % t->nslots]; e; e = e->next)
        if (strcmp(e->key, key) == 0)
            return e;
    return NULL;
}

static void put(struct table *t, const char *key, int value)
{
    struct entry *e = find(t, key);
    if (e) {
        e->value = value;
        return;
    }
    if (t->count * 4 >= t->nslots * 3)
        resize(t, t->nslots * 2 + 1);
    e = malloc(sizeof *e);
    e->key = strdup(key);
    e->value = value;
    size_t k = hash(key) % t->nslots;
    e->next = t->slots[k];
    t->slots[k] = e;
    t->count++;
}

static int del(struct table *t, const char *key)
{
    for (struct entry **pp = &t->slots[hash(key) % t->nslots]; *pp; pp = &(*pp)->next)
        if (strcmp((*pp)->key, key) == 0) {
            struct entry *e = *pp;
            *pp = e->next;
            free(e->key);
            free(e);
            t->count--;
            return 1;
        }
    return 0;
}

int main(void)
{
    struct table t = { NULL, 0, 0 };
    resize(&t, 7);
    char key[32];
    for (int i = 0; i < 900; i++) {
        make_key(key, (i * 7919) % 600);
        struct entry *e = find(&t, key);
        put(&t, key, e ? e->value + i : i);
    }
    int deleted = 0;
    for (int i = 0; i < 600; i += 3) {
        make_key(key, i);
        deleted += del(&t, key);
    }
    long sum = 0;
    int found = 0;
    for (int i = 0; i < 600; i++) {
        make_key(key, i);
        struct entry *e = find(&t, key);
        if (e) {
            found++;
            sum += e->value;
        }
    }
    size_t longest = 0;
    for (size_t i = 0; i < t.nslots; i++) {
        size_t len = 0;
        for (struct entry *e = t.slots[i]; e; e = e->next)
            len++;
        if (len > longest)
            longest = len;
    }
    printf("count=%zu slots=%zu deleted=%d found=%d sum=%ld longest=%zu\n", t.count, t.nslots, deleted, found,
           sum, longest);

    struct table w = { NULL, 0, 0 };
    resize(&w, 3);
    char text[] = "the cat and the dog and the bird saw a cat and a dog near the tree the end";
    for (char *tok = strtok(text, " "); tok; tok = strtok(NULL, " ")) {
        struct entry *e = find(&w, tok);
        put(&w, tok, e ? e->value + 1 : 1);
    }
    const char *probe[] = { "the", "and", "cat", "dog", "a", "end", "zebra" };
    for (int i = 0; i < 7; i++) {
        struct entry *e = find(&w, probe[i]);
        printf("%s:%d ", probe[i], e ? e->value : 0);
    }
    printf("unique=%zu\n", w.count);
    return 0;
}
