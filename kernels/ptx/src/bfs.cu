/* Breadth-first search levels on a generated graph: every node has DEG
 * out-edges, cols[u * deg + k] (random targets, from the launch file's fill).
 * bfs_init puts the source at level 0; each bfs_step relaxes every reached
 * node's edges with atomicMin(level[v], level[u] + 1). After as many steps
 * as the graph's depth the levels are the BFS levels, whatever the order of
 * the atomics; the launch file repeats the step. */
#define UNREACHED 0xffffffffu

extern "C" __global__ void bfs_init(unsigned *level, unsigned source)
{
    if (blockIdx.x == 0 && threadIdx.x == 0)
        level[source] = 0;
}

extern "C" __global__ void bfs_step(const unsigned *cols, unsigned *level, unsigned n, unsigned deg, unsigned *updates)
{
    unsigned u = blockIdx.x * blockDim.x + threadIdx.x;
    if (u >= n)
        return;
    unsigned lu = level[u];
    if (lu == UNREACHED)
        return;
    unsigned lowered = 0;
    for (unsigned k = 0; k < deg; k++) {
        unsigned v = cols[u * deg + k];
        if (level[v] > lu + 1)
            lowered += atomicMin(&level[v], lu + 1) > lu + 1;
    }
    if (lowered)
        atomicAdd(updates, lowered);
}
