// A recursive task tree (fib(10): tasks nested ten deep, each level waiting in a taskwait that
// runs the level below) on 2 threads. The summary separates inclusive from exclusive time:
// adding a taskwait's inclusive time over the levels would count the same interval up to ten
// times, so check_trace checks that every row's inclusive time is at least its exclusive
// time, that the exclusive times of all rows add up to at most 2 threads x the traced time and
// each thread's to at most the traced time, and that the counts are exact: fib(10) makes 88
// calls with n >= 2, each creating 2 tasks and waiting once.
// REQUIRES: ompt
// RUN: %compile
// RUN: %trace-run %t | %FileCheck %s
// RUN: %check-trace %t --threads "<=2" --count task=176 --count taskwait=88 \
// RUN:   --summary-count task=176 --summary-count taskwait=88 --summary-count parallel=1 \
// RUN:   --inside "task=taskwait wait|barrier (end of worksharing) wait"
// RUN: %FileCheck --check-prefix=SUM %s < %t.txt
// The same invariants on the streamed path's summary (Perfetto file, no model), with each
// construct's exclusive time and count against the Perfetto file's slices and nesting.
// RUN: env GLASS_TRACE_FORMAT=perfetto %trace-run %t | %FileCheck %s
// RUN: %check-pftrace %t --summary --count task=176 --count taskwait=88
// RUN: %FileCheck --check-prefix=SUM %s < %t.txt
#include <stdio.h>

#include "fib.h"

int main(void) {
  int r = 0;
#pragma omp parallel num_threads(2)
#pragma omp single
  r = (int)fib_tasks(10, 2);
  printf("fib %d\n", r);
  // CHECK: fib 55
  return 0;
}
// SUM: construct location count incl ms excl ms mean us p50 us p99 us wait ms imbalance
// SUM: taskwait fib.h:20 88{{ }}
// SUM: thread {{.*}} excl ms
// SUM: top constructs by exclusive time (share of 2 thread(s) x
// Every task runs inside a taskwait's wait, or inside the single's barrier, where the second
// thread waits from the start and may take tasks.
