// kmp_set_blocktime and kmp_set_library change the block time while the other members spin and
// sleep in barriers, which read it at each wait: every wait still ends, the last setting is
// the one read back, and (in a ThreadSanitizer build of the runtime) nothing races.
// RUN: %compile && env OMP_NUM_THREADS=4 %run %t | %FileCheck %s
#include <omp.h>
#include <stdio.h>

int main(void) {
  static const int ms[] = {0, 1, 200, -1, 5};
  long sum = 0;
#pragma omp parallel reduction(+ : sum)
  {
    for (int i = 0; i < 200; i++) {
      if (omp_get_thread_num() == 0) {
        kmp_set_blocktime(ms[i % 5]);
        if (i % 7 == 0 && i % 2)
          kmp_set_library_turnaround();
        else if (i % 7 == 0)
          kmp_set_library_throughput();
      }
      sum += i;
#pragma omp barrier
    }
  }
  kmp_set_library_throughput();
  kmp_set_blocktime(7);
  printf("sum=%ld blocktime=%d\n", sum, kmp_get_blocktime());
  return 0;
}
// CHECK: sum=79600 blocktime=7
