// A chain of forks, each process running regions with its own workers and then forking the
// next: in each child the parent's workers do not exist, and their descriptors and gtids go to
// the child's new workers (they used to be left behind, 3 more gtids per generation here).
// RUN: %compile && env OMP_NUM_THREADS=4 %run timeout 20 %t | %FileCheck %s
// With a tool attached in every generation (the printer's events from all of them; each child's
// new workers begin, and every process's tool is finalized once):
// RUN: %if ompt %{ env OMP_NUM_THREADS=4 %run-tool timeout 20 %t > %t.tool %}
// RUN: %if ompt %{ grep -c ": finalize tool_data" %t.tool | %FileCheck %s --check-prefix=FINI %}
// RUN: %if ompt %{ grep "last generation" %t.tool | %FileCheck %s %}
#include <omp.h>
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

int __kmpc_global_thread_num(void *loc);

enum { GENERATIONS = 12 };

static int region(int *top) {
  int n = 0;
#pragma omp parallel reduction(+ : n) reduction(max : top[0])
  {
    n += 1;
    top[0] = __kmpc_global_thread_num(NULL);
  }
  return n;
}

int main(void) {
  int top = 0, bad = 0;
  for (int gen = 0; gen < GENERATIONS; gen++) {
    bad += region(&top) != 4;
    pid_t pid = fork();
    if (pid < 0)
      return 2;
    if (pid > 0) { // the parent waits for the rest of the chain and passes its status on
      int status = 0;
      waitpid(pid, &status, 0);
      return WIFEXITED(status) ? WEXITSTATUS(status) : 3;
    }
  }
  bad += region(&top) != 4;
  printf("last generation: bad %d, gtids below 8: %d\n", bad, top < 8);
  fflush(stdout);
  return bad != 0;
}
// CHECK: last generation: bad 0, gtids below 8: 1
// FINI: {{^}}13{{$}}
// ThreadSanitizer cannot start threads in a child forked from a threaded process.
// UNSUPPORTED: tsan
