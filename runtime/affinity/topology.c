// The machine's topology (topology.h): hwloc first, sysfs as the fallback, a flat machine last
// (KMP_TOPOLOGY_METHOD picks), restricted to the processors the process may use (cgroup and
// affinity mask) and to libomp's KMP_HW_SUBSET.
#define _GNU_SOURCE
#include "topology.h"
#include "affinity.h"

#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#ifndef GLASS_HAVE_HWLOC
#define GLASS_HAVE_HWLOC 0
#endif
#if GLASS_HAVE_HWLOC
#include <hwloc.h>
#endif

glass_topology_t glass_topology;

static short index_of[CPU_SETSIZE]; // cpu -> index in pus + 1 (0: not usable)

// Every raw reading: all processors the source knows, ids as the source numbers them.
typedef struct {
  int n;
  glass_pu_t *pus;
  cpu_set_t allowed; // what the source says the process may use (cgroup)
  bool this_system;
  const char *source;
} raw_t;

static glass_pu_t *new_pus(int n) {
  return glass_zalloc(sizeof(glass_pu_t) * (size_t)(n > 0 ? n : 1));
}

// ---------------------------------------------------------------------------------------------
// hwloc

#if GLASS_HAVE_HWLOC
static int ancestor_index(hwloc_topology_t t, hwloc_obj_type_t type, hwloc_obj_t pu) {
  hwloc_obj_t a = hwloc_get_ancestor_obj_by_type(t, type, pu);
  return a ? (int)a->logical_index : -1;
}

// hwloc's kinds of Group for Intel's modules, tiles and (before hwloc 2.1 had Die objects)
// dies; the subtype names them too where the kind is not kept (XML from other writers).
enum { GROUP_KIND_MODULE = 102, GROUP_KIND_TILE = 103, GROUP_KIND_DIE = 104 };

static int group_level(hwloc_obj_t g) {
  static const struct {
    unsigned kind;
    const char *subtype;
    int level;
  } kinds[] = {{GROUP_KIND_MODULE, "Module", GLASS_TOPO_MODULE},
               {GROUP_KIND_TILE, "Tile", GLASS_TOPO_TILE},
               {GROUP_KIND_DIE, "Die", GLASS_TOPO_DIE}};
  for (size_t k = 0; k < sizeof(kinds) / sizeof(*kinds); k++)
    if (g->attr->group.kind == kinds[k].kind ||
        (g->subtype && strcasecmp(g->subtype, kinds[k].subtype) == 0))
      return kinds[k].level;
  return -1;
}

// Dies, tiles and modules above the processor: the innermost object of each (by its global
// index, unique across types).
static void hwloc_groups(hwloc_obj_t pu, glass_pu_t *p) {
  p->id[GLASS_TOPO_MODULE] = p->id[GLASS_TOPO_TILE] = p->id[GLASS_TOPO_DIE] = -1;
  for (hwloc_obj_t a = pu->parent; a; a = a->parent) {
    int level = a->type == HWLOC_OBJ_DIE     ? GLASS_TOPO_DIE
                : a->type == HWLOC_OBJ_GROUP ? group_level(a)
                                             : -1;
    if (level >= 0 && p->id[level] < 0)
      p->id[level] = (int)a->gp_index;
  }
}

static void fill_from_hwloc(hwloc_topology_t t, raw_t *r) {
  int n = hwloc_get_nbobjs_by_type(t, HWLOC_OBJ_PU);
  int nnuma = hwloc_get_nbobjs_by_type(t, HWLOC_OBJ_NUMANODE);
  r->pus = new_pus(n);
  static const struct {
    int level;
    hwloc_obj_type_t type;
  } levels[] = {{GLASS_TOPO_CORE, HWLOC_OBJ_CORE},
                {GLASS_TOPO_L1, HWLOC_OBJ_L1CACHE},
                {GLASS_TOPO_L2, HWLOC_OBJ_L2CACHE},
                {GLASS_TOPO_L3, HWLOC_OBJ_L3CACHE},
                {GLASS_TOPO_SOCKET, HWLOC_OBJ_PACKAGE}};
  for (int i = 0; i < n; i++) {
    hwloc_obj_t pu = hwloc_get_obj_by_type(t, HWLOC_OBJ_PU, (unsigned)i);
    if (!pu || pu->os_index >= CPU_SETSIZE)
      continue;
    glass_pu_t *p = &r->pus[r->n++];
    p->os = (int)pu->os_index;
    p->id[GLASS_TOPO_THREAD] = i;
    for (size_t k = 0; k < sizeof(levels) / sizeof(*levels); k++)
      p->id[levels[k].level] = ancestor_index(t, levels[k].type, pu);
    if (p->id[GLASS_TOPO_CORE] < 0)
      p->id[GLASS_TOPO_CORE] = n + i; // no cores reported: each processor is one
    hwloc_groups(pu, p);
    p->id[GLASS_TOPO_NUMA] = -1;
    // NUMA nodes hang beside the processor tree in hwloc 2: the first whose set holds it.
    for (int k = 0; k < nnuma && p->id[GLASS_TOPO_NUMA] < 0; k++) {
      hwloc_obj_t node = hwloc_get_obj_by_type(t, HWLOC_OBJ_NUMANODE, (unsigned)k);
      if (node && node->cpuset && hwloc_bitmap_isset(node->cpuset, pu->os_index))
        p->id[GLASS_TOPO_NUMA] = k;
    }
  }
  hwloc_const_cpuset_t allowed = hwloc_topology_get_allowed_cpuset(t);
  CPU_ZERO(&r->allowed);
  for (int i = 0; i < r->n; i++)
    if (!allowed || hwloc_bitmap_isset(allowed, (unsigned)r->pus[i].os))
      CPU_SET(r->pus[i].os, &r->allowed);
}

