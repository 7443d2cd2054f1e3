// Shared by the application kernels: command line, clock, result line.
//
//   <app> [--threads T] [--small]
//
// Each kernel runs once, checks its own result, and prints one JSON line:
//   {"app":"fib","threads":2,"size":"n=30 cutoff=8","time_s":0.123,"ok":true}
// and exits 1 if the result is wrong. --small picks a size that runs in milliseconds (smoke).
#ifndef BENCH_APP_H
#define BENCH_APP_H

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int app_threads = 1;
static int app_small = 0;

static void app_args(int argc, char **argv) {
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--threads") && i + 1 < argc)
      app_threads = atoi(argv[++i]);
    else if (!strcmp(argv[i], "--small"))
      app_small = 1;
    else {
      fprintf(stderr, "usage: %s [--threads T] [--small]\n", argv[0]);
      exit(2);
    }
  }
  if (app_threads < 1)
    app_threads = 1;
  omp_set_dynamic(0);
  omp_set_num_threads(app_threads);
}

static double app_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static int app_report(const char *app, const char *size, double seconds, int ok,
                      const char *detail) {
  printf("{\"app\":\"%s\",\"threads\":%d,\"size\":\"%s\",\"time_s\":%.6f,\"ok\":%s,"
         "\"detail\":\"%s\"}\n",
         app, app_threads, size, seconds, ok ? "true" : "false", detail);
  if (!ok)
    fprintf(stderr, "%s: wrong result: %s\n", app, detail);
  return ok ? 0 : 1;
}

// A task tree's run: root() inside one thread of a parallel region, timed, its node count
// checked against the expected one.
static inline int app_tree(const char *app, const char *size, long (*root)(void), long expect) {
  long nodes = 0;
  double t0 = app_now();
#pragma omp parallel
#pragma omp single
  nodes = root();
  double t = app_now() - t0;
  char detail[96];
  snprintf(detail, sizeof(detail), "%ld nodes, expected %ld", nodes, expect);
  return app_report(app, size, t, nodes == expect, detail);
}

#endif
