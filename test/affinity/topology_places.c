// OMP_PLACES on machines described by hwloc XML files (topologies/README.md), whatever machine
// runs the test: 2 sockets x 8 cores x 2 threads numbered as Linux numbers hyperthreads (core c's
// threads are c and c+16), 2 sockets x 2 NUMA domains x 4 cores x 2 threads, and a cgroup that
// allows 2-5,8,12-15 of 2 sockets x 4 cores x 2 threads. Nothing is bound on a described
// machine; the places and each member's place number are what is checked.
// REQUIRES: hwloc
// RUN: %compile -I %S/Inputs
// RUN: env HWLOC_XMLFILE=%topologies/2s8c2t.xml OMP_PLACES=threads %run %t | %FileCheck %s --check-prefix=THREADS
// RUN: env HWLOC_XMLFILE=%topologies/2s8c2t.xml OMP_PLACES=cores %run %t | %FileCheck %s --check-prefix=CORES
// RUN: env HWLOC_XMLFILE=%topologies/2s8c2t.xml OMP_PLACES=sockets %run %t | %FileCheck %s --check-prefix=SOCKETS
// RUN: env HWLOC_XMLFILE=%topologies/2s8c2t.xml OMP_PLACES=ll_caches %run %t | %FileCheck %s --check-prefix=SOCKETS
// RUN: env HWLOC_XMLFILE=%topologies/2s8c2t.xml OMP_PLACES=numa_domains %run %t | %FileCheck %s --check-prefix=ONENUMA
// RUN: env HWLOC_XMLFILE=%topologies/2s8c2t.xml OMP_PLACES="cores(3)" OMP_PROC_BIND=spread %run %t 3 | %FileCheck %s --check-prefix=COUNT
// RUN: env HWLOC_XMLFILE=%topologies/2s8c2t.xml OMP_PLACES="{0,16}:4:1" OMP_PROC_BIND=close %run %t 8 | %FileCheck %s --check-prefix=LIST
// RUN: env HWLOC_XMLFILE=%topologies/4numa.xml OMP_PLACES=numa_domains %run %t | %FileCheck %s --check-prefix=NUMA
// RUN: env HWLOC_XMLFILE=%topologies/4numa.xml OMP_PLACES=ll_caches %run %t | %FileCheck %s --check-prefix=NUMA
// RUN: env HWLOC_XMLFILE=%topologies/4numa.xml OMP_PLACES=sockets %run %t 2 | %FileCheck %s --check-prefix=NSOCKETS
// RUN: env HWLOC_XMLFILE=%topologies/cgroup.xml OMP_PLACES=threads %run %t 2 | %FileCheck %s --check-prefix=CGTHREADS
// KMP_AFFINITY=norespect does not reach past the cgroup (nor does respect narrow a described machine).
// RUN: env HWLOC_XMLFILE=%topologies/cgroup.xml KMP_AFFINITY=norespect,granularity=fine,compact %run %t 2 | %FileCheck %s --check-prefix=CGTHREADS
// RUN: env HWLOC_XMLFILE=%topologies/cgroup.xml KMP_AFFINITY=respect,granularity=fine,compact %run %t 2 | %FileCheck %s --check-prefix=CGTHREADS
// RUN: env HWLOC_XMLFILE=%topologies/cgroup.xml OMP_PLACES=cores OMP_PROC_BIND=spread %run %t 2 | %FileCheck %s --check-prefix=CGCORES
// RUN: env HWLOC_XMLFILE=%topologies/cgroup.xml OMP_PLACES=sockets %run %t 2 | %FileCheck %s --check-prefix=CGSOCKETS
// RUN: env HWLOC_XMLFILE=%topologies/cgroup.xml OMP_PLACES="{0,1},{2:4},{8:2}" %run %t 2 | %FileCheck %s --check-prefix=CGLIST
// A file hwloc cannot read: hwloc reads this machine instead, and places still exist.
// RUN: env HWLOC_XMLFILE=%S/topologies/README.md OMP_PLACES=threads %run %t 1 | %FileCheck %s --check-prefix=FALLBACK
#include "print_places.h"

