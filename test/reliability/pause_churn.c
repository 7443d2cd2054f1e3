// omp_pause_resource_all after every region: the workers are joined and the next region creates
// new ones. Their gtids and descriptors are recycled (thousands of rounds used to exhaust the
// 65536 gtids), and workers of nested regions are joined too, not left orphaned.
// RUN: %compile && env OMP_NUM_THREADS=4 %run %t | %FileCheck %s
#include "os_threads.h"
#include <omp.h>
#include <stdio.h>

int __kmpc_global_thread_num(void *loc);

enum { ROUNDS = 1500 };

int main(void) {
  int bad = 0, rc = 0, top = 0;
  for (int r = 0; r < ROUNDS; r++) {
    int n = 0;
#pragma omp parallel reduction(+ : n) reduction(max : top)
    {
      n += 1;
      top = __kmpc_global_thread_num(NULL);
    }
    bad += n != 4;
    rc |= omp_pause_resource_all(omp_pause_soft);
  }
  printf("bad %d rc %d gtids below 16: %d\n", bad, rc, top < 16);

  // Nested: the workers of the inner regions belong to the outer workers' hot teams.
  omp_set_max_active_levels(2);
  int inner = 0;
#pragma omp parallel num_threads(2)
#pragma omp parallel num_threads(3) reduction(+ : inner)
  inner += 1;
  printf("nested members %d, threads %d\n", inner, os_threads() > 1);
  rc = omp_pause_resource_all(omp_pause_hard);
  printf("after pause: rc %d, threads %d\n", rc, os_threads_settled(1));
  inner = 0;
#pragma omp parallel num_threads(2)
#pragma omp parallel num_threads(3) reduction(+ : inner)
  inner += 1;
  printf("nested again %d\n", inner);
  return 0;
}
// CHECK: bad 0 rc 0 gtids below 16: 1
// CHECK-NEXT: nested members 6, threads 1
// CHECK-NEXT: after pause: rc 0, threads 1
// CHECK-NEXT: nested again 6
// Counts the process's threads: ThreadSanitizer adds one of its own.
// UNSUPPORTED: tsan
