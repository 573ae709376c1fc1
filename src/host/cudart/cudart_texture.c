/* Texture and surface objects. A cudaTextureObject_t (cudaSurfaceObject_t)
 * is the device address of a ptx_texdesc_t the runtime writes into device
 * memory at creation (src/device/ptx/ptx_texdesc.h), so the executor reads
 * it as memory on either backend; the host keeps the descriptions the
 * program gave, for the Get*Desc calls. Mipmaps, sRGB, anisotropy and
 * resource views are not modelled: a mipmapped resource or a view is
 * cudaErrorNotSupported, the other fields are kept and not used. */
#include <cuda_runtime_api.h>

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "host/cudart/cudart.h"
#include "host/cudart/cudart_array.h"
#include "host/cudart/cudart_queue.h"
#include "device/ptx/ptx_texdesc.h"

/* A channel descriptor is only a value, which programs make before they ask
 * for an array; real here because the weak stub, returning an int, would
 * leave the caller's struct (returned through a hidden pointer) unwritten. */
struct cudaChannelFormatDesc cudaCreateChannelDesc(int x, int y, int z, int w, enum cudaChannelFormatKind f)
{
    struct cudaChannelFormatDesc d = {x, y, z, w, f};
    return d;
}

typedef struct tex_obj {
    ptx_texdesc_t *desc;            /* in device memory: the handle */
    int surface;
    struct cudaResourceDesc res;
    struct cudaTextureDesc tex;
    struct tex_obj *next;
} tex_obj_t;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static tex_obj_t *objects;

/* The object a handle names (and, with unlink, takes it off the list), or NULL. */
static tex_obj_t *find(unsigned long long h, int surface, int unlink)
{
    pthread_mutex_lock(&lock);
    tex_obj_t **p = &objects;
    while (*p && ((uint64_t)(uintptr_t)(*p)->desc != h || (*p)->surface != surface))
        p = &(*p)->next;
    tex_obj_t *o = *p;
    if (o && unlink)
        *p = o->next;
    pthread_mutex_unlock(&lock);
    return o;
}

/* The resource's texels and shape into d: 0 or a cudaError_t. */
static int resource(const struct cudaResourceDesc *r, ptx_texdesc_t *d, int surface)
{
    const struct cudaChannelFormatDesc *cd;
    switch (r->resType) {
    case cudaResourceTypeArray: {
        const struct cudaArray *a = r->res.array.array;
        if (!cudart_array_live(a))
            return cudaErrorInvalidResourceHandle;
        if (surface && !(a->flags & cudaArraySurfaceLoadStore))
            return cudaErrorInvalidValue;
        d->fmt = a->fmt, d->chan_bytes = a->chan_bytes, d->nchan = a->nchan, d->dims = a->dims;
        d->layered = (a->flags & cudaArrayLayered) != 0;
        d->cubemap = (a->flags & cudaArrayCubemap) != 0;
        d->width = a->width, d->height = a->height, d->depth = a->depth, d->layers = a->layers;
        d->data = (uint64_t)(uintptr_t)a->data;
        d->pitch = a->pitch, d->slice = a->slice, d->bytes = a->bytes;
        d->resource = PTX_TR_ARRAY;
        return 0;
    }
    case cudaResourceTypeLinear:
        cd = &r->res.linear.desc;
        d->resource = PTX_TR_LINEAR;
        d->data = (uint64_t)(uintptr_t)r->res.linear.devPtr;
        d->bytes = r->res.linear.sizeInBytes;
        d->dims = 1;
        break;
    case cudaResourceTypePitch2D:
        cd = &r->res.pitch2D.desc;
        d->resource = PTX_TR_PITCH2D;
        d->data = (uint64_t)(uintptr_t)r->res.pitch2D.devPtr;
        d->width = (uint32_t)r->res.pitch2D.width;
        d->height = (uint32_t)r->res.pitch2D.height;
        d->pitch = r->res.pitch2D.pitchInBytes;
        d->bytes = d->pitch * d->height;
        d->dims = 2;
        break;
    default: return cudaErrorNotSupported;   /* mipmapped arrays */
    }
    if (surface)
        return cudaErrorInvalidValue;        /* surfaces are of arrays only */
    int e = cudart_channel_layout(cd, &d->fmt, &d->chan_bytes, &d->nchan);
    if (e)
        return e;
    uint32_t elem = (uint32_t)d->chan_bytes * d->nchan;
    if (d->resource == PTX_TR_LINEAR)
        d->width = (uint32_t)(d->bytes / elem), d->pitch = d->bytes;
    if (!d->data || !d->width || d->pitch < (uint64_t)d->width * elem || !cudart_device_reaches((void *)(uintptr_t)d->data, d->bytes))
        return cudaErrorInvalidValue;
    d->height = d->height ? d->height : 1;
    d->depth = d->layers = 1;
    d->slice = d->pitch * d->height;
    return 0;
}

/* The sampling state of a texture descriptor. Linear memory is fetched by index with zeros
 * outside it, as tex1Dfetch reads it. */
