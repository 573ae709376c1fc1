/* Basic blocks and immediate post-dominators (ptx_cfg.h).
 *
 * Post-dominators are dominators of the reverse CFG, whose root is a
 * virtual exit that ret, exit, trap and the function's end reach. They are
 * computed with Cooper, Harvey and Kennedy's iterative algorithm ("A Simple,
 * Fast Dominance Algorithm", 2001) over a postorder of the reverse CFG.
 * A region that never reaches the exit (an endless loop) gets a virtual edge
 * from its last block to the exit, so every block has a post-dominator;
 * lanes that diverge there reconverge only when the function returns. */
#include <stdlib.h>
#include <string.h>

#include "host/ptx/ptx_cfg.h"

typedef struct {
    const ptx_func_t *fn;
    uint32_t nb, exit;           /* blocks 0..nb-1; the exit is node nb */
    ptx_block_t *blocks;
    uint32_t *block_of;          /* instruction (and ninsns) -> block (or exit) */
    uint32_t *succ_at, *succ;    /* successors per block, CSR */
    uint32_t *pred_at, *pred;    /* predecessors per node, exit included, CSR */
    uint8_t *fake;               /* the block has a virtual edge to the exit */
    uint8_t *seen;
    uint32_t *stack, *next;      /* DFS: nodes and their next child */
    uint32_t *po, *order, *idom; /* postorder number per node, nodes by number, result */
} cfg_t;

/* Calls f(target) for each instruction control may pass to after insn i;
 * ninsns stands for the exit. */
#define FOR_TARGETS(fn, i, f)                                                          \
    do {                                                                               \
        const ptx_insn_t *in_ = &(fn)->insns[i];                                       \
        uint32_t props_ = ptx_op_props((ptx_op_t)in_->op);                             \
        if (in_->op == PTX_OP_BRA)                                                     \
            f(in_->opnd[0].index);                                                     \
        if (in_->op == PTX_OP_BRX_IDX) {                                               \
            const ptx_tlist_t *tl_ = &(fn)->tlists[in_->opnd[1].index];                \
            for (uint32_t k_ = 0; k_ < tl_->count; k_++)                               \
                f(tl_->targets[k_]);                                                   \
        }                                                                              \
        if (props_ & PTX_P_EXIT)                                                       \
            f((fn)->ninsns);                                                           \
        if (!(props_ & (PTX_P_BRANCH | PTX_P_EXIT)) || in_->has_guard)                 \
            f((i) + 1);                                                                \
    } while (0)

static int ends_block(const ptx_insn_t *in) { return ptx_op_props((ptx_op_t)in->op) & (PTX_P_BRANCH | PTX_P_EXIT); }

/* Leaders: the first instruction, every target, every instruction after a
 * transfer. Returns a bound on the number of edges. */
static uint32_t mark_leaders(const ptx_func_t *fn, uint8_t *leader)
{
    uint32_t edges = 0;
    leader[0] = 1;
    for (uint32_t i = 0; i < fn->ninsns; i++) {
#define COUNT(t) ((void)(t), edges++)
        FOR_TARGETS(fn, i, COUNT);
#undef COUNT
        if (!ends_block(&fn->insns[i]))
            continue;
#define MARK(t) (leader[(t) < fn->ninsns ? (t) : fn->ninsns] = 1)
        FOR_TARGETS(fn, i, MARK);
#undef MARK
        leader[i + 1] = 1;
    }
    return edges;
}

static int alloc_graph(cfg_t *g, uint32_t edges)
{
    uint32_t nn = g->nb + 1, ni = g->fn->ninsns + 1;
    g->block_of = malloc(ni * sizeof *g->block_of);
    g->succ_at = calloc(nn + 1, sizeof *g->succ_at);
    g->pred_at = calloc(nn + 2, sizeof *g->pred_at);
    g->succ = malloc((edges + 1) * sizeof *g->succ);
    g->pred = malloc((edges + 1) * sizeof *g->pred);
    g->fake = calloc(nn, 1);
    g->seen = calloc(nn, 1);
    g->stack = malloc(nn * sizeof *g->stack);
    g->next = malloc(nn * sizeof *g->next);
    g->po = malloc(nn * sizeof *g->po);
    g->order = malloc(nn * sizeof *g->order);
    g->idom = malloc(nn * sizeof *g->idom);
    return g->block_of && g->succ_at && g->pred_at && g->succ && g->pred && g->fake && g->seen && g->stack &&
           g->next && g->po && g->order && g->idom;
}

static void free_graph(cfg_t *g)
{
    void *p[] = {g->block_of, g->succ_at, g->pred_at, g->succ, g->pred, g->fake, g->seen,
                 g->stack, g->next, g->po, g->order, g->idom};
    for (size_t k = 0; k < sizeof p / sizeof p[0]; k++)
        free(p[k]);
}

static void build_blocks(cfg_t *g, const uint8_t *leader)
{
    uint32_t b = 0;
    for (uint32_t i = 0; i < g->fn->ninsns; i++) {
        if (leader[i] && i) {
            b++;
            g->blocks[b].first = i;
        }
        g->blocks[b].count++;
        g->block_of[i] = b;
    }
    g->block_of[g->fn->ninsns] = g->exit;
}

static void build_edges(cfg_t *g)
{
    const ptx_func_t *fn = g->fn;
    uint32_t n = 0;
    for (uint32_t b = 0; b < g->nb; b++) {
        g->succ_at[b] = n;
        uint32_t last = g->blocks[b].first + g->blocks[b].count - 1;
#define ADD(t) (g->succ[n++] = g->block_of[(t) < fn->ninsns ? (t) : fn->ninsns])
        FOR_TARGETS(fn, last, ADD);
#undef ADD
    }
    g->succ_at[g->nb] = n;
    for (uint32_t k = 0; k < n; k++)
        g->pred_at[g->succ[k] + 2]++;
    for (uint32_t v = 0; v <= g->nb; v++)
        g->pred_at[v + 2] += g->pred_at[v + 1];
    for (uint32_t b = 0; b < g->nb; b++)
        for (uint32_t k = g->succ_at[b]; k < g->succ_at[b + 1]; k++)
            g->pred[g->pred_at[g->succ[k] + 1]++] = b;
}

