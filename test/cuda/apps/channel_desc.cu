// cudaCreateChannelDesc, the C function and the C++ template that calls it:
// the descriptor is the bits and kind asked for.
#include "check.h"

int main()
{
    cudaChannelFormatDesc d = cudaCreateChannelDesc(8, 16, 0, 32, cudaChannelFormatKindUnsigned);
    EXPECT(d.x == 8 && d.y == 16 && d.z == 0 && d.w == 32 && d.f == cudaChannelFormatKindUnsigned,
           "cudaCreateChannelDesc: %d %d %d %d kind %d", d.x, d.y, d.z, d.w, (int)d.f);
    cudaChannelFormatDesc f4 = cudaCreateChannelDesc<float4>();
    EXPECT(f4.x == 32 && f4.y == 32 && f4.z == 32 && f4.w == 32 && f4.f == cudaChannelFormatKindFloat,
           "cudaCreateChannelDesc<float4>: %d %d %d %d kind %d", f4.x, f4.y, f4.z, f4.w, (int)f4.f);
    return finish("channel_desc");
}
