// The neighbourhood queries the scheduler and barriers may use (topology.h): glass_topology_group
// for every processor at every level, absent levels answered by the finest level further out,
// processors the process may not use answered alone; glass_topology_peers for the calling
// thread. GLASS_TOPOLOGY_QUERIES prints their answers when the places are built. Peers are
// checked on this machine, whose thread masks they read: the program narrows its mask to one
// processor (norespect,disabled keeps every processor usable and the mask as it is).
// REQUIRES: hwloc
// RUN: %compile
// RUN: env KMP_AFFINITY=norespect,disabled GLASS_TOPOLOGY_QUERIES=1 %run %t 2>&1 | %FileCheck %s --check-prefix=REAL
// RUN: env HWLOC_XMLFILE=%topologies/2s8c2t.xml GLASS_TOPOLOGY_QUERIES=1 %run %t 2>&1 | %FileCheck %s --check-prefix=HT
// RUN: env HWLOC_XMLFILE=%topologies/4numa.xml GLASS_TOPOLOGY_QUERIES=1 %run %t 2>&1 | %FileCheck %s --check-prefix=NUMA
// RUN: env HWLOC_XMLFILE=%topologies/cgroup.xml GLASS_TOPOLOGY_QUERIES=1 %run %t 2>&1 | %FileCheck %s --check-prefix=CGROUP
// RUN: env HWLOC_XMLFILE=%topologies/tiles.xml GLASS_TOPOLOGY_QUERIES=1 %run %t 2>&1 | %FileCheck %s --check-prefix=TILES
// Without the variable nothing is printed.
// RUN: env HWLOC_XMLFILE=%topologies/tiles.xml %run %t 2>&1 | %FileCheck %s --check-prefix=QUIET
#define _GNU_SOURCE
#include <omp.h>
#include <sched.h>
#include <stdio.h>

int main(void) {
  setvbuf(stdout, NULL, _IONBF, 0);
  cpu_set_t mask, one;
  if (sched_getaffinity(0, sizeof(mask), &mask) != 0)
    return 1;
  int cpu = 0;
  while (!CPU_ISSET(cpu, &mask))
    cpu++;
  CPU_ZERO(&one);
  CPU_SET(cpu, &one);
  if (sched_setaffinity(0, sizeof(one), &one) != 0)
    return 1;
  printf("narrowed to %d\n", cpu);
  printf("places=%d\n", omp_get_num_places());
  return 0;
}

// REAL: narrowed to [[CPU:[0-9]+]]
// REAL: group([[CPU]], LL cache) = {[[LLC:[0-9,-]+]]}
// REAL: peers(LL cache) = {{[0-9]+}} {[[LLC]]}
// REAL: group([[CPU]], thread) = {[[CPU]]}
// REAL: peers(thread) = 1 {[[CPU]]}
// REAL: group([[CPU]], core) = {[[CORE:[0-9,-]+]]}
// REAL: peers(core) = {{[0-9]+}} {[[CORE]]}
// REAL: group([[CPU]], L2 cache) = {[[L2:[0-9,-]+]]}
// REAL: peers(L2 cache) = {{[0-9]+}} {[[L2]]}
// REAL: group([[CPU]], socket) = {[[SOCKET:[0-9,-]+]]}
// REAL: peers(socket) = {{[0-9]+}} {[[SOCKET]]}
// REAL: group([[CPU]], machine) = {[[ALL:[0-9,-]+]]}
// REAL: peers(machine) = {{[0-9]+}} {[[ALL]]}
// REAL: places=

// 2 sockets x 8 cores x 2 threads (core c: c and c+16), an L3 per socket, one NUMA node.
// HT: group(0, LL cache) = {0-7,16-23}
// HT: group(0, thread) = {0}
// HT-NEXT: group(16, thread) = {16}
// HT: group(0, core) = {0,16}
// HT-NEXT: group(16, core) = {0,16}
// HT-NEXT: group(1, core) = {1,17}
// HT: group(31, core) = {15,31}
// HT-NEXT: group(32, core) = {32}
// HT: group(0, L2 cache) = {0,16}
// HT: group(0, module) = {0-7,16-23}
// HT: group(15, tile) = {8-15,24-31}
// HT: group(0, L3 cache) = {0-7,16-23}
// HT: group(0, die) = {0-7,16-23}
// HT: group(0, NUMA domain) = {0-31}
// HT: group(8, socket) = {8-15,24-31}
// HT: group(0, machine) = {0-31}
// HT: places=

// 2 sockets x 2 NUMA domains x 4 cores x 2 threads, an L3 per NUMA domain.
// NUMA: group(9, LL cache) = {8-15}
// NUMA: group(9, core) = {8,9}
// NUMA: group(9, tile) = {8-15}
// NUMA: group(9, die) = {8-15}
// NUMA: group(9, NUMA domain) = {8-15}
// NUMA: group(9, socket) = {0-15}
// NUMA: group(31, socket) = {16-31}
// NUMA: group(9, machine) = {0-31}

// 2 sockets x 4 cores x 2 threads, of which 2-5, 8, 12-15 are allowed: groups hold only those;
// processor 0 is not usable and answers alone.
// CGROUP: group(2, LL cache) = {2-5}
// CGROUP: group(8, LL cache) = {8,12-15}
// CGROUP-NEXT: group(12, LL cache) = {8,12-15}
// CGROUP: group(0, LL cache) = {0}
// CGROUP: group(8, core) = {8}
// CGROUP-NEXT: group(12, core) = {12,13}
// CGROUP: group(0, core) = {0}
// CGROUP: group(3, socket) = {2-5}
// CGROUP: group(2, machine) = {2-5,8,12-15}
// CGROUP: group(0, machine) = {0}

// 2 sockets x 2 dies (an L3 each) x 2 tiles x 2 modules x 2 cores.
// TILES: group(5, LL cache) = {0-7}
// TILES: group(5, core) = {5}
// TILES: group(5, L2 cache) = {5}
// TILES: group(5, module) = {4,5}
// TILES: group(5, tile) = {4-7}
// TILES: group(9, tile) = {8-11}
// TILES: group(5, L3 cache) = {0-7}
// TILES: group(5, die) = {0-7}
// TILES: group(17, die) = {16-23}
// TILES: group(5, socket) = {0-15}
// TILES: group(5, machine) = {0-31}

// QUIET-NOT: GLASS: topology
// QUIET: places=
