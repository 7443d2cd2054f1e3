// Offload latency on the host device: per-instance time of an empty target region, a region
// with 1 and with 8 small maps, and a target data region of 1 MB with one update inside. The
// same clang-22 binary runs on Glass's libomp + libomptarget and on LLVM's (bench/offload.py).
//
//   offload [--construct NAME|all] [--reps 7] [--rep-time US] [--warmup MS] [--list]
//           [--count N]
//
// Each construct warms up, picks the instance count so that one repetition takes ~--rep-time,
// then times --reps repetitions; it prints one JSON line: every repetition's µs per instance,
// their median and minimum. Results are checked (the program fails on a wrong one), and the
// first region must really run on device 0 (not fall back to the host). With --count N each
// construct runs exactly N instances once, untimed, inside run_counted (for instruction counts:
// bench/offload.py --instructions collects there under callgrind).
#define _GNU_SOURCE
#include <dlfcn.h>
#include <limits.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MB (1 << 20)
static int small[8];
static char *buf;

static int empty(long n) {
  for (long i = 0; i < n; i++) {
#pragma omp target
    {}
  }
  return 1;
}

static int map1(long n) {
  int a = 0;
  for (long i = 0; i < n; i++) {
#pragma omp target map(tofrom : a)
    a++;
  }
  return a == n;
}

static int map8(long n) {
  int a = 0, b = 0, c = 0, d = 0, e = 0, f = 0, g = 0, h = 0;
  for (long i = 0; i < n; i++) {
#pragma omp target map(tofrom : a, b, c, d, e, f, g, h)
    { a++, b++, c++, d++, e++, f++, g++, h++; }
  }
  return a == n && h == n;
}

static int data_update(long n) {
  char *p = buf;
  for (long i = 0; i < n; i++) {
#pragma omp target data map(tofrom : p [0:MB])
    {
      p[0] = (char)i;
#pragma omp target update to(p [0:MB])
    }
  }
  return p[0] == (char)(n - 1);
}

static const struct construct {
  const char *name;
  int (*run)(long);
} constructs[] = {
    {"empty", empty}, {"map1", map1}, {"map8", map8}, {"data_update_1mb", data_update}};

// The files the runtime entry points come from, so the runner can check which runtime ran.
static void print_runtimes(void) {
  void *syms[2] = {(void *)omp_get_wtime, (void *)omp_target_alloc};
  const char *names[2] = {"libomp", "libomptarget"};
  printf("{\"runtimes\":{");
  for (int i = 0; i < 2; i++) {
    Dl_info info;
    char real[PATH_MAX] = "?";
    if (dladdr(syms[i], &info) && info.dli_fname && !realpath(info.dli_fname, real))
      snprintf(real, sizeof real, "%s", info.dli_fname);
    printf("%s\"%s\":\"%s\"", i ? "," : "", names[i], real);
  }
  printf("}}\n");
}

// Not inlined: callgrind's --toggle-collect names it.
__attribute__((noinline)) int run_counted(const struct construct *c, long n) {
  return c->run(n);
}

static int cmp(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

// The process's CPU time: on a loaded machine, what the runs cost without the waits.
static double cpu_s(void) {
  struct timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void measure(const struct construct *c, int reps, double rep_us, double warmup_ms) {
  long n = 1;
  double t0 = omp_get_wtime(), t;
  // Warm up, doubling the count until one batch takes a tenth of the repetition time.
  do {
    double s = omp_get_wtime();
    if (!c->run(n)) {
      fprintf(stderr, "offload: %s: wrong result\n", c->name);
      exit(1);
    }
    t = omp_get_wtime() - s;
    if (t * 1e6 < rep_us / 10)
      n *= 2;
  } while ((omp_get_wtime() - t0) * 1e3 < warmup_ms || t * 1e6 < rep_us / 10);
  n = (long)(n * (rep_us / (t * 1e6))) + 1;
  double us[64], cpu[64];
  for (int r = 0; r < reps; r++) {
    double s = omp_get_wtime(), sc = cpu_s();
    if (!c->run(n)) {
      fprintf(stderr, "offload: %s: wrong result\n", c->name);
      exit(1);
    }
    us[r] = (omp_get_wtime() - s) * 1e6 / (double)n;
    cpu[r] = (cpu_s() - sc) * 1e6 / (double)n;
  }
  printf("{\"construct\":\"%s\",\"instances\":%ld,\"us\":[", c->name, n);
  for (int r = 0; r < reps; r++)
    printf("%s%.4f", r ? "," : "", us[r]);
  qsort(us, reps, sizeof *us, cmp);
  qsort(cpu, reps, sizeof *cpu, cmp);
  printf("],\"median\":%.4f,\"min\":%.4f,\"cpu_median\":%.4f}\n", us[reps / 2], us[0],
         cpu[reps / 2]);
  fflush(stdout);
}

int main(int argc, char **argv) {
  const char *which = "all";
  long count = 0;
  int reps = 7;
  double rep_us = 20000, warmup_ms = 20;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--list")) {
      for (size_t k = 0; k < sizeof constructs / sizeof *constructs; k++)
        puts(constructs[k].name);
      return 0;
    } else if (i + 1 < argc && !strcmp(argv[i], "--construct"))
      which = argv[++i];
    else if (i + 1 < argc && !strcmp(argv[i], "--reps"))
      reps = atoi(argv[++i]);
    else if (i + 1 < argc && !strcmp(argv[i], "--rep-time"))
      rep_us = atof(argv[++i]);
    else if (i + 1 < argc && !strcmp(argv[i], "--warmup"))
      warmup_ms = atof(argv[++i]);
    else if (i + 1 < argc && !strcmp(argv[i], "--count"))
      count = atol(argv[++i]);
    else {
      fprintf(stderr, "offload: bad argument %s\n", argv[i]);
      return 2;
    }
  }
  if (reps < 1 || reps > 64 || rep_us <= 0) {
    fprintf(stderr, "offload: --reps 1..64 and --rep-time > 0\n");
    return 2;
  }
  buf = calloc(1, MB);
  int on_device = 0;
#pragma omp target map(from : on_device)
  on_device = !omp_is_initial_device();
  if (!buf || !on_device) {
    fprintf(stderr, "offload: %s\n",
            buf ? "target regions run on the host (no device)" : "out of memory");
    return 1;
  }
  print_runtimes();
  int found = 0;
  for (size_t k = 0; k < sizeof constructs / sizeof *constructs; k++)
    if (!strcmp(which, "all") || !strcmp(which, constructs[k].name)) {
      if (count > 0 && !run_counted(&constructs[k], count)) {
        fprintf(stderr, "offload: %s: wrong result\n", constructs[k].name);
        return 1;
      }
      if (count > 0)
        printf("{\"construct\":\"%s\",\"count\":%ld}\n", constructs[k].name, count);
      else
        measure(&constructs[k], reps, rep_us, warmup_ms);
      found = 1;
    }
  if (!found) {
    fprintf(stderr, "offload: no construct %s (--list)\n", which);
    return 2;
  }
  return 0;
}
