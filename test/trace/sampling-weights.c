// Task sampling's estimates weigh each recorded slice by its own task's period (Horvitz-Thompson),
// per row: one thread creates three kinds of task in three phases,
//   1. 6,000 coarse ones (about 10 us of spinning before each creation): the first 4096 in full
//      (the warm-up), then at a small period;
//   2. 200,000 empty ones: the period rises (to 1024 on the development machine);
//   3. 20,000 coarse ones again: the period comes down.
// The cost of a recorded event is set to 30 us (GLASS_TRACE_SAMPLE_COST) so that the empty
// tasks are thinned on any machine, sanitizer builds included (a creation there takes about
// 4 us; the rule engages below about 16). Each row's estimate must be within 40% of the truth
// (standard deviations: about sqrt(count x period), at most 7.2% here); phase 3's row must
// have recorded at least 500 tasks (the period came down: at 1024 it would record about 20). A
// single scale for all rows (created / recorded), as the summary used before, puts phase 1's row at
// several times its count, since most of its tasks were recorded and few of phase 2's were:
// --global-off checks that it would miss by more than 40% here, so this test tells the two apart.
// REQUIRES: ompt
// RUN: %compile
// RUN: env OMP_NUM_THREADS=2 GLASS_TRACE_SAMPLE_COST=30000 %trace-run %t 2>%t.err | %FileCheck %s
// RUN: %FileCheck --check-prefix=ERR %s < %t.err
// RUN: %check-pftrace %t --summary
// RUN: %check-sampling %t.txt --created 226000 --source %s --row task@coarse1=6000:40 \
// RUN:   --row task@fine=200000:40 --row task@coarse2=20000:40 --recorded "task@coarse2>=500" \
// RUN:   --global-off task@coarse1=6000:40
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
    for (int i = 0; i < 200000; i++)
#pragma omp task // @fine
      spin(0);
    for (int i = 0; i < 20000; i++) {
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
// CHECK: coarse tasks 26000
// ERR: glass-trace: tasks created every {{[0-9]+}} ns on average; recorded {{[0-9,]+}} of
// ERR-SAME: 226,000 tasks