// Topology order: a core's two threads, then the next core.
// THREADS: places=32
// THREADS-NEXT: place 0: 0
// THREADS-NEXT: place 1: 16
// THREADS-NEXT: place 2: 1
// THREADS-NEXT: place 3: 17
// THREADS: place 31: 31
// THREADS-NEXT: team 4: 0 1 2 3

// CORES: places=16
// CORES-NEXT: place 0: 0,16
// CORES-NEXT: place 1: 1,17
// CORES: place 8: 8,24
// CORES: place 15: 15,31
// CORES-NEXT: team 4: 0 1 2 3

// SOCKETS: places=2
// SOCKETS-NEXT: place 0: 0,1,2,3,4,5,6,7,16,17,18,19,20,21,22,23
// SOCKETS-NEXT: place 1: 8,9,10,11,12,13,14,15,24,25,26,27,28,29,30,31
// SOCKETS-NEXT: team 4: 0 0 1 1

// ONENUMA: places=1
// ONENUMA-NEXT: place 0: 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
// ONENUMA-NEXT: team 4: 0 0 0 0

// COUNT: places=3
// COUNT-NEXT: place 0: 0,16
// COUNT-NEXT: place 1: 1,17
// COUNT-NEXT: place 2: 2,18
// COUNT-NEXT: team 3: 0 1 2

// LIST: places=4
// LIST-NEXT: place 0: 0,16
// LIST-NEXT: place 1: 1,17
// LIST-NEXT: place 2: 2,18
// LIST-NEXT: place 3: 3,19
// LIST-NEXT: team 8: 0 0 1 1 2 2 3 3

// NUMA: places=4
// NUMA-NEXT: place 0: 0,1,2,3,4,5,6,7
// NUMA-NEXT: place 1: 8,9,10,11,12,13,14,15
// NUMA-NEXT: place 2: 16,17,18,19,20,21,22,23
// NUMA-NEXT: place 3: 24,25,26,27,28,29,30,31
// NUMA-NEXT: team 4: 0 1 2 3

// NSOCKETS: places=2
// NSOCKETS-NEXT: place 0: 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15
// NSOCKETS-NEXT: place 1: 16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
// NSOCKETS-NEXT: team 2: 0 1

// Only the allowed processors: core 4 keeps one of its threads.
// CGTHREADS: places=9
// CGTHREADS-NEXT: place 0: 2
// CGTHREADS-NEXT: place 1: 3
// CGTHREADS-NEXT: place 2: 4
// CGTHREADS-NEXT: place 3: 5
// CGTHREADS-NEXT: place 4: 8
// CGTHREADS-NEXT: place 5: 12
// CGTHREADS-NEXT: place 6: 13
// CGTHREADS-NEXT: place 7: 14
// CGTHREADS-NEXT: place 8: 15
// CGTHREADS-NEXT: team 2: 0 1

// CGCORES: places=5
// CGCORES-NEXT: place 0: 2,3
// CGCORES-NEXT: place 1: 4,5
// CGCORES-NEXT: place 2: 8
// CGCORES-NEXT: place 3: 12,13
// CGCORES-NEXT: place 4: 14,15
// CGCORES-NEXT: team 2: 0 3

// CGSOCKETS: places=2
// CGSOCKETS-NEXT: place 0: 2,3,4,5
// CGSOCKETS-NEXT: place 1: 8,12,13,14,15
// CGSOCKETS-NEXT: team 2: 0 1

// A place of processors the cgroup forbids is dropped; one partly forbidden is trimmed.
// CGLIST: places=2
// CGLIST-NEXT: place 0: 2,3,4,5
// CGLIST-NEXT: place 1: 8
// CGLIST-NEXT: team 2: 0 1

// FALLBACK: places={{[1-9][0-9]*}}
// FALLBACK: team 1: 0
