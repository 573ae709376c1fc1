/* CUDA arrays (cudart_array.c): what the texture and surface objects
 * (cudart_texture.c) and the copies read of one. */
#ifndef CUDART_ARRAY_H
#define CUDART_ARRAY_H

#include <cuda_runtime_api.h>
#include <stdint.h>

/* An array's texels are plain row-major device memory (ptx_texdesc.h has
 * the layout): rows width * elem bytes, no padding; layers (a cubemap's
 * faces) after one another. */
struct cudaArray {
    struct cudaChannelFormatDesc desc;
    struct cudaExtent extent;       /* as allocated: 0 in an absent dimension */
    unsigned flags;                 /* cudaArrayLayered, ...SurfaceLoadStore, ...Cubemap, ...TextureGather */
    uint8_t fmt, chan_bytes, nchan; /* PTX_TF_*, bytes of a channel, channels */
    uint8_t dims;                   /* 1, 2 or 3 */
    uint32_t elem;                  /* bytes of an element */
    uint32_t width, height, depth, layers; /* at least 1 each */
    uint64_t pitch, slice, bytes;
    uint8_t *data;                  /* device memory */
    struct cudaArray *next;         /* the live arrays */
};

/* Is a an array allocated and not freed? */
int cudart_array_live(cudaArray_const_t a);
/* A channel descriptor's layout: 0, or cudaErrorInvalidChannelDescriptor. */
int cudart_channel_layout(const struct cudaChannelFormatDesc *d, uint8_t *fmt, uint8_t *chan_bytes, uint8_t *nchan);
/* A copy's array ends as pitched device pointers (positions and extent in elements become
 * bytes, as cudaMemcpy3D counts them): 0 or a cudaError_t. */
int cudart_copy3d_arrays(struct cudaMemcpy3DParms *p);

#endif
