// OMPT work and dispatch events of every loop schedule and of sections, checked by a tool in
// the program: work begin/end pair up on each thread with the same type and the iteration
// count of the loop, and the dispatched chunks cover every iteration exactly once.
// REQUIRES: ompt
// RUN: %compile
// RUN: env OMP_NUM_THREADS=1 %run %t | %FileCheck %s
// RUN: env OMP_NUM_THREADS=2 %run %t | %FileCheck %s
// RUN: env OMP_NUM_THREADS=7 %run %t | %FileCheck %s
#include "tool.h"
#include <omp-tools.h>
#include <omp.h>
#include <stdio.h>
#include <string.h>

#define N 500
static int covered[N];
static int sections_dispatched, open_errors, count_errors, begins;
static __thread int open_type; // work construct this thread is in (0: none)
static __thread uint64_t open_count;

static void on_work(ompt_work_t type, ompt_scope_endpoint_t ep, ompt_data_t *p, ompt_data_t *t,
                    uint64_t count, const void *codeptr) {
  (void)p, (void)t, (void)codeptr;
  if (type == ompt_work_single_executor || type == ompt_work_single_other)
    return;
  if (ep == ompt_scope_begin) {
    __atomic_fetch_add(&begins, 1, __ATOMIC_RELAXED);
    if (open_type)
      __atomic_fetch_add(&open_errors, 1, __ATOMIC_RELAXED);
    open_type = type;
    open_count = count;
  } else {
    if (open_type != (int)type || open_count != count)
      __atomic_fetch_add(&open_errors, 1, __ATOMIC_RELAXED);
    open_type = 0;
  }
}

static void on_dispatch(ompt_data_t *p, ompt_data_t *t, ompt_dispatch_t kind,
                        ompt_data_t instance) {
  (void)p, (void)t;
  if (kind == ompt_dispatch_section) {
    __atomic_fetch_add(&sections_dispatched, 1, __ATOMIC_RELAXED);
    return;
  }
  const ompt_dispatch_chunk_t *c = instance.ptr;
  if (!open_type || c->iterations == 0 || c->start + c->iterations > N)
    __atomic_fetch_add(&count_errors, 1, __ATOMIC_RELAXED);
  else
    for (uint64_t i = c->start; i < c->start + c->iterations; i++)
      __atomic_fetch_add(&covered[i], 1, __ATOMIC_RELAXED);
}

static int initialize(ompt_function_lookup_t lookup, int dev, ompt_data_t *data) {
  (void)dev, (void)data;
  ompt_set_callback_t set = TOOL_LOOKUP(lookup, set_callback);
  int a = TOOL_SET(set, work, on_work);
  int b = TOOL_SET(set, dispatch, on_dispatch);
  printf("set work=%d dispatch=%d\n", a, b);
  return 1;
}
TOOL_START(initialize, tool_finalize_nothing)

static int verify(const char *what, int expect_begins) {
  int bad = 0;
  for (int i = 0; i < N; i++)
    bad += covered[i] != 1;
  int ok = !bad && !open_errors && !count_errors && begins == expect_begins;
  printf("%s: %s", what, ok ? "ok\n" : "FAIL");
  if (!ok)
    printf(" (%d uncovered, %d pairing, %d chunk errors, %d begins)\n", bad, open_errors,
           count_errors, begins);
  memset(covered, 0, sizeof covered);
  open_errors = count_errors = begins = 0;
  return ok;
}

#define LOOP(NAME, CLAUSES)                                                                        \
  do {                                                                                             \
    int nth = 1;                                                                                   \
    _Pragma("omp parallel") {                                                                      \
      nth = omp_get_num_threads();                                                                 \
      _Pragma(CLAUSES) for (int i = 0; i < N; i++)(void) i;                                        \
    }                                                                                              \
    verify(NAME, nth);                                                                             \
  } while (0)

int main(void) {
  LOOP("static", "omp for schedule(static)");
  LOOP("static,7", "omp for schedule(static, 7)");
  LOOP("dynamic,3", "omp for schedule(dynamic, 3)");
  LOOP("guided", "omp for schedule(guided)");
  LOOP("runtime", "omp for schedule(runtime)");
  LOOP("ordered", "omp for ordered schedule(dynamic, 5)");
  LOOP("nowait", "omp for schedule(dynamic) nowait");
  LOOP("simd", "omp for simd schedule(simd: static, 4)");
  int nth = 1;
#pragma omp parallel
  {
    nth = omp_get_num_threads();
#pragma omp sections
    {
#pragma omp section
      (void)0;
#pragma omp section
      (void)0;
#pragma omp section
      (void)0;
    }
  }
  for (int i = 0; i < N; i++)
    covered[i] = 1;
  printf("sections dispatched %d\n", sections_dispatched);
  verify("sections", nth);
  return 0;
}
// CHECK: set work=5 dispatch=5
// CHECK-NEXT: static: ok
// CHECK-NEXT: static,7: ok
// CHECK-NEXT: dynamic,3: ok
// CHECK-NEXT: guided: ok
// CHECK-NEXT: runtime: ok
// CHECK-NEXT: ordered: ok
// CHECK-NEXT: nowait: ok
// CHECK-NEXT: simd: ok
// CHECK-NEXT: sections dispatched 3
// CHECK-NEXT: sections: ok
