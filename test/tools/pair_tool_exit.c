// A tool that keeps per-object data the way a multiplexing tool (LLVM's ompt-multiplex) does,
// through every way a program ends: it frees its implicit parallel region's data at the initial
// task's end, which must therefore name the region's data, still live (Glass passed NULL there
// and the multiplexer crashed at exit). Nothing may leak, nothing may be freed twice.
// REQUIRES: ompt
// RUN: %cc %flags -shared -fPIC %S/Inputs/pair_tool.c -o %t.tool.so
// RUN: %compile -pthread
// RUN: env OMP_TOOL_LIBRARIES=%t.tool.so %run %t return | %FileCheck %s
// RUN: env OMP_TOOL_LIBRARIES=%t.tool.so %run %t exit | %FileCheck %s
// RUN: env OMP_TOOL_LIBRARIES=%t.tool.so %run %t nested | %FileCheck %s
// RUN: env OMP_TOOL_LIBRARIES=%t.tool.so %run %t root | %FileCheck %s --check-prefix=ROOT
#include <omp.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int work(void) {
  int sum = 0;
#pragma omp parallel num_threads(2) reduction(+ : sum)
  sum += omp_get_thread_num() + 1;
  return sum;
}

static void *root(void *arg) {
  (void)arg;
  printf("root: sum=%d\n", work());
  return NULL;
}

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "return";
  printf("program: sum=%d\n", work());
  if (strcmp(mode, "exit") == 0)
    exit(0); // atexit handlers run with the runtime still set up
  if (strcmp(mode, "nested") == 0) {
    omp_set_max_active_levels(2);
#pragma omp parallel num_threads(2)
    work();
  }
  if (strcmp(mode, "root") == 0) {
    pthread_t t;
    pthread_create(&t, NULL, root, NULL);
    pthread_join(t, NULL);
  }
  return 0;
}
// CHECK: program: sum=3
// CHECK-NOT: pair_tool: {{.*}}NULL
// CHECK-NOT: no live pair
// CHECK: pair_tool: initial task end
// CHECK-NEXT: pair_tool: finalize live parallel=0 task=0 thread=0 errors=0

// ROOT: program: sum=3
// ROOT-NOT: no live pair
// ROOT: root: sum=3
// ROOT-NOT: no live pair
// ROOT: pair_tool: initial task end
// ROOT-NOT: no live pair
// ROOT: pair_tool: initial task end
// ROOT-NEXT: pair_tool: finalize live parallel=0 task=0 thread=0 errors=0