// Whether this process runs one thread now (then nothing can read the environment while we
// change it).
static bool single_threaded(void) {
  FILE *f = fopen("/proc/self/status", "r");
  if (!f)
    return false;
  char line[128];
  int n = 0;
  while (fgets(line, sizeof(line), f))
    if (sscanf(line, "Threads: %d", &n) == 1)
      break;
  fclose(f);
  return n == 1;
}

// hwloc dlopens its plugins (PCI, OpenCL, GL, libxml2) at init: some 20 ms and 3 MB that
// processors and caches do not need. Its HWLOC_PLUGINS_BLACKLIST keeps them out; it is set
// around the init only when the user has not set it and no other thread can see the change.
static const char io_plugins[] = "hwloc_pci,hwloc_opencl,hwloc_gl,hwloc_cuda,hwloc_nvml,"
                                 "hwloc_rsmi,hwloc_levelzero,hwloc_xml_libxml";

static int topology_init_quietly(hwloc_topology_t *t) {
  bool mine = !getenv("HWLOC_PLUGINS_BLACKLIST") && single_threaded() &&
              setenv("HWLOC_PLUGINS_BLACKLIST", io_plugins, 0) == 0;
  int rc = hwloc_topology_init(t);
  if (mine)
    unsetenv("HWLOC_PLUGINS_BLACKLIST");
  return rc;
}

static bool read_hwloc(raw_t *r) {
  hwloc_topology_t t;
  if (topology_init_quietly(&t) != 0)
    return false;
  // Only processors, caches and memory: I/O devices and instruction caches cost time.
  hwloc_topology_set_io_types_filter(t, HWLOC_TYPE_FILTER_KEEP_NONE);
  hwloc_topology_set_icache_types_filter(t, HWLOC_TYPE_FILTER_KEEP_NONE);
  bool ok = hwloc_topology_load(t) == 0;
  if (ok) {
    // An XML file that does not load makes hwloc read this machine instead.
    r->this_system = hwloc_topology_is_thissystem(t);
    r->source = r->this_system ? "hwloc" : "hwloc-xml";
    fill_from_hwloc(t, r);
    ok = r->n > 0;
  }
  hwloc_topology_destroy(t);
  return ok;
}
#else
static bool read_hwloc(raw_t *r) {
  (void)r;
  return false;
}
#endif

// ---------------------------------------------------------------------------------------------
// sysfs

static int read_cpulist(const char *path, cpu_set_t *set) {
  CPU_ZERO(set);
  FILE *f = fopen(path, "r");
  if (!f)
    return -1;
  char buf[4096];
  size_t n = fread(buf, 1, sizeof(buf) - 1, f);
  fclose(f);
  buf[n] = '\0';
  for (char *s = buf; *s && *s != '\n';) {
    char *end;
    long a = strtol(s, &end, 10);
    if (end == s || a < 0)
      return -1;
    long b = a;
    if (*end == '-')
      b = strtol(end + 1, &end, 10);
    for (long i = a; i <= b && i < CPU_SETSIZE; i++)
      CPU_SET((int)i, set);
    s = end;
    if (*s == ',')
      s++;
  }
  return 0;
}

static int read_int_file(const char *path, int fallback) {
  FILE *f = fopen(path, "r");
  if (!f)
    return fallback;
  int v;
  if (fscanf(f, "%d", &v) != 1)
    v = fallback;
  fclose(f);
  return v;
}

static int lowest(const cpu_set_t *set) {
  for (int c = 0; c < CPU_SETSIZE; c++)
    if (CPU_ISSET(c, set))
      return c;
  return -1;
}

// The id of the group a sysfs list names: its lowest processor (renumbered later).
static int list_id(const char *path) {
  cpu_set_t set;
  return read_cpulist(path, &set) == 0 ? lowest(&set) : -1;
}

static void sysfs_caches(int cpu, glass_pu_t *p) {
  char path[160], type[32];
  for (int idx = 0; idx < 10; idx++) {
    snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%d/cache/index%d/level", cpu, idx);
    int level = read_int_file(path, -1);
    if (level < 0)
      break;
    snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%d/cache/index%d/type", cpu, idx);
    FILE *f = fopen(path, "r");
    type[0] = '\0';
    if (f) {
      if (!fgets(type, sizeof(type), f))
        type[0] = '\0';
      fclose(f);
    }
    if (strncmp(type, "Instruction", 11) == 0 || level < 1 || level > 3)
      continue;
    snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%d/cache/index%d/shared_cpu_list", cpu,
             idx);
    static const int cache_level[] = {GLASS_TOPO_L1, GLASS_TOPO_L2, GLASS_TOPO_L3};
    p->id[cache_level[level - 1]] = list_id(path);
  }
}

