/* A texture or surface object as device code holds it: cudaTextureObject_t
 * and cudaSurfaceObject_t are the global address of one of these, which the
 * CUDA runtime (src/host/cudart/cudart_texture.c) writes into device memory,
 * so tex/suld/sust/txq/suq (ptx_exec_tex.h) read it as memory on both
 * backends. The texels: element (x, y, z, layer) is at
 *   data + layer * slice * depth + z * slice + y * pitch + x * elem
 * (a CUDA array is plain row-major: pitch = width * elem, slice = height *
 * pitch; a cubemap's six faces are its layers 0..5, a layered cubemap's
 * layer L face f is layer 6L + f). */
#ifndef PTX_TEXDESC_H
#define PTX_TEXDESC_H

#include "device/sim_port.h"

#define PTX_TEXDESC_MAGIC 0x58455457u /* "WTEX" */

/* Channel kinds (cudaChannelFormatKind's first three; a 16-bit float is half). */
enum { PTX_TF_SIGNED, PTX_TF_UNSIGNED, PTX_TF_FLOAT };
/* Resources (cudaResourceType's). */
enum { PTX_TR_ARRAY, PTX_TR_MIPMAP, PTX_TR_LINEAR, PTX_TR_PITCH2D };
/* Address modes, filter and read mode: cudaTextureAddressMode's, cudaTextureFilterMode's,
 * cudaTextureReadMode's values. */
enum { PTX_TA_WRAP, PTX_TA_CLAMP, PTX_TA_MIRROR, PTX_TA_BORDER };
enum { PTX_TFILT_POINT, PTX_TFILT_LINEAR };
enum { PTX_TREAD_ELEMENT, PTX_TREAD_NORMALIZED };

/* The instructions' modifiers: geometry (.1d ..), txq/suq attribute, surface clamp mode (.trap
 * .clamp .zero), tld4 component (.r .g .b .a: 0..3). */
enum { PTX_TG_NONE, PTX_TG_1D, PTX_TG_2D, PTX_TG_3D, PTX_TG_A1D, PTX_TG_A2D, PTX_TG_CUBE, PTX_TG_ACUBE };
enum { PTX_TQ_NONE, PTX_TQ_WIDTH, PTX_TQ_HEIGHT, PTX_TQ_DEPTH, PTX_TQ_CHANNEL_DATA_TYPE, PTX_TQ_CHANNEL_ORDER,
       PTX_TQ_NORMALIZED_COORDS, PTX_TQ_FILTER_MODE, PTX_TQ_ADDR_MODE_0, PTX_TQ_ADDR_MODE_1, PTX_TQ_ADDR_MODE_2,
       PTX_TQ_ARRAY_SIZE, PTX_TQ_NUM_MIPMAP_LEVELS, PTX_TQ_NUM_SAMPLES };
enum { PTX_SUC_NONE, PTX_SUC_TRAP, PTX_SUC_CLAMP, PTX_SUC_ZERO };

typedef struct ptx_texdesc {
    uint32_t magic;
    uint8_t fmt;           /* PTX_TF_* */
    uint8_t chan_bytes;    /* 1, 2 or 4 */
    uint8_t nchan;         /* 1, 2 or 4 */
    uint8_t resource;      /* PTX_TR_* */
    uint8_t dims;          /* 1, 2 or 3 */
    uint8_t layered;
    uint8_t cubemap;
    uint8_t filter;        /* PTX_TFILT_* */
    uint8_t addr[3];       /* PTX_TA_* per dimension */
    uint8_t read_mode;     /* PTX_TREAD_* */
    uint8_t norm_coords;
    uint8_t pad[3];
    uint32_t width, height, depth, layers; /* texels; 1 where a dimension is absent; layers: 6 for a cubemap */
    uint64_t data;         /* global address of texel (0, 0, 0, 0) */
    uint64_t pitch, slice; /* bytes between rows, between 2D slices */
    uint64_t bytes;        /* the resource's extent from data, checked before any access */
    float border[4];
} ptx_texdesc_t;

#endif
