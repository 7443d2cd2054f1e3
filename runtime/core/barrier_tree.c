// Barrier trees that follow the machine's neighbourhoods. The plain tree makes member c a child
// of member (c - 1) / 4: with 16 threads on two sockets of 8 cores (close), 8 of its 15 edges
// join threads of different sockets, and every crossing edge moves a cache line between the
// sockets in each gather and each release. With the team on places, the master builds instead,
// at a fork whose shape changed, a tree where each group of threads sharing a socket, NUMA node,
// L3 or L2 (glass_topology_near_levels) is one subtree: the members are split by the coarsest
// level that separates them, each part gets its own tree (split again by the next level), and
// the parts' roots are joined by a 4-ary tree under the part holding the master. Groups of k
// parts then cost k - 1 crossing edges, the least any tree spanning them can have.
//
// The tree changes only which member waits for which; every member still has one parent and
// waits on its own flags, so a wrong guess of the places (a member not where its policy puts
// it) costs time, never correctness. Each member copies its children when it enters the region
// (glass_barrier_tree_enter): a release relayed after the region ended reads only the relaying
// member's copy. docs/internals.md, "Barrier".
#include "glass.h"
#include "affinity.h"
#include "topology.h"

#include <stdio.h>
#include <stdlib.h>

struct glass_tree {
  // The shape the tree was built for: the same shape puts the members on the same places.
  int32_t n, bind, master_place, part_first, part_last;
  bool on; // differs from the plain tree
  int32_t cap;
  int32_t *parent;             // [cap]: parent[0] = -1
  glass_tree_kids_t *kids;     // [cap]
  const glass_pu_t **pu;       // [cap]: each member's home processor (NULL: unknown)
  int32_t *scratch, *scratch2; // [cap]
};

typedef struct {
  struct glass_tree *t;
  int lv[GLASS_TOPO_NEAR]; // coarsest first
  int nlv;
  bool full; // a member would get more than GLASS_TREE_MAXKIDS children, or memory ran out
} builder_t;

static int level_id(const builder_t *b, int32_t m, int d) {
  const glass_pu_t *pu = b->t->pu[m];
  return pu ? pu->id[b->lv[d]] : -1;
}

static void add_kid(builder_t *b, int32_t parent, int32_t child) {
  glass_tree_kids_t *k = &b->t->kids[parent];
  if (k->n == GLASS_TREE_MAXKIDS) {
    b->full = true;
    return;
  }
  k->kid[k->n++] = child;
  b->t->parent[child] = parent;
}

// The 4-ary tree over m[0..k) by position: m[i]'s parent is m[(i - 1) / 4].
static void heap(builder_t *b, const int32_t *m, int32_t k) {
  for (int32_t i = 1; i < k; i++)
    add_kid(b, m[(i - 1) / GLASS_TREE_BRANCH], m[i]);
}

// Reorders m[0..k) so that members sharing the level-d object are adjacent, groups in the order
// of their first member (m[0]'s first), members in their order within a group. Returns the
// number of groups.
static int group(builder_t *b, int32_t *m, int32_t k, int d) {
  int32_t *out = b->t->scratch2, *taken = b->t->scratch, at = 0;
  int groups = 0;
  for (int32_t i = 0; i < k; i++)
    taken[i] = 0;
  for (int32_t i = 0; i < k; i++) {
    if (taken[i])
      continue;
    groups++;
    int id = level_id(b, m[i], d);
    for (int32_t j = i; j < k; j++)
      if (!taken[j] && level_id(b, m[j], d) == id) {
        taken[j] = 1;
        out[at++] = m[j];
      }
  }
  for (int32_t i = 0; i < k; i++)
    m[i] = out[i];
  return groups;
}

// The tree over m[0..k) from level d inward; its root is m[0].
static void build(builder_t *b, int32_t *m, int32_t k, int d) {
  while (d < b->nlv && k > 1 && group(b, m, k, d) == 1)
    d++;
  if (d == b->nlv || k <= 1) {
    heap(b, m, k);
    return;
  }
  int32_t *roots = malloc(sizeof(int32_t) * (size_t)k);
  if (!roots) {
    b->full = true;
    return;
  }
  int32_t nroots = 0;
  for (int32_t i = 0; i < k;) {
    int id = level_id(b, m[i], d);
    int32_t j = i;
    while (j < k && level_id(b, m[j], d) == id)
      j++;
    roots[nroots++] = m[i]; // the part's root: its tree keeps m[i] first
    build(b, m + i, j - i, d + 1);
    i = j;
  }
  heap(b, roots, nroots);
  free(roots);
}

