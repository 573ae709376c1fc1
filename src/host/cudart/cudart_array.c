/* CUDA arrays: cudaMallocArray, cudaMalloc3DArray (layered, cubemap),
 * cudaFreeArray, cudaArrayGetInfo and the copies to and from them, which
 * become linear copies (cudart_copy.c) once an array end is a pitched
 * pointer into its device memory. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "host/cudart/cudart.h"
#include "host/cudart/cudart_array.h"
#include "host/cudart/cudart_op.h"
#include "host/cudart/cudart_queue.h"
#include "host/cudart/cudart_stream.h"
#include "device/ptx/ptx_texdesc.h"

/* CUDA 13 still exports these, but its header declares them only for the per-thread default stream. */
cudaError_t cudaMemcpyToArray(cudaArray_t dst, size_t wOffset, size_t hOffset, const void *src, size_t count,
                              enum cudaMemcpyKind kind);
cudaError_t cudaMemcpyFromArray(void *dst, cudaArray_const_t src, size_t wOffset, size_t hOffset, size_t count,
                                enum cudaMemcpyKind kind);

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct cudaArray *arrays;

int cudart_array_live(cudaArray_const_t a)
{
    int found = 0;
    pthread_mutex_lock(&lock);
    for (const struct cudaArray *p = arrays; p && !found; p = p->next)
        found = p == a;
    pthread_mutex_unlock(&lock);
    return found;
}

int cudart_channel_layout(const struct cudaChannelFormatDesc *d, uint8_t *fmt, uint8_t *chan_bytes, uint8_t *nchan)
{
    int bits[4] = {d->x, d->y, d->z, d->w}, n = 0;
    while (n < 4 && bits[n])
        n++;
    for (int k = 0; k < 4; k++)
        if ((k < n && bits[k] != bits[0]) || (k >= n && bits[k]))
            return cudaErrorInvalidChannelDescriptor;
    if ((n != 1 && n != 2 && n != 4) || (bits[0] != 8 && bits[0] != 16 && bits[0] != 32))
        return cudaErrorInvalidChannelDescriptor;
    switch (d->f) {
    case cudaChannelFormatKindSigned: *fmt = PTX_TF_SIGNED; break;
    case cudaChannelFormatKindUnsigned: *fmt = PTX_TF_UNSIGNED; break;
    case cudaChannelFormatKindFloat:
        if (bits[0] == 8)
            return cudaErrorInvalidChannelDescriptor;
        *fmt = PTX_TF_FLOAT;
        break;
    default: return cudaErrorInvalidChannelDescriptor;
    }
    *chan_bytes = (uint8_t)(bits[0] / 8);
    *nchan = (uint8_t)n;
    return 0;
}

/* The shape of an extent under the flags (cudaMalloc3DArray's table): 0 or a cudaError_t. */
static int shape(struct cudaArray *a, struct cudaExtent e, unsigned flags)
{
    int layered = (flags & cudaArrayLayered) != 0, cube = (flags & cudaArrayCubemap) != 0;
    if (flags & ~(unsigned)(cudaArrayLayered | cudaArraySurfaceLoadStore | cudaArrayCubemap | cudaArrayTextureGather))
        return cudaErrorInvalidValue;
    if (!e.width || (e.depth && !e.height && !layered))
        return cudaErrorInvalidValue;
    if (cube && (e.width != e.height || !e.depth || e.depth % 6 || (!layered && e.depth != 6)))
        return cudaErrorInvalidValue;
    if (layered && !e.depth)
        return cudaErrorInvalidValue;
    if (e.width > UINT32_MAX / 16 || e.height > UINT32_MAX || e.depth > UINT32_MAX)
        return cudaErrorInvalidValue;
    a->dims = !e.height ? 1 : (e.depth && !layered && !cube) ? 3 : 2;
    a->width = (uint32_t)e.width;
    a->height = e.height ? (uint32_t)e.height : 1;
    a->depth = a->dims == 3 ? (uint32_t)e.depth : 1;
    a->layers = layered || cube ? (uint32_t)e.depth : 1;
    return 0;
}

cudaError_t cudaMalloc3DArray(cudaArray_t *array, const struct cudaChannelFormatDesc *desc, struct cudaExtent extent,
                              unsigned int flags)
{
    ENTER();
    if (!array || !desc)
        RET(cudaErrorInvalidValue);
    struct cudaArray *a = calloc(1, sizeof *a);
    if (!a)
        RET(cudaErrorMemoryAllocation);
    int e = cudart_channel_layout(desc, &a->fmt, &a->chan_bytes, &a->nchan);
    if (!e)
        e = shape(a, extent, flags);
    if (e) {
        free(a);
        RET(e);
    }
    a->desc = *desc;
    a->extent = extent;
    a->flags = flags;
    a->elem = (uint32_t)a->chan_bytes * a->nchan;
    a->pitch = (uint64_t)a->width * a->elem;
    a->slice = a->pitch * a->height;
    a->bytes = a->slice * a->depth * a->layers;
    a->data = cudart_mem_alloc(a->bytes, CUDART_MEM_DEVICE, 0, NULL);
    if (!a->data) {
        free(a);
        RET(cudaErrorMemoryAllocation);
    }
    memset(a->data, 0, a->bytes);
    pthread_mutex_lock(&lock);
    a->next = arrays;
    arrays = a;
    pthread_mutex_unlock(&lock);
    *array = a;
    return cudaSuccess;
}

