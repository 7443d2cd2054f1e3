// fib: the naive recursive Fibonacci with one task per call above a cutoff. Nearly all the
// time is task creation, scheduling and taskwait.
#include "app.h"

static int cutoff;

static long fib_serial(int n) { return n < 2 ? n : fib_serial(n - 1) + fib_serial(n - 2); }

static long fib(int n) {
  if (n < cutoff)
    return fib_serial(n);
  long a, b;
#pragma omp task shared(a)
  a = fib(n - 1);
#pragma omp task shared(b)
  b = fib(n - 2);
#pragma omp taskwait
  return a + b;
}

int main(int argc, char **argv) {
  app_args(argc, argv);
  int n = app_small ? 20 : 33;
  cutoff = app_small ? 8 : 8;
  long result = 0;
  double t0 = app_now();
#pragma omp parallel
#pragma omp single
  result = fib(n);
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
