/* What travels between an SM and an L2 slice: a sector's request or its
 * answer (mem_req_t), and the tags that say who waits for it. */
#ifndef MEM_REQ_H
#define MEM_REQ_H

#include "device/sim_port.h"

#define MEM_NONE 0xffffffffu
/* A request's tag at the SM: the L1D's fill of its sector (the L1's MSHR
 * knows who waits), else the SM's ticket the answer goes to. */
#define MEM_TAG_FILL 0x80000000u
#define MEM_TAG_NONE 0xffffffffu  /* nothing waits (an evicted line's write, a write-allocate fetch) */
/* A store's sector: the slice that takes it acknowledges it to the SM's
 * warp tag & ~MEM_TAG_ACK (GPGPU-Sim's WRITE_ACK), which cannot leave its
 * slot before every one came back. */
#define MEM_TAG_ACK 0x20000000u
SIM_INLINE int mem_tag_ack(uint32_t tag) { return (tag & 0xe0000000u) == MEM_TAG_ACK; }
/* At a slice, a read from the other half of the L2 (mem_xmsg_t): its
 * answer goes back there, to channel read (mem_dread_t) tag & ~MEM_TAG_PEER. */
#define MEM_TAG_PEER 0x40000000u

/* A sector's request or answer between an SM and a slice. */
typedef struct mem_req {
    uint64_t at;                /* SM's outbox: sent; slice queue: its L2 access; answer: ready at the slice
                                 * (answers to an SM: arrives there) */
    uint64_t addr;              /* the sector's address */
    uint64_t pa;                /* a request: the address its slice knows (mem_req_port) */
    uint32_t bytes;             /* a write's bytes of the sector (bit b: byte b) */
    uint32_t tag;               /* MEM_TAG_FILL | 0, a ticket, MEM_TAG_ACK | warp, or MEM_TAG_NONE */
    uint16_t sm;
    uint16_t port;              /* a request: its slice (partition x nsub + slice); an answer: the slice
                                 * it leaves from; in the crossbar's buffers (mem_xbar.h): its output */
    uint8_t kind, type, op, flits; /* enum cache_kind, cache_access_type, cache_op; its crossbar flits (a request's
                                    * set at sm_send, an answer's at mem_answer) */
} mem_req_t;

#endif
