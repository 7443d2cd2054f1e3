// critical events: mutex_acquire/acquired/released of kind critical, paired per thread, with the
// name's lock as wait_id (one per name), the hint of critical(name) hint(...), codeptr in the
// program; under contention no acquire is lost.
// REQUIRES: ompt
// RUN: %compile && %run-tool %t | %FileCheck %s
// RUN: env OMP_NUM_THREADS=4 %run-tool %t 4 | %sort-threads | python3 %S/Inputs/check_mutex_pairs.py critical | %FileCheck %s --check-prefix=PAIRS
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  int x = 0;
  if (argc > 1) {
#pragma omp parallel
    for (int i = 0; i < 100; i++) {
#pragma omp critical
      x++;
    }
    return x != 100 * omp_get_max_threads();
  }
#pragma omp critical
  x++;
#pragma omp critical(named) hint(omp_sync_hint_contended)
  x++;
#pragma omp critical
  x++;
  return x != 3;
}
// CHECK: mutex_acquire kind=critical hint=0 impl=1 wait_id=0x[[U:[0-9a-f]+]] codeptr={{.*}}@critical_events.c.tmp
// CHECK-NEXT: mutex_acquired kind=critical wait_id=0x[[U]] codeptr={{.*}}@critical_events.c.tmp
// CHECK-NEXT: mutex_released kind=critical wait_id=0x[[U]] codeptr={{.*}}@critical_events.c.tmp
// CHECK-NEXT: mutex_acquire kind=critical hint=2 impl=2 wait_id=0x[[N:[0-9a-f]+]]
// CHECK-NOT: wait_id=0x[[U]]
// CHECK-NEXT: mutex_acquired kind=critical wait_id=0x[[N]]
// CHECK-NEXT: mutex_released kind=critical wait_id=0x[[N]]
// CHECK-NEXT: mutex_acquire kind=critical hint=0 impl=1 wait_id=0x[[U]]
// CHECK-NEXT: mutex_acquired kind=critical wait_id=0x[[U]]
// CHECK-NEXT: mutex_released kind=critical wait_id=0x[[U]]
// PAIRS: threads=4 pairs_per_thread=100 errors=0
