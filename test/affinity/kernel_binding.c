// On this machine, whatever its shape: every member of a team runs where its place says, as the
// kernel reports it (sched_getaffinity in each thread), under OMP_PLACES/OMP_PROC_BIND and under
// libomp's KMP_AFFINITY; KMP_AFFINITY=reset gives the primary thread its mask back after an
// outermost region; every KMP_TOPOLOGY_METHOD (and a bad one) yields the same processors.
// RUN: %compile -I %S/Inputs
// RUN: env GLASS_CHECK_KERNEL=1 OMP_PLACES=threads OMP_PROC_BIND=close %run %t 4 | %FileCheck %s
// RUN: env GLASS_CHECK_KERNEL=1 OMP_PLACES=cores OMP_PROC_BIND=spread %run %t 3 | %FileCheck %s
// RUN: env GLASS_CHECK_KERNEL=1 OMP_PLACES=sockets %run %t 2 | %FileCheck %s
// RUN: env GLASS_CHECK_KERNEL=1 OMP_PLACES=ll_caches %run %t 2 | %FileCheck %s
// RUN: env GLASS_CHECK_KERNEL=1 OMP_PLACES=numa_domains %run %t 2 | %FileCheck %s
// RUN: env GLASS_CHECK_KERNEL=1 OMP_PLACES="{0}" %run %t 2 | %FileCheck %s --check-prefix=ONE
// RUN: env GLASS_CHECK_KERNEL=1 KMP_AFFINITY=granularity=fine,compact %run %t 4 | %FileCheck %s
// RUN: env GLASS_CHECK_KERNEL=1 KMP_AFFINITY=scatter %run %t 3 | %FileCheck %s
// RUN: env GLASS_CHECK_KERNEL=1 KMP_AFFINITY=granularity=fine,balanced %run %t 3 | %FileCheck %s
// RUN: env GLASS_CHECK_KERNEL=1 KMP_AFFINITY="explicit,proclist=[0]" %run %t 2 | %FileCheck %s --check-prefix=ONE
// RUN: env GLASS_CHECK_KERNEL=1 KMP_AFFINITY=compact KMP_HW_SUBSET=1c %run %t 2 | %FileCheck %s --check-prefix=ONE
// KMP_HW_SUBSET leaves one processor: omp_get_num_procs and the default team size say so.
// RUN: env KMP_HW_SUBSET=1c,1t %run %t 2 | %FileCheck %s --check-prefix=SUBSETPROCS
// RUN: env KMP_HW_SUBSET=1c,1t OMP_NUM_THREADS=3 %run %t 2 | %FileCheck %s --check-prefix=SUBSETNT
// As many processors from every topology source (their order may differ: flat and sysfs list
// them by number, hwloc by core); a bad method warns and uses all of them.
// RUN: env OMP_PLACES=threads %run %t 1 | grep -c '^place ' > %t.default
// RUN: env OMP_PLACES=threads KMP_TOPOLOGY_METHOD=hwloc %run %t 1 2>&1 | grep -c '^place ' | diff %t.default -
// RUN: env OMP_PLACES=threads KMP_TOPOLOGY_METHOD=cpuinfo %run %t 1 2>&1 | grep -c '^place ' | diff %t.default -
// RUN: env OMP_PLACES=threads KMP_TOPOLOGY_METHOD=flat %run %t 1 2>&1 | grep -c '^place ' | diff %t.default -
// RUN: env GLASS_CHECK_KERNEL=1 OMP_PLACES=cores KMP_TOPOLOGY_METHOD=cpuinfo %run %t 2 | %FileCheck %s
// RUN: env OMP_PLACES=threads KMP_TOPOLOGY_METHOD=bogus %run %t 1 2>&1 | %FileCheck %s --check-prefix=BADMETHOD
// RUN: env OMP_PLACES=threads KMP_TOPOLOGY_METHOD=bogus %run %t 1 2>/dev/null | grep -c '^place ' | diff %t.default -
// reset: run by a second program that compares the primary's mask before, in and after.
// RUN: %cc %flags -DRESET %s -o %t.reset && env KMP_AFFINITY=reset,granularity=fine,compact %run %t.reset | %FileCheck %s --check-prefix=RESET
// RUN: env KMP_AFFINITY=granularity=fine,compact %run %t.reset | %FileCheck %s --check-prefix=NORESET
#ifndef RESET
#include "print_places.h"
#else
#define _GNU_SOURCE
#include <omp.h>
#include <sched.h>
#include <stdio.h>

int main(void) {
  cpu_set_t before, inside, after;
  sched_getaffinity(0, sizeof(before), &before);
  int rounds_restored = 0, rounds_bound = 0;
  for (int i = 0; i < 3; i++) {
#pragma omp parallel num_threads(2)
    {
#pragma omp master
      sched_getaffinity(0, sizeof(inside), &inside);
    }
    sched_getaffinity(0, sizeof(after), &after);
    rounds_bound += omp_get_num_places() < 2 || !CPU_EQUAL(&inside, &before);
    rounds_restored += CPU_EQUAL(&after, &before);
  }
  printf("bound in region: %d of 3\n", rounds_bound);
  printf("restored after: %d of 3\n", omp_get_num_places() < 2 ? 3 : rounds_restored);
  return 0;
}
#endif

// CHECK: places={{[1-9][0-9]*}}
// CHECK: kernel masks match
// ONE: places=1
// ONE: kernel masks match
// SUBSETPROCS: procs=1 max_threads=1
// SUBSETNT: procs=1 max_threads=3
// BADMETHOD: KMP_TOPOLOGY_METHOD="bogus" is invalid
// RESET: bound in region: 3 of 3
// RESET: restored after: 3 of 3
// NORESET: bound in region: 3 of 3
// NORESET: restored after: {{0|3}} of 3
