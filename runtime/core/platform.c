// Linux implementation of the platform layer.
#define _GNU_SOURCE
#include "platform.h"
#include "stats.h"

#include <errno.h>
#include <linux/futex.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

void glass_futex_wait(_Atomic uint32_t *addr, uint32_t expected) {
  GLASS_STAT_SELF(GS_SLEEP, 1);
  syscall(SYS_futex, (uint32_t *)addr, FUTEX_WAIT_PRIVATE, expected, NULL, NULL, 0);
}

void glass_futex_wake(_Atomic uint32_t *addr, int count) {
  GLASS_STAT_SELF(GS_WAKE, 1);
  syscall(SYS_futex, (uint32_t *)addr, FUTEX_WAKE_PRIVATE, count, NULL, NULL, 0);
}

uint64_t glass_now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

double glass_wtime(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

double glass_wtick(void) {
  struct timespec ts;
  if (clock_getres(CLOCK_MONOTONIC, &ts) != 0 || (ts.tv_sec == 0 && ts.tv_nsec == 0))
    return 1e-9;
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

void glass_yield(void) {
  GLASS_STAT_SELF(GS_YIELD, 1);
  sched_yield();
}

int glass_num_procs(void) {
  // The affinity mask is what this process may use; cgroup/taskset limits show up here.
  cpu_set_t set;
  if (sched_getaffinity(0, sizeof(set), &set) == 0) {
    int n = CPU_COUNT(&set);
    if (n > 0)
      return n;
  }
  long n = sysconf(_SC_NPROCESSORS_ONLN);
  return n > 0 ? (int)n : 1;
}

// The first two words of a small file ("" when missing); false when it cannot be read.
static bool read_words(const char *path, char a[32], char b[32]) {
  a[0] = b[0] = '\0';
  FILE *f = fopen(path, "re");
  if (!f)
    return false;
  int n = fscanf(f, "%31s %31s", a, b);
  fclose(f);
  return n >= 1;
}

// quota / period, rounded up; 0 for no limit ("max", -1) or what does not parse.
static int quota_cpus(const char *quota, const char *period) {
  char *end1, *end2;
  long long q = strtoll(quota, &end1, 10), p = strtoll(period, &end2, 10);
  if (end1 == quota || *end1 || end2 == period || *end2 || q <= 0 || p <= 0)
    return 0;
  long long cpus = q / p + (q % p != 0);
  return cpus > 1 << 20 ? 0 : (int)cpus;
}

static int min_quota(int a, int b) {
  return !a || (b && b < a) ? b : a;
}

// GLASS_CGROUP_ROOT (a test aid, docs/performance.md): a directory read in place of /, for
// /proc/self/cgroup and the files under /sys/fs/cgroup; "" when unset.
static const char *cgroup_root(void) {
  const char *r = getenv("GLASS_CGROUP_ROOT");
  return r ? r : "";
}

// A v2 cgroup's limit is the smallest along its path: dir and each parent, up to the root.
static int quota_v2(char *dir) {
  int best = 0;
  char path[4096], q[32], p[32];
  for (;;) {
    if (strcmp(dir, "/") == 0)
      dir[0] = '\0';
    snprintf(path, sizeof(path), "%s/sys/fs/cgroup%s/cpu.max", cgroup_root(), dir);
    if (read_words(path, q, p))
      best = min_quota(best, quota_cpus(q, p));
    char *slash = strrchr(dir, '/');
    if (!slash)
      return best;
    *slash = '\0';
  }
}

// v1: the cpu controller's hierarchy (mounted as cpu, or cpu,cpuacct with cpu a link to it).
static int quota_v1(const char *dir) {
  char path[4096], q[32], p[32], unused[32];
  const char *d = strcmp(dir, "/") ? dir : "";
  snprintf(path, sizeof(path), "%s/sys/fs/cgroup/cpu%s/cpu.cfs_quota_us", cgroup_root(), d);
  if (!read_words(path, q, unused))
    return 0;
  snprintf(path, sizeof(path), "%s/sys/fs/cgroup/cpu%s/cpu.cfs_period_us", cgroup_root(), d);
  return read_words(path, p, unused) ? quota_cpus(q, p) : 0;
}

static bool lists_cpu(const char *ctrl) {
  for (const char *c = ctrl; c; c = strchr(c, ',') ? strchr(c, ',') + 1 : NULL)
    if (strncmp(c, "cpu", 3) == 0 && (c[3] == ',' || c[3] == '\0'))
      return true;
  return false;
}

int glass_cpu_quota(void) {
  char path[4096];
  snprintf(path, sizeof(path), "%s/proc/self/cgroup", cgroup_root());
  FILE *f = fopen(path, "re");
  if (!f)
    return 0;
  char line[2048];
  int best = 0;
  while (fgets(line, sizeof(line), f)) {
    line[strcspn(line, "\n")] = '\0';
    char *c1 = strchr(line, ':'), *c2 = c1 ? strchr(c1 + 1, ':') : NULL;
    if (!c2)
      continue; // not hierarchy-id:controllers:path
    *c2 = '\0';
    if (!c1[1])
      best = min_quota(best, quota_v2(c2 + 1));
    else if (lists_cpu(c1 + 1))
      best = min_quota(best, quota_v1(c2 + 1));
  }
  fclose(f);
  return best;
}

int glass_thread_create(uint64_t *handle, size_t stack_size, glass_thread_fn fn, void *arg) {
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  if (stack_size) {
    long page = sysconf(_SC_PAGESIZE);
    size_t sz = (stack_size + (size_t)page - 1) & ~((size_t)page - 1);
    if (sz < (size_t)PTHREAD_STACK_MIN)
      sz = PTHREAD_STACK_MIN;
    pthread_attr_setstacksize(&attr, sz);
  }
  pthread_t t;
  int rc = pthread_create(&t, &attr, fn, arg);
  pthread_attr_destroy(&attr);
  if (rc == 0)
    *handle = (uint64_t)t;
  return rc;
}

int glass_thread_join(uint64_t handle) {
  return pthread_join((pthread_t)handle, NULL);
}

int glass_thread_join_timed(uint64_t handle, uint64_t timeout_ns) {
  struct timespec ts;
  clock_gettime(CLOCK_REALTIME, &ts);
  uint64_t ns = (uint64_t)ts.tv_nsec + timeout_ns;
  ts.tv_sec += (time_t)(ns / 1000000000ull);
  ts.tv_nsec = (long)(ns % 1000000000ull);
  return pthread_timedjoin_np((pthread_t)handle, NULL, &ts);
}

int glass_os_tid(void) {
  return (int)syscall(SYS_gettid);
}

// Three-state futex mutex: 0 free, 1 locked, 2 locked with waiters.
void glass_mutex_lock(glass_mutex_t *m) {
  uint32_t c = 0;
  if (atomic_compare_exchange_strong_explicit(&m->word, &c, 1, memory_order_acquire,
                                              memory_order_relaxed))
    return;
  for (int i = 0; i < 100; i++) {
    glass_cpu_relax();
    c = 0;
    if (atomic_load_explicit(&m->word, memory_order_relaxed) == 0 &&
        atomic_compare_exchange_weak_explicit(&m->word, &c, 1, memory_order_acquire,
                                              memory_order_relaxed))
      return;
  }
  if (c != 2)
    c = atomic_exchange_explicit(&m->word, 2, memory_order_acquire);
  while (c != 0) {
    glass_futex_wait(&m->word, 2);
    c = atomic_exchange_explicit(&m->word, 2, memory_order_acquire);
  }
}

bool glass_mutex_trylock(glass_mutex_t *m) {
  uint32_t c = 0;
  return atomic_compare_exchange_strong_explicit(&m->word, &c, 1, memory_order_acquire,
                                                 memory_order_relaxed);
}

void glass_mutex_unlock(glass_mutex_t *m) {
  if (atomic_exchange_explicit(&m->word, 0, memory_order_release) == 2)
    glass_futex_wake(&m->word, 1);
}

void glass_register_atfork(void (*child)(void)) {
  pthread_atfork(NULL, NULL, child);
}

static pthread_key_t exit_key;
static bool exit_key_made;

void glass_register_thread_exit_key(void (*dtor)(void *)) {
  if (!exit_key_made && pthread_key_create(&exit_key, dtor) == 0)
    exit_key_made = true;
}

void glass_set_thread_exit_value(void *value) {
  if (exit_key_made)
    pthread_setspecific(exit_key, value);
}

static void out_of_memory(size_t size) {
  fprintf(stderr, "OMP: Error: Glass runtime: out of memory allocating %zu bytes\n", size);
  abort();
}

void *glass_zalloc(size_t size) {
  void *p = calloc(1, size ? size : 1);
  if (!p)
    out_of_memory(size);
  return p;
}

void *glass_zalloc_aligned(size_t size, size_t align) {
  void *p = NULL;
  if (align < sizeof(void *))
    align = sizeof(void *);
  size = (size + align - 1) & ~(align - 1);
  if (posix_memalign(&p, align, size ? size : align) != 0 || !p)
    out_of_memory(size);
  memset(p, 0, size);
  return p;
}

void glass_free(void *p) {
  free(p);
}
