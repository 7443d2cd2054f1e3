// libomp's KMP_AFFINITY on a described machine (topologies/2s8c2t.xml: 2 sockets x 8 cores x 2
// threads, core c's threads c and c+16): the place list each type and granularity builds, the
// order threads take places in (thread g on place (g + offset) mod the number of places), the
// precedence over OMP_PLACES/OMP_PROC_BIND, and bad values (one warning each, a fallback).
// REQUIRES: hwloc
// RUN: %compile -I %S/Inputs
// RUN: env HWLOC_XMLFILE=%topologies/2s8c2t.xml KMP_AFFINITY=compact %run %t 5 | %FileCheck %s --check-prefix=COMPACT
// RUN: env HWLOC_XMLFILE=%topologies/2s8c2t.xml KMP_AFFINITY=granularity=fine,compact %run %t 5 | %FileCheck %s --check-prefix=FINE
// RUN: env HWLOC_XMLFILE=%topologies/2s8c2t.xml KMP_AFFINITY=granularity=thread,scatter %run %t 5 | %FileCheck %s --check-prefix=SCATTERT
// RUN: env HWLOC_XMLFILE=%topologies/2s8c2t.xml KMP_AFFINITY=scatter %run %t 5 | %FileCheck %s --check-prefix=SCATTER
// RUN: env HWLOC_XMLFILE=%topologies/2s8c2t.xml KMP_AFFINITY=granularity=l2_cache,scatter %run %t 5 | %FileCheck %s --check-prefix=SCATTER
// RUN: env HWLOC_XMLFILE=%topologies/2s8c2t.xml KMP_AFFINITY=granularity=fine,compact,1 %run %t 5 | %FileCheck %s --check-prefix=PERMUTE
// RUN: env HWLOC_XMLFILE=%topologies/2s8c2t.xml KMP_AFFINITY=compact,0,3 %run %t 5 | %FileCheck %s --check-prefix=OFFSET
// RUN: env HWLOC_XMLFILE=%topologies/2s8c2t.xml KMP_AFFINITY=granularity=socket,compact %run %t 5 | %FileCheck %s --check-prefix=SOCKET
// RUN: env HWLOC_XMLFILE=%topologies/2s8c2t.xml KMP_AFFINITY=granularity=l3_cache,compact %run %t 5 | %FileCheck %s --check-prefix=SOCKET
// RUN: env HWLOC_XMLFILE=%topologies/2s8c2t.xml KMP_AFFINITY=granularity=fine,balanced %run %t 5 | %FileCheck %s --check-prefix=BALANCED
// RUN: env HWLOC_XMLFILE=%topologies/2s8c2t.xml KMP_AFFINITY=granularity=fine,balanced %run %t 20 | %FileCheck %s --check-prefix=BALANCED20
// RUN: env HWLOC_XMLFILE=%topologies/2s8c2t.xml KMP_AFFINITY="explicit,proclist=[{0,16},5-7,31]" %run %t 5 | %FileCheck %s --check-prefix=EXPLICIT
// RUN: env HWLOC_XMLFILE=%topologies/2s8c2t.xml KMP_AFFINITY="proclist=[0-6:3],granularity=core" %run %t 5 | %FileCheck %s --check-prefix=PROCLIST
// RUN: env HWLOC_XMLFILE=%topologies/2s8c2t.xml KMP_AFFINITY=none %run %t 2 | %FileCheck %s --check-prefix=NONE
// RUN: env HWLOC_XMLFILE=%topologies/2s8c2t.xml KMP_AFFINITY=disabled %run %t 2 | %FileCheck %s --check-prefix=DISABLED
// RUN: env HWLOC_XMLFILE=%topologies/2s8c2t.xml KMP_AFFINITY=compact OMP_PLACES=threads OMP_PROC_BIND=spread %run %t 2 2>&1 | %FileCheck %s --check-prefix=PRECEDENCE
// RUN: env HWLOC_XMLFILE=%topologies/2s8c2t.xml KMP_AFFINITY=granularity=fine OMP_PLACES=sockets %run %t 2 2>&1 | %FileCheck %s --check-prefix=NOTYPE
// RUN: env HWLOC_XMLFILE=%topologies/2s8c2t.xml KMP_AFFINITY=verbose,compact %run %t 1 2>&1 | %FileCheck %s --check-prefix=VERBOSE
// On a described machine the affinity format's %A shows the place a thread would be bound to.
// RUN: env HWLOC_XMLFILE=%topologies/2s8c2t.xml KMP_AFFINITY=scatter OMP_DISPLAY_AFFINITY=true OMP_AFFINITY_FORMAT="t%n {%A}" %run %t 3 | %FileCheck %s --check-prefix=DISPLAY
// RUN: env HWLOC_XMLFILE=%topologies/4numa.xml KMP_AFFINITY=scatter %run %t 4 | %FileCheck %s --check-prefix=NUMASCATTER
// RUN: env HWLOC_XMLFILE=%topologies/4numa.xml KMP_AFFINITY=granularity=numa_domain,compact %run %t 4 | %FileCheck %s --check-prefix=NUMAGRAN
// RUN: env HWLOC_XMLFILE=%topologies/cgroup.xml KMP_AFFINITY=granularity=fine,scatter %run %t 2 | %FileCheck %s --check-prefix=CGSCATTER
// Bad values: each warns and the rest of the value still applies.
// RUN: env HWLOC_XMLFILE=%topologies/2s8c2t.xml KMP_AFFINITY=bogus,compact,x %run %t 1 2>&1 | %FileCheck %s --check-prefix=BAD
// RUN: env HWLOC_XMLFILE=%topologies/2s8c2t.xml KMP_AFFINITY=granularity=tile,compact %run %t 1 2>&1 | %FileCheck %s --check-prefix=TILE
// RUN: env HWLOC_XMLFILE=%topologies/2s8c2t.xml KMP_AFFINITY=explicit %run %t 1 2>&1 | %FileCheck %s --check-prefix=NOLIST
// RUN: env HWLOC_XMLFILE=%topologies/2s8c2t.xml KMP_AFFINITY="explicit,proclist=[99999]" %run %t 1 2>&1 | %FileCheck %s --check-prefix=BADLIST
// RUN: env HWLOC_XMLFILE=%topologies/2s8c2t.xml KMP_AFFINITY="explicit,proclist=[0,{1" %run %t 1 2>&1 | %FileCheck %s --check-prefix=OPENLIST
// RUN: env HWLOC_XMLFILE=%topologies/2s8c2t.xml KMP_AFFINITY=nowarnings,granularity=tile,compact,1,2,3 %run %t 1 2>&1 | %FileCheck %s --check-prefix=QUIET
#include "print_places.h"

