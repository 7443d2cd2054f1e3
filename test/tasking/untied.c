// Untied tasks: a task with scheduling points (task creation, taskwait, taskyield, taskgroup)
// is split by clang into parts resumed at their part id; every part runs exactly once, in
// order, with the task's private variables intact, wherever it resumes. Also an untied task
// that creates untied children recursively (fib), and untied undeferred tasks.
// RUN: %compile && env OMP_NUM_THREADS=1 %run %t | %FileCheck %s
// RUN: env OMP_NUM_THREADS=2 %run %t | %FileCheck %s
// RUN: env OMP_NUM_THREADS=7 %run %t | %FileCheck %s
#include <omp.h>
#include <stdio.h>

#define NT 40

static long fib(int n) {
  if (n < 2) return n;
  long a, b;
#pragma omp task untied shared(a)
  a = fib(n - 1);
#pragma omp task untied shared(b)
  b = fib(n - 2);
#pragma omp taskwait
  return a + b;
}

int main(void) {
  static int trace[NT][6];
  static int kids[NT];
  int bad = 0;
#pragma omp parallel
#pragma omp single
  {
    for (int i = 0; i < NT; i++) {
#pragma omp task untied firstprivate(i) shared(trace, kids, bad)
      {
        long acc = i; // private state that must survive every part
        trace[i][0]++;
#pragma omp task shared(kids) firstprivate(i)
        {
#pragma omp atomic
          kids[i]++;
        }
        acc *= 3;
        trace[i][1]++;
#pragma omp taskwait
        if (kids[i] != 1) bad++;
        trace[i][2]++;
#pragma omp taskyield
        acc += 7;
        trace[i][3]++;
#pragma omp taskgroup
        {
#pragma omp task shared(kids) firstprivate(i)
          {
#pragma omp atomic
            kids[i] += 10;
          }
        }
        if (kids[i] != 11) bad++;
        trace[i][4]++;
        if (acc != 3L * i + 7) bad++;
        trace[i][5]++;
      }
    }
  }
  int parts_ok = 1;
  for (int i = 0; i < NT; i++)
    for (int p = 0; p < 6; p++)
      parts_ok &= trace[i][p] == 1;
  printf("untied parts_ok=%d bad=%d\n", parts_ok, bad);

  long f = 0;
#pragma omp parallel
#pragma omp single
  f = fib(18);
  printf("untied fib=%ld\n", f);

  // Untied and undeferred, with a scheduling point inside.
  int u = 0;
#pragma omp parallel
#pragma omp single
  {
#pragma omp task untied if (0) shared(u)
    {
      u = 1;
#pragma omp taskyield
      u += 1;
#pragma omp task shared(u)
      {
#pragma omp atomic
        u += 10;
      }
#pragma omp taskwait
      u += 100;
    }
    printf("untied if0 u=%d\n", u);
  }
  return 0;
}
// CHECK: untied parts_ok=1 bad=0
// CHECK-NEXT: untied fib=2584
// CHECK-NEXT: untied if0 u=112
