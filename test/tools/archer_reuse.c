// A program built with -fsanitize=thread gets LLVM's Archer without OMP_TOOL_LIBRARIES, as
// with libomp, and Archer stays quiet on a correct program whose task descriptors Glass would
// recycle: thousands of tasks with firstprivate data, made by one thread and run by both (the
// free lists' hand-off is invisible to TSan, so Glass hands the blocks to malloc under TSan;
// with the free lists, 6 of 8 runs reported a race on a recycled block: three runs here).
// OMP_TOOL=disabled still loads nothing; a program without TSan opens Archer, which declines
// (libomp does the same, and logs the same lines).
// REQUIRES: ompt, archer
// RUN: %cc -fsanitize=thread %flags %s -o %t
// RUN: %run-archer env OMP_TOOL_VERBOSE_INIT=stderr %t 2>&1 | %FileCheck %s
// RUN: %run-archer %t 2>&1 | %FileCheck %s --check-prefix=QUIET
// RUN: %run-archer %t 2>&1 | %FileCheck %s --check-prefix=QUIET
// RUN: %run-archer env OMP_TOOL_VERBOSE_INIT=stderr OMP_TOOL=disabled %t quiet 2>&1 \
// RUN:   | %FileCheck %s --check-prefix=DISABLED
// RUN: %cc %flags %s -o %t.plain
// RUN: %run-archer env OMP_TOOL_VERBOSE_INIT=stderr %t.plain quiet 2>&1 \
// RUN:   | %FileCheck %s --check-prefix=PLAIN
#include <omp.h>
#include <stdio.h>
#include <string.h>

#define N 3000

static int out[N];

int main(int argc, char **argv) {
  if (argc > 1 && strcmp(argv[1], "quiet") == 0) {
    printf("quiet\n");
    return 0;
  }
  long sum = 0;
  for (int round = 0; round < 3; round++) {
#pragma omp parallel num_threads(2)
#pragma omp single
    for (int i = 0; i < N; i++) {
      int v = i * 3 + round;
      double pad[8] = {v}; // a bigger firstprivate block: another size class
#pragma omp task firstprivate(v, pad) shared(out)
      out[(v - round) / 3] = v + (int)pad[0] - v + 1;
    }
    for (int i = 0; i < N; i++)
      sum += out[i];
  }
  printf("sum=%ld\n", sum);
  return 0;
}
// CHECK: ----- START LOGGING OF TOOL REGISTRATION -----
// CHECK-NEXT: Search for OMP tool in current address space... Failed.
// CHECK-NEXT: No OMP_TOOL_LIBRARIES defined.
// CHECK-NEXT: ...searching tool libraries failed. Using archer tool.
// CHECK-NEXT: Opening libarcher.so... Success.
// CHECK-NEXT: Searching for ompt_start_tool in libarcher.so... Success.
// CHECK-NEXT: Tool was started and is using the OMPT interface.
// CHECK-NEXT: ----- END LOGGING OF TOOL REGISTRATION -----
// CHECK-NEXT: Tool initializer returned 1: the OMPT interface is active.
// CHECK-NOT: ThreadSanitizer: data race
// CHECK: sum=40504500
// CHECK-NOT: ThreadSanitizer

// QUIET-NOT: ThreadSanitizer
// QUIET: sum=40504500
// QUIET-NOT: ThreadSanitizer

// DISABLED: OMP tool disabled.
// DISABLED-NOT: archer
// DISABLED: quiet

// PLAIN: No OMP_TOOL_LIBRARIES defined.
// PLAIN-NEXT: ...searching tool libraries failed. Using archer tool.
// PLAIN-NEXT: Opening libarcher.so... Success.
// PLAIN-NEXT: Searching for ompt_start_tool in libarcher.so... Found but not using the OMPT interface.
// PLAIN-NEXT: No OMP tool loaded.
// PLAIN-NEXT: ----- END LOGGING OF TOOL REGISTRATION -----
// PLAIN: quiet
