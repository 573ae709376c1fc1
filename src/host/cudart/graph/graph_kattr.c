/* A kernel node's launch attributes (cudaGraphKernelNodeGet/SetAttribute,
 * CopyAttributes): every ID CUDA 13 makes valid for graph nodes is kept as
 * set and reported back. The cooperative one makes the node a cooperative
 * launch; clusters are refused, as the device reports none
 * (cudaDevAttrClusterLaunch 0); the rest steer nothing that is modelled. */
#include <cuda_runtime_api.h>

#include <string.h>

#include "host/cudart/cudart.h"
#include "host/cudart/graph/graph.h"

static int node_attr(cudaLaunchAttributeID id)
{
    switch (id) {
    case cudaLaunchAttributeAccessPolicyWindow:
    case cudaLaunchAttributeCooperative:
    case cudaLaunchAttributeClusterDimension:
    case cudaLaunchAttributeClusterSchedulingPolicyPreference:
    case cudaLaunchAttributePriority:
    case cudaLaunchAttributeMemSyncDomainMap:
    case cudaLaunchAttributeMemSyncDomain:
    case cudaLaunchAttributePreferredClusterDimension:
    case cudaLaunchAttributeDeviceUpdatableKernelNode:
    case cudaLaunchAttributeNvlinkUtilCentricScheduling:
        return 1;
    default:
        return 0;
    }
}

static cudart_kernel_op_t *kernel_of(cudaGraphNode_t n)
{
    return cudart_node_ok(n) && n->op.type == cudaGraphNodeTypeKernel ? &n->op.u.kernel : NULL;
}

/* A cluster of more than one block. */
static int clustered(const cudaLaunchAttributeValue *v)
{
    return v->clusterDim.x * v->clusterDim.y * v->clusterDim.z > 1;
}

cudaError_t cudaGraphKernelNodeSetAttribute(cudaGraphNode_t hNode, cudaKernelNodeAttrID attr,
                                            const cudaKernelNodeAttrValue *value)
{
    ENTER();
    cudart_kernel_op_t *k = kernel_of(hNode);
    if (!k || !value || !node_attr(attr))
        RET(cudaErrorInvalidValue);
    if ((attr == cudaLaunchAttributeClusterDimension || attr == cudaLaunchAttributePreferredClusterDimension) &&
        clustered(value))
        RET(cudaErrorNotSupported);
    if (attr == cudaLaunchAttributeDeviceUpdatableKernelNode && value->deviceUpdatableKernelNode.deviceUpdatable)
        RET(cudaErrorNotSupported);   /* device-side graph updates: not modelled */
    k->attrs[attr] = *value;
    k->attr_set |= 1u << attr;
    if (attr == cudaLaunchAttributeCooperative)
        k->cooperative = value->cooperative != 0;
    return cudaSuccess;
}

cudaError_t cudaGraphKernelNodeGetAttribute(cudaGraphNode_t hNode, cudaKernelNodeAttrID attr,
                                            cudaKernelNodeAttrValue *value_out)
{
    ENTER();
    cudart_kernel_op_t *k = kernel_of(hNode);
    if (!k || !value_out || !node_attr(attr))
        RET(cudaErrorInvalidValue);
    if (k->attr_set & 1u << attr)
        *value_out = k->attrs[attr];
    else
        memset(value_out, 0, sizeof *value_out);
    if (attr == cudaLaunchAttributeCooperative)
        value_out->cooperative = k->cooperative;
    return cudaSuccess;
}

cudaError_t cudaGraphKernelNodeCopyAttributes(cudaGraphNode_t hDst, cudaGraphNode_t hSrc)
{
    ENTER();
    cudart_kernel_op_t *d = kernel_of(hDst), *s = kernel_of(hSrc);
    if (!d || !s)
        RET(cudaErrorInvalidValue);
    memcpy(d->attrs, s->attrs, sizeof d->attrs);
    d->attr_set = s->attr_set;
    d->cooperative = s->cooperative;
    return cudaSuccess;
}