cudaError_t cudaMallocArray(cudaArray_t *array, const struct cudaChannelFormatDesc *desc, size_t width, size_t height,
                            unsigned int flags)
{
    if (flags & (cudaArrayLayered | cudaArrayCubemap))
        RET(cudaErrorInvalidValue);
    return cudaMalloc3DArray(array, desc, (struct cudaExtent){width, height, 0}, flags);
}

cudaError_t cudaFreeArray(cudaArray_t array)
{
    ENTER();
    cudart_queue_drain();
    if (!array)
        return cudaSuccess;
    pthread_mutex_lock(&lock);
    struct cudaArray **p = &arrays;
    while (*p && *p != array)
        p = &(*p)->next;
    int found = *p != NULL;
    if (found)
        *p = array->next;
    pthread_mutex_unlock(&lock);
    if (!found)
        RET(cudaErrorInvalidValue);
    cudart_mem_free(array->data, CUDART_MEM_DEVICE);
    free(array);
    return cudaSuccess;
}

cudaError_t cudaArrayGetInfo(struct cudaChannelFormatDesc *desc, struct cudaExtent *extent, unsigned int *flags,
                             cudaArray_t array)
{
    ENTER();
    if (!cudart_array_live(array))
        RET(cudaErrorInvalidResourceHandle);
    if (desc)
        *desc = array->desc;
    if (extent)
        *extent = array->extent;
    if (flags)
        *flags = array->flags;
    return cudaSuccess;
}

/* One end of a copy: an array becomes a pitched pointer, its position x in bytes; the extent's
 * width (elements) is checked against it. */
static int array_end(cudaArray_t a, struct cudaPitchedPtr *ptr, struct cudaPos *pos, const struct cudaExtent *e)
{
    if (!cudart_array_live(a))
        return cudaErrorInvalidResourceHandle;
    if (pos->x + e->width > a->width || pos->y + e->height > a->height ||
        pos->z + e->depth > (size_t)a->depth * a->layers)
        return cudaErrorInvalidValue;
    *ptr = (struct cudaPitchedPtr){a->data, a->pitch, a->pitch, a->height};
    pos->x *= a->elem;
    return 0;
}

int cudart_copy3d_arrays(struct cudaMemcpy3DParms *p)
{
    cudaArray_t s = p->srcArray, d = p->dstArray;
    if (!s && !d)
        return 0;
    if (s && d && s->elem != d->elem)
        return cudaErrorInvalidValue;
    int e = s ? array_end(s, &p->srcPtr, &p->srcPos, &p->extent) : 0;
    if (!e && d)
        e = array_end(d, &p->dstPtr, &p->dstPos, &p->extent);
    if (e)
        return e;
    p->extent.width *= (s ? s : d)->elem;
    p->srcArray = p->dstArray = NULL;
    return 0;
}

/* A copy in bytes (the 2D array forms count wOffset and width in bytes) as an op in stream s. */
static cudaError_t issue(struct cudaMemcpy3DParms *p, cudaStream_t s)
{
    cudart_op_t op = {.type = cudaGraphNodeTypeMemcpy, .u.copy = *p};
    int e = cudart_copy3d_check(&op.u.copy);
    RET(e ? e : cudart_stream_issue(s, &op, NULL));
}

/* Rows [hOffset, hOffset + height) of array a, from byte wOffset on, as a pitched end. */
static int array_rect(cudaArray_const_t a, size_t wOffset, size_t hOffset, size_t width, size_t height,
                      struct cudaPitchedPtr *ptr, struct cudaPos *pos)
{
    if (!cudart_array_live(a))
        return cudaErrorInvalidResourceHandle;
    if (wOffset + width > a->pitch || hOffset + height > (uint64_t)a->height * a->depth * a->layers)
        return cudaErrorInvalidValue;
    *ptr = (struct cudaPitchedPtr){a->data, a->pitch, a->pitch, a->height};
    *pos = (struct cudaPos){wOffset, hOffset % a->height, hOffset / a->height};
    if (hOffset % a->height + height > a->height) {   /* rows past a slice: count them as one tall slice */
        *ptr = (struct cudaPitchedPtr){a->data, a->pitch, a->pitch, (size_t)a->height * a->depth * a->layers};
        *pos = (struct cudaPos){wOffset, hOffset, 0};
    }
    return 0;
}