static void sysfs_numa(raw_t *r) {
  char path[96];
  for (int node = 0, misses = 0; node < 4096 && misses < 64; node++) {
    snprintf(path, sizeof(path), "/sys/devices/system/node/node%d/cpulist", node);
    cpu_set_t set;
    if (read_cpulist(path, &set) != 0) {
      misses++;
      continue;
    }
    for (int i = 0; i < r->n; i++)
      if (r->pus[i].id[GLASS_TOPO_NUMA] < 0 && CPU_ISSET(r->pus[i].os, &set))
        r->pus[i].id[GLASS_TOPO_NUMA] = node;
  }
}

static int by_socket_core(const void *a, const void *b) {
  const glass_pu_t *x = a, *y = b;
  static const int keys[] = {GLASS_TOPO_SOCKET, GLASS_TOPO_DIE, GLASS_TOPO_NUMA, GLASS_TOPO_CORE};
  for (size_t k = 0; k < sizeof(keys) / sizeof(*keys); k++)
    if (x->id[keys[k]] != y->id[keys[k]])
      return x->id[keys[k]] < y->id[keys[k]] ? -1 : 1;
  return x->os < y->os ? -1 : x->os > y->os;
}

static bool read_sysfs(raw_t *r) {
  cpu_set_t online;
  if (read_cpulist("/sys/devices/system/cpu/online", &online) != 0 || CPU_COUNT(&online) == 0)
    return false;
  r->pus = new_pus(CPU_COUNT(&online));
  char path[160];
  for (int cpu = 0; cpu < CPU_SETSIZE; cpu++) {
    if (!CPU_ISSET(cpu, &online))
      continue;
    glass_pu_t *p = &r->pus[r->n++];
    for (int l = 0; l < GLASS_TOPO_LEVELS; l++)
      p->id[l] = -1;
    p->os = cpu;
    p->id[GLASS_TOPO_THREAD] = cpu;
    snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%d/topology/thread_siblings_list",
             cpu);
    p->id[GLASS_TOPO_CORE] = list_id(path);
    if (p->id[GLASS_TOPO_CORE] < 0)
      p->id[GLASS_TOPO_CORE] = cpu;
    snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%d/topology/physical_package_id", cpu);
    p->id[GLASS_TOPO_SOCKET] = read_int_file(path, -1);
    // Linux names dies (not modules or tiles); a kernel without them leaves the level absent.
    snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%d/topology/die_cpus_list", cpu);
    p->id[GLASS_TOPO_DIE] = list_id(path);
    sysfs_caches(cpu, p);
  }
  sysfs_numa(r);
  qsort(r->pus, (size_t)r->n, sizeof(glass_pu_t), by_socket_core);
  r->allowed = online;
  r->this_system = true;
  r->source = "sysfs";
  return r->n > 0;
}

// Every processor of the affinity mask a core and socket of its own (libomp's "flat").
static void read_flat(raw_t *r, const cpu_set_t *mask) {
  r->pus = new_pus(CPU_COUNT(mask));
  for (int cpu = 0; cpu < CPU_SETSIZE; cpu++) {
    if (!CPU_ISSET(cpu, mask))
      continue;
    glass_pu_t *p = &r->pus[r->n++];
    for (int l = 0; l < GLASS_TOPO_LEVELS; l++)
      p->id[l] = -1;
    p->os = cpu;
    p->id[GLASS_TOPO_THREAD] = p->id[GLASS_TOPO_CORE] = p->id[GLASS_TOPO_SOCKET] = cpu;
  }
  r->allowed = *mask;
  r->this_system = true;
  r->source = "flat";
}

// ---------------------------------------------------------------------------------------------
// KMP_TOPOLOGY_METHOD: hwloc, all (hwloc, then the OS), the OS readers libomp names (cpuinfo,
// x2apic, cpuid leaves, group: sysfs stands for them all here), flat.

enum { METHOD_ALL, METHOD_HWLOC, METHOD_OS, METHOD_FLAT };

static int topology_method(void) {
  const char *v = getenv("KMP_TOPOLOGY_METHOD");
  if (!v || !*v)
    return METHOD_ALL;
  static const glass_name_t names[] = {
      {"all", METHOD_ALL},        {"hwloc", METHOD_HWLOC},     {"sysfs", METHOD_OS},
      {"cpuinfo", METHOD_OS},     {"x2apic", METHOD_OS},       {"x2apic_id", METHOD_OS},
      {"apic", METHOD_OS},        {"cpuid_leaf11", METHOD_OS}, {"cpuid_leaf31", METHOD_OS},
      {"cpuid_leaf4", METHOD_OS}, {"leaf11", METHOD_OS},       {"leaf4", METHOD_OS},
      {"group", METHOD_OS},       {"flat", METHOD_FLAT}};
  int method = glass_name_value(names, sizeof(names) / sizeof(*names), v, strlen(v));
  if (method >= 0)
    return method;
  glass_warn("KMP_TOPOLOGY_METHOD=\"%s\" is invalid (expected all, hwloc, cpuinfo, x2apic, "
             "flat, ...); using all",
             v);
  return METHOD_ALL;
}

