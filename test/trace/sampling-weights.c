// Task sampling's estimates weigh each recorded slice by its own task's period (Horvitz-Thompson),
// per row: one thread creates three kinds of task in three phases,
//   1. 6,000 coarse ones (about 10 us of spinning before each creation): the first 4096 in full
//      (the warm-up), then at a small period;
//   2. 100,000 empty ones: the period rises (to 256 on the development machine);
//   3. 10,000 coarse ones again: the period comes down.
// The cost of a recorded event is set to 10 us (GLASS_TRACE_SAMPLE_COST) so that the empty
// tasks are thinned on any machine, sanitizer builds included. Each row's estimate must be
// within 30% of the truth (standard deviations: about sqrt(count x period), 5% here); phase
// 3's row must have recorded at least 500 tasks (the period came down: at 256 it would
// record about 40). A single scale for all rows (created / recorded), as the summary used
// before, puts phase 1's row at several times its count, since most of its tasks were recorded
// and few of phase 2's were: --global-off checks that it would miss by more than 30% here, so
// this test tells the two apart.
// REQUIRES: ompt
// RUN: %compile
// RUN: env OMP_NUM_THREADS=2 GLASS_TRACE_SAMPLE_COST=10000 %trace-run %t 2>%t.err | %FileCheck %s
// RUN: %FileCheck --check-prefix=ERR %s < %t.err
// RUN: %check-pftrace %t --summary
// RUN: %check-sampling %t.txt --created 116000 --source %s --row task@coarse1=6000:30 \
// RUN:   --row task@fine=100000:30 --row task@coarse2=10000:30 --recorded "task@coarse2>=500" \
// RUN:   --global-off task@coarse1=6000:30
#include <stdio.h>

static void spin(int n) {
  for (volatile int i = 0; i < n; i++)
    ;
}

int main(void) {
  long sum = 0;
#pragma omp parallel
#pragma omp single
  {
    for (int i = 0; i < 6000; i++) {
      spin(20000);
#pragma omp task shared(sum) // @coarse1
      {
#pragma omp atomic
        sum++;
      }
    }
    for (int i = 0; i < 100000; i++)
#pragma omp task // @fine
      spin(0);
    for (int i = 0; i < 10000; i++) {
      spin(20000);
#pragma omp task shared(sum) // @coarse2
      {
#pragma omp atomic
        sum++;
      }
    }
  }
  printf("coarse tasks %ld\n", sum);
  return 0;
}
// CHECK: coarse tasks 16000
// ERR: glass-trace: tasks created every {{[0-9]+}} ns on average; recorded {{[0-9,]+}} of
// ERR-SAME: 116,000 tasks