/* The reverse CFG's children of node v: its predecessors, and for the exit
 * also the blocks with a fake edge to it. */
static uint32_t nchildren(const cfg_t *g, uint32_t v)
{
    return g->pred_at[v + 1] - g->pred_at[v] + (v == g->exit ? g->nb : 0);
}

static uint32_t child(const cfg_t *g, uint32_t v, uint32_t k)
{
    uint32_t np = g->pred_at[v + 1] - g->pred_at[v];
    if (k < np)
        return g->pred[g->pred_at[v] + k];
    return g->fake[k - np] ? k - np : UINT32_MAX;
}

/* Depth-first from root over the reverse CFG, without recursion; numbers
 * the nodes in postorder from *count on when number is set. */
static void dfs(cfg_t *g, uint32_t root, uint32_t *count, int number)
{
    uint32_t sp = 0;
    g->seen[root] = 1;
    g->stack[sp] = root;
    g->next[sp++] = 0;
    while (sp) {
        uint32_t v = g->stack[sp - 1];
        if (g->next[sp - 1] < nchildren(g, v)) {
            uint32_t c = child(g, v, g->next[sp - 1]++);
            if (c != UINT32_MAX && !g->seen[c]) {
                g->seen[c] = 1;
                g->stack[sp] = c;
                g->next[sp++] = 0;
            }
            continue;
        }
        sp--;
        if (number) {
            g->po[v] = *count;
            g->order[(*count)++] = v;
        }
    }
}

/* Blocks that never reach the exit get a fake edge to it, the last block
 * of each such region first. Then every node has a postorder number. */
static void number_nodes(cfg_t *g)
{
    uint32_t count = 0;
    dfs(g, g->exit, &count, 0);
    for (uint32_t b = g->nb; b-- > 0;)
        if (!g->seen[b]) {
            g->fake[b] = 1;
            dfs(g, b, &count, 0);
        }
    memset(g->seen, 0, g->nb + 1);
    count = 0;
    dfs(g, g->exit, &count, 1);
}

static uint32_t intersect(const cfg_t *g, uint32_t a, uint32_t b)
{
    while (a != b) {
        while (g->po[a] < g->po[b])
            a = g->idom[a];
        while (g->po[b] < g->po[a])
            b = g->idom[b];
    }
    return a;
}

/* The new idom of block b: its successors' (the reverse CFG's predecessors) meet. */
static uint32_t meet_succ(const cfg_t *g, uint32_t b)
{
    uint32_t d = UINT32_MAX;
    for (uint32_t k = g->succ_at[b]; k <= g->succ_at[b + 1]; k++) {
        uint32_t s = k < g->succ_at[b + 1] ? g->succ[k] : g->fake[b] ? g->exit : UINT32_MAX;
        if (s != UINT32_MAX && g->idom[s] != UINT32_MAX)
            d = d == UINT32_MAX ? s : intersect(g, s, d);
    }
    return d;
}

static void post_dominators(cfg_t *g)
{
    for (uint32_t v = 0; v <= g->nb; v++)
        g->idom[v] = UINT32_MAX;
    g->idom[g->exit] = g->exit;
    for (int changed = 1; changed;) {
        changed = 0;
        for (uint32_t i = g->nb; i-- > 0;) { /* reverse postorder; the exit is last */
            uint32_t b = g->order[i], d = meet_succ(g, b);
            if (d != g->idom[b]) {
                g->idom[b] = d;
                changed = 1;
            }
        }
    }
}

/* Each branch's reconvergence point: the first instruction of its block's
 * immediate post-dominator, or ninsns for the exit. */
static void set_reconv(cfg_t *g, ptx_func_t *fn)
{
    for (uint32_t b = 0; b < g->nb; b++) {
        g->blocks[b].ipdom = g->idom[b] == g->exit ? g->nb : g->idom[b];
        ptx_insn_t *in = &fn->insns[g->blocks[b].first + g->blocks[b].count - 1];
        uint32_t props = ptx_op_props((ptx_op_t)in->op);
        if ((props & PTX_P_BRANCH) || ((props & PTX_P_EXIT) && in->has_guard))
            in->reconv = g->idom[b] == g->exit ? fn->ninsns : g->blocks[g->idom[b]].first;
    }
}

int ptx_cfg_build(ptx_pool_t *pool, ptx_func_t *fn)
{
    cfg_t g;
    memset(&g, 0, sizeof g);
    g.fn = fn;
    if (!fn->ninsns)
        return 1;
    uint8_t *leader = calloc(fn->ninsns + 1, 1);
    if (!leader)
        return 0;
    uint32_t edges = mark_leaders(fn, leader);
    for (uint32_t i = 0; i < fn->ninsns; i++)
        g.nb += leader[i];
    g.exit = g.nb;
    g.blocks = ptx_pool_alloc(pool, g.nb * sizeof *g.blocks);
    int ok = g.blocks && alloc_graph(&g, edges);
    if (ok) {
        build_blocks(&g, leader);
        build_edges(&g);
        number_nodes(&g);
        post_dominators(&g);
        set_reconv(&g, fn);
        fn->blocks = g.blocks;
        fn->nblocks = g.nb;
    }
    free(leader);
    free_graph(&g);
    return ok;
}