static void sampling(const struct cudaTextureDesc *t, ptx_texdesc_t *d)
{
    for (int k = 0; k < 3; k++)
        d->addr[k] = d->resource == PTX_TR_LINEAR ? PTX_TA_BORDER : (uint8_t)t->addressMode[k];
    d->filter = d->resource == PTX_TR_LINEAR ? PTX_TFILT_POINT : (uint8_t)t->filterMode;
    d->norm_coords = d->resource != PTX_TR_LINEAR && t->normalizedCoords;
    /* 32-bit integers have no normalized form: they are read as they are */
    d->read_mode = d->fmt != PTX_TF_FLOAT && d->chan_bytes < 4 ? (uint8_t)t->readMode : PTX_TREAD_ELEMENT;
    for (int k = 0; k < 4; k++)
        d->border[k] = d->resource == PTX_TR_LINEAR ? 0.0f : t->borderColor[k];
}

static int create(unsigned long long *h, const struct cudaResourceDesc *r, const struct cudaTextureDesc *t, int surface)
{
    ptx_texdesc_t d;
    memset(&d, 0, sizeof d);
    int e = resource(r, &d, surface);
    if (e)
        return e;
    if (t) {
        for (int k = 0; k < 3; k++)
            if (t->addressMode[k] > cudaAddressModeBorder)
                return cudaErrorInvalidValue;
        if (t->filterMode > cudaFilterModeLinear || t->readMode > cudaReadModeNormalizedFloat)
            return cudaErrorInvalidValue;
        sampling(t, &d);
    } else {
        d.addr[0] = d.addr[1] = d.addr[2] = PTX_TA_CLAMP;
    }
    d.magic = PTX_TEXDESC_MAGIC;
    tex_obj_t *o = calloc(1, sizeof *o);
    ptx_texdesc_t *dev = cudart_mem_alloc(sizeof d, CUDART_MEM_DEVICE, 0, NULL);
    if (!o || !dev) {
        free(o);
        if (dev)
            cudart_mem_free(dev, CUDART_MEM_DEVICE);
        return cudaErrorMemoryAllocation;
    }
    memcpy(dev, &d, sizeof d);
    o->desc = dev;
    o->surface = surface;
    o->res = *r;
    if (t)
        o->tex = *t;
    pthread_mutex_lock(&lock);
    o->next = objects;
    objects = o;
    pthread_mutex_unlock(&lock);
    *h = (unsigned long long)(uintptr_t)dev;
    return 0;
}

static int destroy(unsigned long long h, int surface)
{
    if (!h)
        return 0;
    tex_obj_t *o = find(h, surface, 1);
    if (!o)
        return cudaErrorInvalidValue;
    o->desc->magic = 0;   /* a stale handle faults */
    cudart_mem_free(o->desc, CUDART_MEM_DEVICE);
    free(o);
    return 0;
}

cudaError_t cudaCreateTextureObject(cudaTextureObject_t *pTexObject, const struct cudaResourceDesc *pResDesc,
                                    const struct cudaTextureDesc *pTexDesc, const struct cudaResourceViewDesc *pResViewDesc)
{
    ENTER();
    if (!pTexObject || !pResDesc || !pTexDesc)
        RET(cudaErrorInvalidValue);
    if (pResViewDesc)
        RET(cudaErrorNotSupported);
    RET(create(pTexObject, pResDesc, pTexDesc, 0));
}

cudaError_t cudaDestroyTextureObject(cudaTextureObject_t texObject)
{
    ENTER();
    cudart_queue_drain();   /* a queued kernel may still read it */
    RET(destroy(texObject, 0));
}

/* The resource description an object was made of. */
static cudaError_t resource_desc(struct cudaResourceDesc *out, unsigned long long h, int surface)
{
    ENTER();
    tex_obj_t *o = find(h, surface, 0);
    if (!o || !out)
        RET(cudaErrorInvalidValue);
    *out = o->res;
    return cudaSuccess;
}

cudaError_t cudaGetTextureObjectResourceDesc(struct cudaResourceDesc *pResDesc, cudaTextureObject_t texObject)
{
    return resource_desc(pResDesc, texObject, 0);
}

cudaError_t cudaGetTextureObjectTextureDesc(struct cudaTextureDesc *pTexDesc, cudaTextureObject_t texObject)
{
    ENTER();
    tex_obj_t *o = find(texObject, 0, 0);
    if (!o || !pTexDesc)
        RET(cudaErrorInvalidValue);
    *pTexDesc = o->tex;
    return cudaSuccess;
}

cudaError_t cudaCreateSurfaceObject(cudaSurfaceObject_t *pSurfObject, const struct cudaResourceDesc *pResDesc)
{
    ENTER();
    if (!pSurfObject || !pResDesc)
        RET(cudaErrorInvalidValue);
    RET(create(pSurfObject, pResDesc, NULL, 1));
}

cudaError_t cudaDestroySurfaceObject(cudaSurfaceObject_t surfObject)
{
    ENTER();
    cudart_queue_drain();   /* a queued kernel may still read it */
    RET(destroy(surfObject, 1));
}

cudaError_t cudaGetSurfaceObjectResourceDesc(struct cudaResourceDesc *pResDesc, cudaSurfaceObject_t surfObject)
{
    return resource_desc(pResDesc, surfObject, 1);
}