// COMPACT: places=16
// COMPACT-NEXT: place 0: 0,16
// COMPACT-NEXT: place 1: 1,17
// COMPACT: place 15: 15,31
// COMPACT-NEXT: team 5: 0 1 2 3 4

// FINE: places=32
// FINE-NEXT: place 0: 0
// FINE-NEXT: place 1: 16
// FINE-NEXT: place 2: 1
// FINE: team 5: 0 1 2 3 4

// scatter: sockets alternate first, then cores, hyperthreads last.
// SCATTERT: places=32
// SCATTERT-NEXT: place 0: 0
// SCATTERT-NEXT: place 1: 8
// SCATTERT-NEXT: place 2: 1
// SCATTERT-NEXT: place 3: 9
// SCATTERT: place 15: 15
// SCATTERT-NEXT: place 16: 16
// SCATTERT-NEXT: place 17: 24
// SCATTERT: place 31: 31
// SCATTERT-NEXT: team 5: 0 1 2 3 4

// SCATTER: places=16
// SCATTER-NEXT: place 0: 0,16
// SCATTER-NEXT: place 1: 8,24
// SCATTER-NEXT: place 2: 1,17
// SCATTER-NEXT: place 3: 9,25
// SCATTER: place 15: 15,31
// SCATTER-NEXT: team 5: 0 1 2 3 4

// permute 1: the thread level sorts first: one thread of every core before any sibling.
// PERMUTE: places=32
// PERMUTE-NEXT: place 0: 0
// PERMUTE-NEXT: place 1: 1
// PERMUTE: place 15: 15
// PERMUTE-NEXT: place 16: 16
// PERMUTE: team 5: 0 1 2 3 4

// OFFSET: places=16
// OFFSET: team 5: 3 4 5 6 7

// SOCKET: places=2
// SOCKET-NEXT: place 0: 0,1,2,3,4,5,6,7,16,17,18,19,20,21,22,23
// SOCKET-NEXT: place 1: 8,9,10,11,12,13,14,15,24,25,26,27,28,29,30,31
// SOCKET-NEXT: team 5: 0 1 0 1 0

// balanced: 5 threads over 16 cores, evenly (cores 0, 3, 6, 9, 12), first thread of each.
// BALANCED: places=32
// BALANCED: team 5: 0 6 12 18 24
// 20 threads: the first 4 cores take two (both their threads), the others one.
// BALANCED20: team 20: 0 1 2 3 4 5 6 7 8 10 12 14 16 18 20 22 24 26 28 30