// The processors a flat machine has: those of the process's mask, or under KMP_AFFINITY=norespect
// every online one.
static void flat_procs(const cpu_set_t *mask, cpu_set_t *out) {
  if (glass_kaff.respect || read_cpulist("/sys/devices/system/cpu/online", out) != 0 ||
      CPU_COUNT(out) == 0)
    *out = *mask;
}

static void read_raw(raw_t *r, const cpu_set_t *mask) {
  int method = topology_method();
  if (method == METHOD_ALL || method == METHOD_HWLOC) {
    if (read_hwloc(r))
      return;
    glass_free(r->pus);
    *r = (raw_t){0};
    if (method == METHOD_HWLOC)
      glass_warn("KMP_TOPOLOGY_METHOD=hwloc: %s; reading the topology from sysfs",
                 GLASS_HAVE_HWLOC ? "hwloc could not load the topology"
                                  : "this runtime is built without hwloc");
  }
  if (method != METHOD_FLAT) {
    if (read_sysfs(r))
      return;
    glass_free(r->pus);
    *r = (raw_t){0};
  }
  cpu_set_t procs;
  flat_procs(mask, &procs);
  read_flat(r, &procs);
}

// ---------------------------------------------------------------------------------------------
// KMP_HW_SUBSET: [:]item[,item...], item = [count|*]level[@offset][:attribute]. Relative (no
// leading ':'): count objects of the level within each object of the next outer level named,
// from the offset-th. Absolute: count of them machine-wide.

typedef struct {
  int level, count, offset; // count INT_MAX: all
  int parent;               // the level counted within (-1: the machine)
} subset_item_t;

// The outermost cache level present, else the socket level (libomp's ll_cache).
static int llc_in(const glass_topology_t *t) {
  static const int caches[] = {GLASS_TOPO_L3, GLASS_TOPO_L2, GLASS_TOPO_L1};
  for (size_t k = 0; k < sizeof(caches) / sizeof(*caches); k++)
    if (t->nobjs[caches[k]] > 0)
      return caches[k];
  return GLASS_TOPO_SOCKET;
}

// A layer's name: the longest run of letters, digits and '_' ("l3", "numa_domains", "c").
static int subset_level(const char **s) {
  const char *w = *s;
  while (isalnum((unsigned char)**s) || **s == '_')
    (*s)++;
  int level = glass_topology_level_named(w, (size_t)(*s - w), GLASS_NAME_SUBSET);
  if (level < 0)
    *s = w;
  return level;
}

static long subset_number(const char **s) {
  char *end;
  long v = strtol(*s, &end, 10);
  if (end == *s || v < 0 || v > INT_MAX)
    return -1;
  *s = end;
  return v;
}

// Parses the value into items[] sorted outermost first; false (with why) when malformed.
static bool parse_subset(const char *v, subset_item_t *items, int *n, bool *absolute, char *why,
                         size_t why_size) {
  const char *s = v;
  *n = 0;
  *absolute = *s == ':';
  s += *absolute;
  for (;;) {
    while (isspace((unsigned char)*s))
      s++;
    subset_item_t it = {.count = INT_MAX};
    if (*s == '*') {
      s++;
    } else if (isdigit((unsigned char)*s)) {
      long c = subset_number(&s);
      if (c <= 0) {
        snprintf(why, why_size, "a count must be a positive number");
        return false;
      }
      it.count = (int)c;
    }
    it.level = subset_level(&s);
    if (it.level == GLASS_TOPO_LLC)
      it.level = llc_in(&glass_topology);
    if (it.level == -1) {
      snprintf(why, why_size, "unknown layer at \"%.16s\"", s);
      return false;
    }
    if (*s == '@') {
      s++;
      long o = subset_number(&s);
      if (o < 0) {
        snprintf(why, why_size, "an offset must be a number");
        return false;
      }
      it.offset = (int)o;
    }
    if (*s == ':') { // core type or efficiency: processors are not told apart here
      const char *a = ++s;
      while (isalnum((unsigned char)*s) || *s == '_')
        s++;
      glass_warn("KMP_HW_SUBSET: attribute \"%.*s\" ignored (core types are not distinguished)",
                 (int)(s - a), a);
    }
    for (int k = 0; k < *n; k++)
      if (items[k].level == it.level) {
        snprintf(why, why_size, "the %s layer is named twice", glass_topology_level_name(it.level));
        return false;
      }
    items[(*n)++] = it;
    while (isspace((unsigned char)*s))
      s++;
    if (*s == '\0')
      break;
    if (*s != ',') {
      snprintf(why, why_size, "',' expected at \"%.16s\"", s);
      return false;
    }
    s++;
  }
  for (int i = 1; i < *n; i++) // outermost (highest level) first
    for (int j = i; j > 0 && items[j].level > items[j - 1].level; j--) {
      subset_item_t t = items[j];
      items[j] = items[j - 1];
      items[j - 1] = t;
    }
  return *n > 0;
}

