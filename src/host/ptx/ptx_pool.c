/* The module pool (ptx_pool.h): a doubly linked list of malloc blocks. */
#include <stdlib.h>
#include <string.h>

#include "host/ptx/ptx_pool.h"

typedef struct ptx_chunk {
    struct ptx_chunk *prev, *next;
    max_align_t align[]; /* the user's bytes follow, aligned for anything */
} ptx_chunk_t;

struct ptx_pool {
    ptx_chunk_t head; /* sentinel of a circular list */
};

ptx_pool_t *ptx_pool_new(void)
{
    ptx_pool_t *p = malloc(sizeof *p);
    if (p)
        p->head.prev = p->head.next = &p->head;
    return p;
}

void ptx_pool_free(ptx_pool_t *p)
{
    if (!p)
        return;
    ptx_chunk_t *c = p->head.next;
    while (c != &p->head) {
        ptx_chunk_t *next = c->next;
        free(c);
        c = next;
    }
    free(p);
}

static void link_chunk(ptx_pool_t *p, ptx_chunk_t *c)
{
    c->prev = &p->head;
    c->next = p->head.next;
    p->head.next->prev = c;
    p->head.next = c;
}

void *ptx_pool_alloc(ptx_pool_t *p, size_t size)
{
    if (size > SIZE_MAX / 2)
        return NULL;
    ptx_chunk_t *c = calloc(1, sizeof *c + size);
    if (!c)
        return NULL;
    link_chunk(p, c);
    return c->align;
}

void *ptx_pool_resize(ptx_pool_t *p, void *old, size_t old_size, size_t new_size)
{
    if (!old)
        return ptx_pool_alloc(p, new_size);
    if (new_size > SIZE_MAX / 2)
        return NULL;
    ptx_chunk_t *c = (ptx_chunk_t *)((char *)old - offsetof(ptx_chunk_t, align));
    ptx_chunk_t *prev = c->prev, *next = c->next;
    ptx_chunk_t *n = realloc(c, sizeof *n + new_size);
    if (!n)
        return NULL;
    prev->next = next->prev = n; /* the neighbours pointed at the old block */
    n->prev = prev;
    n->next = next;
    if (new_size > old_size)
        memset((char *)n->align + old_size, 0, new_size - old_size);
    return n->align;
}
