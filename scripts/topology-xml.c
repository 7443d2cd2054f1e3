// Writes an hwloc XML topology for a synthetic machine, for the tests in test/affinity that
// describe machines other than the one they run on (test/affinity/topologies/README.md).
//   cc scripts/topology-xml.c -lhwloc -o topology-xml
//   ./topology-xml "pack:2 core:8 pu:2" out.xml [allowed-cpu-list|-] [group-kinds]
// group-kinds names the synthetic Group levels from the outside in (tile, module or die, comma
// separated): those groups get the kind and subtype hwloc's x86 reader gives Intel's.
#include <hwloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

// hwloc's Group kinds for Intel's modules, tiles and dies (its private numbering).
static const struct {
  const char *name, *subtype;
  unsigned kind;
} kinds[] = {{"module", "Module", 102}, {"tile", "Tile", 103}, {"die", "Die", 104}};

static int name_groups(hwloc_topology_t t, const char *list) {
  char *copy = strdup(list), *save = NULL;
  int depth = 0; // Group levels named so far, from the outside in
  for (char *w = strtok_r(copy, ",", &save); w; w = strtok_r(NULL, ",", &save), depth++) {
    size_t k = 0;
    while (k < sizeof(kinds) / sizeof(*kinds) && strcasecmp(w, kinds[k].name) != 0)
      k++;
    if (k == sizeof(kinds) / sizeof(*kinds)) {
      fprintf(stderr, "unknown group kind %s (tile, module or die)\n", w);
      free(copy);
      return -1;
    }
    int seen = -1; // the depth of the depth-th Group level
    for (int d = 0, g = 0; d < hwloc_topology_get_depth(t) && seen < 0; d++)
      if (hwloc_get_depth_type(t, d) == HWLOC_OBJ_GROUP && g++ == depth)
        seen = d;
    if (seen < 0) {
      fprintf(stderr, "fewer Group levels than kinds\n");
      free(copy);
      return -1;
    }
    for (hwloc_obj_t o = hwloc_get_next_obj_by_depth(t, seen, NULL); o;
         o = hwloc_get_next_obj_by_depth(t, seen, o)) {
      o->attr->group.kind = kinds[k].kind;
      o->attr->group.dont_merge = 1;
      free(o->subtype);
      o->subtype = strdup(kinds[k].subtype);
    }
  }
  free(copy);
  return 0;
}

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: %s SYNTHETIC OUT.xml [ALLOWED-CPUS|-] [GROUP-KINDS]\n", argv[0]);
    return 2;
  }
  hwloc_topology_t t;
  hwloc_topology_init(&t);
  if (hwloc_topology_set_synthetic(t, argv[1]) != 0) {
    fprintf(stderr, "invalid synthetic description: %s\n", argv[1]);
    return 1;
  }
  // Keep the processors outside the allowed set in the file: the runtime must drop them.
  hwloc_topology_set_flags(t, HWLOC_TOPOLOGY_FLAG_INCLUDE_DISALLOWED);
  if (hwloc_topology_load(t) != 0) {
    perror("hwloc_topology_load");
    return 1;
  }
  if (argc > 3 && strcmp(argv[3], "-") != 0) {
    hwloc_bitmap_t allowed = hwloc_bitmap_alloc();
    if (hwloc_bitmap_list_sscanf(allowed, argv[3]) != 0 ||
        hwloc_topology_allow(t, allowed, NULL, HWLOC_ALLOW_FLAG_CUSTOM) != 0) {
      fprintf(stderr, "cannot restrict to %s\n", argv[3]);
      return 1;
    }
    hwloc_bitmap_free(allowed);
  }
  if (argc > 4 && name_groups(t, argv[4]) != 0)
    return 1;
  if (hwloc_topology_export_xml(t, argv[2], 0) != 0) {
    perror(argv[2]);
    return 1;
  }
  hwloc_topology_destroy(t);
  return 0;
}
