// Misused locks get a clear message and a sane fallback, never a hang or a crash: unset of an
// unlocked lock, destroy of a held lock, use after destroy, unset by a thread that does not own
// the lock, double destroy of a nest lock. A zeroed lock is a valid unlocked lock. Setting a lock
// the thread already holds would deadlock: that is a fatal error with a message.
// RUN: %compile && %run %t 2>&1 | %FileCheck %s
// RUN: %not %run %t self 2>&1 | %FileCheck %s --check-prefix=SELF
#include <omp.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv) {
  omp_lock_t lk;
  omp_init_lock(&lk);
  if (argc > 1 && strcmp(argv[1], "self") == 0) {
    omp_set_lock(&lk);
    omp_set_lock(&lk);
    printf("not reached\n");
    return 0;
  }
  omp_unset_lock(&lk);
  fprintf(stderr, "after unset of an unlocked lock\n");
  omp_set_lock(&lk);
  omp_destroy_lock(&lk);
  fprintf(stderr, "after destroy of a held lock\n");
  omp_set_lock(&lk);
  omp_unset_lock(&lk);
  omp_destroy_lock(&lk);
  fprintf(stderr, "after use of a destroyed lock\n");

  omp_lock_t zero;
  memset(&zero, 0, sizeof(zero));
  omp_set_lock(&zero);
  omp_unset_lock(&zero);
  fprintf(stderr, "zeroed lock: %d\n", omp_test_lock(&zero));
  omp_unset_lock(&zero);

  omp_init_lock(&lk);
  omp_set_lock(&lk);
#pragma omp parallel num_threads(2)
  if (omp_get_thread_num() == omp_get_num_threads() - 1 && omp_get_num_threads() == 2)
    omp_unset_lock(&lk);
  fprintf(stderr, "after unset by another thread: %d\n", omp_test_lock(&lk));

  omp_nest_lock_t nl;
  omp_init_nest_lock(&nl);
  omp_set_nest_lock(&nl);
  omp_unset_nest_lock(&nl);
  omp_unset_nest_lock(&nl);
  omp_destroy_nest_lock(&nl);
  omp_destroy_nest_lock(&nl);
  fprintf(stderr, "done\n");
  return 0;
}
// CHECK: omp_unset_lock: the lock is not set; ignored
// CHECK-NEXT: after unset of an unlocked lock
// CHECK-NEXT: omp_destroy_lock: the lock is still set; destroying it anyway
// CHECK-NEXT: after destroy of a held lock
// CHECK-NEXT: omp_set_lock: the lock was destroyed; initializing it again
// CHECK-NEXT: after use of a destroyed lock
// CHECK-NEXT: zeroed lock: 1
// CHECK-NEXT: omp_unset_lock: the lock is owned by another thread (gtid 0); releasing it anyway
// CHECK-NEXT: after unset by another thread: 1
// CHECK-NEXT: omp_unset_nest_lock: the lock is not set; ignored
// CHECK-NEXT: omp_destroy_nest_lock: the lock is already destroyed; ignored
// CHECK-NEXT: done
// SELF: OMP: Error: omp_set_lock: the calling thread already owns the lock (it would deadlock)
// SELF-NOT: not reached
