// The measurement harness: command line, delay calibration, the timing loop, the
// instruction-count phases, and the JSON output. Linked into every group binary.
//
//   <group> --list
//   <group> --calibrate [--delay US]
//   <group> [--construct NAME|all] [--threads T] [--delay US] [--iterations N] [--reps R]
//           [--rep-time US] [--delay-len L] [--warmup MS]
//   <group> --instr N1,N2 [--construct NAME|all] [--threads T]
//
// Timing mode prints one JSON object per construct on stdout (one line each). Instruction
// mode runs, under `valgrind --tool=callgrind`, the phases test(N1) test(N2) ref(N1) ref(N2),
// dumping callgrind's counters after each, so the runner can take differences.
#define _GNU_SOURCE
#include "harness.h"

#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <omp.h>
#include <stdarg.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

#if defined(__has_include)
#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#define BENCH_HAVE_CALLGRIND 1
#endif
#endif
#ifndef BENCH_HAVE_CALLGRIND
#define CALLGRIND_DUMP_STATS_AT(label) ((void)(label))
#define RUNNING_ON_VALGRIND 0
#endif

int bench_threads = 1;
long bench_delay_len = 0;
bench_counter_t bench_counters[BENCH_MAX_THREADS];
static int failed;

// ---------------------------------------------------------------------------------------------
// Work and references

__attribute__((noinline)) void bench_delay(long len) {
  long a = 0;
  for (long i = 0; i < len; i++) {
    a += i;
    __asm__ volatile("" : "+r"(a)); // keeps the loop: the compiler cannot see through it
  }
}

void bench_ref_delays(long n) {
  for (long j = 0; j < n; j++)
    bench_delay(bench_delay_len);
}

int bench_fail(const char *construct, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fprintf(stderr, "bench: %s: wrong result: ", construct);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
  failed = 1;
  return -1;
}

void bench_counters_reset(void) {
  for (int i = 0; i < BENCH_MAX_THREADS; i++)
    bench_counters[i].v = 0;
}

long bench_counters_sum(void) {
  long s = 0;
  for (int i = 0; i < BENCH_MAX_THREADS; i++)
    s += bench_counters[i].v;
  return s;
}

int bench_counters_check(const char *construct, const char *what, long want) {
  long got = bench_counters_sum();
  return got == want ? 0 : bench_fail(construct, "%ld %s ran, expected %ld", got, what, want);
}

// ---------------------------------------------------------------------------------------------
// Clocks and scheduler statistics

static double now_us(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e6 + ts.tv_nsec * 1e-3;
}

// Sum over this process's threads of /proc/<pid>/task/<tid>/schedstat: time on a CPU and
// time spent runnable but waiting for one (run delay), in microseconds. Run delay while the
// team is not oversubscribed means another process took our CPU.
static void schedstat(double *cpu_us, double *wait_us) {
  *cpu_us = *wait_us = 0;
  DIR *d = opendir("/proc/self/task");
  if (!d)
    return;
  struct dirent *e;
  while ((e = readdir(d))) {
    if (e->d_name[0] == '.')
      continue;
    char path[300];
    snprintf(path, sizeof(path), "/proc/self/task/%s/schedstat", e->d_name);
    FILE *f = fopen(path, "r");
    if (!f)
      continue;
    unsigned long long run = 0, wait = 0;
    if (fscanf(f, "%llu %llu", &run, &wait) == 2) {
      *cpu_us += run / 1e3;
      *wait_us += wait / 1e3;
    }
    fclose(f);
  }
  closedir(d);
}

// ---------------------------------------------------------------------------------------------
// Statistics

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

static double median(const double *v, int n) {
  double s[n > 0 ? n : 1];
  memcpy(s, v, sizeof(double) * n);
  qsort(s, n, sizeof(double), cmp_double);
  return n % 2 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
}

static double minimum(const double *v, int n) {
  double m = v[0];
  for (int i = 1; i < n; i++)
    m = v[i] < m ? v[i] : m;
  return m;
}

static void print_array(const char *key, const double *v, int n) {
  printf(",\"%s\":[", key);
  for (int i = 0; i < n; i++)
    printf("%s%.6g", i ? "," : "", v[i]);
  printf("]");
}

// ---------------------------------------------------------------------------------------------
// Calibration

// Units of bench_delay() per microsecond on this machine, with this compiler's code.
static double delay_units_per_us(void) {
  double best = 0;
  for (int trial = 0; trial < 3; trial++) {
    long len = 1000;
    double t;
    for (;;) {
      double t0 = now_us();
      bench_delay(len);
      t = now_us() - t0;
      if (t >= 2000 || len > (1L << 40))
        break;
      len *= 2;
    }
    double rate = len / t;
    best = rate > best ? rate : best; // the fastest trial is the undisturbed one
  }
  return best;
}

static double time_test(const bench_construct_t *c, long n, int *err) {
  double t0 = now_us();
  if (c->test(n) != 0)
    *err = 1;
  return now_us() - t0;
}

