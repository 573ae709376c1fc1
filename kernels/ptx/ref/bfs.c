/* BFS levels from node 0 with a queue. The kernel relaxes a fixed number of
 * times, so the reference fails if the graph is deeper than that. */
#include "ref_io.h"

#define N 16384
#define DEG 8
#define STEPS 10

int main(int argc, char **argv)
{
    ref_init(argc, argv);
    const uint32_t *cols = ref_load("cols", 4, N * DEG);
    uint32_t *level = ref_alloc(4, N), *queue = ref_alloc(4, N);
    memset(level, 0xff, 4 * (size_t)N);
    size_t head = 0, tail = 0;
    level[0] = 0;
    queue[tail++] = 0;
    while (head < tail) {
        uint32_t u = queue[head++];
        for (int k = 0; k < DEG; k++) {
            uint32_t v = cols[u * DEG + k];
            if (v >= N)
                ref_fail("an edge leaves the graph", "cols");
            if (level[v] == 0xffffffffu) {
                level[v] = level[u] + 1;
                queue[tail++] = v;
            }
        }
    }
    if (level[queue[tail - 1]] > STEPS)
        ref_fail("the graph is deeper than the launch file's steps", "level");
    ref_store("level", level, 4, N);
    return 0;
}
