// Lock events: lock_init/lock_destroy, mutex_acquire/acquired/released paired by wait_id (the
// lock's address), test forms with their own kinds, nest_lock scope events on re-acquire and
// on a release that keeps the lock, hints and implementations, codeptr in the program.
// REQUIRES: ompt
// RUN: %compile && %run-tool %t | %FileCheck %s
#include <omp.h>
#include <stdio.h>

int main(void) {
  omp_lock_t lk;
  omp_nest_lock_t nl;
  printf("lock=%p nest=%p\n", (void *)&lk, (void *)&nl);
  fflush(stdout);
  omp_init_lock_with_hint(&lk, omp_sync_hint_contended);
  omp_set_lock(&lk);
  omp_unset_lock(&lk);
  if (omp_test_lock(&lk))
    omp_unset_lock(&lk);
  omp_destroy_lock(&lk);

  omp_init_nest_lock(&nl);
  omp_set_nest_lock(&nl);
  omp_test_nest_lock(&nl);
  omp_unset_nest_lock(&nl);
  omp_unset_nest_lock(&nl);
  omp_destroy_nest_lock(&nl);
  return 0;
}
// CHECK: lock=0x[[L:[0-9a-f]+]] nest=0x[[N:[0-9a-f]+]]
// CHECK: lock_init kind=lock hint=2 impl=2 wait_id=0x[[L]] codeptr={{.*}}@lock_events.c.tmp
// CHECK-NEXT: mutex_acquire kind=lock hint=2 impl=2 wait_id=0x[[L]] codeptr={{.*}}@lock_events.c.tmp
// CHECK-NEXT: mutex_acquired kind=lock wait_id=0x[[L]] codeptr={{.*}}@lock_events.c.tmp
// CHECK-NEXT: mutex_released kind=lock wait_id=0x[[L]] codeptr={{.*}}@lock_events.c.tmp
// CHECK-NEXT: mutex_acquire kind=test_lock hint=2 impl=2 wait_id=0x[[L]]
// CHECK-NEXT: mutex_acquired kind=test_lock wait_id=0x[[L]]
// CHECK-NEXT: mutex_released kind=lock wait_id=0x[[L]]
// CHECK-NEXT: lock_destroy kind=lock wait_id=0x[[L]] codeptr={{.*}}@lock_events.c.tmp
// CHECK-NEXT: lock_init kind=nest_lock hint=0 impl=1 wait_id=0x[[N]]
// CHECK-NEXT: mutex_acquire kind=nest_lock hint=0 impl=1 wait_id=0x[[N]]
// CHECK-NEXT: mutex_acquired kind=nest_lock wait_id=0x[[N]]
// CHECK-NEXT: mutex_acquire kind=test_nest_lock hint=0 impl=1 wait_id=0x[[N]]
// CHECK-NEXT: nest_lock_begin wait_id=0x[[N]] codeptr={{.*}}@lock_events.c.tmp
// CHECK-NEXT: nest_lock_end wait_id=0x[[N]]
// CHECK-NEXT: mutex_released kind=nest_lock wait_id=0x[[N]]
// CHECK-NEXT: lock_destroy kind=nest_lock wait_id=0x[[N]]
