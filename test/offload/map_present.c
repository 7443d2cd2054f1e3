// The present modifier: satisfied when the data is mapped; when it is not, the program stops
// with one message naming the construct and exit status 1.
// RUN: %compile-offload && %run %t | %FileCheck %s
// RUN: %not %run %t absent 2>&1 | %FileCheck %s --check-prefix=ABSENT
// REQUIRES: offload
// UNSUPPORTED: clang-14
#include <stdio.h>

int main(int argc, char **argv) {
  int pr = 1;
#pragma omp target data map(to : pr)
  {
#pragma omp target map(present, tofrom : pr)
    pr = 2;
  }
  // CHECK: present 1
  printf("present %d\n", pr);
  fflush(stdout);
  if (argc > 1) {
    int missing = 0;
    // clang-format off
    // ABSENT: omptarget fatal error: {{.*}}map_present.c:[[@LINE+1]]:{{.*}}'present' map of host address {{.*}} (4 bytes), which is not mapped
    #pragma omp target map(present, to: missing)
    missing = 1;
    // ABSENT-NOT: reached
    printf("reached %d\n", missing);
  }
  return 0;
}
