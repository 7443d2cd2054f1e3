// A worker stack below Glass's minimum (64 KiB) is raised to it: OMP_STACKSIZE warns once and
// uses 64K, kmp_set_stacksize raises it silently; workers run on the stacks they get.
// RUN: %compile
// RUN: env OMP_STACKSIZE=1 %run %t 2>&1 | %FileCheck %s --check-prefixes=WARN,CHECK -DVALUE=1
// RUN: env OMP_STACKSIZE=1B %run %t 2>&1 | %FileCheck %s --check-prefixes=WARN,CHECK -DVALUE=1B
// RUN: env OMP_STACKSIZE=16K %run %t 2>&1 | %FileCheck %s --check-prefixes=WARN,CHECK -DVALUE=16K
// RUN: env OMP_STACKSIZE=64K %run %t 2>&1 | %FileCheck %s --check-prefixes=QUIET,CHECK
#include <omp.h>
#include <stdio.h>
#include <string.h>

int main(void) {
  int ran = 0;
#pragma omp parallel num_threads(3) reduction(+ : ran)
  {
    char buf[256];
    snprintf(buf, sizeof(buf), "thread %d of %d", omp_get_thread_num(), omp_get_num_threads());
    ran += strlen(buf) > 0;
  }
  printf("stacksize=%zu ran=%d\n", kmp_get_stacksize_s(), ran);
  kmp_set_stacksize_s(100);
  printf("set 100: %zu\n", kmp_get_stacksize_s());
  kmp_set_stacksize(1 << 20);
  printf("set 1M: %zu\n", kmp_get_stacksize_s());
  return 0;
}
// WARN: OMP: Warning: OMP_STACKSIZE="[[VALUE]]" is below the minimum stack size; using 64K
// WARN-NOT: OMP: Warning
// QUIET-NOT: OMP: Warning
// CHECK: stacksize=65536 ran=3
// CHECK-NEXT: set 100: 65536
// CHECK-NEXT: set 1M: 1048576
