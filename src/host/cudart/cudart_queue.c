/* The device's work queue (cudart_queue.h): a list of ops, one device
 * thread that runs them in order, and what the waits need: the last
 * sequence number run, the first error since the last wait, and each op's
 * device printf output until a wait writes it. The op being run stays at
 * the head of the list until it ends, so an empty list is an idle device. */
#include <cuda_runtime_api.h>

#include "host/cudart/cudart_queue.h"

#include "host/cudart/cudart_op.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

typedef struct node {
    struct node *next;
    uint64_t seq;
    cudart_op_t op;
} node_t;

typedef struct kept {        /* an op's device printf output, until a wait writes it */
    struct kept *next;
    uint64_t seq;
    char *text;
    size_t len;
} kept_t;

static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t work = PTHREAD_COND_INITIALIZER, ran = PTHREAD_COND_INITIALIZER;
static node_t *head, *tail;
static kept_t *kept_head, *kept_tail;
static uint64_t issued, done;
static int error;
static uint64_t error_seq;
static int started;
static _Thread_local int is_device;
static _Thread_local FILE *out;
static _Thread_local char *out_text;
static _Thread_local size_t out_len;

int cudart_queue_on(void)
{
    static int on = -1;
    if (on < 0) {
        const char *v = getenv("CUDA_LAUNCH_BLOCKING");
        on = !(v && !strcmp(v, "1"));
    }
    return on;
}

int cudart_queue_is_device(void) { return is_device; }

FILE *cudart_queue_out(void)
{
    if (!is_device)
        return stdout;
    if (!out && !(out = open_memstream(&out_text, &out_len)))
        return stdout;
    return out;
}

/* The op's output, taken from its stream (called without the lock). */
static kept_t *take_output(uint64_t seq)
{
    if (!out)
        return NULL;
    fclose(out);
    out = NULL;
    kept_t *k = out_len ? malloc(sizeof *k) : NULL;
    if (!k) {
        free(out_text);
        return NULL;
    }
    *k = (kept_t){NULL, seq, out_text, out_len};
    return k;
}

static void *device_thread(void *arg)
{
    (void)arg;
    is_device = 1;
    pthread_mutex_lock(&mu);
    for (;;) {
        while (!head)
            pthread_cond_wait(&work, &mu);
        node_t *n = head;
        pthread_mutex_unlock(&mu);
        int err = cudart_op_run(&n->op);
        cudart_op_free(&n->op);
        kept_t *k = take_output(n->seq);
        pthread_mutex_lock(&mu);
        if (k) {
            if (kept_tail)
                kept_tail->next = k;
            else
                kept_head = k;
            kept_tail = k;
        }
        if (err && !error) {
            error = err;
            error_seq = n->seq;
        }
        head = n->next;
        if (!head)
            tail = NULL;
        done = n->seq;
        free(n);
        pthread_cond_broadcast(&ran);
    }
    return NULL;
}

uint64_t cudart_queue_push(cudart_op_t *op)
{
    node_t *n = malloc(sizeof *n);
    if (!n) {   /* no memory for the list: run it here, in order */
        cudart_queue_drain();
        cudart_op_run(op);
        cudart_op_free(op);
        return 0;
    }
    n->next = NULL;
    n->op = *op;
    pthread_mutex_lock(&mu);
    if (!started) {
        pthread_t t;
        pthread_attr_t a;
        pthread_attr_init(&a);
        pthread_attr_setdetachstate(&a, PTHREAD_CREATE_DETACHED);
        started = !pthread_create(&t, &a, device_thread, NULL);
        pthread_attr_destroy(&a);
        if (!started) {
            pthread_mutex_unlock(&mu);
            free(n);
            cudart_op_run(op);   /* no thread to be had: as with the queue off */
            cudart_op_free(op);
            return 0;
        }
    }
    uint64_t seq = n->seq = ++issued;   /* n is the device thread's once the lock is let go */
    if (tail)
        tail->next = n;
    else
        head = n;
    tail = n;
    pthread_cond_signal(&work);
    pthread_mutex_unlock(&mu);
    return seq;
}

int cudart_queue_done(uint64_t seq)
{
    pthread_mutex_lock(&mu);
    int r = done >= seq;
    pthread_mutex_unlock(&mu);
    return r;
}

int cudart_queue_idle(void)
{
    pthread_mutex_lock(&mu);
    int r = !head;
    pthread_mutex_unlock(&mu);
    return r;
}

uint64_t cudart_queue_last(void)
{
    pthread_mutex_lock(&mu);
    uint64_t r = issued;
    pthread_mutex_unlock(&mu);
    return r;
}

int cudart_queue_wait(uint64_t seq)
{
    if (is_device)   /* an op waiting on the queue it runs in would wait for itself */
        return 0;
    pthread_mutex_lock(&mu);
    while (done < seq)
        pthread_cond_wait(&ran, &mu);
    kept_t *k = NULL, **end = &k;
    while (kept_head && kept_head->seq <= seq) {
        *end = kept_head;
        end = &kept_head->next;
        kept_head = kept_head->next;
    }
    *end = NULL;
    if (!kept_head)
        kept_tail = NULL;
    int err = 0;
    if (error && error_seq <= seq) {
        err = error;
        error = 0;
    }
    pthread_mutex_unlock(&mu);
    if (k) {
        fflush(stdout);
        while (k) {
            kept_t *next = k->next;
            fwrite(k->text, 1, k->len, stdout);
            free(k->text);
            free(k);
            k = next;
        }
        fflush(stdout);
    }
    return err;
}

int cudart_queue_drain(void) { return cudart_queue_wait(cudart_queue_last()); }
