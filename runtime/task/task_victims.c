// Neighbourhoods of stealing: a thief tries the members nearest to it first. With the team's
// threads on places (a binding policy, or a described machine), each member's home processor
// (the first of its place) has its caches, NUMA node and socket in the topology; the victims
// are grouped by the finest level whose object both processors share (levels ordered by how
// many objects the machine has of them: an L2 of a core, then the L3, socket or NUMA node,
// whichever is finer), and the members sharing nothing come last. Each thread builds its order
// once per team shape (team, size, binding policy, the master's place and partition: the same
// shape places members on the same places) and keeps it; an unbound team keeps today's order
// (every member, from a random one on). docs/performance.md, "Neighbourhoods".
#define _GNU_SOURCE
#include "task_internal.h"
#include "affinity.h"
#include "topology.h"

#include <stdio.h>
#include <stdlib.h>

// A member's home processor in the topology, or NULL (not on a place yet, or outside it).
static const glass_pu_t *home_pu(glass_thread_t *m) {
  int place = __atomic_load_n(&m->place, __ATOMIC_RELAXED);
  if (place < 0 || place >= glass_places.count)
    return NULL;
  return glass_topology_home(&glass_places.sets[place]);
}

// The group of b seen from a: the index in lv of the finest level they share, else nlv.
static int group_of(const glass_pu_t *a, const glass_pu_t *b, const int *lv, int nlv) {
  if (!b)
    return nlv;
  int g = 0;
  while (g < nlv && (a->id[lv[g]] < 0 || a->id[lv[g]] != b->id[lv[g]]))
    g++;
  return g;
}

static bool same_shape(const glass_victims_t *v, const glass_team_t *team, int32_t n) {
  return v->team == team && v->n == n && v->bind == team->bind &&
         v->master_place == team->master_place && v->part_first == team->part_first &&
         v->part_last == team->part_last;
}

// GLASS_STATS: the order, once per build, for tests and for reading what a machine gives.
static void print_order(glass_thread_t *th, const glass_victims_t *v, const int *lv, int nlv,
                        int cpu) {
  char line[2048];
  int len = snprintf(line, sizeof(line), "glass-stats victims thread %d (cpu %d):", th->tid, cpu);
  for (int g = 0, at = 0; g <= nlv && len > 0 && (size_t)len < sizeof(line); g++) {
    if (at == v->group_end[g])
      continue;
    len += snprintf(line + len, sizeof(line) - (size_t)len, " %s%s:", at ? "| " : "",
                    g < nlv ? glass_topology_level_name(lv[g]) : "others");
    for (; at < v->group_end[g] && len > 0 && (size_t)len < sizeof(line); at++)
      len += snprintf(line + len, sizeof(line) - (size_t)len, " %d", v->order[at]);
  }
  fprintf(stderr, "%s\n", line);
}

// Builds th's order for the team (members other than th, grouped, by member number within a
// group). False when the team is not on places: the caller keeps the plain order. An order
// built while some member had no place yet (it has not entered the region) serves this steal
// and is built again next time.
static bool build(glass_thread_t *th, glass_team_t *team, int32_t n) {
  glass_victims_t *v = &th->tasking.victims;
  const glass_pu_t *self = home_pu(th);
  if (!self)
    return false;
  if (v->cap < n) {
    free(v->order);
    v->order = malloc(sizeof(int32_t) * (size_t)n);
    v->cap = v->order ? n : 0;
    if (!v->order)
      return false;
  }
  int lv[GLASS_TOPO_NEAR];
  int nlv = glass_topology_near_levels(lv);
  int8_t *grp = __builtin_alloca((size_t)n);
  bool complete = true;
  for (int32_t m = 0; m < n; m++) {
    glass_thread_t *mt = m == th->tid ? NULL : team->members[m];
    const glass_pu_t *pu = mt ? home_pu(mt) : NULL;
    complete &= m == th->tid || pu != NULL;
    grp[m] = (int8_t)(m == th->tid ? -1 : group_of(self, pu, lv, nlv));
  }
  int32_t at = 0;
  for (int g = 0; g < GLASS_VICTIM_GROUPS; g++) {
    for (int32_t m = 0; m < n; m++)
      if (grp[m] == g)
        v->order[at++] = m;
    v->group_end[g] = at;
  }
  v->ngroups = nlv + 1;
  v->team = complete ? team : NULL;
  v->n = n;
  v->bind = team->bind;
  v->master_place = team->master_place;
  v->part_first = team->part_first;
  v->part_last = team->part_last;
  if (complete && unlikely(glass_stats_on))
    print_order(th, v, lv, nlv, self->os);
  return true;
}

const glass_victims_t *glass_task_victims(glass_thread_t *th, glass_team_t *team, int32_t n) {
  if (team->bind == GLASS_BIND_FALSE || !glass_places.count)
    return NULL;
  glass_victims_t *v = &th->tasking.victims;
  if (likely(same_shape(v, team, n)))
    return v;
  return build(th, team, n) ? v : NULL;
}