// Enough instances that one repetition of the test takes about rep_us. Each count is timed
// twice and the faster kept, so one slow first run (page faults, a preempted thread) does not
// shrink the count.
static long auto_iterations(const bench_construct_t *c, double rep_us, int *err) {
  long n = 1;
  for (;;) {
    double t1 = time_test(c, n, err);
    double t2 = time_test(c, n, err);
    double t = t1 < t2 ? t1 : t2;
    if (*err)
      return n;
    if (t >= rep_us / 4 || n >= (1L << 30)) {
      long want = (long)(n * rep_us / t);
      return want < 1 ? 1 : want;
    }
    long grow = t > 0 ? (long)(rep_us / 2 / t) : 16;
    n *= grow < 2 ? 2 : grow > 16 ? 16 : grow;
  }
}

static const char *compiler_name(void) {
  static char buf[64];
#if defined(__clang__)
  snprintf(buf, sizeof(buf), "clang %d.%d.%d", __clang_major__, __clang_minor__,
           __clang_patchlevel__);
#elif defined(__GNUC__)
  snprintf(buf, sizeof(buf), "gcc %d.%d.%d", __GNUC__, __GNUC_MINOR__, __GNUC_PATCHLEVEL__);
#else
  snprintf(buf, sizeof(buf), "unknown");
#endif
  return buf;
}

// The file the OpenMP runtime was loaded from (proves which runtime ran).
static const char *runtime_path(void) {
  void *sym = dlsym(RTLD_DEFAULT, "omp_get_max_threads");
  Dl_info info;
  if (sym && dladdr(sym, &info) && info.dli_fname)
    return info.dli_fname;
  return "?";
}

static void json_string(const char *key, const char *s) {
  printf(",\"%s\":\"", key);
  for (; *s; s++) {
    if (*s == '"' || *s == '\\')
      putchar('\\');
    putchar(*s);
  }
  putchar('"');
}

static int team_size(void) {
  int n = 0;
#pragma omp parallel
  {
    if (omp_get_thread_num() == 0)
      n = omp_get_num_threads();
  }
  return n;
}

// ---------------------------------------------------------------------------------------------
// Modes

typedef struct {
  double delay_us, rep_us, warmup_us;
  long iterations, delay_len;
  int reps;
  long instr1, instr2;
} options_t;

static int run_timing(const bench_construct_t *c, const options_t *o, int team) {
  int err = 0;
  long n = o->iterations;
  // Warm-up, for a fixed time: threads created, teams hot, code paged in, and the threads
  // spread over the CPUs. A runtime whose threads start on one CPU and spin there can take
  // tens of milliseconds before the kernel moves one away (seen with LLVM's libomp), and a
  // short warm-up would measure that instead of the construct.
  double w0 = now_us();
  for (long k = 1; now_us() - w0 < o->warmup_us;) {
    double a = now_us();
    if (c->test(k) != 0)
      return -1;
    if (now_us() - a < 2000)
      k *= 2;
  }
  if (n <= 0)
    n = auto_iterations(c, o->rep_us, &err);
  int reps = o->reps;
  double test[reps], ref[reps], over[reps];
  double cpu0, wait0, cpu1, wait1;
  schedstat(&cpu0, &wait0);
  double t0 = now_us();
  // Reference and test alternate, so a slow drift of the machine affects both alike.
  for (int r = 0; r < reps && !err; r++) {
    double a = now_us();
    c->ref(n);
    ref[r] = (now_us() - a) / n;
    test[r] = time_test(c, n, &err) / n;
  }
  double wall = now_us() - t0;
  schedstat(&cpu1, &wait1);
  if (err)
    return -1;
  double refm = median(ref, reps);
  for (int r = 0; r < reps; r++)
    over[r] = test[r] - refm;
  printf("{\"construct\":\"%s\"", c->name);
  json_string("group", bench_group_name);
  json_string("instance", c->instance);
  json_string("compiler", compiler_name());
  json_string("runtime", runtime_path());
  printf(",\"threads\":%d,\"team\":%d,\"delay_us\":%g,\"delay_len\":%ld,\"iterations\":%ld,"
         "\"reps\":%d",
         bench_threads, team, o->delay_us, bench_delay_len, n, reps);
  print_array("test_us", test, reps);
  print_array("ref_us", ref, reps);
  print_array("overhead_us", over, reps);
  printf(",\"overhead_median_us\":%.6g,\"overhead_min_us\":%.6g,\"ref_median_us\":%.6g",
         median(over, reps), minimum(over, reps), refm);
  printf(",\"wall_us\":%.1f,\"cpu_us\":%.1f,\"run_delay_us\":%.1f}\n", wall, cpu1 - cpu0,
         wait1 - wait0);
  fflush(stdout);
  return 0;
}

