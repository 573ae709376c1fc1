/* The device's work queue: what lets the host go on while the device
 * works. A kernel launched in any stream does not run in the calling
 * thread: it joins one queue that a device thread works through in issue
 * order, one op at a time, and the call returns. Other work joins the
 * queue while it holds anything (so that every stream stays in order; one
 * queue is a stricter order than CUDA's streams, the legacy stream's rule
 * included, never a looser one), and runs at once when it is empty; the
 * synchronous API forms wait for theirs (cudart_stream.h's
 * CUDART_STREAM_SYNC). So a kernel that spins until the host writes a
 * flag (a mapped latch, cuda-samples' UnifiedMemoryPerf) ends when the
 * host writes it, and the host can work while kernels run.
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
