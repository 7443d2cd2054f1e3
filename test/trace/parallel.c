// Parallel regions with explicit barriers, traced on Glass at 1, 2 and 7 threads (7 threads
// on the test machine's 2 cores oversubscribe it): every region, implicit task and barrier is
// a slice, nested as the program nests them, located at its line in this file.
// REQUIRES: ompt
// RUN: %compile
// RUN: env OMP_NUM_THREADS=1 %trace-run %t | %FileCheck %s
// RUN: %check-trace %t --runtime Glass --threads 1 --count parallel=3 --count "implicit task=3" \
// RUN:   --count barrier=3 --count "barrier wait=3" --inside "barrier wait=barrier" \
// RUN:   --inside "barrier=implicit task" --inside "implicit task=parallel" \
// RUN:   --loc parallel=region --loc barrier=barrier --source %s --summary-row parallel
// RUN: env OMP_NUM_THREADS=2 %trace-run %t | %FileCheck %s
// RUN: %check-trace %t --runtime Glass --threads 2 --count parallel=3 --count "implicit task=6" \
// RUN:   --count barrier=6 --count "barrier wait=6" --inside "barrier wait=barrier" \
// RUN:   --inside "barrier=implicit task" --loc parallel=region --loc barrier=barrier --source %s
// RUN: env OMP_NUM_THREADS=7 %trace-run %t | %FileCheck %s
// RUN: %check-trace %t --runtime Glass --threads 7 --count parallel=3 --count "implicit task=21" \
// RUN:   --count barrier=21 --count "barrier wait=21" --inside "barrier wait=barrier" \
// RUN:   --inside "barrier=implicit task" --loc parallel=region --loc barrier=barrier --source %s
#include <omp.h>
#include <stdio.h>

static volatile double sink;

static void work(int n) {
  double x = 0;
  for (int i = 0; i < n * 1000; i++)
    x += i * 0.5;
  sink = x;
}

int main(void) {
  int threads = 0;
  for (int r = 0; r < 3; r++) {
#pragma omp parallel // @region
    {
      work(omp_get_thread_num() + 1);
#pragma omp barrier // @barrier
      if (omp_get_thread_num() == 0)
        threads = omp_get_num_threads();
    }
  }
  printf("threads %d\n", threads);
  // CHECK: threads {{[127]}}
  return 0;
}
