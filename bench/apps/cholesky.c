// cholesky: blocked Cholesky factorization A = L*L^T of a symmetric positive definite matrix,
// one task per block operation, ordered only by depend clauses on the blocks.
#include "app.h"

#include <math.h>

static int n, bs, nb;
static double **blocks; // nb*nb blocks of bs*bs doubles, row-major; lower triangle used

#define BLK(i, j) blocks[(i) * nb + (j)]

static double a_init(int i, int j) {
  return 1.0 / (1.0 + abs(i - j)) + (i == j ? n : 0.0); // symmetric, diagonally dominant
}

// A = L*L^T of one diagonal block, in place (lower triangle).
static void potrf(double *a) {
  for (int j = 0; j < bs; j++) {
    double d = a[j * bs + j];
    for (int k = 0; k < j; k++)
      d -= a[j * bs + k] * a[j * bs + k];
    d = sqrt(d);
    a[j * bs + j] = d;
    for (int i = j + 1; i < bs; i++) {
      double s = a[i * bs + j];
      for (int k = 0; k < j; k++)
        s -= a[i * bs + k] * a[j * bs + k];
      a[i * bs + j] = s / d;
    }
    for (int i = 0; i < j; i++)
      a[i * bs + j] = 0; // upper triangle
  }
}

// b = b * l^-T: each row x of b solves x * l^T = row.
static void trsm(const double *l, double *b) {
  for (int r = 0; r < bs; r++)
    for (int j = 0; j < bs; j++) {
      double s = b[r * bs + j];
      for (int k = 0; k < j; k++)
        s -= b[r * bs + k] * l[j * bs + k];
      b[r * bs + j] = s / l[j * bs + j];
    }
}

// c -= a * b^T (syrk when a == b).
static void gemm(const double *a, const double *b, double *c) {
  for (int i = 0; i < bs; i++)
    for (int j = 0; j < bs; j++) {
      double s = 0;
      for (int k = 0; k < bs; k++)
        s += a[i * bs + k] * b[j * bs + k];
      c[i * bs + j] -= s;
    }
}

static void factorize(void) {
  for (int k = 0; k < nb; k++) {
    double *akk = BLK(k, k);
#pragma omp task depend(inout : akk[0]) firstprivate(akk)
    potrf(akk);
    for (int i = k + 1; i < nb; i++) {
      double *aik = BLK(i, k);
#pragma omp task depend(in : akk[0]) depend(inout : aik[0]) firstprivate(akk, aik)
      trsm(akk, aik);
    }
    for (int i = k + 1; i < nb; i++) {
      double *aik = BLK(i, k), *aii = BLK(i, i);
#pragma omp task depend(in : aik[0]) depend(inout : aii[0]) firstprivate(aik, aii)
      gemm(aik, aik, aii);
      for (int j = k + 1; j < i; j++) {
        double *ajk = BLK(j, k), *aij = BLK(i, j);
#pragma omp task depend(in : aik[0], ajk[0]) depend(inout : aij[0]) firstprivate(aik, ajk, aij)
        gemm(aik, ajk, aij);
      }
    }
  }
}

static double l_at(int i, int j) { // element (i, j) of L
  if (j > i)
    return 0;
  return BLK(i / bs, j / bs)[(i % bs) * bs + (j % bs)];
}

int main(int argc, char **argv) {
  app_args(argc, argv);
  n = app_small ? 64 : 768;
  bs = 16;
  nb = n / bs;
  blocks = malloc(sizeof(double *) * nb * nb);
  for (int bi = 0; bi < nb; bi++)
    for (int bj = 0; bj < nb; bj++) {
      double *b = malloc(sizeof(double) * bs * bs);
      for (int i = 0; i < bs; i++)
        for (int j = 0; j < bs; j++)
          b[i * bs + j] = a_init(bi * bs + i, bj * bs + j);
      BLK(bi, bj) = b;
    }
  double t0 = app_now();
#pragma omp parallel
#pragma omp single
  factorize();
  double t = app_now() - t0;

  // Check: L*L^T must give A back (lower triangle).
  double worst = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j <= i; j++) {
      double s = 0;
      for (int k = 0; k <= j; k++)
        s += l_at(i, k) * l_at(j, k);
      double e = fabs(s - a_init(i, j));
      worst = e > worst ? e : worst;
    }
  char size[64], detail[96];
  snprintf(size, sizeof(size), "n=%d block=%d", n, bs);
  snprintf(detail, sizeof(detail), "max |L*L^T - A| = %.3g", worst);
  return app_report("cholesky", size, t, worst < 1e-9 * n, detail);
}
