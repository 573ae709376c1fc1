// Cooperative groups: thread_block, tiled partitions, shuffles and reductions on tiles, coalesced groups.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

__global__ void cg_kernel(int *out, const int *in)
{
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
    cg::thread_block_tile<8> tile8 = cg::tiled_partition<8>(block);
    int v = in[block.thread_rank()];
    int s = cg::reduce(warp, v, cg::plus<int>());
    int m = cg::reduce(tile8, v, cg::greater<int>());
    int u = warp.shfl_down(v, 1) + tile8.shfl_xor(v, 2);
    block.sync();
    if (v & 1) {
        cg::coalesced_group active = cg::coalesced_threads();
        u += active.size() + active.thread_rank() + active.shfl(v, 0);
        active.sync();
    }
    warp.sync();
    out[block.thread_rank()] = s + m + u + (int)warp.meta_group_rank() + (int)tile8.ballot(v > 2) + (int)block.group_dim().x;
}
