// cancel parallel racing with members in barriers: many rounds of regions with 7 (and 2)
// threads where one member cancels at a varying point while others wait in an explicit
// barrier, the implicit barrier of a loop or of a single, a blocking reduction's barrier, a
// barrier with deferred tasks pending, or an orphaned __kmpc_barrier (a barrier outside the
// construct is a non-conforming cancellation point, but must not hang either). LLVM's libomp
// deadlocks on the first of these (a member in a cancellation barrier while another reaches
// the join). Every round must end, the team must stay usable, and a region that nobody
// cancels must run completely.
// RUN: %compile
// RUN: env OMP_CANCELLATION=true OMP_NUM_THREADS=7 timeout 60 %run %t 400 | %FileCheck %s
// RUN: env OMP_CANCELLATION=true OMP_NUM_THREADS=2 timeout 60 %run %t 400 | %FileCheck %s
// RUN: env OMP_CANCELLATION=true OMP_NUM_THREADS=7 KMP_BLOCKTIME=0 timeout 60 %run %t 100 | %FileCheck %s
// RUN: env OMP_CANCELLATION=true OMP_NUM_THREADS=1 timeout 60 %run %t 50 | %FileCheck %s
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

static void orphaned_barrier(void) {
#pragma omp barrier
}

static int spin(int k) {
  volatile int x = 0;
  for (int i = 0; i < k * 50; i++)
    x += i;
  return x;
}

int main(int argc, char **argv) {
  int rounds = argc > 1 ? atoi(argv[1]) : 100;
  int finished = 0, incomplete = 0, bad = 0;
  for (int r = 0; r < rounds; r++) {
    int victim = r % omp_get_max_threads();
    int where = r % 6; // the phase in which the victim cancels
    int reached_end = 0, red = 0;
#pragma omp parallel reduction(+ : reached_end) shared(red)
    {
      int me = omp_get_thread_num();
      spin((me * 7 + r) % 13);
      for (int phase = 0; phase < 6; phase++) {
        if (me == victim && phase == where) {
#pragma omp cancel parallel
        }
        switch (phase) {
        case 0: {
#pragma omp barrier
          break;
        }
        case 1: {
#pragma omp for schedule(dynamic, 3)
          for (int i = 0; i < 50; i++)
            spin(i % 4);
          break;
        }
        case 2: {
#pragma omp single
          spin(20);
          break;
        }
        case 3: {
#pragma omp for reduction(+ : red)
          for (int i = 0; i < 100; i++)
            red += i;
          break;
        }
        case 4: {
#pragma omp task
          spin(5);
#pragma omp barrier
          break;
        }
        default:
          orphaned_barrier();
        }
#pragma omp cancellation point parallel
      }
      reached_end++;
    }
    finished++;
    incomplete += reached_end < omp_get_max_threads();
    // An uncancelled region on the same hot team runs completely.
    int all = 0;
#pragma omp parallel reduction(+ : all)
    {
#pragma omp barrier
      all++;
    }
    bad += all != omp_get_max_threads();
  }
  printf("rounds=%d finished=%d cancelled=%s bad=%d\n", rounds, finished,
         incomplete == rounds ? "all" : "not all", bad);
  return 0;
}
// CHECK: rounds=[[R:[0-9]+]] finished=[[R]] cancelled=all bad=0
