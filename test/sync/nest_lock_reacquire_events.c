// Every nest-lock acquisition starts with mutex_acquire, the owner's re-acquire included
// (omp_set_nest_lock and omp_test_nest_lock): the re-acquire then reports nest_lock begin
// instead of mutex_acquired. A tool that pairs mutex_acquire with its outcome (Archer, a lock
// profiler) sees every acquire closed, also when another thread holds the lock (a test fails:
// mutex_acquire with no outcome, as in libomp).
// REQUIRES: ompt
// RUN: %compile && %run-tool %t | %FileCheck %s
#include <omp.h>
#include <stdio.h>

int main(void) {
  omp_nest_lock_t nl;
  printf("nest=%p\n", (void *)&nl);
  fflush(stdout);
  omp_init_nest_lock(&nl);
  omp_set_nest_lock(&nl);
  omp_set_nest_lock(&nl);
  int depth = omp_test_nest_lock(&nl);
  printf("depth=%d\n", depth);
  fflush(stdout);
  omp_unset_nest_lock(&nl);
  omp_unset_nest_lock(&nl);
  omp_unset_nest_lock(&nl);
  // Held by another thread: the owner's re-acquire and the other's failing test.
  int got = -1;
#pragma omp parallel num_threads(2)
  {
    if (omp_get_thread_num() == 0)
      omp_set_nest_lock(&nl);
#pragma omp barrier
    if (omp_get_thread_num() == 1)
      got = omp_test_nest_lock(&nl);
#pragma omp barrier
    if (omp_get_thread_num() == 0) {
      omp_unset_nest_lock(&nl);
    }
  }
  printf("other test=%d\n", got);
  omp_destroy_nest_lock(&nl);
  return 0;
}
// CHECK: nest=0x[[N:[0-9a-f]+]]
// CHECK: mutex_acquire kind=nest_lock hint=0 impl={{[0-9]}} wait_id=0x[[N]]
// CHECK-NEXT: mutex_acquired kind=nest_lock wait_id=0x[[N]]
// CHECK-NEXT: mutex_acquire kind=nest_lock hint=0 impl={{[0-9]}} wait_id=0x[[N]]
// CHECK-NEXT: nest_lock_begin wait_id=0x[[N]]
// CHECK-NEXT: mutex_acquire kind=test_nest_lock hint=0 impl={{[0-9]}} wait_id=0x[[N]]
// CHECK-NEXT: nest_lock_begin wait_id=0x[[N]]
// CHECK: depth=3
// CHECK: nest_lock_end wait_id=0x[[N]]
// CHECK-NEXT: nest_lock_end wait_id=0x[[N]]
// CHECK-NEXT: mutex_released kind=nest_lock wait_id=0x[[N]]
// CHECK: mutex_acquire kind=test_nest_lock hint=0 impl={{[0-9]}} wait_id=0x[[N]]
// CHECK-NOT: mutex_acquired kind=test_nest_lock
// CHECK: other test=0
