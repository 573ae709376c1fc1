/* Sorting algorithms on the same pseudo-random data: insertion, shell,
 * heap, merge (top-down with a scratch buffer), quicksort (median of three)
 * and counting sort; each result checked against the others. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define N 300

static uint32_t st = 1;
static int rnd(void)
{
    st = st * 214013u + 2531011u;
    return (int)((st >> 16) & 0x7fff) - 16384;
}

static void insertion(int *a, int n)
{
    for (int i = 1; i < n; i++) {
        int v = a[i], j = i;
        for (; j > 0 && a[j - 1] > v; j--)
            a[j] = a[j - 1];
        a[j] = v;
    }
}

static void shell(int *a, int n)
{
    static const int gaps[] = { 701, 301, 132, 57, 23, 10, 4, 1 };
    for (int g = 0; g < 8; g++)
        for (int i = gaps[g]; i < n; i++) {
            int v = a[i], j = i;
            for (; j >= gaps[g] && a[j - gaps[g]] > v; j -= gaps[g])
                a[j] = a[j - gaps[g]];
            a[j] = v;
        }
}

static void sift(int *a, int root, int n)
{
    for (int child; (child = 2 * root + 1) < n; root = child) {
        if (child + 1 < n && a[child] < a[child + 1])
            child++;
        if (a[root] >= a[child])
            return;
        int t = a[root];
        a[root] = a[child];
        a[child] = t;
    }
}

static void heapsort(int *a, int n)
{
    for (int i = n / 2 - 1; i >= 0; i--)
        sift(a, i, n);
    for (int end = n - 1; end > 0; end--) {
        int t = a[0];
        a[0] = a[end];
        a[end] = t;
        sift(a, 0, end);
    }
}

static int scratch[N];
static void merge_sort(int *a, int lo, int hi)
{
    if (hi - lo < 2)
        return;
    int mid = (lo + hi) / 2;
    merge_sort(a, lo, mid);
    merge_sort(a, mid, hi);
    int i = lo, j = mid, k = lo;
    while (i < mid && j < hi)
        scratch[k++] = a[i] <= a[j] ? a[i++] : a[j++];
    while (i < mid)
        scratch[k++] = a[i++];
    while (j < hi)
        scratch[k++] = a[j++];
    memcpy(a + lo, scratch + lo, (size_t)(hi - lo) * sizeof *a);
}

static void quick(int *a, int lo, int hi)
{
    while (hi - lo > 8) {
        int mid = lo + (hi - lo) / 2;
        int x = a[lo], y = a[mid], z = a[hi];
        int pivot = (x < y) ? (y < z ? y : (x < z ? z : x)) : (x < z ? x : (y < z ? z : y));
        int i = lo, j = hi;
        while (i <= j) {
            while (a[i] < pivot) i++;
            while (a[j] > pivot) j--;
            if (i <= j) {
                int t = a[i];
                a[i++] = a[j];
                a[j--] = t;
            }
        }
        if (j - lo < hi - i) {
            quick(a, lo, j);
            lo = i;
        } else {
            quick(a, i, hi);
            hi = j;
        }
    }
    insertion(a + lo, hi - lo + 1);
}

static void counting(int *a, int n)
{
    static unsigned short count[32768];
    memset(count, 0, sizeof count);
    for (int i = 0; i < n; i++)
        count[a[i] + 16384]++;
    int k = 0;
    for (int v = 0; v < 32768; v++)
        while (count[v]--)
            a[k++] = v - 16384;
}

static uint32_t digest(const int *a, int n)
{
    uint32_t h = 2166136261u;
    for (int i = 0; i < n; i++)
        h = (h ^ (uint32_t)a[i]) * 16777619u;
    return h;
}

int main(void)
{
    static int orig[N], work[N];
    for (int i = 0; i < N; i++)
        orig[i] = rnd();
    orig[10] = orig[20] = orig[30]; /* duplicates */
    const char *names[] = { "insertion", "shell", "heap", "merge", "quick", "counting" };
    uint32_t first = 0;
    int mismatches = 0;
    for (int alg = 0; alg < 6; alg++) {
        memcpy(work, orig, sizeof work);
        switch (alg) {
        case 0: insertion(work, N); break;
        case 1: shell(work, N); break;
        case 2: heapsort(work, N); break;
        case 3: merge_sort(work, 0, N); break;
        case 4: quick(work, 0, N - 1); break;
        case 5: counting(work, N); break;
        }
        int ok = 1;
        for (int i = 1; i < N; i++)
            ok &= work[i - 1] <= work[i];
        uint32_t d = digest(work, N);
        if (alg == 0)
            first = d;
        mismatches += d != first;
        printf("%-9s sorted=%d min=%d max=%d digest=%08x\n", names[alg], ok, work[0], work[N - 1], (unsigned)d);
    }
    return mismatches;
}
