// single (with and without nowait, with copyprivate), master, masked(filter), sections,
// ordered (iterations enter in order), doacross (a wavefront reads finished neighbours),
// orphaned loops, and a dynamic loop nested in a dynamic loop of the enclosing team.
// RUN: %compile
// RUN: env OMP_NUM_THREADS=1 %run %t | %FileCheck %s
// RUN: env OMP_NUM_THREADS=2 %run %t | %FileCheck %s
// RUN: env OMP_NUM_THREADS=7 %run %t | %FileCheck %s
#include <omp.h>
#include <stdio.h>

static int failures;
#define EXPECT(cond, ...)                                                                          \
  do {                                                                                             \
    if (!(cond)) {                                                                                 \
      printf("FAIL " __VA_ARGS__);                                                                 \
      printf("\n");                                                                                \
      failures++;                                                                                  \
    }                                                                                              \
  } while (0)

static void orphan_dynamic(int *out, int n) {
#pragma omp for schedule(dynamic, 2)
  for (int i = 0; i < n; i++)
    __atomic_fetch_add(&out[i], 1, __ATOMIC_RELAXED);
}

int main(void) {
  int singles = 0, nowait_singles = 0, masters = 0, masked = 0, masked_none = 0, size = 1;
  int copied_ok = 1;
#pragma omp parallel shared(singles, nowait_singles, masters, masked, masked_none, size)
  {
#pragma omp single
    size = omp_get_num_threads();
    for (int k = 0; k < 100; k++) {
#pragma omp single
      __atomic_fetch_add(&singles, 1, __ATOMIC_RELAXED);
#pragma omp single nowait
      __atomic_fetch_add(&nowait_singles, 1, __ATOMIC_RELAXED);
      int value = -1;
#pragma omp single copyprivate(value)
      value = k * 3 + 1;
      if (value != k * 3 + 1) __atomic_store_n(&copied_ok, 0, __ATOMIC_RELAXED);
    }
#pragma omp master
    masters++;
#pragma omp masked filter(1)
    masked++;
#pragma omp masked filter(99)
    masked_none++;
  }
  EXPECT(singles == 100, "single ran %d times", singles);
  EXPECT(nowait_singles == 100, "single nowait ran %d times", nowait_singles);
  EXPECT(copied_ok, "copyprivate");
  EXPECT(masters == 1, "master ran %d times", masters);
  EXPECT(masked == (size > 1), "masked filter(1) ran %d times", masked);
  EXPECT(masked_none == 0, "masked filter(99) ran %d times", masked_none);

  int sec[5] = {0};
#pragma omp parallel
  {
    for (int k = 0; k < 10; k++) {
#pragma omp sections
      {
#pragma omp section
        __atomic_fetch_add(&sec[0], 1, __ATOMIC_RELAXED);
#pragma omp section
        __atomic_fetch_add(&sec[1], 1, __ATOMIC_RELAXED);
#pragma omp section
        __atomic_fetch_add(&sec[2], 1, __ATOMIC_RELAXED);
      }
#pragma omp sections nowait
      {
#pragma omp section
        __atomic_fetch_add(&sec[3], 1, __ATOMIC_RELAXED);
#pragma omp section
        __atomic_fetch_add(&sec[4], 1, __ATOMIC_RELAXED);
      }
    }
  }
  for (int s = 0; s < 5; s++)
    EXPECT(sec[s] == 10, "section %d ran %d times", s, sec[s]);

  // ordered: the ordered parts run in iteration order, some iterations skip theirs.
  enum { NO = 300 };
  static int order[2 * NO];
  int pos = 0, bad_order = 0;
#pragma omp parallel
  {
#pragma omp for ordered schedule(dynamic, 3)
    for (int i = 0; i < NO; i++) {
      if (i % 7 != 3) {
#pragma omp ordered
        order[pos++] = i;
      }
    }
#pragma omp for ordered schedule(static) nowait
    for (int i = 0; i < NO; i++) {
#pragma omp ordered
      order[pos++] = i;
    }
  }
  int expect = 0;
  for (int k = 0; k < pos; k++) {
    if (k < NO - NO / 7 - (NO % 7 > 3)) {
      while (expect % 7 == 3)
        expect++;
      bad_order += order[k] != expect++;
    } else {
      if (k == NO - NO / 7 - (NO % 7 > 3)) expect = 0;
      bad_order += order[k] != expect++;
    }
  }
  EXPECT(pos == 2 * NO - NO / 7 - (NO % 7 > 3) && bad_order == 0, "ordered: %d entries, %d wrong",
         pos, bad_order);

  // doacross: each cell needs its upper and left neighbours done first.
  enum { R = 40, C = 30 };
  static int grid[R][C];
  for (int j = 0; j < C; j++)
    grid[0][j] = 1;
  for (int i = 0; i < R; i++)
    grid[i][0] = 1;
#pragma omp parallel
#pragma omp for ordered(2) schedule(static, 1)
  for (int i = 1; i < R; i++)
    for (int j = 1; j < C; j++) {
#pragma omp ordered depend(sink : i - 1, j) depend(sink : i, j - 1)
      grid[i][j] = (grid[i - 1][j] + grid[i][j - 1]) % 1000003;
#pragma omp ordered depend(source)
    }
  int want[C];
  for (int j = 0; j < C; j++)
    want[j] = 1;
  for (int i = 1; i < R; i++)
    for (int j = 1; j < C; j++)
      want[j] = (want[j] + want[j - 1]) % 1000003;
  int bad_grid = 0;
  for (int j = 0; j < C; j++)
    bad_grid += grid[R - 1][j] != want[j];
  EXPECT(bad_grid == 0, "doacross: %d wrong cells", bad_grid);

  // Orphaned loop outside any region, and inside one.
  int hits[50] = {0};
  orphan_dynamic(hits, 50);
#pragma omp parallel
  orphan_dynamic(hits, 50);
  int bad_hits = 0;
  for (int i = 0; i < 50; i++)
    bad_hits += hits[i] != 2;
  EXPECT(bad_hits == 0, "orphaned loops: %d wrong", bad_hits);

  // A dynamic loop whose body runs a nested region with its own dynamic loop.
  omp_set_max_active_levels(2);
  int nested[20][10] = {{0}};
#pragma omp parallel num_threads(2)
#pragma omp for schedule(dynamic)
  for (int i = 0; i < 20; i++) {
#pragma omp parallel for schedule(dynamic) num_threads(2)
    for (int j = 0; j < 10; j++)
      nested[i][j]++;
  }
  int bad_nested = 0;
  for (int i = 0; i < 20; i++)
    for (int j = 0; j < 10; j++)
      bad_nested += nested[i][j] != 1;
  EXPECT(bad_nested == 0, "nested dynamic loops: %d wrong", bad_nested);

  printf("failures=%d\n", failures);
  return failures != 0;
}
// CHECK-NOT: FAIL
// CHECK: failures=0
