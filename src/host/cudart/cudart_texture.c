/* Textures and CUDA arrays are not implemented (cudart_stubs.c answers
 * cudaErrorNotSupported for them); a channel descriptor is only a value,
 * which programs make before they ask for an array, so it is real here:
 * the weak stub, returning an int, would leave the caller's struct (returned
 * through a hidden pointer) unwritten. */
#include <cuda_runtime_api.h>

struct cudaChannelFormatDesc cudaCreateChannelDesc(int x, int y, int z, int w, enum cudaChannelFormatKind f)
{
    struct cudaChannelFormatDesc d = {x, y, z, w, f};
    return d;
}
