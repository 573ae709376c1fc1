// CUB's block and warp primitives: BlockReduce, BlockScan, BlockRadixSort,
// BlockLoad/BlockStore (transposed), WarpReduce and WarpScan.
#include <algorithm>
#include <vector>

#include <cub/block/block_load.cuh>
#include <cub/block/block_radix_sort.cuh>
#include <cub/block/block_reduce.cuh>
#include <cub/block/block_scan.cuh>
#include <cub/block/block_store.cuh>
#include <cub/warp/warp_reduce.cuh>
#include <cub/warp/warp_scan.cuh>

#include "check.h"

constexpr int THREADS = 128, ITEMS = 4, TILE = THREADS * ITEMS;

__global__ void blocks(const int *in, int *sums, int *scan, int *sorted)
{
    using Load = cub::BlockLoad<int, THREADS, ITEMS, cub::BLOCK_LOAD_TRANSPOSE>;
    using Store = cub::BlockStore<int, THREADS, ITEMS, cub::BLOCK_STORE_TRANSPOSE>;
    using Reduce = cub::BlockReduce<int, THREADS>;
    using Scan = cub::BlockScan<int, THREADS>;
    using Sort = cub::BlockRadixSort<int, THREADS, ITEMS>;
    __shared__ union {
        typename Load::TempStorage load;
        typename Store::TempStorage store;
        typename Reduce::TempStorage reduce;
        typename Scan::TempStorage scan;
        typename Sort::TempStorage sort;
    } tmp;
    int items[ITEMS];
    int base = blockIdx.x * TILE;
    Load(tmp.load).Load(in + base, items);
    __syncthreads();
    int total = Reduce(tmp.reduce).Sum(items);
    if (threadIdx.x == 0)
        sums[blockIdx.x] = total;
    __syncthreads();
    int scanned[ITEMS];
    Scan(tmp.scan).InclusiveSum(items, scanned);
    __syncthreads();
    Store(tmp.store).Store(scan + base, scanned);
    __syncthreads();
    Sort(tmp.sort).Sort(items);
    __syncthreads();
    Store(tmp.store).Store(sorted + base, items);
}

__global__ void warps(const int *in, int *wsum, int *wscan)
{
    using WR = cub::WarpReduce<int>;
    using WS = cub::WarpScan<int>;
    __shared__ typename WR::TempStorage r[THREADS / 32];
    __shared__ typename WS::TempStorage s[THREADS / 32];
    int w = threadIdx.x / 32, i = blockIdx.x * THREADS + threadIdx.x;
    int v = in[i];
    int sum = WR(r[w]).Sum(v);
    if (threadIdx.x % 32 == 0)
        wsum[i / 32] = sum;
    int ex;
    WS(s[w]).ExclusiveSum(v, ex);
    wscan[i] = ex;
}

int main()
{
    const int nblocks = 6, n = nblocks * TILE;
    std::vector<int> h(n);
    for (int i = 0; i < n; i++)
        h[i] = (int)((i * 2654435761u) >> 7) % 1000 - 500;
    int *din, *dsums, *dscan, *dsorted, *dwsum, *dwscan;
    CHECK(cudaMalloc(&din, n * 4));
    CHECK(cudaMalloc(&dsums, nblocks * 4));
    CHECK(cudaMalloc(&dscan, n * 4));
    CHECK(cudaMalloc(&dsorted, n * 4));
    CHECK(cudaMalloc(&dwsum, n / 32 * 4));
    CHECK(cudaMalloc(&dwscan, n * 4));
    CHECK(cudaMemcpy(din, h.data(), n * 4, cudaMemcpyHostToDevice));
    blocks<<<nblocks, THREADS>>>(din, dsums, dscan, dsorted);
    CHECK(cudaGetLastError());
    warps<<<n / THREADS, THREADS>>>(din, dwsum, dwscan);
    CHECK(cudaGetLastError());
    std::vector<int> sums(nblocks), scan(n), sorted(n), wsum(n / 32), wscan(n);
    CHECK(cudaMemcpy(sums.data(), dsums, nblocks * 4, cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(scan.data(), dscan, n * 4, cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(sorted.data(), dsorted, n * 4, cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(wsum.data(), dwsum, n / 32 * 4, cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(wscan.data(), dwscan, n * 4, cudaMemcpyDeviceToHost));
    for (int b = 0; b < nblocks; b++) {
        int acc = 0;
        for (int i = b * TILE; i < (b + 1) * TILE; i++) {
            acc += h[i];
            EXPECT(scan[i] == acc, "BlockScan at %d: %d, want %d", i, scan[i], acc);
        }
        EXPECT(sums[b] == acc, "BlockReduce %d: %d, want %d", b, sums[b], acc);
        std::vector<int> want(h.begin() + b * TILE, h.begin() + (b + 1) * TILE);
        std::sort(want.begin(), want.end());
        EXPECT(std::equal(want.begin(), want.end(), sorted.begin() + b * TILE), "BlockRadixSort tile %d", b);
    }
    for (int w = 0; w < n / 32; w++) {
        int acc = 0;
        for (int l = 0; l < 32; l++) {
            EXPECT(wscan[w * 32 + l] == acc, "WarpScan at %d", w * 32 + l);
            acc += h[w * 32 + l];
        }
        EXPECT(wsum[w] == acc, "WarpReduce %d", w);
    }
    return finish("cub_block");
}
