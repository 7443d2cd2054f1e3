// N-queens with one task per candidate placement (each task owns a copy of the board), results
// gathered with atomics and with a task reduction; a depth cutoff with final() makes the deep
// levels included tasks. 8 queens: 92 solutions; 9: 352.
// RUN: %compile && env OMP_NUM_THREADS=1 %run %t | %FileCheck %s
// RUN: env OMP_NUM_THREADS=2 %run %t | %FileCheck %s
// RUN: env OMP_NUM_THREADS=7 %run %t | %FileCheck %s
#include <omp.h>
#include <stdio.h>
#include <string.h>

static int ok(int n, const char *b, int row) {
  for (int i = 0; i < row; i++) {
    int d = b[i] - b[row];
    if (d == 0 || d == row - i || d == i - row) return 0;
  }
  (void)n;
  return 1;
}

static long solutions;

static void solve(int n, int row, const char *board, int cutoff) {
  if (row == n) {
#pragma omp atomic
    solutions++;
    return;
  }
  for (int c = 0; c < n; c++) {
#pragma omp task firstprivate(c) final(row >= cutoff)
    {
      char b[16];
      memcpy(b, board, (size_t)row);
      b[row] = (char)c;
      if (ok(n, b, row)) solve(n, row + 1, b, cutoff);
    }
  }
  // The board belongs to this frame: children must finish before it goes.
#pragma omp taskwait
}

static void solve_red(int n, int row, const char *board, long *count) {
  if (row == n) {
    *count += 1;
    return;
  }
  for (int c = 0; c < n; c++) {
    char b[16];
    memcpy(b, board, (size_t)row);
    b[row] = (char)c;
    if (ok(n, b, row)) solve_red(n, row + 1, b, count);
  }
}

int main(void) {
  char empty[16] = {0};
  for (int n = 8; n <= 9; n++) {
    for (int cutoff = 2; cutoff <= n; cutoff += n - 2) {
      solutions = 0;
#pragma omp parallel
#pragma omp single
      solve(n, 0, empty, cutoff);
      printf("nqueens n=%d cutoff=%d solutions=%ld\n", n, cutoff, solutions);
    }
    // Top two rows as tasks, the rest sequential, counted with in_reduction.
    long total = 0;
#pragma omp parallel
#pragma omp single
#pragma omp taskgroup task_reduction(+ : total)
    for (int c0 = 0; c0 < n; c0++)
      for (int c1 = 0; c1 < n; c1++) {
#pragma omp task in_reduction(+ : total) firstprivate(c0, c1)
        {
          char b[16] = {(char)c0, (char)c1};
          if (ok(n, b, 1)) solve_red(n, 2, b, &total);
        }
      }
    printf("nqueens n=%d reduction=%ld\n", n, total);
  }
  return 0;
}
// CHECK: nqueens n=8 cutoff=2 solutions=92
// CHECK-NEXT: nqueens n=8 cutoff=8 solutions=92
// CHECK-NEXT: nqueens n=8 reduction=92
// CHECK-NEXT: nqueens n=9 cutoff=2 solutions=352
// CHECK-NEXT: nqueens n=9 cutoff=9 solutions=352
// CHECK-NEXT: nqueens n=9 reduction=352
