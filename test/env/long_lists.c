// OMP_NUM_THREADS and OMP_PROC_BIND lists of any length: each nesting level takes its element,
// however deep (16 levels used to be the limit, and a longer list was rejected as invalid), and
// OMP_DISPLAY_ENV shows the whole list. A 30,000-element list is read at once.
// clang-format off
// RUN: %compile
// RUN: env OMP_NUM_THREADS=1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,2,3,4 \
// RUN:   OMP_PROC_BIND=spread,close,spread,close,spread,close,spread,close,spread,close,spread,close,spread,close,spread,close,spread,close,spread,primary \
// RUN:   OMP_DISPLAY_ENV=true %run %t 2>&1 | %FileCheck %s
// RUN: env LONG=1 %run %t 2>&1 | %FileCheck %s --check-prefix=LONG
// clang-format on
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

// At depth d (inside d regions), what the list says for the next region.
static void descend(int d, int stop) {
  printf("depth %d: max_threads=%d proc_bind=%d team=%d\n", d, omp_get_max_threads(),
         (int)omp_get_proc_bind(), omp_get_num_threads());
  if (d == stop)
    return;
#pragma omp parallel
  if (omp_get_thread_num() == 0)
    descend(d + 1, stop);
}

int main(int argc, char **argv) {
  if (getenv("LONG") && !getenv("OMP_NUM_THREADS")) {
    // 30,000 levels (60 KB: an environment string may have up to 128 KiB).
    size_t n = 30000;
    char *list = malloc(2 * n + 8);
    for (size_t i = 0; i < n; i++)
      memcpy(list + 2 * i, i + 1 == n ? "3" : "1,", 2);
    list[2 * n - 1] = '\0';
    setenv("OMP_NUM_THREADS", list, 1);
    execv(argv[0], argv);
    return 1;
  }
  if (getenv("LONG")) {
    printf("long: max_threads=%d\n", omp_get_max_threads());
    descend(0, 3);
    return 0;
  }
  descend(0, 42);
  return 0;
}
// CHECK-NOT: OMP: Warning
// CHECK: [host]
// OMP_NUM_THREADS='1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,2,3,4'
// CHECK: [host]
// OMP_PROC_BIND='spread,close,spread,close,spread,close,spread,close,spread,close,spread,close,spread,close,spread,close,spread,close,spread,primary'
// CHECK: depth 0: max_threads=1 proc_bind=4 team=1
// CHECK: depth 16: max_threads=1 proc_bind=4 team=1
// CHECK-NEXT: depth 17: max_threads=1 proc_bind=3 team=1
// CHECK: depth 18: max_threads=1 proc_bind=4 team=1
// CHECK-NEXT: depth 19: max_threads=1 proc_bind=2 team=1
// CHECK-NEXT: depth 20: max_threads=1 proc_bind=2 team=1
// CHECK: depth 36: max_threads=1 proc_bind=2 team=1
// CHECK-NEXT: depth 37: max_threads=2 proc_bind=2 team=1
// CHECK-NEXT: depth 38: max_threads=3 proc_bind=2 team=2
// CHECK-NEXT: depth 39: max_threads=4 proc_bind=2 team=3
// CHECK-NEXT: depth 40: max_threads=4 proc_bind=2 team=4
// CHECK-NEXT: depth 41: max_threads=4 proc_bind=2 team=4
// CHECK-NEXT: depth 42: max_threads=4 proc_bind=2 team=4
// LONG-NOT: OMP: Warning
// LONG: long: max_threads=1
// LONG-NEXT: depth 0: max_threads=1 proc_bind=0 team=1
// LONG-NEXT: depth 1: max_threads=1 proc_bind=0 team=1