static cudaError_t copy2d_array(cudaArray_const_t a, int to_array, size_t wOffset, size_t hOffset, void *mem,
                                size_t mpitch, size_t width, size_t height, enum cudaMemcpyKind kind, cudaStream_t s)
{
    ENTER();
    struct cudaMemcpy3DParms p = cudart_copy2d_params(mem, mpitch, mem, mpitch, width, height, kind);
    int e = width > mpitch ? cudaErrorInvalidPitchValue
                           : array_rect(a, wOffset, hOffset, width, height, to_array ? &p.dstPtr : &p.srcPtr,
                                        to_array ? &p.dstPos : &p.srcPos);
    if (e)
        RET(e);
    return issue(&p, s);
}

cudaError_t cudaMemcpy2DToArrayAsync(cudaArray_t dst, size_t wOffset, size_t hOffset, const void *src, size_t spitch,
                                     size_t width, size_t height, enum cudaMemcpyKind kind, cudaStream_t stream)
{
    return copy2d_array(dst, 1, wOffset, hOffset, (void *)src, spitch, width, height, kind, stream);
}

cudaError_t cudaMemcpy2DToArray(cudaArray_t dst, size_t wOffset, size_t hOffset, const void *src, size_t spitch,
                                size_t width, size_t height, enum cudaMemcpyKind kind)
{
    return copy2d_array(dst, 1, wOffset, hOffset, (void *)src, spitch, width, height, kind, CUDART_STREAM_SYNC);
}

cudaError_t cudaMemcpy2DFromArrayAsync(void *dst, size_t dpitch, cudaArray_const_t src, size_t wOffset,
                                       size_t hOffset, size_t width, size_t height, enum cudaMemcpyKind kind,
                                       cudaStream_t stream)
{
    return copy2d_array(src, 0, wOffset, hOffset, dst, dpitch, width, height, kind, stream);
}

cudaError_t cudaMemcpy2DFromArray(void *dst, size_t dpitch, cudaArray_const_t src, size_t wOffset, size_t hOffset,
                                  size_t width, size_t height, enum cudaMemcpyKind kind)
{
    return copy2d_array(src, 0, wOffset, hOffset, dst, dpitch, width, height, kind, CUDART_STREAM_SYNC);
}

/* count bytes from (wOffset, hOffset) on, row after row: whole rows after the first partial one. */
static cudaError_t copy_linear_array(cudaArray_const_t a, int to_array, size_t wOffset, size_t hOffset, void *mem,
                                     size_t count, enum cudaMemcpyKind kind, cudaStream_t s)
{
    ENTER();
    if (!cudart_array_live(a))
        RET(cudaErrorInvalidResourceHandle);
    size_t at = hOffset * a->pitch + wOffset;
    if (wOffset > a->pitch || at + count > a->bytes)
        RET(cudaErrorInvalidValue);
    uint8_t *arr = a->data + at;
    struct cudaMemcpy3DParms p = cudart_copy2d_params(to_array ? (void *)arr : mem, count,
                                                      to_array ? mem : (void *)arr, count, count, 1, kind);
    return issue(&p, s);
}

cudaError_t cudaMemcpyToArray(cudaArray_t dst, size_t wOffset, size_t hOffset, const void *src, size_t count,
                              enum cudaMemcpyKind kind)
{
    return copy_linear_array(dst, 1, wOffset, hOffset, (void *)src, count, kind, CUDART_STREAM_SYNC);
}

cudaError_t cudaMemcpyFromArray(void *dst, cudaArray_const_t src, size_t wOffset, size_t hOffset, size_t count,
                                enum cudaMemcpyKind kind)
{
    return copy_linear_array(src, 0, wOffset, hOffset, dst, count, kind, CUDART_STREAM_SYNC);
}

/* cudaMalloc3D: rows padded as cudaMallocPitch pads them. */
cudaError_t cudaMalloc3D(struct cudaPitchedPtr *pitchedDevPtr, struct cudaExtent extent)
{
    if (!pitchedDevPtr)
        RET(cudaErrorInvalidValue);
    size_t pitch;
    void *p;
    cudaError_t e = cudaMallocPitch(&p, &pitch, extent.width, extent.height * (extent.depth ? extent.depth : 1));
    if (e)
        return e;
    *pitchedDevPtr = (struct cudaPitchedPtr){p, pitch, extent.width, extent.height};
    return cudaSuccess;
}

#define ALIAS(name, of) extern __typeof__(of) name __attribute__((alias(#of)))
ALIAS(cudaMemcpy2DToArray_ptds, cudaMemcpy2DToArray);
ALIAS(cudaMemcpy2DFromArray_ptds, cudaMemcpy2DFromArray);
ALIAS(cudaMemcpy2DToArrayAsync_ptsz, cudaMemcpy2DToArrayAsync);
ALIAS(cudaMemcpy2DFromArrayAsync_ptsz, cudaMemcpy2DFromArrayAsync);
