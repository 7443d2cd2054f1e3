// A member defers a task and then busy-waits, with no task scheduling point, for a flag only
// that task sets: the other members, already waiting at the region's end (the join) before the
// task existed, must notice it and run it. Rounds where the flag never came are counted; each
// wait gives up after about 2 seconds, so a runtime that leaves the task alone fails instead of
// hanging. The single executor is the master in some rounds and a worker in others.
// RUN: %compile && env OMP_NUM_THREADS=2 KMP_BLOCKTIME=0 %run %t | %FileCheck %s
// RUN: env OMP_NUM_THREADS=2 %run %t | %FileCheck %s
// RUN: env OMP_NUM_THREADS=3 KMP_BLOCKTIME=0 %run %t | %FileCheck %s
// With a tool (a full join: members wait for the join's release):
// RUN: env OMP_NUM_THREADS=2 KMP_BLOCKTIME=0 %run-tool %t | %FileCheck %s
#include <omp.h>
#include <stdio.h>

int main(void) {
  int missed = 0;
  for (int r = 0; r < 200; r++) {
    int flag = 0;
#pragma omp parallel shared(flag, missed)
    {
#pragma omp single nowait
      {
#pragma omp task shared(flag)
        {
#pragma omp atomic write
          flag = 1;
        }
        int f = 0;
        double t0 = omp_get_wtime();
        while (!f && omp_get_wtime() - t0 < 2.0) {
#pragma omp atomic read
          f = flag;
        }
        if (!f)
          missed++;
      }
    }
  }
  // CHECK: missed 0
  printf("missed %d\n", missed);
  return missed != 0;
}
