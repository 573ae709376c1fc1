// Cooperative-groups tiles wider than a warp (64 and 128 threads, as
// NVIDIA's reduction sample's kernel 9 uses them): tile.sync(), ranks,
// shuffles within the tile's warps, and a tile-wide sum through
// cg::reduce, in blocks of 128 and 256 threads. Their synchronisation
// spins on shared memory between warps.
#include "check.h"
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

template <unsigned Tile, unsigned Block>
__global__ void tiles(const unsigned *in, unsigned *sum, unsigned *rank, unsigned *ordered)
{
    __shared__ cg::block_tile_memory<Block> scratch;
    __shared__ unsigned stage[Block];
    cg::thread_block block = cg::this_thread_block(scratch);
    auto tile = cg::tiled_partition<Tile>(block);
    unsigned i = blockIdx.x * Block + threadIdx.x, v = in[i];
    rank[i] = tile.thread_rank() + 1000 * tile.meta_group_rank();
    stage[threadIdx.x] = v;
    tile.sync();
    // the tile's first thread reads what every thread of its tile wrote before the sync
    unsigned acc = 0;
    if (tile.thread_rank() == 0)
        for (unsigned k = 0; k < Tile; k++)
            acc += stage[threadIdx.x + k];
    ordered[i] = acc;
    sum[i] = cg::reduce(tile, v, cg::plus<unsigned>());
}

template <unsigned Tile, unsigned Block> static void run(const char *what)
{
    const unsigned blocks = 3, n = blocks * Block;
    unsigned h[n], *din, *dsum, *drank, *dord;
    for (unsigned i = 0; i < n; i++)
        h[i] = (i * 2654435761u) >> 12;
    CHECK(cudaMalloc(&din, sizeof h));
    CHECK(cudaMalloc(&dsum, sizeof h));
    CHECK(cudaMalloc(&drank, sizeof h));
    CHECK(cudaMalloc(&dord, sizeof h));
    CHECK(cudaMemcpy(din, h, sizeof h, cudaMemcpyHostToDevice));
    tiles<Tile, Block><<<blocks, Block>>>(din, dsum, drank, dord);
    CHECK(cudaGetLastError());
    unsigned s[n], r[n], o[n];
    CHECK(cudaMemcpy(s, dsum, sizeof s, cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(r, drank, sizeof r, cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(o, dord, sizeof o, cudaMemcpyDeviceToHost));
    for (unsigned i = 0; i < n; i++) {
        unsigned t0 = i / Tile * Tile, want = 0;
        for (unsigned k = 0; k < Tile; k++)
            want += h[t0 + k];
        EXPECT(s[i] == want, "%s: thread %u: tile sum %u, want %u", what, i, s[i], want);
        EXPECT(r[i] == i % Tile + 1000 * (i % Block / Tile), "%s: thread %u: rank %u", what, i, r[i]);
        EXPECT(o[i] == (i % Tile == 0 ? want : 0), "%s: thread %u: read %u after tile.sync", what, i, o[i]);
    }
    CHECK(cudaFree(din));
    CHECK(cudaFree(dsum));
    CHECK(cudaFree(drank));
    CHECK(cudaFree(dord));
}

int main()
{
    run<64, 128>("64 of 128");
    run<64, 256>("64 of 256");
    run<128, 128>("128 of 128");
    run<128, 256>("128 of 256");
    return finish("cg_tiles");
}
