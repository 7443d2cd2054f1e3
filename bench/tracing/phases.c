// phases: a time-stepped code in the shape of LULESH or NPB SP, the moderate event rate of real
// programs: each step runs four parallel regions over 2^16 cells (forces, a reduction for the
// time step, positions, then a region with two loops and a single), each about 100 µs of work
// on 2 threads. 400 steps (--small: 10). About 10 OMPT events per thread per region, so about one
// event every 10 µs per thread. The first 10 steps are checked against the same steps run
// serially (bit for bit: every loop is elementwise and the reduction a minimum).
#include "../apps/app.h"

#include <math.h>

// -DPHASES_LOG2_CELLS=K: 2^K cells (the event rate scales with 2^(16 - K)).
#ifndef PHASES_LOG2_CELLS
#define PHASES_LOG2_CELLS 16
#endif
enum { N = 1 << PHASES_LOG2_CELLS };
static double x[N], v[N], f[N], e[N];

static void init(void) {
  for (int i = 0; i < N; i++)
    x[i] = sin(i * 0.001), v[i] = 0, f[i] = 0, e[i] = 1.0 + (i & 7) * 0.125;
}

// One step; par: run the loops in parallel regions (else serially, for the check).
static double step(double dt, int par) {
  double dtmax = 1.0;
#pragma omp parallel for if (par)
  for (int i = 1; i < N - 1; i++)
    f[i] = 0.5 * (x[i - 1] + x[i + 1]) - x[i] - 0.01 * v[i] * sqrt(e[i]);
#pragma omp parallel for reduction(min : dtmax) if (par)
  for (int i = 0; i < N; i++) {
    double c = sqrt(e[i] + fabs(f[i]));
    double d = 0.5 / (c + 1e-3);
    dtmax = d < dtmax ? d : dtmax;
  }
  dt = dtmax < dt ? dtmax : dt;
#pragma omp parallel for if (par)
  for (int i = 0; i < N; i++) {
    v[i] += dt * f[i];
    x[i] += dt * v[i];
  }
#pragma omp parallel if (par)
  {
#pragma omp for nowait
    for (int i = 0; i < N; i++)
      e[i] = e[i] * 0.999 + 0.001 * v[i] * v[i];
#pragma omp for
    for (int i = 0; i < N; i++)
      f[i] = 0;
#pragma omp single
    e[0] = e[N - 1];
  }
  return dt;
}

static double checksum(double dt) {
  double sum = dt;
  for (int i = 0; i < N; i++)
    sum += x[i] + e[i];
  return sum;
}

// Runs steps; *early: the checksum after CHECKED steps.
enum { CHECKED = 10 };
static double run(int steps, int par, double *early) {
  init();
  double dt = 0.01;
  for (int s = 0; s < steps; s++) {
    dt = step(dt, par);
    if (s + 1 == CHECKED)
      *early = checksum(dt);
  }
  return checksum(dt);
}

int main(int argc, char **argv) {
  app_args(argc, argv);
  int steps = app_small ? CHECKED : 400;
  double got, want, end;
  double t0 = app_now();
  end = run(steps, 1, &got);
  double t = app_now() - t0;
  run(CHECKED, 0, &want);
  char size[64], detail[128];
  snprintf(size, sizeof(size), "steps=%d cells=%d regions=%d", steps, N, 4 * steps);
  snprintf(detail, sizeof(detail), "checksum %.17g expected %.17g, at the end %g", got, want, end);
  return app_report("phases", size, t, got == want && isfinite(end), detail);
}