// Keeps the processors the items select; false (nothing changed) when a count or offset asks
// for more objects than some parent has.
static bool apply_subset(glass_pu_t *pus, int *npus, const subset_item_t *items, int n,
                         bool absolute, int nobjs_max, char *why, size_t why_size) {
  bool *keep = glass_zalloc(sizeof(bool) * (size_t)*npus);
  int *rank = glass_zalloc(sizeof(int) * (size_t)(nobjs_max + 1));
  int *seen = glass_zalloc(sizeof(int) * (size_t)(nobjs_max + 1));
  for (int i = 0; i < *npus; i++)
    keep[i] = true;
  bool ok = true;
  for (int k = 0; k < n && ok; k++) {
    int level = items[k].level, parent = absolute ? -1 : items[k].parent;
    for (int o = 0; o <= nobjs_max; o++)
      rank[o] = -1, seen[o] = 0;
    for (int i = 0; i < *npus; i++) {
      if (!keep[i])
        continue;
      int obj = pus[i].id[level], par = parent < 0 ? 0 : pus[i].id[parent];
      if (obj < 0 || par < 0)
        continue;
      if (rank[obj] < 0)
        rank[obj] = seen[par]++;
      keep[i] = rank[obj] >= items[k].offset &&
                (items[k].count == INT_MAX || rank[obj] < items[k].offset + items[k].count);
    }
    for (int o = 0; o <= nobjs_max && ok; o++) {
      bool is_parent = parent < 0 ? o == 0 : seen[o] > 0;
      int need = items[k].offset + (items[k].count == INT_MAX ? 1 : items[k].count);
      if (is_parent && seen[o] < need) {
        snprintf(why, why_size, "%s %d@%d: only %d available", glass_topology_level_name(level),
                 items[k].count, items[k].offset, seen[o]);
        ok = false;
      }
    }
  }
  if (ok) {
    int m = 0;
    for (int i = 0; i < *npus; i++)
      if (keep[i])
        pus[m++] = pus[i];
    *npus = m;
  }
  glass_free(keep);
  glass_free(rank);
  glass_free(seen);
  return ok;
}

// ---------------------------------------------------------------------------------------------

// Dense ids per level, numbered in order of first appearance; counts per level.
static void renumber(glass_topology_t *t) {
  int *map = glass_zalloc(sizeof(int) * (size_t)t->npus * 2);
  for (int l = 0; l < GLASS_TOPO_LEVELS; l++) {
    int k = 0; // map holds (raw id, dense id) pairs
    for (int i = 0; i < t->npus; i++) {
      int raw = t->pus[i].id[l], dense = -1;
      if (raw < 0)
        continue;
      for (int j = 0; j < k && dense < 0; j++)
        if (map[2 * j] == raw)
          dense = map[2 * j + 1];
      if (dense < 0) {
        map[2 * k] = raw;
        map[2 * k + 1] = dense = k;
        k++;
      }
      t->pus[i].id[l] = dense;
    }
    // A level some processors lack is treated as absent (the next one out stands for it).
    bool partial = false;
    for (int i = 0; i < t->npus; i++)
      partial |= t->pus[i].id[l] < 0;
    t->nobjs[l] = partial ? 0 : k;
  }
  glass_free(map);
}

// A relative count is per object of the nearest level out that holds several of this level's
// (the one with the most objects, fewer than this level has): every level but the caches
// counts, caches only when the subset names them.
static int subset_parent(const glass_topology_t *t, const subset_item_t *items, int n, int level) {
  int best = -1;
  for (int l = level + 1; l < GLASS_TOPO_LEVELS; l++) {
    bool named = false;
    for (int k = 0; k < n; k++)
      named |= items[k].level == l;
    bool main = l != GLASS_TOPO_L1 && l != GLASS_TOPO_L2 && l != GLASS_TOPO_L3;
    if ((main || named) && t->nobjs[l] > 0 && t->nobjs[l] < t->nobjs[level] &&
        (best < 0 || t->nobjs[l] > t->nobjs[best]))
      best = l;
  }
  return best;
}

static void restrict_subset(glass_topology_t *t) {
  const char *v = getenv("KMP_HW_SUBSET");
  if (!v || !*v)
    return;
  subset_item_t items[GLASS_TOPO_LEVELS + 8];
  int n;
  bool absolute;
  char why[96] = "";
  bool ok = parse_subset(v, items, &n, &absolute, why, sizeof(why));
  // A layer the machine lacks voids the whole value, as in libomp.
  for (int k = 0; ok && k < n; k++)
    if (t->nobjs[items[k].level] == 0) {
      snprintf(why, sizeof(why), "the %s layer is not in this topology",
               glass_topology_level_name(items[k].level));
      ok = false;
    }
  for (int k = 0; ok && k < n; k++)
    items[k].parent = subset_parent(t, items, n, items[k].level);
  if (ok && n > 0)
    ok = apply_subset(t->pus, &t->npus, items, n, absolute, t->npus, why, sizeof(why));
  if (!ok)
    glass_warn("KMP_HW_SUBSET=\"%s\" is invalid (%s); using the whole machine", v, why);
  t->subset = ok && n > 0;
}