// Instruction mode: each phase is bracketed by callgrind dumps labelled
// "<construct>:<phase>:<n>"; the runner reads the instruction count of each dump.
static int run_instr(const bench_construct_t *c, const options_t *o) {
  char label[200];
  if (c->test(o->instr1) != 0) // warm-up (lazy initialization, thread creation)
    return -1;
  snprintf(label, sizeof(label), "%s:warmup:%ld", c->name, o->instr1);
  CALLGRIND_DUMP_STATS_AT(label);
  long ns[2] = {o->instr1, o->instr2};
  for (int i = 0; i < 2; i++) {
    if (c->test(ns[i]) != 0)
      return -1;
    snprintf(label, sizeof(label), "%s:test:%ld", c->name, ns[i]);
    CALLGRIND_DUMP_STATS_AT(label);
  }
  for (int i = 0; i < 2; i++) {
    c->ref(ns[i]);
    snprintf(label, sizeof(label), "%s:ref:%ld", c->name, ns[i]);
    CALLGRIND_DUMP_STATS_AT(label);
  }
  printf("{\"construct\":\"%s\"", c->name);
  json_string("group", bench_group_name);
  json_string("compiler", compiler_name());
  json_string("runtime", runtime_path());
  printf(",\"threads\":%d,\"instr\":[%ld,%ld],\"valgrind\":%d}\n", bench_threads, o->instr1,
         o->instr2, (int)RUNNING_ON_VALGRIND);
  fflush(stdout);
  return 0;
}

static void usage(const char *argv0) {
  fprintf(stderr,
          "usage: %s [--list] [--calibrate] [--construct NAME|all] [--threads T] [--delay US]\n"
          "          [--iterations N] [--reps R] [--rep-time US] [--delay-len L]\n"
          "          [--warmup MS]\n"
          "          [--instr N1,N2]\n",
          argv0);
  exit(2);
}

int main(int argc, char **argv) {
  const char *which = "all";
  options_t o = {.delay_us = 0.1, .rep_us = 2000, .iterations = 0, .delay_len = -1, .reps = 7,
                 .warmup_us = 50000};
  int list = 0, calibrate = 0;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    const char *v = i + 1 < argc ? argv[i + 1] : NULL;
    if (!strcmp(a, "--list")) {
      list = 1;
      continue;
    }
    if (!strcmp(a, "--calibrate")) {
      calibrate = 1;
      continue;
    }
    if (!v)
      usage(argv[0]);
    i++;
    if (!strcmp(a, "--construct"))
      which = v;
    else if (!strcmp(a, "--threads"))
      bench_threads = atoi(v);
    else if (!strcmp(a, "--delay"))
      o.delay_us = atof(v);
    else if (!strcmp(a, "--iterations"))
      o.iterations = atol(v);
    else if (!strcmp(a, "--reps"))
      o.reps = atoi(v);
    else if (!strcmp(a, "--rep-time"))
      o.rep_us = atof(v);
    else if (!strcmp(a, "--warmup"))
      o.warmup_us = atof(v) * 1000;
    else if (!strcmp(a, "--delay-len"))
      o.delay_len = atol(v);
    else if (!strcmp(a, "--instr")) {
      if (sscanf(v, "%ld,%ld", &o.instr1, &o.instr2) != 2 || o.instr1 <= 0 ||
          o.instr2 <= o.instr1)
        usage(argv[0]);
    } else
      usage(argv[0]);
  }
  if (list) {
    for (int i = 0; i < bench_group_size; i++)
      printf("%s %s %s\n", bench_group_name, bench_group[i].name, bench_group[i].instance);
    return 0;
  }
  if (bench_threads < 1 || bench_threads > BENCH_MAX_THREADS || o.reps < 1)
    usage(argv[0]);
  if (calibrate) { // the delay length for --delay, so the runner can fix it for every run
    double rate = delay_units_per_us();
    printf("{\"delay_us\":%g,\"delay_len\":%ld,\"units_per_us\":%.4f}\n", o.delay_us,
           (long)(o.delay_us * rate + 0.5), rate);
    return 0;
  }

  int found = 0;
  for (int i = 0; i < bench_group_size; i++)
    found |= !strcmp(which, "all") || !strcmp(which, bench_group[i].name);
  if (!found) {
    fprintf(stderr, "bench: group %s has no construct %s\n", bench_group_name, which);
    return 2;
  }

  omp_set_dynamic(0);
  omp_set_num_threads(bench_threads);
  int team = team_size();
  if (team != bench_threads) {
    fprintf(stderr, "bench: asked for %d threads, the team has %d\n", bench_threads, team);
    return 1;
  }
  if (o.instr1 > 0)
    bench_delay_len = 0; // instruction counts: no delay, the construct alone
  else if (o.delay_len >= 0)
    bench_delay_len = o.delay_len;
  else
    bench_delay_len = (long)(o.delay_us * delay_units_per_us() + 0.5);

  for (int i = 0; i < bench_group_size; i++) {
    const bench_construct_t *c = &bench_group[i];
    if (strcmp(which, "all") && strcmp(which, c->name))
      continue;
    int rc = o.instr1 > 0 ? run_instr(c, &o) : run_timing(c, &o, team);
    if (rc != 0 || failed) {
      fprintf(stderr, "bench: %s failed\n", c->name);
      return 1;
    }
  }
  return 0;
}
