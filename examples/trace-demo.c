// The glass-trace demo: a small program whose timeline shows the main kinds of OpenMP work.
//   1. a dynamic loop with uneven iterations (load balancing, the loop's implicit barrier),
//   2. a static loop with a reduction,
//   3. a chain of tasks with dependences (flow arrows along the dependences), created by one
//      thread inside `single`, and a taskwait,
//   4. a recursive task tree in a taskgroup,
//   5. a lock and a critical section that every thread takes (lock waits).
// Every result is checked; the program prints what it computed and exits non-zero on a wrong
// answer, so a run under a runtime that mishandles a construct does not go unnoticed.
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#define N      2000
#define STAGES 6

// Work proportional to i, so iterations are uneven and a dynamic schedule has something to do.
static double spin(long i) {
  double x = 0;
  for (long k = 0; k < 40 * (i % 97 + 1); k++)
    x += 1.0 / (double)(k + 1);
  return x;
}

static long fib_serial(int n) {
  return n < 2 ? n : fib_serial(n - 1) + fib_serial(n - 2);
}

static long fib(int n) {
  if (n < 14) return fib_serial(n);
  long a, b;
#pragma omp task shared(a)
  a = fib(n - 1);
#pragma omp task shared(b)
  b = fib(n - 2);
#pragma omp taskwait
  return a + b;
}

int main(void) {
  static double val[N];
  double sum = 0;
  long stage[STAGES] = {0};
  long tree = 0, locked = 0, critical = 0;
  int threads = 0;
  omp_lock_t lock;
  omp_init_lock(&lock);

#pragma omp parallel
  {
#pragma omp single
    threads = omp_get_num_threads();

#pragma omp for schedule(dynamic, 16)
    for (long i = 0; i < N; i++)
      val[i] = spin(i);

#pragma omp for schedule(static) reduction(+ : sum)
    for (long i = 0; i < N; i++)
      sum += val[i] > 0 ? 1.0 : 0.0;

#pragma omp single
    {
      // A pipeline: stage s reads stage s-1, so the tasks run one after another.
      for (int s = 0; s < STAGES; s++) {
#pragma omp task depend(in : stage[s > 0 ? s - 1 : 0]) depend(out : stage[s]) shared(stage)
        stage[s] = (s > 0 ? stage[s - 1] : 0) + (long)spin(500 + 50 * s) + 1;
      }
#pragma omp taskwait
#pragma omp taskgroup
      {
#pragma omp task shared(tree)
        tree = fib(20);
      }
    }

    for (int k = 0; k < 50; k++) {
      omp_set_lock(&lock);
      locked += 1;
      spin(k);
      omp_unset_lock(&lock);
#pragma omp critical(demo_count)
      critical += 2;
    }
  }
  omp_destroy_lock(&lock);

  int ok = sum == N && tree == 6765 && locked == 50L * threads && critical == 100L * threads;
  for (int s = 1; s < STAGES; s++)
    ok = ok && stage[s] > stage[s - 1];
  printf("trace-demo: %d threads; loop sum %.0f, fib(20) = %ld, lock count %ld, critical %ld: %s\n",
         threads, sum, tree, locked, critical, ok ? "correct" : "WRONG");
  return ok ? 0 : 1;
}
