// A cgroup's CPU quota lowers the processors the waits count on (glass_cpus): cgroup v2's
// cpu.max, the smallest along the process's cgroup and its parents, and v1's
// cpu.cfs_quota_us / cpu.cfs_period_us, rounded up. GLASS_CGROUP_ROOT reads a fake tree
// (Inputs/cgroup_tree.sh) in place of /; GLASS_STATS prints what was found. Files that do not
// parse, missing files and malformed /proc/self/cgroup lines mean no quota, silently (the
// affinity mask's count then stands), and never a crash.
// clang-format off
// RUN: %compile
// RUN: %S/Inputs/cgroup_tree.sh %t.v2 "0::/job/step" cpu.max "max 100000" job/cpu.max "250000 100000" job/step/cpu.max "150000 100000"
// RUN: env GLASS_CGROUP_ROOT=%t.v2 GLASS_STATS=1 %run %t 2>&1 | %FileCheck %s --check-prefix=V2
// RUN: %S/Inputs/cgroup_tree.sh %t.v2parent "0::/job/step" job/cpu.max "50000 100000" job/step/cpu.max "300000 100000"
// RUN: env GLASS_CGROUP_ROOT=%t.v2parent GLASS_STATS=1 %run %t 2>&1 | %FileCheck %s --check-prefix=ONE
// RUN: %S/Inputs/cgroup_tree.sh %t.v1 "12:memory:/x\n4:cpu,cpuacct:/job\n0::/" cpu/job/cpu.cfs_quota_us 300000 cpu/job/cpu.cfs_period_us 100000
// RUN: env GLASS_CGROUP_ROOT=%t.v1 GLASS_STATS=1 %run %t 2>&1 | %FileCheck %s --check-prefix=V1
// RUN: %S/Inputs/cgroup_tree.sh %t.v1none "4:cpuacct,cpu:/" cpu/cpu.cfs_quota_us -1 cpu/cpu.cfs_period_us 100000
// RUN: env GLASS_CGROUP_ROOT=%t.v1none GLASS_STATS=1 %run %t 2>&1 | %FileCheck %s --check-prefix=NONE
// Malformed files: words, a zero period, a negative quota, an overflow, trailing junk, an
// empty file, a v1 period that is missing; /proc/self/cgroup lines without fields and one
// longer than the reader's buffer; a root that does not exist.
// RUN: %S/Inputs/cgroup_tree.sh %t.bad1 "0::/a" a/cpu.max "garbage"
// RUN: env GLASS_CGROUP_ROOT=%t.bad1 GLASS_STATS=1 %run %t 2>&1 | %FileCheck %s --check-prefix=NONE
// RUN: %S/Inputs/cgroup_tree.sh %t.bad2 "0::/a" a/cpu.max "100000 0"
// RUN: env GLASS_CGROUP_ROOT=%t.bad2 GLASS_STATS=1 %run %t 2>&1 | %FileCheck %s --check-prefix=NONE
// RUN: %S/Inputs/cgroup_tree.sh %t.bad3 "0::/a" a/cpu.max "-5 100000"
// RUN: env GLASS_CGROUP_ROOT=%t.bad3 GLASS_STATS=1 %run %t 2>&1 | %FileCheck %s --check-prefix=NONE
// RUN: %S/Inputs/cgroup_tree.sh %t.bad4 "0::/a" a/cpu.max "99999999999999999999999 1"
// RUN: env GLASS_CGROUP_ROOT=%t.bad4 GLASS_STATS=1 %run %t 2>&1 | %FileCheck %s --check-prefix=NONE
// RUN: %S/Inputs/cgroup_tree.sh %t.bad5 "0::/a" a/cpu.max "100000abc 100000"
// RUN: env GLASS_CGROUP_ROOT=%t.bad5 GLASS_STATS=1 %run %t 2>&1 | %FileCheck %s --check-prefix=NONE
// RUN: %S/Inputs/cgroup_tree.sh %t.bad6 "0::/a" a/cpu.max ""
// RUN: env GLASS_CGROUP_ROOT=%t.bad6 GLASS_STATS=1 %run %t 2>&1 | %FileCheck %s --check-prefix=NONE
// RUN: %S/Inputs/cgroup_tree.sh %t.bad7 "4:cpu:/j" cpu/j/cpu.cfs_quota_us 200000
// RUN: env GLASS_CGROUP_ROOT=%t.bad7 GLASS_STATS=1 %run %t 2>&1 | %FileCheck %s --check-prefix=NONE
// RUN: %S/Inputs/cgroup_tree.sh %t.bad8 "nonsense\n::\n0:\n:::\n0::$(head -c 5000 /dev/zero | tr '\0' x)/cpu.max" cpu.max "x"
// RUN: env GLASS_CGROUP_ROOT=%t.bad8 GLASS_STATS=1 %run %t 2>&1 | %FileCheck %s --check-prefix=NONE
// RUN: env GLASS_CGROUP_ROOT=%t.nonexistent GLASS_STATS=1 %run %t 2>&1 | %FileCheck %s --check-prefix=NONE
// clang-format on
#include <omp.h>
#include <stdio.h>

int main(void) {
  int sum = 0;
#pragma omp parallel num_threads(4) reduction(+ : sum)
  sum += omp_get_thread_num();
  printf("sum=%d\n", sum);
  return 0;
}

// V2-DAG: sum=6
// V2-DAG: glass-stats cpus={{[12]}} processors={{[0-9]+}} cpu_quota=2
// ONE-DAG: sum=6
// ONE-DAG: glass-stats cpus=1 processors={{[0-9]+}} cpu_quota=1
// V1-DAG: sum=6
// V1-DAG: glass-stats cpus={{[0-9]+}} processors={{[0-9]+}} cpu_quota=3
// NONE-DAG: sum=6
// NONE-DAG: glass-stats cpus=[[N:[0-9]+]] processors=[[N]] cpu_quota=0
