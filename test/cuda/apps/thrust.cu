// Thrust: sort, reduce, transform, inclusive_scan (and sort_by_key, a
// transform_reduce) on device_vectors, checked against the host's std::.
#include <algorithm>
#include <numeric>
#include <vector>

#include <thrust/device_vector.h>
#include <thrust/functional.h>
#include <thrust/reduce.h>
#include <thrust/scan.h>
#include <thrust/sort.h>
#include <thrust/transform.h>
#include <thrust/transform_reduce.h>

#include "check.h"

struct affine {
    int a, b;
    __host__ __device__ int operator()(int x) const { return a * x + b; }
};

struct square {
    __host__ __device__ long long operator()(int x) const { return (long long)x * x; }
};

int main()
{
    const int n = 20000;
    std::vector<int> h(n);
    unsigned s = 12345;
    for (int &x : h)
        x = (int)((s = s * 1103515245u + 12345u) >> 8) % 100000 - 50000;
    thrust::device_vector<int> d(h.begin(), h.end());

    long long sum = thrust::reduce(d.begin(), d.end(), 0LL);
    EXPECT(sum == std::accumulate(h.begin(), h.end(), 0LL), "reduce %lld", sum);
    int mx = thrust::reduce(d.begin(), d.end(), -1 << 30, thrust::maximum<int>());
    EXPECT(mx == *std::max_element(h.begin(), h.end()), "max %d", mx);

    thrust::device_vector<int> t(n);
    thrust::transform(d.begin(), d.end(), t.begin(), affine{3, -7});
    std::vector<int> ht(n);
    thrust::copy(t.begin(), t.end(), ht.begin());
    for (int i = 0; i < n; i++)
        EXPECT(ht[i] == 3 * h[i] - 7, "transform[%d] = %d", i, ht[i]);

    long long sq = thrust::transform_reduce(d.begin(), d.end(), square(), 0LL, thrust::plus<long long>());
    long long hsq = 0;
    for (int x : h)
        hsq += (long long)x * x;
    EXPECT(sq == hsq, "transform_reduce %lld, want %lld", sq, hsq);

    thrust::device_vector<int> scan(n);
    thrust::inclusive_scan(d.begin(), d.end(), scan.begin());
    std::vector<int> hs(n), want(n);
    thrust::copy(scan.begin(), scan.end(), hs.begin());
    std::partial_sum(h.begin(), h.end(), want.begin());
    for (int i = 0; i < n; i++)
        EXPECT(hs[i] == want[i], "scan[%d] = %d, want %d", i, hs[i], want[i]);

    thrust::device_vector<int> keys = d;
    thrust::sort(keys.begin(), keys.end());
    std::vector<int> hk(n), sorted = h;
    std::sort(sorted.begin(), sorted.end());
    thrust::copy(keys.begin(), keys.end(), hk.begin());
    EXPECT(hk == sorted, "sort: first difference at %ld",
           (long)(std::mismatch(hk.begin(), hk.end(), sorted.begin()).first - hk.begin()));

    thrust::device_vector<float> fk(n);
    thrust::device_vector<int> idx(n);
    std::vector<float> hf(n);
    for (int i = 0; i < n; i++)
        hf[i] = (h[i] % 997) * 0.5f;
    thrust::copy(hf.begin(), hf.end(), fk.begin());
    thrust::sequence(idx.begin(), idx.end());
    thrust::sort_by_key(fk.begin(), fk.end(), idx.begin(), thrust::greater<float>());
    std::vector<int> hi(n);
    thrust::copy(idx.begin(), idx.end(), hi.begin());
    for (int i = 1; i < n; i++)
        EXPECT(hf[hi[i - 1]] >= hf[hi[i]], "sort_by_key order at %d", i);
    return finish("thrust");
}
