// Dispatched loops whose bodies run other dispatched loops in nested regions (active, and
// serialized by if(0)), so the thread's cached loop state must be found again after each
// nested region; runs of nowait loops longer than the slot count (slots rotate); regions of
// growing sizes (the team's member entries are reallocated); guided chunks never below the
// requested chunk except for the loop's last one.
// RUN: %compile
// RUN: env OMP_NUM_THREADS=1 %run %t | %FileCheck %s
// RUN: env OMP_NUM_THREADS=2 %run %t | %FileCheck %s
// RUN: env OMP_NUM_THREADS=7 %run %t | %FileCheck %s
#include <omp.h>
#include <stdio.h>
#include <string.h>

#define N 300
#define M 40
static int hits[N], inner[N][M];
static int failures;

static void expect(const char *what, int ok) {
  if (!ok) {
    printf("FAIL %s\n", what);
    failures++;
  }
}

static void nested(void) {
  memset(hits, 0, sizeof hits);
  memset(inner, 0, sizeof inner);
#pragma omp parallel
#pragma omp for schedule(dynamic, 2)
  for (int i = 0; i < N; i++) {
    __atomic_fetch_add(&hits[i], 1, __ATOMIC_RELAXED);
    if (i % 7 == 0) {
#pragma omp parallel num_threads(2)
#pragma omp for schedule(dynamic)
      for (int j = 0; j < M; j++)
        __atomic_fetch_add(&inner[i][j], 1, __ATOMIC_RELAXED);
    }
    if (i % 5 == 0) {
#pragma omp parallel if (0)
#pragma omp for schedule(guided, 3)
      for (int j = 0; j < M; j++)
        __atomic_fetch_add(&inner[i][j], 2, __ATOMIC_RELAXED);
    }
  }
  int bad = 0;
  for (int i = 0; i < N; i++) {
    bad += hits[i] != 1;
    int want = (i % 7 == 0) + 2 * (i % 5 == 0);
    for (int j = 0; j < M; j++)
      bad += inner[i][j] != want;
  }
  expect("nested", bad == 0);
}

static void nowait_runs(int nthreads) {
  memset(hits, 0, sizeof hits);
#pragma omp parallel num_threads(nthreads)
  for (int k = 0; k < 20; k++) {
    if (k % 2) {
#pragma omp for schedule(dynamic, 1) nowait
      for (int i = 0; i < N; i++)
        __atomic_fetch_add(&hits[i], 1, __ATOMIC_RELAXED);
    } else {
#pragma omp for schedule(guided) nowait
      for (int i = 0; i < N; i++)
        __atomic_fetch_add(&hits[i], 1, __ATOMIC_RELAXED);
    }
  }
  int bad = 0;
  for (int i = 0; i < N; i++)
    bad += hits[i] != 20;
  char what[64];
  snprintf(what, sizeof what, "nowait runs, %d threads", nthreads);
  expect(what, bad == 0);
}

// Each iteration records its thread: a run of iterations of one thread is one or more whole
// chunks, so a run that does not reach the end is at least `chunk` long.
static void guided_sizes(int chunk) {
  static int owner[N];
  memset(hits, 0, sizeof hits);
  int nth = 1;
#pragma omp parallel
  {
#pragma omp single
    nth = omp_get_num_threads();
#pragma omp for schedule(guided, chunk)
    for (int i = 0; i < N; i++) {
      __atomic_fetch_add(&hits[i], 1, __ATOMIC_RELAXED);
      owner[i] = omp_get_thread_num();
    }
  }
  int bad = 0;
  for (int i = 0; i < N; i++)
    bad += hits[i] != 1;
  int start = 0;
  while (start < N) {
    int end = start;
    while (end < N && owner[end] == owner[start])
      end++;
    if (nth > 1 && end < N && end - start < chunk)
      bad++;
    start = end;
  }
  char what[64];
  snprintf(what, sizeof what, "guided %d", chunk);
  expect(what, bad == 0);
}

// The same with the schedules a team of one runs on its private cursor (static chunks,
// ordered) and with runtime's.
static void nested_ordered(void) {
  memset(hits, 0, sizeof hits);
  memset(inner, 0, sizeof inner);
  int order_bad = 0, prev = -1;
#pragma omp parallel
#pragma omp for schedule(static, 3) ordered
  for (int i = 0; i < N; i++) {
    __atomic_fetch_add(&hits[i], 1, __ATOMIC_RELAXED);
    if (i % 4 == 0) {
#pragma omp parallel num_threads(2)
#pragma omp for schedule(runtime)
      for (int j = 0; j < M; j++)
        __atomic_fetch_add(&inner[i][j], 1, __ATOMIC_RELAXED);
    }
#pragma omp ordered
    {
      order_bad += prev != i - 1;
      prev = i;
    }
  }
  int bad = 0;
  for (int i = 0; i < N; i++) {
    bad += hits[i] != 1;
    for (int j = 0; j < M; j++)
      bad += inner[i][j] != (i % 4 == 0);
  }
  expect("nested ordered", bad == 0 && order_bad == 0);
}

int main(void) {
  omp_set_max_active_levels(2);
  nested();
  nowait_runs(2);
  nowait_runs(3);
  nowait_runs(omp_get_max_threads() + 2); // grows the team's entries
  nested();
  nested_ordered();
  omp_set_schedule(omp_sched_static, 2);
  nested_ordered();
  guided_sizes(1);
  guided_sizes(4);
  guided_sizes(16);
  printf("failures=%d\n", failures);
  return failures != 0;
}
// CHECK-NOT: FAIL
// CHECK: failures=0
