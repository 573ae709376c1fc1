// CUB's device-wide algorithms: DeviceRadixSort (keys, pairs, descending),
// DeviceReduce (sum, max), DeviceScan (inclusive and exclusive sums), each
// asked for its temporary storage first, as CUB's callers do.
#include <algorithm>
#include <numeric>
#include <vector>

#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_reduce.cuh>
#include <cub/device/device_scan.cuh>

#include "check.h"

static void *temp(size_t bytes)
{
    static void *p;
    static size_t have;
    if (bytes > have) {
        CHECK(cudaFree(p));
        CHECK(cudaMalloc(&p, bytes));
        have = bytes;
    }
    return p;
}

int main()
{
    const int n = 30000;
    std::vector<unsigned> h(n);
    std::vector<int> v(n);
    unsigned s = 777;
    for (int i = 0; i < n; i++) {
        h[i] = s = s * 1664525u + 1013904223u;
        v[i] = i;
    }
    unsigned *dk, *dk2;
    int *dv, *dv2;
    CHECK(cudaMalloc(&dk, n * 4));
    CHECK(cudaMalloc(&dk2, n * 4));
    CHECK(cudaMalloc(&dv, n * 4));
    CHECK(cudaMalloc(&dv2, n * 4));
    CHECK(cudaMemcpy(dk, h.data(), n * 4, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(dv, v.data(), n * 4, cudaMemcpyHostToDevice));

    size_t bytes = 0;
    CHECK(cub::DeviceRadixSort::SortPairs(nullptr, bytes, dk, dk2, dv, dv2, n));
    CHECK(cub::DeviceRadixSort::SortPairs(temp(bytes), bytes, dk, dk2, dv, dv2, n));
    std::vector<unsigned> gk(n);
    std::vector<int> gv(n);
    CHECK(cudaMemcpy(gk.data(), dk2, n * 4, cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(gv.data(), dv2, n * 4, cudaMemcpyDeviceToHost));
    std::vector<unsigned> sorted = h;
    std::sort(sorted.begin(), sorted.end());
    EXPECT(gk == sorted, "SortPairs keys");
    for (int i = 0; i < n; i++)
        EXPECT(h[gv[i]] == gk[i], "SortPairs value %d", i);

    CHECK(cub::DeviceRadixSort::SortKeysDescending(nullptr, bytes, dk, dk2, n));
    CHECK(cub::DeviceRadixSort::SortKeysDescending(temp(bytes), bytes, dk, dk2, n));
    CHECK(cudaMemcpy(gk.data(), dk2, n * 4, cudaMemcpyDeviceToHost));
    std::reverse(sorted.begin(), sorted.end());
    EXPECT(gk == sorted, "SortKeysDescending");

    int *dsum, *dmax, *dscan;
    CHECK(cudaMalloc(&dsum, 4));
    CHECK(cudaMalloc(&dmax, 4));
    CHECK(cudaMalloc(&dscan, n * 4));
    for (int i = 0; i < n; i++)
        v[i] = (int)(h[i] % 201) - 100;
    CHECK(cudaMemcpy(dv, v.data(), n * 4, cudaMemcpyHostToDevice));
    CHECK(cub::DeviceReduce::Sum(nullptr, bytes, dv, dsum, n));
    CHECK(cub::DeviceReduce::Sum(temp(bytes), bytes, dv, dsum, n));
    CHECK(cub::DeviceReduce::Max(nullptr, bytes, dv, dmax, n));
    CHECK(cub::DeviceReduce::Max(temp(bytes), bytes, dv, dmax, n));
    int gsum, gmax;
    CHECK(cudaMemcpy(&gsum, dsum, 4, cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(&gmax, dmax, 4, cudaMemcpyDeviceToHost));
    EXPECT(gsum == std::accumulate(v.begin(), v.end(), 0), "Reduce::Sum %d", gsum);
    EXPECT(gmax == *std::max_element(v.begin(), v.end()), "Reduce::Max %d", gmax);

    std::vector<int> want(n), got(n);
    CHECK(cub::DeviceScan::InclusiveSum(nullptr, bytes, dv, dscan, n));
    CHECK(cub::DeviceScan::InclusiveSum(temp(bytes), bytes, dv, dscan, n));
    CHECK(cudaMemcpy(got.data(), dscan, n * 4, cudaMemcpyDeviceToHost));
    std::partial_sum(v.begin(), v.end(), want.begin());
    EXPECT(got == want, "InclusiveSum");
    CHECK(cub::DeviceScan::ExclusiveSum(nullptr, bytes, dv, dscan, n));
    CHECK(cub::DeviceScan::ExclusiveSum(temp(bytes), bytes, dv, dscan, n));
    CHECK(cudaMemcpy(got.data(), dscan, n * 4, cudaMemcpyDeviceToHost));
    for (int i = n - 1; i > 0; i--)
        want[i] = want[i - 1];
    want[0] = 0;
    EXPECT(got == want, "ExclusiveSum");
    return finish("cub_device");
}