void glass_topology_init(void) {
  static glass_mutex_t lock = GLASS_MUTEX_INIT;
  if (__atomic_load_n(&glass_topology.ready, __ATOMIC_ACQUIRE))
    return;
  glass_mutex_lock(&lock);
  if (!glass_topology.ready) {
    glass_topology_t *t = &glass_topology;
    cpu_set_t mask;
    if (sched_getaffinity(0, sizeof(mask), &mask) != 0 || CPU_COUNT(&mask) == 0) {
      CPU_ZERO(&mask);
      for (int i = 0; i < glass_nprocs && i < CPU_SETSIZE; i++)
        CPU_SET(i, &mask);
    }
    t->initial_mask = mask;
    raw_t r = {0};
    read_raw(&r, &mask);
    // KMP_AFFINITY=respect (the default): the process's mask limits the processors;
    // norespect: every processor the source allows (the kernel still holds a cgroup's limits).
    // A described machine that is not this one keeps its own allowed set: nothing is bound.
    if (r.this_system && glass_kaff.respect)
      CPU_AND(&r.allowed, &r.allowed, &mask);
    if (CPU_COUNT(&r.allowed) == 0) { // the source and the mask disagree: trust the mask
      glass_free(r.pus);
      r = (raw_t){0};
      read_flat(&r, &mask);
    }
    int m = 0;
    for (int i = 0; i < r.n; i++)
      if (CPU_ISSET(r.pus[i].os, &r.allowed))
        r.pus[m++] = r.pus[i];
    t->pus = r.pus;
    t->npus = m;
    t->this_system = r.this_system;
    t->source = r.source;
    renumber(t);
    restrict_subset(t);
    renumber(t);
    CPU_ZERO(&t->usable);
    for (int i = 0; i < t->npus; i++) {
      CPU_SET(t->pus[i].os, &t->usable);
      index_of[t->pus[i].os] = (short)(i + 1);
    }
    __atomic_store_n(&t->ready, true, __ATOMIC_RELEASE);
  }
  glass_mutex_unlock(&lock);
}

// ---------------------------------------------------------------------------------------------
// Queries.

const char *glass_topology_level_name(int level) {
  static const char *const names[] = {"thread", "core",     "L1 cache", "L2 cache",    "module",
                                      "tile",   "L3 cache", "die",      "NUMA domain", "socket"};
  _Static_assert(sizeof(names) / sizeof(*names) == GLASS_TOPO_LEVELS, "a name per level");
  if (level == GLASS_TOPO_LLC)
    return "LL cache";
  return level >= 0 && level < GLASS_TOPO_LEVELS ? names[level] : "machine";
}

// libomp's spellings of each level, the outermost cache last: its granularity keyword (also a
// KMP_HW_SUBSET layer), its abstract name (OMP_PLACES, KMP_HW_SUBSET), and other names as
// "name:uses" words with uses g (granularity), s (KMP_HW_SUBSET), p (OMP_PLACES).
static const char *const keywords[GLASS_TOPO_LEVELS + 1] = {
    "thread",   "core", "l1_cache",    "l2_cache", "module",  "tile",
    "l3_cache", "die",  "numa_domain", "socket",   "ll_cache"};
static const char *const plurals[GLASS_TOPO_LEVELS + 1] = {
    "threads",   "cores", "l1_caches",    "l2_caches", "modules",  "tiles",
    "l3_caches", "dice",  "numa_domains", "sockets",   "ll_caches"};
static const char *const others[GLASS_TOPO_LEVELS + 1] = {"fine:g t:s",
                                                          "c:s",
                                                          "l1:gs",
                                                          "l2:gs",
                                                          "m:s",
                                                          "ti:s",
                                                          "l3:gs",
                                                          "dies:s d:s",
                                                          "numa:gs node:gs nodes:s n:s",
                                                          "package:gs packages:s s:s",
                                                          "ll:s"};

static int level_at(size_t k) {
  return k == GLASS_TOPO_LEVELS ? GLASS_TOPO_LLC : (int)k;
}

static size_t index_of_level(int level) {
  return level == GLASS_TOPO_LLC ? GLASS_TOPO_LEVELS : (size_t)level;
}

const char *glass_topology_level_keyword(int level) {
  return level == GLASS_TOPO_LLC || (level >= 0 && level < GLASS_TOPO_LEVELS)
             ? keywords[index_of_level(level)]
             : "machine";
}

const char *glass_topology_level_plural(int level) {
  return level == GLASS_TOPO_LLC || (level >= 0 && level < GLASS_TOPO_LEVELS)
             ? plurals[index_of_level(level)]
             : "machine";
}

static bool same_word(const char *name, size_t len, const char *w, size_t n) {
  return len == n && strncasecmp(name, w, n) == 0;
}

// Whether one of the "name:uses" words of `list` is w[0..n) with a use in `use`.
static bool among_others(const char *list, const char *w, size_t n, unsigned use) {
  while (*list) {
    size_t len = strcspn(list, ":"), f = strcspn(list + len, " ");
    unsigned uses = 0;
    for (size_t i = 1; i < f; i++)
      uses |= list[len + i] == 'g'   ? GLASS_NAME_GRANULARITY
              : list[len + i] == 's' ? GLASS_NAME_SUBSET
                                     : GLASS_NAME_PLACES;
    if ((uses & use) && same_word(list, len, w, n))
      return true;
    list += len + f + (list[len + f] == ' ');
  }
  return false;
}

