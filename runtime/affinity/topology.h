// The machine's topology: for each processor this process may use, the core, caches, NUMA node
// and socket it belongs to. Read from hwloc when the runtime is built with it, from sysfs when
// hwloc is absent or fails, and as a flat machine when neither answers. One read-only structure
// feeds the place lists (places.c), libomp's KMP_AFFINITY orders (kmp_affinity.c) and the
// neighbourhood queries the scheduler and barriers may use ("processors sharing my L3").
#ifndef GLASS_TOPOLOGY_H
#define GLASS_TOPOLOGY_H

#define _GNU_SOURCE
#include "glass.h"

#include <sched.h>

// Levels from the innermost out. Any level but thread and core may be absent. Module and tile
// are hwloc's Group objects of those kinds (Intel's core clusters); die is hwloc's Die.
typedef enum {
  GLASS_TOPO_THREAD,
  GLASS_TOPO_CORE,
  GLASS_TOPO_L1,
  GLASS_TOPO_L2,
  GLASS_TOPO_MODULE,
  GLASS_TOPO_TILE,
  GLASS_TOPO_L3,
  GLASS_TOPO_DIE,
  GLASS_TOPO_NUMA,
  GLASS_TOPO_SOCKET,
  GLASS_TOPO_LEVELS
} glass_topo_level_t;

// Beside the levels: the outermost cache there is (libomp's ll_cache); the queries below accept
// it wherever they take a level.
#define GLASS_TOPO_LLC (-3)

// Where a level's name may be written (glass_topology_level_named).
enum {
  GLASS_NAME_GRANULARITY = 1, // KMP_AFFINITY granularity=
  GLASS_NAME_SUBSET = 2,      // KMP_HW_SUBSET layers
  GLASS_NAME_PLACES = 4       // OMP_PLACES abstract names (with libomp's additions)
};

typedef struct {
  int os;                    // OS processor number
  int id[GLASS_TOPO_LEVELS]; // number of the enclosing object at each level; -1: level absent
} glass_pu_t;

typedef struct {
  bool ready;
  bool this_system;   // it describes this machine: binding asks the kernel
  bool subset;        // KMP_HW_SUBSET restricted the processors
  const char *source; // "hwloc", "hwloc-xml" (HWLOC_XMLFILE), "sysfs" or "flat"
  int npus;           // usable processors, in topology order (socket, core, thread)
  glass_pu_t *pus;
  int nobjs[GLASS_TOPO_LEVELS]; // objects with a usable processor at each level (0: absent)
  cpu_set_t usable;             // the processors of pus[]
  cpu_set_t initial_mask;       // the process's affinity mask when the topology was read
} glass_topology_t;

extern GLASS_HIDDEN glass_topology_t glass_topology;

// Built once, on first use (KMP_TOPOLOGY_METHOD, KMP_HW_SUBSET and the process's affinity mask
// are read then); read-only afterwards.
void glass_topology_init(void);
// The level's name as libomp's messages spell it ("socket", "L3 cache", ...).
const char *glass_topology_level_name(int level);
// The level's keyword as KMP_AFFINITY's granularity spells it ("l3_cache", "ll_cache", ...).
const char *glass_topology_level_keyword(int level);
// The level's abstract name as OMP_PLACES spells it ("cores", "ll_caches", "tiles", ...).
const char *glass_topology_level_plural(int level);
// The level that w[0..n) names (any case) where `use` (GLASS_NAME_*) allows it; -1: none.
int glass_topology_level_named(const char *w, size_t n, unsigned use);
// The level that stands for `level` when it is absent: of the levels further out that exist,
// the one with the most objects (the innermost on a tie), or -1 when none exists (every
// processor in one group). GLASS_TOPO_LLC: the outermost cache level there is; below 0: thread.
int glass_topology_effective_level(int level);
// The outermost cache level present (L3, L2 or L1), else the socket level.
int glass_topology_llc_level(void);
// The usable processors sharing `cpu`'s object at `level` (an absent level acts as
// glass_topology_effective_level says; {cpu} alone when `cpu` is not usable).
void glass_topology_group(int cpu, int level, cpu_set_t *out);
// Neighbourhood of the calling thread: the usable processors sharing a `level` object with any
// processor it may run on now. Returns how many.
int glass_topology_peers(int level, cpu_set_t *out);
// Index of `cpu` in glass_topology.pus, or -1.
int glass_topology_index(int cpu);
// The processor standing for a place: its first, or NULL when outside the topology.
const glass_pu_t *glass_topology_home(const cpu_set_t *set);
// The levels that group threads by nearness (L2, L3, NUMA node, socket) present on the machine,
// finest first (more objects: smaller groups), into lv[GLASS_TOPO_NEAR]; returns how many. The
// victims of stealing (task_victims.c) and the barrier tree (barrier_tree.c) group by them.
#define GLASS_TOPO_NEAR 4
int glass_topology_near_levels(int *lv);
// KMP_AFFINITY=verbose: the machine's shape and the processor map, on stderr.
void glass_topology_print(void);
// GLASS_TOPOLOGY_QUERIES (a debugging aid the tests use): the answers of glass_topology_group for
// every usable processor (and one that is not) at every level, and of glass_topology_peers for
// the calling thread, on stderr.
void glass_topology_print_queries(void);

#endif
