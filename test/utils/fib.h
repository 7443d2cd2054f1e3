// The recursive task tree several tests and the fib benchmark run: fib(n) with one task per
// call at or above the cutoff (both children deferred, shared results) and a taskwait per
// level; below the cutoff the plain recursion. With cutoff 2, fib_tasks(10, 2) makes 88 calls
// that create 2 tasks each and wait once (176 tasks, 88 taskwaits), the taskwait of line 20.
#ifndef GLASS_TEST_FIB_H
#define GLASS_TEST_FIB_H

static long fib_serial(int n) {
  return n < 2 ? n : fib_serial(n - 1) + fib_serial(n - 2);
}

static long fib_tasks(int n, int cutoff) {
  if (n < cutoff)
    return fib_serial(n);
  long a, b;
#pragma omp task shared(a)
  a = fib_tasks(n - 1, cutoff);
#pragma omp task shared(b)
  b = fib_tasks(n - 2, cutoff);
#pragma omp taskwait
  return a + b;
}

#endif