int glass_topology_level_named(const char *w, size_t n, unsigned use) {
  const unsigned keyword_uses = GLASS_NAME_GRANULARITY | GLASS_NAME_SUBSET;
  const unsigned plural_uses = GLASS_NAME_SUBSET | GLASS_NAME_PLACES;
  for (size_t k = 0; k <= GLASS_TOPO_LEVELS; k++)
    if (((use & keyword_uses) && same_word(keywords[k], strlen(keywords[k]), w, n)) ||
        ((use & plural_uses) && same_word(plurals[k], strlen(plurals[k]), w, n)) ||
        among_others(others[k], w, n, use))
      return level_at(k);
  return -1;
}

int glass_topology_effective_level(int level) {
  glass_topology_init();
  if (level == GLASS_TOPO_LLC)
    level = llc_in(&glass_topology);
  if (level < 0)
    level = GLASS_TOPO_THREAD;
  if (level >= GLASS_TOPO_LEVELS || glass_topology.nobjs[level] > 0)
    return level < GLASS_TOPO_LEVELS ? level : -1;
  // The finest level further out: a NUMA domain may hold sockets, a socket NUMA domains.
  int best = -1;
  for (int l = level + 1; l < GLASS_TOPO_LEVELS; l++)
    if (glass_topology.nobjs[l] > (best < 0 ? 0 : glass_topology.nobjs[best]))
      best = l;
  return best;
}

int glass_topology_llc_level(void) {
  return glass_topology_effective_level(GLASS_TOPO_LLC);
}

int glass_topology_index(int cpu) {
  glass_topology_init();
  return cpu >= 0 && cpu < CPU_SETSIZE ? index_of[cpu] - 1 : -1;
}

const glass_pu_t *glass_topology_home(const cpu_set_t *set) {
  for (int c = 0; c < CPU_SETSIZE; c++)
    if (CPU_ISSET(c, set)) {
      int i = glass_topology_index(c);
      return i < 0 ? NULL : &glass_topology.pus[i];
    }
  return NULL;
}

static const int near_levels[GLASS_TOPO_NEAR] = {GLASS_TOPO_L2, GLASS_TOPO_L3, GLASS_TOPO_NUMA,
                                                 GLASS_TOPO_SOCKET};

int glass_topology_near_levels(int *lv) {
  int n = 0;
  for (int k = 0; k < GLASS_TOPO_NEAR; k++)
    if (glass_topology.nobjs[near_levels[k]] > 0)
      lv[n++] = near_levels[k];
  for (int i = 1; i < n; i++) // insertion sort of at most four
    for (int j = i; j > 0 && glass_topology.nobjs[lv[j]] > glass_topology.nobjs[lv[j - 1]]; j--) {
      int x = lv[j];
      lv[j] = lv[j - 1];
      lv[j - 1] = x;
    }
  return n;
}

void glass_topology_group(int cpu, int level, cpu_set_t *out) {
  int i = glass_topology_index(cpu);
  CPU_ZERO(out);
  if (i < 0) {
    if (cpu >= 0 && cpu < CPU_SETSIZE)
      CPU_SET(cpu, out);
    return;
  }
  int l = glass_topology_effective_level(level);
  if (l < 0) {
    *out = glass_topology.usable;
    return;
  }
  int id = glass_topology.pus[i].id[l];
  for (int k = 0; k < glass_topology.npus; k++)
    if (glass_topology.pus[k].id[l] == id)
      CPU_SET(glass_topology.pus[k].os, out);
}

int glass_topology_peers(int level, cpu_set_t *out) {
  glass_topology_init();
  cpu_set_t mine;
  CPU_ZERO(out);
  if (sched_getaffinity(0, sizeof(mine), &mine) != 0)
    return 0;
  for (int cpu = 0; cpu < CPU_SETSIZE; cpu++) {
    if (!CPU_ISSET(cpu, &mine) || glass_topology_index(cpu) < 0 || CPU_ISSET(cpu, out))
      continue;
    cpu_set_t g;
    glass_topology_group(cpu, level, &g);
    CPU_OR(out, out, &g);
  }
  return CPU_COUNT(out);
}

// The rank of processor i's object at `level` within its object at `outer` (-1: the machine);
// objects are contiguous in topology order.
static int rank_within(int i, int level, int outer) {
  const glass_pu_t *pus = glass_topology.pus;
  int r = -1, last = -1;
  for (int k = 0; k <= i; k++) {
    if (outer >= 0 && pus[k].id[outer] != pus[i].id[outer])
      continue;
    if (r < 0 || pus[k].id[level] != last)
      r++, last = pus[k].id[level];
  }
  return r;
}

