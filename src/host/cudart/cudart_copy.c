/* What a copy and a set do, for every form of them (cudaMemcpy, 2D, the
 * symbols', memcpy and memset graph nodes): copies are cudaMemcpy3DParms
 * over linear memory and sets cudaMemsetParams. Device, host and managed
 * memory all live in the arena (cudart_mem.c), so a copy is memmove; a
 * side the kind says is the device's must be one a kernel reaches (the
 * arena, mapped host memory), else cudaErrorInvalidValue, as a GPU's
 * runtime says of a host pointer passed as a device one. */
#include <cuda_runtime_api.h>

#include <string.h>

#include "host/cudart/cudart.h"
#include "host/cudart/cudart_op.h"
#include "host/sm/sm_host.h"

/* Row y of slice z of a pitched pointer, at position pos. */
static uint8_t *row(const struct cudaPitchedPtr *p, const struct cudaPos *pos, size_t y, size_t z)
{
    return (uint8_t *)p->ptr + (pos->z + z) * p->pitch * p->ysize + (pos->y + y) * p->pitch + pos->x;
}

static size_t rows_of(const struct cudaExtent *e) { return e->height * e->depth; }

int cudart_copy3d_check(const struct cudaMemcpy3DParms *p)
{
    const struct cudaExtent *e = &p->extent;
    if (p->srcArray || p->dstArray)
        return cudaErrorNotSupported;   /* an array end in a graph node (the API forms make them pitched pointers) */
    if (p->kind < cudaMemcpyHostToHost || p->kind > cudaMemcpyDefault)
        return cudaErrorInvalidMemcpyDirection;
    if (!e->width || !e->height || !e->depth)
        return 0;
    if (!p->srcPtr.ptr || !p->dstPtr.ptr)
        return cudaErrorInvalidValue;
    if (rows_of(e) > 1 && (p->srcPos.x + e->width > p->srcPtr.pitch || p->dstPos.x + e->width > p->dstPtr.pitch))
        return cudaErrorInvalidPitchValue;
    int dev_dst = p->kind == cudaMemcpyHostToDevice || p->kind == cudaMemcpyDeviceToDevice;
    int dev_src = p->kind == cudaMemcpyDeviceToHost || p->kind == cudaMemcpyDeviceToDevice;
    for (size_t z = 0; z < e->depth; z++)
        for (size_t y = 0; y < e->height; y++)
            if ((dev_dst && !cudart_device_reaches(row(&p->dstPtr, &p->dstPos, y, z), e->width)) ||
                (dev_src && !cudart_device_reaches(row(&p->srcPtr, &p->srcPos, y, z), e->width)))
                return cudaErrorInvalidValue;
    return 0;
}

int cudart_copy3d_run(const struct cudaMemcpy3DParms *p)
{
    int err = cudart_copy3d_check(p);
    if (err)
        return err;
    struct sm_timing *tm = cudart_timing();
    for (size_t z = 0; z < p->extent.depth; z++)
        for (size_t y = 0; y < p->extent.height; y++) {
            uint8_t *d = row(&p->dstPtr, &p->dstPos, y, z);
            const uint8_t *s = row(&p->srcPtr, &p->srcPos, y, z);
            memmove(d, s, p->extent.width);
            /* Between host and device, either way, the copy engine fills the L2 (GPGPU-Sim's
             * perf_memcpy_to_gpu; a device address is its arena pointer); asked only with timing */
            if (!tm)
                continue;
            int dev_d = cudart_mem_in_arena(d, p->extent.width), dev_s = cudart_mem_in_arena(s, p->extent.width);
            if (dev_d != dev_s)
                sm_timing_copied(tm, (uint64_t)(uintptr_t)(dev_d ? d : s), p->extent.width);
        }
    return 0;
}

int cudart_set_check(const struct cudaMemsetParams *p)
{
    if (p->elementSize != 1 && p->elementSize != 2 && p->elementSize != 4)
        return cudaErrorInvalidValue;
    size_t bytes = p->width * p->elementSize;
    if (p->height > 1 && bytes > p->pitch)
        return cudaErrorInvalidPitchValue;
    for (size_t y = 0; bytes && y < p->height; y++)
        if (!cudart_device_reaches((uint8_t *)p->dst + y * p->pitch, bytes))
            return cudaErrorInvalidValue;
    return 0;
}

/* Every element takes value's low elementSize bytes. */
int cudart_set_run(const struct cudaMemsetParams *p)
{
    int err = cudart_set_check(p);
    if (err)
        return err;
    for (size_t y = 0; y < p->height; y++) {
        uint8_t *d = (uint8_t *)p->dst + y * p->pitch;
        if (p->elementSize == 1) {
            memset(d, (int)(p->value & 0xff), p->width);
            continue;
        }
        for (size_t x = 0; x < p->width; x++) {
            uint32_t v = p->value;
            memcpy(d + x * p->elementSize, &v, p->elementSize);   /* little-endian: the low bytes */
        }
    }
    return 0;
}
