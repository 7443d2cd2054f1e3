// fib: the naive recursive Fibonacci with one task per call above a cutoff. Nearly all the
// time is task creation, scheduling and taskwait.
#include "app.h"

#include "../../test/utils/fib.h" // fib_tasks: the tests' task tree, with a cutoff

int main(int argc, char **argv) {
  app_args(argc, argv);
  int n = app_small ? 20 : 33, cutoff = 8;
  long result = 0;
  double t0 = app_now();
#pragma omp parallel
#pragma omp single
  result = fib_tasks(n, cutoff);
  double t = app_now() - t0;
  long a = 0, b = 1; // the answer, iteratively
  for (int i = 0; i < n; i++) {
    long c = a + b;
    a = b;
    b = c;
  }
  char size[64], detail[96];
  snprintf(size, sizeof(size), "n=%d cutoff=%d", n, cutoff);
  snprintf(detail, sizeof(detail), "fib(%d)=%ld expected %ld", n, result, a);
  return app_report("fib", size, t, result == a, detail);
}
