// Taskloops of thousands of chunks (more than a deque holds: a full deque makes its owner run
// new chunks itself): every iteration runs once; lastprivate comes from the last iteration,
// firstprivate copies reach every chunk, a reduction sums every iteration; grainsize, a
// negative step over a 64-bit range, cancellation of the taskgroup (nothing runs twice), and a
// taskloop inside a final task (its chunks are included tasks, run by the encountering
// thread). A team of one runs each chunk as it is created.
// RUN: %compile && env OMP_NUM_THREADS=3 %run %t | %FileCheck %s
// RUN: env OMP_NUM_THREADS=1 %run %t | %FileCheck %s
// RUN: env OMP_NUM_THREADS=2 OMP_CANCELLATION=true %run %t | %FileCheck %s
// RUN: %if ompt %{ env OMP_NUM_THREADS=2 %run-tool %t | %FileCheck %s %}
#include <omp.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define N 5000
static atomic_int hits[N];
static atomic_int fp_bad;

static int all_once(void) {
  int ok = 1;
  for (int i = 0; i < N; i++) {
    ok &= atomic_load(&hits[i]) == 1;
    atomic_store(&hits[i], 0);
  }
  return ok;
}

int main(void) {
  int last = -1, fp = 7;
  long sum = 0;
#pragma omp parallel
#pragma omp single
  {
#pragma omp taskloop num_tasks(N) lastprivate(last) firstprivate(fp)
    for (int i = 0; i < N; i++) {
      atomic_fetch_add(&hits[i], 1);
      if (fp != 7) // one iteration per chunk, each with its own copy
        atomic_fetch_add(&fp_bad, 1);
      fp++;
      last = i;
    }
    printf("num_tasks: once=%d last=%d fp_bad=%d\n", all_once(), last, atomic_load(&fp_bad));

    // grainsize(3): 1666 chunks of 3 or 4 iterations.
#pragma omp taskloop grainsize(3) lastprivate(last)
    for (int i = 0; i < N; i++) {
      atomic_fetch_add(&hits[i], 1);
      last = i;
    }
    printf("grainsize: once=%d last=%d\n", all_once(), last);

#pragma omp taskloop reduction(+ : sum) num_tasks(1000)
    for (int i = 1; i <= 100000; i++)
      sum += i;
    printf("reduction: sum=%ld\n", sum);

    // A negative step over a 64-bit range.
    int64_t base = (int64_t)1 << 40;
#pragma omp taskloop num_tasks(700)
    for (int64_t v = base + 2 * (N - 1); v >= base; v -= 2)
      atomic_fetch_add(&hits[(v - base) / 2], 1);
    printf("negative 64-bit: once=%d\n", all_once());

    // Cancelling the taskloop's taskgroup: chunks not yet started are discarded, the others
    // finish; nothing runs twice.
#pragma omp taskloop num_tasks(N)
    for (int i = 0; i < N; i++) {
      atomic_fetch_add(&hits[i], 1);
      if (i == 10) {
#pragma omp cancel taskgroup
      }
    }
    int twice = 0;
    for (int i = 0; i < N; i++) {
      twice |= atomic_load(&hits[i]) > 1;
      atomic_store(&hits[i], 0);
    }
    printf("cancel: none_twice=%d\n", !twice);

    // Inside a final task, the chunks are included tasks of the encountering thread.
    int same = 1;
#pragma omp task final(1) shared(same)
    {
      int me = omp_get_thread_num();
#pragma omp taskloop num_tasks(300) shared(same)
      for (int i = 0; i < 300; i++)
        if (omp_get_thread_num() != me)
          same = 0;
    }
#pragma omp taskwait
    printf("final: same_thread=%d\n", same);
  }
  return 0;
}
// CHECK: num_tasks: once=1 last=4999 fp_bad=0
// CHECK-NEXT: grainsize: once=1 last=4999
// CHECK-NEXT: reduction: sum=5000050000
// CHECK-NEXT: negative 64-bit: once=1
// CHECK-NEXT: cancel: none_twice=1
// CHECK-NEXT: final: same_thread=1
