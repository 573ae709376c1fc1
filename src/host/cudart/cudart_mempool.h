/* Stream-ordered memory pools (cudart_mempool.c): what other parts of the
 * runtime ask of them. */
#ifndef CUDART_MEMPOOL_H
#define CUDART_MEMPOOL_H

/* A pooled allocation back to its pool (cudaFree of cudaMallocAsync's
 * memory); a cudaError_t. */
int cudart_pool_free(void *p);
/* A synchronisation point (device, stream, event): every pool gives back
 * to the arena what it holds above its release threshold. */
void cudart_pools_sync(void);

#endif
