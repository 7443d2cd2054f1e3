// GLASS_STATS: per-thread scheduler counters (stats.h), printed at exit.
#include "stats.h"
#include "glass.h"
#include "wait.h"

#include <stdio.h>

bool glass_stats_on;

static const char *const stat_name[GS_N] = {
    [GS_CREATED] = "created",
    [GS_DEFERRED] = "deferred",
    [GS_RUN] = "run",
    [GS_THROTTLED] = "throttled",
    [GS_STOLEN] = "stolen",
    [GS_STEAL_FAIL] = "steal_fail",
    [GS_STEAL_LOST] = "steal_lost",
    [GS_TSC_REJECT] = "tsc_reject",
    [GS_SHARED_PUSH] = "shared_push",
    [GS_SHARED_SCAN] = "shared_scan",
    [GS_SHARED_SKIP] = "shared_skip",
    [GS_TASKWAIT] = "taskwait",
    [GS_TASKWAIT_NS] = "taskwait_us",
    [GS_BARRIER] = "barrier",
    [GS_BARRIER_NS] = "barrier_us",
    [GS_SLEEP] = "sleep",
    [GS_WAKE] = "wake",
    [GS_YIELD] = "yield",
    [GS_SHARED_RMW] = "shared_rmw",
    [GS_LOOP_CHUNK] = "loop_chunks",
    [GS_LOOP_RMW] = "loop_rmw",
    [GS_STALE_TAKE] = "stale_take",
};

void glass_stats_self_add(enum glass_stat k, uint64_t n) {
  glass_thread_t *th = glass_self_peek();
  if (th) // threads the runtime does not know (a futex wake from a foreign fulfill) are not counted
    th->stats.v[k] += n;
}

static void print_row(const char *who, int32_t id, const glass_stats_t *s) {
  char line[1024];
  int len = id < 0 ? snprintf(line, sizeof(line), "glass-stats %s:", who)
                   : snprintf(line, sizeof(line), "glass-stats %s %d:", who, id);
  for (int k = 0; k < GS_N && len > 0 && (size_t)len < sizeof(line); k++) {
    uint64_t v = s->v[k];
    if (k == GS_TASKWAIT_NS || k == GS_BARRIER_NS)
      v /= 1000; // printed in microseconds
    len += snprintf(line + len, sizeof(line) - (size_t)len, " %s=%llu", stat_name[k],
                    (unsigned long long)v);
  }
  fprintf(stderr, "%s\n", line);
}

// At exit, after the workers are joined: one line per thread that counted anything (by gtid),
// then the totals.
void glass_stats_print(void) {
  if (!glass_stats_on)
    return;
  glass_stats_t total = {0};
  int32_t n = atomic_load(&glass_nthreads_total);
  for (int32_t g = 0; g < n; g++) {
    glass_thread_t *th = glass_thread_at(g);
    if (!th)
      continue;
    bool any = false;
    for (int k = 0; k < GS_N; k++) {
      total.v[k] += th->stats.v[k];
      any |= th->stats.v[k] != 0;
    }
    if (any)
      print_row("thread", g, &th->stats);
  }
  print_row("total", -1, &total);
  fprintf(stderr, "glass-stats cpus=%d processors=%d cpu_quota=%d\n", glass_cpus, glass_nprocs,
          glass_cpu_quota_seen);
}
