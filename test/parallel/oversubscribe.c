// Far more threads than cores: spinning waiters must yield, so regions and barriers make
// progress instead of livelocking. Checked with active waiting (never sleeps) and the default.
// RUN: %compile
// RUN: env OMP_NUM_THREADS=32 %run %t | %FileCheck %s
// RUN: env OMP_NUM_THREADS=32 OMP_WAIT_POLICY=active %run %t | %FileCheck %s
// RUN: env OMP_NUM_THREADS=32 KMP_BLOCKTIME=0 %run %t | %FileCheck %s
#include <omp.h>
#include <stdio.h>

int main(void) {
  long total = 0;
  for (int r = 0; r < 100; r++) {
#pragma omp parallel
    {
      for (int b = 0; b < 10; b++) {
#pragma omp atomic
        total++;
#pragma omp barrier
      }
    }
  }
  printf("total=%ld\n", total);
  return total != 100L * 10 * 32;
}
// CHECK: total=32000
