// `declare target link` on the host device: the device code reaches a linked variable through
// its reference pointer, which mapping the variable points at the variable's device copy. The
// copy is separate from the host's (a host change after the copy-in is not seen on the device,
// `target update` brings it), it lasts while the variable is mapped (enter/exit data), a
// structure and an array linked in the same image work alike, and a declare target function
// reaches them too. Kernels of an image whose first entry is a linked variable still get the
// launch convention of the compiler that built them.
// RUN: %compile-offload && %run %t | %FileCheck %s
// REQUIRES: offload
#include <omp.h>
#include <stdio.h>

int big[4] = {1, 2, 3, 4};
struct pt {
  int x, y;
} where = {5, 6};
#pragma omp declare target link(big, where)

#pragma omp declare target
static int sum_big(void) {
  return big[0] + big[1] + big[2] + big[3];
}
#pragma omp end declare target

int main(void) {
  int s = 0;
#pragma omp target map(tofrom : big [0:4]) map(tofrom : s)
  for (int i = 0; i < 4; i++)
    s += big[i]++;
  // CHECK: s 10 big 2 3 4 5
  printf("s %d big %d %d %d %d\n", s, big[0], big[1], big[2], big[3]);

#pragma omp target enter data map(to : big [0:4], where)
  // CHECK-NEXT: present 1 1
  printf("present %d %d\n", omp_target_is_present(big, 0), omp_target_is_present(&where, 0));
  big[0] = 100; // the host's copy only
  int t = 0, u = 0;
#pragma omp target map(tofrom : t, u)
  {
    t = sum_big();
    u = where.x * where.y;
    where.x = 50;
  }
  // CHECK-NEXT: t 14 u 30 host big[0] 100 where.x 5
  printf("t %d u %d host big[0] %d where.x %d\n", t, u, big[0], where.x);
#pragma omp target update to(big [0:1]) from(where)
#pragma omp target map(tofrom : t)
  t = sum_big();
  // CHECK-NEXT: t 112 where.x 50
  printf("t %d where.x %d\n", t, where.x);
#pragma omp target exit data map(delete : big [0:4], where)
  // CHECK-NEXT: present 0 0
  printf("present %d %d\n", omp_target_is_present(big, 0), omp_target_is_present(&where, 0));
  return 0;
}
