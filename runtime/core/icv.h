// Internal control variables (OpenMP 5.1 §2.4) and the settings read from the environment.
#ifndef GLASS_ICV_H
#define GLASS_ICV_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

// omp_sched_t values; the monotonic modifier is bit 31 as in the public header.
enum {
  GLASS_SCHED_STATIC = 1,
  GLASS_SCHED_DYNAMIC = 2,
  GLASS_SCHED_GUIDED = 3,
  GLASS_SCHED_AUTO = 4,
  GLASS_SCHED_TRAPEZOIDAL = 101, // libomp's own kind (omp_get_schedule reports 101): guided
  GLASS_SCHED_MONOTONIC = (int)0x80000000u,
};

enum {
  GLASS_BIND_FALSE = 0,
  GLASS_BIND_TRUE,
  GLASS_BIND_PRIMARY,
  GLASS_BIND_CLOSE,
  GLASS_BIND_SPREAD,
  GLASS_BIND_INTEL // KMP_AFFINITY's binding (libomp's proc_bind_intel); reads as true
};

enum { GLASS_WAIT_DEFAULT = 0, GLASS_WAIT_ACTIVE, GLASS_WAIT_PASSIVE };

// The smallest worker stack Glass creates (OMP_STACKSIZE, kmp_set_stacksize): a worker runs
// Glass's own frames, deferred tasks from barriers and a user's printf (glibc's vfprintf alone
// takes several KiB) before the region's code uses any. libomp's minimum is 16 KiB.
#define GLASS_MIN_STACKSIZE ((size_t)64 << 10)

// Items of a num_threads clause list (__kmpc_push_num_threads_list) kept for nested levels:
// the clause's list is copied into the thread at the push and into the team at the fork.
// OMP_NUM_THREADS lists have no such bound (they live on the heap).
#define GLASS_MAX_NEST_LIST 16

// ICVs with data-environment scope: every task carries a copy, children inherit it.
typedef struct glass_icvs {
  int32_t nthreads;          // first element of nthreads-var
  uint16_t nthreads_pos;     // where the rest of nthreads-var continues in the env list
  uint16_t bind_pos;         // same for bind-var (levels past 65,535 keep element 65,535)
  bool dyn;                  // dyn-var
  int8_t bind;               // first element of bind-var
  int32_t max_active_levels; // max-active-levels-var
  int32_t thread_limit;      // thread-limit-var
  int32_t task_thread_limit; // thread_limit clause of the enclosing target task (0: none)
  int32_t sched_kind;        // run-sched-var kind (omp_sched_t, possibly with monotonic bit)
  int32_t sched_chunk;       // run-sched-var chunk (0: default)
  int32_t default_device;    // default-device-var
  uintptr_t def_allocator;   // def-allocator-var (an omp_allocator_handle_t; 0: the default)
  // The list nthreads_pos indexes: NULL for OMP_NUM_THREADS's, else the rest of an enclosing
  // region's num_threads list (its team's nested_nthreads, nthreads_len items).
  const int32_t *nthreads_list;
  uint8_t nthreads_len;
} glass_icvs_t;

// Settings with global scope, fixed after initialization except where an API routine
// changes them.
// KMP_FORCE_REDUCTION's methods (reduce.c uses them where they apply).
enum {
  GLASS_FORCE_REDUCTION_NONE,
  GLASS_FORCE_REDUCTION_CRITICAL,
  GLASS_FORCE_REDUCTION_ATOMIC,
  GLASS_FORCE_REDUCTION_TREE,
};

typedef struct glass_env {
  // OMP_NUM_THREADS and OMP_PROC_BIND lists, as long as the values are (heap, never freed).
  int32_t *nthreads_list;
  int nthreads_len; // 0 when OMP_NUM_THREADS is unset
  int8_t *bind_list;
  int bind_len;
  bool nthreads_set;
  bool max_active_levels_set;
  bool nested_set;
  bool dynamic_set;
  int wait_policy;      // GLASS_WAIT_*
  int64_t blocktime_ms; // -1: infinite
  bool blocktime_set;
  size_t stacksize; // 0: default
  bool cancellation;
  bool stats; // GLASS_STATS: print scheduler counters at exit (stats.h)
  int32_t max_task_priority;
  int32_t thread_limit;          // OMP_THREAD_LIMIT (contention-group limit)
  int display_env;               // 0 false, 1 true, 2 verbose
  int tool;                      // 1 enabled (default), 0 disabled
  const char *tool_libraries;    // OMP_TOOL_LIBRARIES (owned copy) or NULL
  const char *tool_verbose_init; // OMP_TOOL_VERBOSE_INIT or NULL
  int32_t num_teams;             // OMP_NUM_TEAMS (0: unset)
  int32_t teams_thread_limit;    // OMP_TEAMS_THREAD_LIMIT (0: unset)
  int32_t default_device;
  int target_offload; // 0 default, 1 mandatory, 2 disabled
  bool display_affinity;
  const char *affinity_format;
  const char *places;       // raw OMP_PLACES or NULL
  int8_t teams_bind;        // KMP_TEAMS_PROC_BIND: how a league's teams get places (spread)
  int8_t force_reduction;   // KMP_FORCE_REDUCTION: GLASS_FORCE_REDUCTION_* (0: runtime's choice)
  int32_t disp_num_buffers; // KMP_DISP_NUM_BUFFERS: loop dispatch slots per team (0: unset)
  bool no_task_throttling;  // KMP_ENABLE_TASK_THROTTLING=false: a full deque defers to the team
  const char *allocator;    // raw OMP_ALLOCATOR or NULL
  glass_icvs_t initial;     // ICVs of the initial task
} glass_env_t;

extern __attribute__((visibility("hidden"))) glass_env_t glass_env;
extern __attribute__((visibility("hidden"))) int glass_nprocs;

uintptr_t glass_alloc_from_env(const char *text); // alloc.c

// Parse the environment into glass_env (called once, during initialization).
void glass_env_read(void);
// target-offload-var from an OMP_TARGET_OFFLOAD value after start-up (kmp_set_defaults).
void glass_env_set_target_offload(const char *value);
// OMP_DISPLAY_ENV / omp_display_env output.
void glass_env_display(bool verbose);
// A warning on stderr, in libomp's "OMP: Warning" style, unless warnings are off.
void glass_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void glass_vwarn(const char *fmt, va_list ap) __attribute__((format(printf, 1, 0)));
// kmp_set_warnings_on / kmp_set_warnings_off.
void glass_warnings_set(bool on);

// A keyword of an environment value and what it stands for.
typedef struct {
  const char *name;
  int value;
} glass_name_t;
// The value of the entry whose name is w[0..n) in any case; -1 when none is.
int glass_name_value(const glass_name_t *names, size_t count, const char *w, size_t n);

// nthreads-var / bind-var list elements for a nesting level below the current task.
static inline int32_t glass_env_nthreads_at(int pos, int32_t fallback) {
  return pos < glass_env.nthreads_len ? glass_env.nthreads_list[pos] : fallback;
}

#endif
