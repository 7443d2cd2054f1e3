// libomp's KMP_DISP_NUM_BUFFERS sets how many consecutive nowait loops a team runs side by
// side (its dispatch slots). Out of libomp's range 1..4096 it warns "too small" or "too large"
// and takes the nearest bound; text that is no integer warns and keeps the default (7). With a
// single slot, members that race ahead through many nowait loops wait for the slowest to leave
// each loop before reusing the slot, and every iteration still runs exactly once.
// RUN: %compile && env KMP_DISP_NUM_BUFFERS=0 OMP_NUM_THREADS=4 %run %t 2>&1 | %FileCheck %s --check-prefixes=CHECK,SMALL
// RUN: env KMP_DISP_NUM_BUFFERS=4097 OMP_NUM_THREADS=4 %run %t 2>&1 | %FileCheck %s --check-prefixes=CHECK,LARGE
// RUN: env KMP_DISP_NUM_BUFFERS=many OMP_NUM_THREADS=4 %run %t 2>&1 | %FileCheck %s --check-prefixes=CHECK,BAD
// RUN: env KMP_DISP_NUM_BUFFERS=2 OMP_NUM_THREADS=4 %run %t 2>&1 | %FileCheck %s --check-prefixes=CHECK,QUIET
#include <omp.h>
#include <stdio.h>

enum { LOOPS = 40, N = 257 };
static int hits[LOOPS][N];

int main(void) {
#pragma omp parallel
  {
    for (int l = 0; l < LOOPS; l++) {
      // The first thread dawdles in odd loops so that the others run ahead.
#pragma omp for schedule(dynamic, 3) nowait
      for (int i = 0; i < N; i++) {
        if (omp_get_thread_num() == 0 && (l & 1) && i < 6)
          for (volatile int k = 0; k < 20000; k++)
            ;
        __atomic_fetch_add(&hits[l][i], 1, __ATOMIC_RELAXED);
      }
    }
  }
  int bad = 0;
  for (int l = 0; l < LOOPS; l++)
    for (int i = 0; i < N; i++)
      bad += hits[l][i] != 1;
  printf("iterations run other than once: %d\n", bad);
  return 0;
}
// SMALL: OMP: Warning: KMP_DISP_NUM_BUFFERS="0" is too small; using 1
// LARGE: OMP: Warning: KMP_DISP_NUM_BUFFERS="4097" is too large; using 4096
// BAD: OMP: Warning: KMP_DISP_NUM_BUFFERS="many" is invalid (expected an integer from 1 to 4096); using 7
// QUIET-NOT: Warning
// CHECK: iterations run other than once: 0
