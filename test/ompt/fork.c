// fork() in a program with a live pool: the child runs OpenMP regions with new workers (the
// parent's do not exist there), the tool stays attached in both processes, and each process
// finalizes the tool once.
// REQUIRES: ompt
// RUN: %compile && env OMP_NUM_THREADS=3 %run-tool %t > %t.out
// RUN: %FileCheck %s < %t.out
// RUN: %FileCheck %s --check-prefix=FIN < %t.out
#include <omp.h>
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

static int count_region(void) {
  int n = 0;
#pragma omp parallel
  {
#pragma omp atomic
    n++;
  }
  return n;
}

int main(void) {
  setvbuf(stdout, NULL, _IONBF, 0);
  int before = count_region();
  pid_t pid = fork();
  if (pid == 0) {
    int in_child = count_region();
    printf("child: %d threads\n", in_child);
    return in_child == 3 ? 0 : 1;
  }
  int status = 0;
  waitpid(pid, &status, 0);
  int after = count_region();
  printf("parent: before=%d after=%d child_ok=%d\n", before, after,
         WIFEXITED(status) && WEXITSTATUS(status) == 0);
  return 0;
}
// CHECK-DAG: child: 3 threads
// CHECK-DAG: parent: before=3 after=3 child_ok=1
// FIN-COUNT-2: finalize
// FIN-NOT: finalize
// ThreadSanitizer cannot start threads in a child forked from a threaded process.
// UNSUPPORTED: tsan
