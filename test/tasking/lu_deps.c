// Blocked LU factorization (no pivoting, diagonally dominant matrix) ordered only by depend
// clauses on the blocks; the result must equal the sequential factorization bit for bit.
// Then 10^5 tasks on distinct addresses plus a chain: the dependence table stays fast.
// RUN: %compile && env OMP_NUM_THREADS=1 %run %t | %FileCheck %s
// RUN: env OMP_NUM_THREADS=2 %run %t | %FileCheck %s
// RUN: env OMP_NUM_THREADS=7 %run %t | %FileCheck %s
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NB 8
#define BS 16
#define N (NB * BS)

static double A[NB][NB][BS][BS], S[NB][NB][BS][BS];

static void lu0(double d[BS][BS]) {
  for (int k = 0; k < BS; k++)
    for (int i = k + 1; i < BS; i++) {
      d[i][k] /= d[k][k];
      for (int j = k + 1; j < BS; j++)
        d[i][j] -= d[i][k] * d[k][j];
    }
}
static void fwd(double d[BS][BS], double c[BS][BS]) { // c = L^-1 c
  for (int k = 0; k < BS; k++)
    for (int i = k + 1; i < BS; i++)
      for (int j = 0; j < BS; j++)
        c[i][j] -= d[i][k] * c[k][j];
}
static void bdiv(double d[BS][BS], double r[BS][BS]) { // r = r U^-1
  for (int i = 0; i < BS; i++)
    for (int k = 0; k < BS; k++) {
      r[i][k] /= d[k][k];
      for (int j = k + 1; j < BS; j++)
        r[i][j] -= r[i][k] * d[k][j];
    }
}
static void bmod(double r[BS][BS], double c[BS][BS], double x[BS][BS]) { // x -= r c
  for (int i = 0; i < BS; i++)
    for (int j = 0; j < BS; j++) {
      double s = 0;
      for (int k = 0; k < BS; k++)
        s += r[i][k] * c[k][j];
      x[i][j] -= s;
    }
}

static void lu(double (*m)[NB][BS][BS], int tasks) {
  for (int k = 0; k < NB; k++) {
#pragma omp task if (tasks) depend(inout : m[k][k])
    lu0(m[k][k]);
    for (int j = k + 1; j < NB; j++) {
#pragma omp task if (tasks) depend(in : m[k][k]) depend(inout : m[k][j])
      fwd(m[k][k], m[k][j]);
    }
    for (int i = k + 1; i < NB; i++) {
#pragma omp task if (tasks) depend(in : m[k][k]) depend(inout : m[i][k])
      bdiv(m[k][k], m[i][k]);
    }
    for (int i = k + 1; i < NB; i++)
      for (int j = k + 1; j < NB; j++) {
#pragma omp task if (tasks) depend(in : m[i][k], m[k][j]) depend(inout : m[i][j])
        bmod(m[i][k], m[k][j], m[i][j]);
      }
  }
#pragma omp taskwait
}

#define NADDR 100000
static char cells[NADDR];

int main(void) {
  srand(1);
  for (int i = 0; i < NB; i++)
    for (int j = 0; j < NB; j++)
      for (int a = 0; a < BS; a++)
        for (int b = 0; b < BS; b++)
          A[i][j][a][b] = (double)(rand() % 100) / 10.0 + ((i == j && a == b) ? N * 10.0 : 0);
  memcpy(S, A, sizeof(A));
  lu(S, 0);
#pragma omp parallel
  {
    if (omp_get_thread_num() == 0)
      lu(A, 1);
  }
  printf("lu equal: %d\n", memcmp(A, S, sizeof(A)) == 0);

  long sum = 0;
  double t0 = omp_get_wtime();
#pragma omp parallel
  {
    if (omp_get_thread_num() == omp_get_num_threads() - 1) {
      for (int i = 0; i < NADDR; i++) {
#pragma omp task depend(out : cells[i]) firstprivate(i)
        cells[i] = (char)(i & 7);
      }
      for (int i = 0; i < NADDR; i++) {
#pragma omp task depend(in : cells[i]) depend(inout : sum) firstprivate(i) shared(sum)
        sum += cells[i];
      }
    }
  }
  double t = omp_get_wtime() - t0;
  printf("addresses: sum=%ld\n", sum);
  fprintf(stderr, "addresses: %.3f s\n", t); // informative: tests judge no timing
  return 0;
}
// CHECK: lu equal: 1
// CHECK: addresses: sum=350000