static bool tree_reserve(struct glass_tree *t, int32_t n) {
  if (t->cap >= n)
    return true;
  free(t->parent), free(t->kids), free(t->pu), free(t->scratch), free(t->scratch2);
  t->parent = malloc(sizeof(*t->parent) * (size_t)n);
  t->kids = malloc(sizeof(*t->kids) * (size_t)n);
  t->pu = malloc(sizeof(*t->pu) * (size_t)n);
  t->scratch = malloc(sizeof(*t->scratch) * (size_t)n);
  t->scratch2 = malloc(sizeof(*t->scratch2) * (size_t)n);
  bool ok = t->parent && t->kids && t->pu && t->scratch && t->scratch2;
  t->cap = ok ? n : 0;
  return ok;
}

static bool same_shape(const struct glass_tree *t, const glass_team_t *team, int32_t n) {
  return t->n == n && t->bind == team->bind && t->master_place == team->master_place &&
         t->part_first == team->part_first && t->part_last == team->part_last;
}

// Edges of the tree (parent[]; NULL: the plain tree) whose ends lie in different level-d
// objects.
static int32_t crossing(const builder_t *b, const int32_t *parent, int32_t n, int d) {
  int32_t x = 0;
  for (int32_t c = 1; c < n; c++) {
    int32_t p = parent ? parent[c] : (c - 1) / GLASS_TREE_BRANCH;
    x += level_id(b, c, d) != level_id(b, p, d);
  }
  return x;
}

// GLASS_STATS: the tree once per build, with the edges crossing each level's objects against
// the plain tree's (the test of the grouping, and what a machine's places give).
static void print_tree(const builder_t *b, int32_t n) {
  const struct glass_tree *t = b->t;
  char line[4096];
  int len = snprintf(line, sizeof(line), "glass-stats barrier tree %d threads:", n);
  for (int d = 0; d < b->nlv && len > 0 && (size_t)len < sizeof(line); d++)
    len += snprintf(line + len, sizeof(line) - (size_t)len, " %s %d (plain %d)%s",
                    glass_topology_level_name(b->lv[d]), crossing(b, t->parent, n, d),
                    crossing(b, NULL, n, d), d + 1 < b->nlv ? "," : "");
  len += snprintf(line + len, sizeof(line) - (size_t)len, " | parents:");
  for (int32_t c = 1; c < n && len > 0 && (size_t)len < sizeof(line); c++)
    len += snprintf(line + len, sizeof(line) - (size_t)len, " %d", t->parent[c]);
  fprintf(stderr, "%s\n", line);
}

// Builds t for the team's shape; t->on tells whether it differs from the plain tree.
static void tree_build(struct glass_tree *t, glass_team_t *team, int32_t n) {
  t->on = false;
  t->n = n;
  t->bind = team->bind;
  t->master_place = team->master_place;
  t->part_first = team->part_first;
  t->part_last = team->part_last;
  builder_t b = {.t = t};
  int fine[GLASS_TOPO_NEAR];
  for (int d = glass_topology_near_levels(fine) - 1; d >= 0; d--)
    if (glass_topology.nobjs[fine[d]] > 1) // one object of a level separates nothing
      b.lv[b.nlv++] = fine[d];
  for (int32_t m = 0; m < n; m++) {
    int place = glass_affinity_member_place(team, m);
    t->pu[m] = place >= 0 && place < glass_places.count
                   ? glass_topology_home(&glass_places.sets[place])
                   : NULL;
    t->kids[m].custom = true;
    t->kids[m].n = 0;
    t->parent[m] = -1;
  }
  int32_t *order = malloc(sizeof(int32_t) * (size_t)n);
  if (!order)
    return;
  for (int32_t m = 0; m < n; m++)
    order[m] = m;
  build(&b, order, n, 0);
  free(order);
  if (b.full)
    return;
  for (int32_t c = 1; c < n; c++)
    t->on |= t->parent[c] != (c - 1) / GLASS_TREE_BRANCH;
  if (unlikely(glass_stats_on))
    print_tree(&b, n);
}

void glass_barrier_tree_fork(glass_team_t *team, int32_t n) {
  team->tree_on = false;
  // Up to 5 members every edge has the master at one end: no tree does better.
  if (n <= GLASS_TREE_BRANCH + 1 || team->bind == GLASS_BIND_FALSE ||
      team->bind == GLASS_BIND_PRIMARY || team->bind == GLASS_BIND_INTEL || !glass_places.count)
    return;
  struct glass_tree *t = team->tree;
  if (likely(t && same_shape(t, team, n))) {
    team->tree_on = t->on;
    return;
  }
  if (!t && !(t = team->tree = calloc(1, sizeof(*t))))
    return;
  if (!tree_reserve(t, n)) {
    t->n = -1;
    return;
  }
  tree_build(t, team, n);
  team->tree_on = t->on;
}

void glass_barrier_tree_copy(glass_thread_t *th, const glass_team_t *team, int tid) {
  const glass_tree_kids_t *k = &team->tree->kids[tid];
  th->bar.custom = true;
  th->bar.n = k->n;
  for (int32_t i = 0; i < k->n; i++)
    th->bar.kid[i] = k->kid[i];
}