// The levels the shape line and the processor map name, outermost first: socket (one when the
// source has none), then die, tile and module where they add something (more objects than the
// level before: one die per socket is the socket), core and thread.
static int shown_levels(int *levels) {
  static const int order[] = {GLASS_TOPO_SOCKET, GLASS_TOPO_DIE,  GLASS_TOPO_TILE,
                              GLASS_TOPO_MODULE, GLASS_TOPO_CORE, GLASS_TOPO_THREAD};
  const int *nobjs = glass_topology.nobjs;
  int n = 0;
  for (size_t k = 0; k < sizeof(order) / sizeof(*order); k++) {
    int l = order[k];
    bool optional = l == GLASS_TOPO_DIE || l == GLASS_TOPO_TILE || l == GLASS_TOPO_MODULE;
    if (l == GLASS_TOPO_SOCKET || (nobjs[l] > 0 && !(optional && nobjs[l] == nobjs[levels[n - 1]])))
      levels[n++] = l;
  }
  return n;
}

static void print_shape(const int *levels, int n) {
  const int *nobjs = glass_topology.nobjs;
  char line[256];
  size_t off = 0;
  for (int k = 0; k < n && off < sizeof(line); k++) {
    int objs = nobjs[levels[k]] ? nobjs[levels[k]] : 1;
    int outer = k ? (nobjs[levels[k - 1]] ? nobjs[levels[k - 1]] : 1) : 1;
    const char *name = glass_topology_level_keyword(levels[k]);
    int per = objs / outer;
    if (k == 0)
      off += (size_t)snprintf(line + off, sizeof(line) - off, "%d %s%s", objs, name,
                              objs != 1 ? "s" : "");
    else
      off += (size_t)snprintf(line + off, sizeof(line) - off, " x %d %s%s/%s", per, name,
                              per != 1 ? "s" : "", glass_topology_level_keyword(levels[k - 1]));
  }
  fprintf(stderr, "OMP: Info: KMP_AFFINITY: %s (%d total cores)\n", line, nobjs[GLASS_TOPO_CORE]);
}

void glass_topology_print(void) {
  glass_topology_init();
  const glass_topology_t *t = &glass_topology;
  if (t->this_system) {
    char mask[4096];
    glass_cpuset_text(&t->initial_mask, mask, sizeof(mask));
    fprintf(stderr, "OMP: Info: KMP_AFFINITY: Initial OS proc set %s: %s\n",
            glass_kaff.respect ? "respected" : "not respected", mask);
  }
  fprintf(stderr, "OMP: Info: KMP_AFFINITY: topology from %s%s: %d available OS procs\n", t->source,
          t->this_system ? "" : " (not this machine: nothing is bound)", t->npus);
  int levels[GLASS_TOPO_LEVELS];
  int n = shown_levels(levels);
  print_shape(levels, n);
  if (t->nobjs[GLASS_TOPO_NUMA])
    fprintf(stderr, "OMP: Info: KMP_AFFINITY: %d NUMA domains\n", t->nobjs[GLASS_TOPO_NUMA]);
  for (int i = 0; i < t->npus; i++) {
    char line[256];
    size_t off = 0;
    for (int k = 0; k < n && off < sizeof(line); k++) {
      int outer = k == 0 ? -1 : levels[k - 1];
      if (outer == GLASS_TOPO_SOCKET && !t->nobjs[outer])
        outer = -1;
      int id = levels[k] == GLASS_TOPO_SOCKET ? (t->nobjs[levels[k]] ? t->pus[i].id[levels[k]] : 0)
                                              : rank_within(i, levels[k], outer);
      off += (size_t)snprintf(line + off, sizeof(line) - off, " %s %d",
                              glass_topology_level_keyword(levels[k]), id);
    }
    fprintf(stderr, "OMP: Info: KMP_AFFINITY: OS proc %d maps to%s\n", t->pus[i].os, line);
  }
}

// ---------------------------------------------------------------------------------------------
// GLASS_TOPOLOGY_QUERIES.

static void print_query(const char *what, int level, int cpu, const cpu_set_t *set) {
  char text[4096];
  glass_cpuset_text(set, text, sizeof(text));
  if (cpu >= 0)
    fprintf(stderr, "GLASS: topology %s(%d, %s) = {%s}\n", what, cpu,
            glass_topology_level_name(level), text);
  else
    fprintf(stderr, "GLASS: topology %s(%s) = %d {%s}\n", what, glass_topology_level_name(level),
            CPU_COUNT(set), text);
}

void glass_topology_print_queries(void) {
  glass_topology_init();
  const glass_topology_t *t = &glass_topology;
  int outside = -1; // the lowest processor number no level holds
  while (outside < CPU_SETSIZE - 1 && glass_topology_index(++outside) >= 0)
    ;
  // Every level, the outermost cache, and one past the levels (the whole machine).
  for (int level = GLASS_TOPO_LLC; level <= GLASS_TOPO_LEVELS; level++) {
    if (level < 0 && level != GLASS_TOPO_LLC)
      continue;
    cpu_set_t set;
    for (int i = 0; i <= t->npus; i++) {
      int cpu = i < t->npus ? t->pus[i].os : outside;
      glass_topology_group(cpu, level, &set);
      print_query("group", level, cpu, &set);
    }
    glass_topology_peers(level, &set);
    print_query("peers", level, -1, &set);
  }
}
