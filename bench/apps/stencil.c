// stencil: Jacobi iterations of a 5-point stencil on an n*n grid inside one parallel region:
// each sweep is an omp for (nowait) followed by an explicit barrier, so the runtime's
// worksharing and barrier decide how the small sweeps scale.
#include "app.h"

static void sweep_rows(const double *in, double *out, int n, int r0, int r1) {
  for (int i = r0; i < r1; i++)
    for (int j = 1; j < n - 1; j++)
      out[i * n + j] = 0.25 * (in[(i - 1) * n + j] + in[(i + 1) * n + j] + in[i * n + j - 1] +
                               in[i * n + j + 1]);
}

static void init(double *g, int n) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      g[i * n + j] = (i == 0 || j == 0) ? 1.0 : (i == n - 1 || j == n - 1) ? -0.5 : 0.0;
}

int main(int argc, char **argv) {
  app_args(argc, argv);
  int n = app_small ? 64 : 160, iters = app_small ? 100 : 20000;
  double *a = malloc(sizeof(double) * n * n), *b = malloc(sizeof(double) * n * n);
  init(a, n);
  init(b, n);
  double t0 = app_now();
#pragma omp parallel
  {
    double *in = a, *out = b; // every thread swaps its own copies of the pointers
    for (int it = 0; it < iters; it++) {
#pragma omp for nowait
      for (int i = 1; i < n - 1; i++)
        sweep_rows(in, out, n, i, i + 1);
#pragma omp barrier
      double *tmp = in;
      in = out;
      out = tmp;
    }
  }
  double t = app_now() - t0;
  double *result = iters % 2 ? b : a;

  // Check: the same sweeps serially give bit-identical values.
  double *c = malloc(sizeof(double) * n * n), *d = malloc(sizeof(double) * n * n);
  init(c, n);
  init(d, n);
  for (int it = 0; it < iters; it++) {
    sweep_rows(c, d, n, 1, n - 1);
    double *tmp = c;
    c = d;
    d = tmp;
  }
  long diff = 0;
  for (int i = 0; i < n * n; i++)
    diff += result[i] != c[i];
  char size[64], detail[96];
  snprintf(size, sizeof(size), "n=%d sweeps=%d", n, iters);
  snprintf(detail, sizeof(detail), "%ld of %d points differ from the serial sweeps", diff, n * n);
  return app_report("stencil", size, t, diff == 0, detail);
}
