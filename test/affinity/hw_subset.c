// libomp's KMP_HW_SUBSET on described machines (topologies/): relative counts (per object of the
// next level out), offsets, any item order, absolute counts (a leading ':'), combined with
// OMP_PLACES and KMP_AFFINITY; bad values warn once and leave the whole machine.
// REQUIRES: hwloc
// RUN: %compile -I %S/Inputs
// RUN: env HWLOC_XMLFILE=%topologies/2s8c2t.xml OMP_PLACES=threads KMP_HW_SUBSET=1s,4c,1t %run %t 2 | %FileCheck %s --check-prefix=REL
// RUN: env HWLOC_XMLFILE=%topologies/2s8c2t.xml OMP_PLACES=threads KMP_HW_SUBSET=1t,1S,4cores %run %t 2 | %FileCheck %s --check-prefix=REL
// RUN: env HWLOC_XMLFILE=%topologies/2s8c2t.xml OMP_PLACES=cores KMP_HW_SUBSET=2c@2,2t %run %t 2 | %FileCheck %s --check-prefix=OFFSET
// RUN: env HWLOC_XMLFILE=%topologies/2s8c2t.xml OMP_PLACES=cores KMP_HW_SUBSET=2c %run %t 2 | %FileCheck %s --check-prefix=PERSOCKET
// RUN: env HWLOC_XMLFILE=%topologies/2s8c2t.xml OMP_PLACES=threads KMP_HW_SUBSET=:1s@1,3t@2 %run %t 2 | %FileCheck %s --check-prefix=ABS
// RUN: env HWLOC_XMLFILE=%topologies/2s8c2t.xml OMP_PLACES=cores KMP_HW_SUBSET=:3c %run %t 2 | %FileCheck %s --check-prefix=ABSCORES
// RUN: env HWLOC_XMLFILE=%topologies/2s8c2t.xml KMP_AFFINITY=scatter KMP_HW_SUBSET=*s,2c,1t %run %t 4 | %FileCheck %s --check-prefix=SCATTER
// RUN: env HWLOC_XMLFILE=%topologies/4numa.xml OMP_PLACES=cores KMP_HW_SUBSET=1n,2c %run %t 4 | %FileCheck %s --check-prefix=NUMA
// RUN: env HWLOC_XMLFILE=%topologies/4numa.xml OMP_PLACES=cores KMP_HW_SUBSET=1n@1,1l3,1c@3 %run %t 2 | %FileCheck %s --check-prefix=NUMAL3
// RUN: env HWLOC_XMLFILE=%topologies/cgroup.xml OMP_PLACES=cores KMP_HW_SUBSET=2c,1t %run %t 2 | %FileCheck %s --check-prefix=CGROUP
// RUN: env HWLOC_XMLFILE=%topologies/2s8c2t.xml OMP_PLACES=cores KMP_HW_SUBSET=1s:eff0,1c %run %t 1 2>&1 | %FileCheck %s --check-prefix=ATTR
// RUN: env HWLOC_XMLFILE=%topologies/2s8c2t.xml OMP_PLACES=cores KMP_HW_SUBSET=1d,1c %run %t 1 2>&1 | %FileCheck %s --check-prefix=ABSENT
// RUN: env HWLOC_XMLFILE=%topologies/2s8c2t.xml OMP_PLACES=cores KMP_HW_SUBSET=3s %run %t 1 2>&1 | %FileCheck %s --check-prefix=TOOMANY
// RUN: env HWLOC_XMLFILE=%topologies/2s8c2t.xml OMP_PLACES=cores KMP_HW_SUBSET=1c@8 %run %t 1 2>&1 | %FileCheck %s --check-prefix=PASTEND
// RUN: env HWLOC_XMLFILE=%topologies/2s8c2t.xml OMP_PLACES=cores KMP_HW_SUBSET=2x %run %t 1 2>&1 | %FileCheck %s --check-prefix=BADLAYER
// RUN: env HWLOC_XMLFILE=%topologies/2s8c2t.xml OMP_PLACES=cores KMP_HW_SUBSET=0c %run %t 1 2>&1 | %FileCheck %s --check-prefix=ZERO
// RUN: env HWLOC_XMLFILE=%topologies/2s8c2t.xml OMP_PLACES=cores KMP_HW_SUBSET=1c@99999999999 %run %t 1 2>&1 | %FileCheck %s --check-prefix=HUGE
// RUN: env HWLOC_XMLFILE=%topologies/2s8c2t.xml OMP_PLACES=cores KMP_HW_SUBSET=1c,2c %run %t 1 2>&1 | %FileCheck %s --check-prefix=TWICE
// RUN: env HWLOC_XMLFILE=%topologies/2s8c2t.xml OMP_PLACES=cores KMP_HW_SUBSET=",," %run %t 1 2>&1 | %FileCheck %s --check-prefix=EMPTY
#include "print_places.h"