// EXPLICIT: places=5
// EXPLICIT-NEXT: place 0: 0,16
// EXPLICIT-NEXT: place 1: 5
// EXPLICIT-NEXT: place 2: 6
// EXPLICIT-NEXT: place 3: 7
// EXPLICIT-NEXT: place 4: 31
// EXPLICIT-NEXT: team 5: 0 1 2 3 4

// A proclist alone means explicit; granularity=core widens each place to its core.
// PROCLIST: places=3
// PROCLIST-NEXT: place 0: 0,16
// PROCLIST-NEXT: place 1: 3,19
// PROCLIST-NEXT: place 2: 6,22
// PROCLIST-NEXT: team 5: 0 1 2 0 1

// NONE: places=1
// NONE-NEXT: place 0: 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
// NONE-NEXT: team 2: -1 -1

// DISABLED: places=0
// DISABLED-NEXT: team 2: -1 -1

// PRECEDENCE: OMP: Warning: OMP_PLACES: ignored because KMP_AFFINITY has been defined
// PRECEDENCE: OMP: Warning: OMP_PROC_BIND: ignored because KMP_AFFINITY has been defined
// PRECEDENCE: places=16
// PRECEDENCE: team 2: 0 1

// Without a type, KMP_AFFINITY's modifiers leave OMP_PLACES in charge.
// NOTYPE-NOT: Warning
// NOTYPE: places=2
// NOTYPE: team 2: 0 1

// VERBOSE: OMP: Info: KMP_AFFINITY: topology from hwloc-xml (not this machine: nothing is bound): 32 available OS procs
// VERBOSE-NEXT: OMP: Info: KMP_AFFINITY: 2 sockets x 8 cores/socket x 2 threads/core (16 total cores)
// VERBOSE: OS proc 0 maps to socket 0 core 0 thread 0
// VERBOSE-NEXT: OS proc 16 maps to socket 0 core 0 thread 1
// VERBOSE: OS proc 15 maps to socket 1 core 7 thread 0
// VERBOSE-NEXT: OS proc 31 maps to socket 1 core 7 thread 1
// VERBOSE: KMP_AFFINITY: pid {{[0-9]+}} tid {{[0-9]+}} thread 0 bound to OS proc set {0,16}

// DISPLAY-DAG: t0 {0,16}
// DISPLAY-DAG: t1 {8,24}
// DISPLAY-DAG: t2 {1,17}
// DISPLAY: team 3: 0 1 2

// NUMA domains between sockets and cores: scatter alternates sockets, then domains.
// NUMASCATTER: places=16
// NUMASCATTER-NEXT: place 0: 0,1
// NUMASCATTER-NEXT: place 1: 16,17
// NUMASCATTER-NEXT: place 2: 8,9
// NUMASCATTER-NEXT: place 3: 24,25
// NUMASCATTER-NEXT: place 4: 2,3
// NUMASCATTER: team 4: 0 1 2 3

// NUMAGRAN: places=4
// NUMAGRAN-NEXT: place 0: 0,1,2,3,4,5,6,7
// NUMAGRAN: team 4: 0 1 2 3

// CGSCATTER: places=9
// CGSCATTER-NEXT: place 0: 2
// CGSCATTER-NEXT: place 1: 8
// CGSCATTER-NEXT: place 2: 4
// CGSCATTER-NEXT: place 3: 12
// CGSCATTER-NEXT: place 4: 14
// CGSCATTER-NEXT: place 5: 3
// CGSCATTER-NEXT: place 6: 5
// CGSCATTER-NEXT: place 7: 13
// CGSCATTER-NEXT: place 8: 15

// BAD: OMP: Warning: KMP_AFFINITY: parameter invalid, ignoring "bogus"
// BAD: OMP: Warning: KMP_AFFINITY: parameter invalid, ignoring "x"
// BAD: places=16

// TILE: granularity setting: tile does not exist in topology. Using granularity=core instead
// TILE: places=16

// NOLIST: explicit without proclist=[...]; using none
// NOLIST: places=1
// NOLIST: team 1: -1

// BADLIST: proclist=[99999] is invalid or names no usable processor; using compact
// BADLIST: places=16

// An unclosed list is dropped, and explicit without one means none.
// OPENLIST: parameter invalid, ignoring "proclist=[0,{1"
// OPENLIST: explicit without proclist=[...]; using none
// OPENLIST: places=1

// QUIET-NOT: Warning
// QUIET: places=16
