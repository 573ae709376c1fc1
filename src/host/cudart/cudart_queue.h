/* The device's work queue: what lets the host go on while the device
 * works. A kernel launched in a stream the program created (and a graph
 * launched in one) does not run in the calling thread: it joins one queue
 * that a device thread works through in issue order, one op at a time, and
 * the call returns. Other work in such a stream joins the queue while it
 * holds anything (so that the stream stays in order), and runs at once
 * when it is empty; work in the legacy or per-thread stream first waits
 * for the queue to empty (those streams wait for every blocking stream:
 * one queue is a stricter order than CUDA's, never a looser one), then
 * runs in the caller, as every op did before. So a kernel that spins until
 * the host writes a flag (a mapped latch, cuda-samples' UnifiedMemoryPerf)
 * ends when the host writes it, and the host can work while kernels run.
 *
 * Synchronisation waits on sequence numbers: each queued op has one,
 * a stream and an event remember their last. The output of kernels run
 * by the device thread (device printf) is kept and written at the
 * synchronisation that waits for them, in issue order, as a GPU writes its
 * printf buffer at synchronisation points: the output is the same on every
 * run. CUDA_LAUNCH_BLOCKING=1 (CUDA's variable) runs every op in the caller
 * as it is issued. */
#ifndef CUDART_QUEUE_H
#define CUDART_QUEUE_H

#include <stdint.h>
#include <stdio.h>

struct cudart_op;

/* Is the queue on (CUDA_LAUNCH_BLOCKING not 1)? */
int cudart_queue_on(void);
/* Appends op (taken: the queue owns and frees it); its sequence number. */
uint64_t cudart_queue_push(struct cudart_op *op);
/* Has every op up to seq run (0: nothing to wait for)? */
int cudart_queue_done(uint64_t seq);
/* Is nothing queued or running? The last sequence number given. */
int cudart_queue_idle(void);
uint64_t cudart_queue_last(void);
/* Waits until every op up to seq has run and writes their kept output;
 * the first error an op returned since the last wait, or 0. */
int cudart_queue_wait(uint64_t seq);
/* Waits for everything queued (cudaDeviceSynchronize, a legacy stream's op,
 * cudaFree, the program's end). */
int cudart_queue_drain(void);
/* Is the calling thread the device thread? */
int cudart_queue_is_device(void);
/* The stream device printf of the op now running on the device thread
 * goes to (kept until a wait writes it); stdout elsewhere. */
FILE *cudart_queue_out(void);

#endif
