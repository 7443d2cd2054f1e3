// GLASS_STATS=1: per-thread scheduler counters, printed to stderr at exit (docs/performance.md,
// "Scheduler counters"). They stay compiled in: each site costs one predictable branch on
// glass_stats_on when the variable is unset, and only the owning thread writes its counters.
#ifndef GLASS_STATS_H
#define GLASS_STATS_H

#include "platform.h"

enum glass_stat {
  GS_CREATED,     // explicit tasks allocated
  GS_DEFERRED,    // tasks queued (deque or shared list), requeued untied parts included
  GS_RUN,         // task executions started (an untied task's parts count once each)
  GS_THROTTLED,   // run at once because the creator's deque was full
  GS_STOLEN,      // tasks taken from another member's deque
  GS_STEAL_FAIL,  // steal sweeps over every victim that found nothing
  GS_STEAL_LOST,  // steals that lost the race for a task (CAS on top failed)
  GS_TSC_REJECT,  // tasks found that the tied-task constraint forbade here
  GS_SHARED_PUSH, // tasks put in the team's shared list (under the team lock)
  GS_SHARED_SCAN, // searches of the shared list (under the team lock)
  GS_SHARED_SKIP, // entries a search passed over (tied-task constraint)
  GS_TASKWAIT,    // waits for a counter: taskwait, taskgroup end, dependences
  GS_TASKWAIT_NS, // time in them
  GS_BARRIER,     // barriers and joins
  GS_BARRIER_NS,  // time in their waits
  GS_SLEEP,       // futex sleeps
  GS_WAKE,        // futex wake calls
  GS_YIELD,       // sched_yield calls in waits
  GS_SHARED_RMW,  // atomic read-modify-writes on words other threads write
  GS_LOOP_CHUNK,  // chunks a dispatched loop in a team took from its shared counter
  GS_LOOP_RMW,    // atomic read-modify-writes on a dispatched loop's shared words
  GS_STALE_TAKE,  // tasks of a team's next region a worker still at its join took and gave back
  GS_N
};

typedef struct glass_stats {
  uint64_t v[GS_N];
} glass_stats_t;

extern GLASS_HIDDEN bool glass_stats_on;

// Adds n to counter k of the calling thread (out of line: only runs when stats are on).
GLASS_HIDDEN void glass_stats_self_add(enum glass_stat k, uint64_t n);
GLASS_HIDDEN void glass_stats_print(void);

// For code that has its thread at hand; `th` is a glass_thread_t *.
#define GLASS_STAT_ADD(th, k, n)                                                                   \
  do {                                                                                             \
    if (unlikely(glass_stats_on))                                                                  \
      (th)->stats.v[k] += (n);                                                                     \
  } while (0)
#define GLASS_STAT(th, k) GLASS_STAT_ADD(th, k, 1)
// A counter of the hottest paths (one per task): counted whether stats are on or not, one
// increment of the thread's own line instead of a test and a branch.
#define GLASS_STAT_ALWAYS(th, k) ((th)->stats.v[k]++)
// For code without it (the wait and futex layers).
#define GLASS_STAT_SELF(k, n)                                                                      \
  do {                                                                                             \
    if (unlikely(glass_stats_on))                                                                  \
      glass_stats_self_add(k, n);                                                                  \
  } while (0)
// Start of a timed wait: 0 when stats are off (no clock read).
static inline uint64_t glass_stats_clock(void) {
  return unlikely(glass_stats_on) ? glass_now_ns() : 0;
}
// End of a timed wait begun at t0 (from glass_stats_clock): counts one wait of kind k and its
// time in k + 1 (GS_TASKWAIT, GS_BARRIER).
#define GLASS_STAT_WAIT_END(th, k, t0)                                                             \
  do {                                                                                             \
    if (unlikely(t0)) {                                                                            \
      (th)->stats.v[k]++;                                                                          \
      (th)->stats.v[(k) + 1] += glass_now_ns() - (t0);                                             \
    }                                                                                              \
  } while (0)

#endif
