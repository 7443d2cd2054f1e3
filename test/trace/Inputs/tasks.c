// Tasks for the trace tests: a chain with dependences, a taskwait, a taskgroup and a recursive
// tree; the number of tasks is fixed (32), whatever the thread count.
#include <omp.h>
#include <stdio.h>

// The first chain task holds until the whole chain is created, so each later task finds its
// predecessor still pending and the runtime establishes (and reports) all three dependences;
// a runtime that runs tasks at creation time would skip the wait, hence the time limit.
static void hold(const int *created) {
  double t0 = omp_get_wtime();
  int c = 0;
  while (!c && omp_get_wtime() - t0 < 5.0) {
#pragma omp atomic read
    c = *created;
  }
}

static long fib(int n) {
  if (n < 10)
    return n < 2 ? n : fib(n - 1) + fib(n - 2);
  long a, b;
#pragma omp task shared(a) // @fib
  a = fib(n - 1);
#pragma omp task shared(b)
  b = fib(n - 2);
#pragma omp taskwait // @fibwait
  return a + b;
}

int main(void) {
  long chain[4] = {0}, tree = 0, group = 0;
  int created = 0;
#pragma omp parallel
#pragma omp single
  {
    for (int s = 0; s < 4; s++) {
#pragma omp task depend(inout : chain[0]) shared(chain, created) // @chain
      {
        if (s == 0)
          hold(&created);
        chain[s] = s == 0 ? 1 : chain[s - 1] * 2;
      }
    }
#pragma omp atomic write
    created = 1;
#pragma omp taskwait
#pragma omp taskgroup // @group
    {
      for (int k = 0; k < 3; k++) {
#pragma omp task shared(group)
        {
#pragma omp atomic
          group += k;
        }
      }
    }
#pragma omp task shared(tree)
    tree = fib(14);
  }
  // Tasks: 4 (chain) + 3 (group) + 1 + 2 per fib call with n >= 10 (fib(14): 12 calls) = 32.
  // OUT: tasks: chain 8 group 3 fib(14) 377
  printf("tasks: chain %ld group %ld fib(14) %ld\n", chain[3], group, tree);
  return chain[3] == 8 && group == 3 && tree == 377 ? 0 : 1;
}
