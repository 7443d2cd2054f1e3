// Writes an hwloc XML topology for a synthetic machine, for the tests in test/affinity that
// describe machines other than the one they run on (test/affinity/topologies/README.md).
//   cc scripts/topology-xml.c -lhwloc -o topology-xml
//   ./topology-xml "pack:2 core:8 pu:2" out.xml [allowed-cpu-list]
#include <hwloc.h>
#include <stdio.h>

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: %s SYNTHETIC OUT.xml [ALLOWED-CPUS]\n", argv[0]);
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
  if (argc > 3) {
    hwloc_bitmap_t allowed = hwloc_bitmap_alloc();
    if (hwloc_bitmap_list_sscanf(allowed, argv[3]) != 0 ||
        hwloc_topology_allow(t, allowed, NULL, HWLOC_ALLOW_FLAG_CUSTOM) != 0) {
      fprintf(stderr, "cannot restrict to %s\n", argv[3]);
      return 1;
    }
    hwloc_bitmap_free(allowed);
  }
  if (hwloc_topology_export_xml(t, argv[2], 0) != 0) {
    perror(argv[2]);
    return 1;
  }
  hwloc_topology_destroy(t);
  return 0;
}
