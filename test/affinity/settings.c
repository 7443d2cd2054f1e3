// KMP_SETTINGS prints the variables the user set and the settings in effect, libomp's way (on
// stderr), and shows the fallback a malformed OMP_PLACES got: the abstract name it starts with,
// or cores. Independent of the machine's shape.
// RUN: %compile -I %S/Inputs
// RUN: env KMP_SETTINGS=1 OMP_PLACES=invalid %run %t 1 2>&1 | %FileCheck %s --check-prefix=INVALID
// RUN: env KMP_SETTINGS=1 OMP_PLACES="sockets(" %run %t 1 2>&1 | %FileCheck %s --check-prefix=SOCKETS
// RUN: env KMP_SETTINGS=1 OMP_PLACES="threads()" %run %t 1 2>&1 | %FileCheck %s --check-prefix=THREADS
// RUN: env KMP_SETTINGS=1 OMP_PLACES="cores(0)" %run %t 1 2>&1 | %FileCheck %s --check-prefix=CORES0
// RUN: env KMP_SETTINGS=1 OMP_PLACES="threads(1)x" %run %t 1 2>&1 | %FileCheck %s --check-prefix=TRAILING
// RUN: env KMP_SETTINGS=1 OMP_PLACES="{0}" %run %t 1 2>&1 | %FileCheck %s --check-prefix=LIST
// RUN: env KMP_SETTINGS=true KMP_AFFINITY=granularity=fine,scatter,1,1 KMP_HW_SUBSET=1s %run %t 1 2>&1 | %FileCheck %s --check-prefix=KMP
// RUN: env KMP_SETTINGS=1 KMP_AFFINITY="explicit,proclist=[0]" %run %t 1 2>&1 | %FileCheck %s --check-prefix=EXPLICIT
// RUN: env KMP_SETTINGS=0 OMP_PLACES=cores %run %t 1 2>&1 | %FileCheck %s --check-prefix=OFF
#include "print_places.h"

// INVALID: OMP: Warning: OMP_PLACES="invalid" is invalid ({{.*}}); using cores
// INVALID: User settings:
// INVALID: OMP_PLACES=invalid
// INVALID: Effective settings:
// INVALID: KMP_AFFINITY='noverbose,warnings,respect,noreset,granularity=core,none'
// INVALID: OMP_PLACES='cores'
// INVALID: OMP_PROC_BIND='true'

// SOCKETS: OMP_PLACES="sockets(" is invalid (the count in parentheses must be a positive number); using sockets
// SOCKETS: Effective settings:
// SOCKETS: OMP_PLACES='sockets'
// SOCKETS: places=

// THREADS: using threads
// THREADS: Effective settings:
// THREADS: OMP_PLACES='threads'

// CORES0: using cores
// CORES0: Effective settings:
// CORES0: OMP_PLACES='cores'

// TRAILING: OMP_PLACES="threads(1)x" is invalid (unexpected "x" after threads); using threads
// TRAILING: Effective settings:
// TRAILING: OMP_PLACES='threads'

// LIST-NOT: Warning
// LIST: Effective settings:
// LIST: OMP_PLACES='{0}'

// KMP: User settings:
// KMP-DAG: KMP_HW_SUBSET=1s
// KMP-DAG: KMP_AFFINITY=granularity=fine,scatter,1,1
// KMP: Effective settings:
// KMP: KMP_AFFINITY='noverbose,warnings,respect,noreset,granularity=thread,scatter,1,1'
// KMP: KMP_HW_SUBSET='1s'
// KMP: KMP_SETTINGS='true'
// KMP: KMP_TOPOLOGY_METHOD='{{hwloc|sysfs|flat}}'
// KMP: OMP_NUM_THREADS: value is not defined
// KMP: OMP_PROC_BIND='intel'

// EXPLICIT: KMP_AFFINITY='noverbose,warnings,respect,noreset,granularity=thread,proclist=[0],explicit'
// EXPLICIT: OMP_PLACES='{0}'

// OFF-NOT: settings
// OFF: places=