// REL: places=4
// REL-NEXT: place 0: 0
// REL-NEXT: place 1: 1
// REL-NEXT: place 2: 2
// REL-NEXT: place 3: 3
// REL-NEXT: team 2: 0 1

// OFFSET: places=4
// OFFSET-NEXT: place 0: 2,18
// OFFSET-NEXT: place 1: 3,19
// OFFSET-NEXT: place 2: 10,26
// OFFSET-NEXT: place 3: 11,27

// Two cores of each socket.
// PERSOCKET: places=4
// PERSOCKET-NEXT: place 0: 0,16
// PERSOCKET-NEXT: place 1: 1,17
// PERSOCKET-NEXT: place 2: 8,24
// PERSOCKET-NEXT: place 3: 9,25

// Absolute: the second socket, its threads 2 to 4 in topology order.
// ABS: places=3
// ABS-NEXT: place 0: 9
// ABS-NEXT: place 1: 25
// ABS-NEXT: place 2: 10

// ABSCORES: places=3
// ABSCORES-NEXT: place 0: 0,16
// ABSCORES-NEXT: place 1: 1,17
// ABSCORES-NEXT: place 2: 2,18

// SCATTER: places=4
// SCATTER-NEXT: place 0: 0
// SCATTER-NEXT: place 1: 8
// SCATTER-NEXT: place 2: 1
// SCATTER-NEXT: place 3: 9
// SCATTER-NEXT: team 4: 0 1 2 3

// One NUMA domain of each socket, two cores of each domain.
// NUMA: places=4
// NUMA-NEXT: place 0: 0,1
// NUMA-NEXT: place 1: 2,3
// NUMA-NEXT: place 2: 16,17
// NUMA-NEXT: place 3: 18,19

// NUMAL3: places=2
// NUMAL3-NEXT: place 0: 14,15
// NUMAL3-NEXT: place 1: 30,31

// Counts apply to what the cgroup allows: socket 0 has cores 1 and 2, socket 1 cores 4, 6, 7.
// CGROUP: places=4
// CGROUP-NEXT: place 0: 2
// CGROUP-NEXT: place 1: 4
// CGROUP-NEXT: place 2: 8
// CGROUP-NEXT: place 3: 12

// ATTR: KMP_HW_SUBSET: attribute "eff0" ignored
// ATTR: places=1
// ATTR-NEXT: place 0: 0,16

// A layer the machine lacks voids the whole value (libomp: "level not detected").
// ABSENT: KMP_HW_SUBSET="1d,1c" is invalid (the die layer is not in this topology); using the whole machine
// ABSENT: places=16

// TOOMANY: KMP_HW_SUBSET="3s" is invalid (socket 3@0: only 2 available); using the whole machine
// TOOMANY: places=16
// PASTEND: KMP_HW_SUBSET="1c@8" is invalid (core 1@8: only 8 available); using the whole machine
// PASTEND: places=16
// BADLAYER: KMP_HW_SUBSET="2x" is invalid (unknown layer at "x"); using the whole machine
// BADLAYER: places=16
// ZERO: KMP_HW_SUBSET="0c" is invalid (a count must be a positive number)
// ZERO: places=16
// HUGE: KMP_HW_SUBSET="1c@99999999999" is invalid (an offset must be a number)
// HUGE: places=16
// TWICE: KMP_HW_SUBSET="1c,2c" is invalid (the core layer is named twice)
// TWICE: places=16
// EMPTY: KMP_HW_SUBSET=",," is invalid
// EMPTY: places=16
