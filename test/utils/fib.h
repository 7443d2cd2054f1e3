// The recursive task tree several tests trace or run: fib(n) with one task per call (both
// children deferred, shared results) and a taskwait per level. fib(10) makes 88 calls with
// n >= 2 (176 tasks, 88 taskwaits); the taskwait is on line 16 of this file.
#ifndef GLASS_TEST_FIB_H
#define GLASS_TEST_FIB_H

static long fib_tasks(int n) {
  if (n < 2)
    return n;
  long a, b;
#pragma omp task shared(a)
  a = fib_tasks(n - 1);
#pragma omp task shared(b)
  b = fib_tasks(n - 2);
  // the taskwait: line 16
#pragma omp taskwait
  return a + b;
}

#endif
