// Every schedule clang emits, for signed/unsigned 32/64-bit IVs, with positive and negative
// steps, empty and one-iteration loops, chunks larger than the loop, collapse and nowait:
// each iteration runs exactly once and lastprivate gets the last value.
// schedule(simd:static, n) is the form where libomp leaves the stride at 1 (docs/abi.md).
// RUN: %compile -Wno-pass-failed
// RUN: env OMP_NUM_THREADS=1 %run %t | %FileCheck %s
// RUN: env OMP_NUM_THREADS=2 %run %t | %FileCheck %s
// RUN: env OMP_NUM_THREADS=7 %run %t | %FileCheck %s
// RUN: env OMP_NUM_THREADS=3 OMP_SCHEDULE=guided,5 %run %t | %FileCheck %s
// RUN: env OMP_NUM_THREADS=3 OMP_SCHEDULE=static,2 %run %t | %FileCheck %s
// RUN: env OMP_NUM_THREADS=3 OMP_SCHEDULE=static %run %t | %FileCheck %s
// RUN: env OMP_NUM_THREADS=3 OMP_SCHEDULE=auto %run %t | %FileCheck %s
// RUN: env OMP_NUM_THREADS=3 OMP_SCHEDULE=dynamic,2 %run %t | %FileCheck %s
#include <omp.h>
#include <stdio.h>
#include <string.h>

#define N 1000
static int hits[N + 64];
static int failures;
static volatile int zero = 0;

static void check(const char *what, int lo, int hi, long last, long want_last) {
  int bad = 0;
  for (int i = 0; i < N + 64; i++)
    bad += hits[i] != (i >= lo && i < hi);
  if (bad || last != want_last) {
    printf("FAIL %s: %d wrong counts, last %ld (want %ld)\n", what, bad, last, want_last);
    failures++;
  }
  memset(hits, 0, sizeof hits);
}

#define FN run_default
#define WS for
#include "Inputs/sched_body.h"
#define FN run_static
#define WS for                                                                                     \
  schedule(static)
#include "Inputs/sched_body.h"
#define FN run_static1
#define WS for                                                                                     \
  schedule(static, 1)
#include "Inputs/sched_body.h"
#define FN run_static7
#define WS for                                                                                     \
  schedule(static, 7)
#include "Inputs/sched_body.h"
#define FN run_static5000
#define WS for                                                                                     \
  schedule(static, 5000)
#include "Inputs/sched_body.h"
#define FN run_simd_static
#define WS for                                                                                     \
  simd schedule(simd : static, 8)
#include "Inputs/sched_body.h"
#define FN run_dynamic
#define WS for                                                                                     \
  schedule(dynamic)
#include "Inputs/sched_body.h"
#define FN run_dynamic13
#define WS for                                                                                     \
  schedule(dynamic, 13)
#include "Inputs/sched_body.h"
#define FN run_dynamic5000
#define WS for                                                                                     \
  schedule(dynamic, 5000)
#include "Inputs/sched_body.h"
#define FN run_monotonic
#define WS for                                                                                     \
  schedule(monotonic : dynamic, 3)
#include "Inputs/sched_body.h"
#define FN run_guided
#define WS for                                                                                     \
  schedule(guided)
#include "Inputs/sched_body.h"
#define FN run_guided7
#define WS for                                                                                     \
  schedule(guided, 7)
#include "Inputs/sched_body.h"
#define FN run_auto
#define WS for                                                                                     \
  schedule(auto)
#include "Inputs/sched_body.h"
#define FN run_runtime
#define WS for                                                                                     \
  schedule(runtime)
#include "Inputs/sched_body.h"
#define FN run_ordered_dynamic
#define WS for                                                                                     \
  ordered schedule(dynamic, 3)
#include "Inputs/sched_body.h"
#define FN run_ordered_static
#define WS for                                                                                     \
  ordered schedule(static)
#include "Inputs/sched_body.h"

int main(void) {
  run_default("default");
  run_static("static");
  run_static1("static1");
  run_static7("static7");
  run_static5000("static5000");
  run_simd_static("simd_static8");
  run_dynamic("dynamic");
  run_dynamic13("dynamic13");
  run_dynamic5000("dynamic5000");
  run_monotonic("monotonic_dynamic3");
  run_guided("guided");
  run_guided7("guided7");
  run_auto("auto");
  run_runtime("runtime");
  run_ordered_dynamic("ordered_dynamic3");
  run_ordered_static("ordered_static");
  printf("failures=%d\n", failures);
  return failures != 0;
}
// CHECK-NOT: FAIL
// CHECK: failures=0
