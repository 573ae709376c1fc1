/* Stream attributes (cudaStreamSetAttribute, GetAttribute,
 * CopyAttributes): every attribute CUDA 13 makes valid for streams is kept
 * as set and reported back. None changes how work runs here: there is no
 * L2 model for an access policy window to steer, priorities order nothing
 * when work completes as issued, and a synchronisation never waits. A
 * stream's priority attribute is its priority (cudaStreamGetPriority). */
#include <cuda_runtime_api.h>

#include <string.h>

#include "host/cudart/cudart.h"
#include "host/cudart/cudart_card.h"
#include "host/cudart/cudart_stream.h"

/* The IDs driver_types.h marks "valid for streams". */
static int stream_attr(cudaLaunchAttributeID id)
{
    switch (id) {
    case cudaLaunchAttributeAccessPolicyWindow:
    case cudaLaunchAttributeSynchronizationPolicy:
    case cudaLaunchAttributePriority:
    case cudaLaunchAttributeMemSyncDomainMap:
    case cudaLaunchAttributeMemSyncDomain:
    case cudaLaunchAttributeNvlinkUtilCentricScheduling:
        return 1;
    default:
        return 0;
    }
}

/* What a stream reports before anything is set. */
static void default_value(const cudart_stream_t *s, cudaLaunchAttributeID id, cudaLaunchAttributeValue *v)
{
    memset(v, 0, sizeof *v);
    if (id == cudaLaunchAttributeSynchronizationPolicy)
        v->syncPolicy = cudaSyncPolicyAuto;
    else if (id == cudaLaunchAttributePriority)
        v->priority = s->priority;
    else if (id == cudaLaunchAttributeMemSyncDomainMap)
        v->memSyncDomainMap.remote = 1;   /* default domain 0, remote 1, as the driver starts */
}

/* The Programming Guide's rules for a window: at most the device's maximum,
 * a hit ratio in [0, 1], and a miss property that does not persist. */
static int window_ok(const struct cudaAccessPolicyWindow *w)
{
    int max = 0;
    cudaDeviceGetAttribute(&max, cudaDevAttrMaxAccessPolicyWindowSize, 0);
    return w->num_bytes <= (size_t)max && w->hitRatio >= 0.0f && w->hitRatio <= 1.0f &&
           w->hitProp <= cudaAccessPropertyPersisting && w->missProp <= cudaAccessPropertyStreaming;
}

static int value_ok(cudaLaunchAttributeID id, const cudaLaunchAttributeValue *v)
{
    switch (id) {
    case cudaLaunchAttributeAccessPolicyWindow: return window_ok(&v->accessPolicyWindow);
    case cudaLaunchAttributeSynchronizationPolicy:
        return v->syncPolicy >= cudaSyncPolicyAuto && v->syncPolicy <= cudaSyncPolicyBlockingSync;
    case cudaLaunchAttributeMemSyncDomain: return v->memSyncDomain <= cudaLaunchMemSyncDomainRemote;
    default: return 1;
    }
}

cudaError_t cudaStreamSetAttribute(cudaStream_t hStream, cudaStreamAttrID attr, const cudaStreamAttrValue *value)
{
    ENTER();
    cudart_stream_t *s = cudart_stream_of(hStream);
    if (!s)
        RET(cudaErrorInvalidResourceHandle);
    if (!value || !stream_attr(attr) || !value_ok(attr, value))
        RET(cudaErrorInvalidValue);
    s->attrs[attr] = *value;
    s->attr_set |= 1u << attr;
    if (attr == cudaLaunchAttributePriority)
        s->priority = value->priority < -5 ? -5 : value->priority > 0 ? 0 : value->priority;
    return cudaSuccess;
}

cudaError_t cudaStreamGetAttribute(cudaStream_t hStream, cudaStreamAttrID attr, cudaStreamAttrValue *value_out)
{
    ENTER();
    cudart_stream_t *s = cudart_stream_of(hStream);
    if (!s)
        RET(cudaErrorInvalidResourceHandle);
    if (!value_out || !stream_attr(attr))
        RET(cudaErrorInvalidValue);
    if (s->attr_set & 1u << attr)
        *value_out = s->attrs[attr];
    else
        default_value(s, attr, value_out);
    if (attr == cudaLaunchAttributePriority)
        value_out->priority = s->priority;
    return cudaSuccess;
}

cudaError_t cudaStreamCopyAttributes(cudaStream_t dst, cudaStream_t src)
{
    ENTER();
    cudart_stream_t *d = cudart_stream_of(dst), *s = cudart_stream_of(src);
    if (!d || !s)
        RET(cudaErrorInvalidResourceHandle);
    memcpy(d->attrs, s->attrs, sizeof d->attrs);
    d->attr_set = s->attr_set;
    d->priority = s->priority;
    return cudaSuccess;
}

/* No L2 is modelled, so no line persists to be demoted. */
cudaError_t cudaCtxResetPersistingL2Cache(void) { return (cudaError_t)cudart_enter(); }

#define ALIAS(name, of) extern __typeof__(of) name __attribute__((alias(#of)))
ALIAS(cudaStreamSetAttribute_ptsz, cudaStreamSetAttribute);
ALIAS(cudaStreamGetAttribute_ptsz, cudaStreamGetAttribute);
ALIAS(cudaStreamCopyAttributes_ptsz, cudaStreamCopyAttributes);
