// Reductions: __kmpc_reduce, __kmpc_reduce_nowait and their end calls.
//
// The compiler hands each thread's private copies (red_list), a function that folds one list
// into another (reduce_func) and a kmp_critical_name (lck). Our return value picks who combines:
//   1 : the caller folds its copies into the originals, then calls the end routine;
//   2 : the caller updates the originals with atomics (offered when loc->flags has 0x10);
//   0 : nothing left to do for this thread (the tree folded its copies into another thread's).
// Methods, by team size:
//   - one thread: 1, nothing to exclude;
//   - small teams: atomics when the compiler offers them, else the critical section lck;
//   - large teams: a tree. Each thread folds its children's lists into its own with
//     reduce_func, publishes its list to its parent and waits until the parent has folded it;
//     the master ends with the team's result in its list and returns 1, the others 0.
// KMP_FORCE_REDUCTION=critical|atomic|tree forces a method where it applies (as in libomp).
// A tool with the reduction callback gets critical instead of atomics, so that the end call
// exists to bracket the combination.
//
// The blocking form adds a barrier at the end (libomp's contract; clang emits another one after
// it anyway). Threads whose tree part returns 0 take that barrier inside __kmpc_reduce.
#include "glass.h"
#include "ompt-internal.h"
#include "critical.h"
#include "mutex.h"
#include "kmpc.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

enum { RED_EMPTY = 1, RED_CRITICAL, RED_ATOMIC, RED_TREE };

#define TREE_MIN_THREADS 8 // below this a critical section or atomics beat the tree's waits
#define READY            2u

// ---------------------------------------------------------------------------------------------
// Method.

// KMP_FORCE_REDUCTION (env.c) as a method here; 0 when unset.
static int forced_method(void) {
  switch (glass_env.force_reduction) {
  case GLASS_FORCE_REDUCTION_CRITICAL:
    return RED_CRITICAL;
  case GLASS_FORCE_REDUCTION_ATOMIC:
    return RED_ATOMIC;
  case GLASS_FORCE_REDUCTION_TREE:
    return RED_TREE;
  default:
    return 0;
  }
}

static int choose_method(ident_t *loc, int32_t n, void *data, kmp_reduce_fn_t func) {
  if (n == 1)
    return RED_EMPTY;
  bool atomic_ok = loc && (loc->flags & GLASS_IDENT_ATOMIC_REDUCE) && !OMPT_ON(reduction);
  // With cancellation a member may leave the region without reaching the reduction, and the
  // tree waits for every member's list: only methods that wait for nobody remain.
  bool tree_ok = data && func && !glass_env.cancellation;
  int f = forced_method();
  if (unlikely(f)) {
    if ((f == RED_ATOMIC && atomic_ok) || (f == RED_TREE && tree_ok) || f == RED_CRITICAL)
      return f;
  }
  if (n >= TREE_MIN_THREADS && tree_ok)
    return RED_TREE;
  return atomic_ok ? RED_ATOMIC : RED_CRITICAL;
}

// ---------------------------------------------------------------------------------------------
// Tree.

// The parent and the child may both wait on the child's word: the waiting module's
// multi-waiter word (wait.h).
static void flag_wait(_Atomic uint32_t *w, uint32_t want) {
  glass_word_wait(w, want);
}

static void flag_set(_Atomic uint32_t *w, uint32_t value) {
  glass_word_set(w, value);
}

// Returns true in the master, which then holds the team's result in `data`.
static bool tree_combine(glass_thread_t *th, glass_team_t *team, void *data, kmp_reduce_fn_t func) {
  int32_t tid = th->tid;
  GLASS_TREE_FOR_CHILDREN(th, tid, team->nthreads, c, {
    glass_sync_thread_t *child = &team->members[c]->sync;
    flag_wait(&child->red_flag, READY);
    func(data, child->red_data);
    flag_set(&child->red_flag, 0); // the child's copies are no longer needed
  });
  if (tid == 0)
    return true;
  th->sync.red_data = data;
  flag_set(&th->sync.red_flag, READY);
  flag_wait(&th->sync.red_flag, 0);
  return false;
}

// ---------------------------------------------------------------------------------------------
// Entry points.

static glass_critical_t fallback_lock; // when the compiler passes no lck

// The reduction event, straight to the tool (the caller tested its bit).
static inline void red_event(glass_thread_t *th, ompt_scope_endpoint_t ep, const void *codeptr) {
  OMPT_CALL(reduction, ompt_sync_region_reduction, ep, glass_team_parallel_data(th->team),
            &th->task->ompt_data, codeptr);
}

static int reduce_begin(glass_thread_t *th, ident_t *loc, void *data, kmp_reduce_fn_t func,
                        kmp_critical_name *lck, const void *codeptr) {
  glass_team_t *team = th->team;
  int method = choose_method(loc, team->nthreads, data, func);
  // The initial thread of a team in a league (teams.c) combines into the teams construct's
  // originals alongside the other teams: atomics or the critical section.
  if (team->nthreads == 1 && team->ws.league_size > 1)
    method = choose_method(loc, 2, NULL, NULL);
  th->sync.red_method = method;
  if (method == RED_ATOMIC)
    return 2;
  if (OMPT_ON(reduction))
    red_event(th, ompt_scope_begin, codeptr);
  if (method == RED_CRITICAL) {
    glass_critical_t *c = lck ? (glass_critical_t *)lck : &fallback_lock;
    th->sync.red_lock = c;
    glass_critical_enter(th, c, 0, ompt_mutex_critical, codeptr);
    return 1;
  }
  if (method == RED_TREE && !tree_combine(th, team, data, func)) {
    if (OMPT_ON(reduction))
      red_event(th, ompt_scope_end, codeptr);
    return 0;
  }
  return 1;
}

static void reduce_end(glass_thread_t *th, const void *codeptr) {
  int method = th->sync.red_method;
  if (method == RED_ATOMIC)
    return;
  if (method == RED_CRITICAL)
    glass_critical_exit(th, th->sync.red_lock, ompt_mutex_critical, codeptr);
  if (OMPT_ON(reduction))
    red_event(th, ompt_scope_end, codeptr);
}

static void reduce_barrier(glass_thread_t *th, void *codeptr, void *frame) {
  glass_task_t *task = th->task;
  OMPT_ENTER_FRAME(task, frame);
  glass_barrier(th, GLASS_BARRIER_IMPLEMENTATION, codeptr);
  OMPT_ENTER_FRAME(task, NULL);
}

static GLASS_NOINLINE int32_t reduce_solo_traced(glass_thread_t *th, const void *codeptr) {
  th->sync.red_method = RED_EMPTY;
  red_event(th, ompt_scope_begin, codeptr);
  return 1;
}

GLASS_API int32_t __kmpc_reduce_nowait(ident_t *loc, int32_t gtid, int32_t nvars, size_t size,
                                       void *data, kmp_reduce_fn_t func, kmp_critical_name *lck) {
  glass_thread_t *th = glass_self();
  // A team of one: nothing to decide, nothing to record for the end call; a tool gets its
  // begin event from a short path of its own.
  if (likely(th->team->nthreads == 1) && th->team->ws.league_size <= 1) {
    if (OMPT_ON(reduction))
      return reduce_solo_traced(th, GLASS_CODEPTR());
    th->sync.red_method = RED_EMPTY;
    return 1;
  }
  return reduce_begin(th, loc, data, func, lck, GLASS_CODEPTR());
}

GLASS_API void __kmpc_end_reduce_nowait(ident_t *loc, int32_t gtid, kmp_critical_name *lck) {
  glass_thread_t *th = glass_self();
  if (likely(th->sync.red_method == RED_EMPTY) && !OMPT_ON(reduction))
    return;
  reduce_end(th, GLASS_CODEPTR());
}

#define BLOCKING_EVENTS (OMPT_BIT(reduction) | OMPT_BIT(sync_region) | OMPT_BIT(sync_region_wait))

// A team of one with no tool and no pending task: the blocking reduction has nothing to decide,
// and its barrier nobody to wait for.
static inline bool reduce_alone(glass_thread_t *th) {
  glass_team_t *team = th->team;
  return likely(team->nthreads == 1) && !OMPT_ANY(BLOCKING_EVENTS) && team->ws.league_size <= 1 &&
         !atomic_load_explicit(&team->tasking.active, memory_order_relaxed);
}

static GLASS_NOINLINE int32_t reduce_blocking(glass_thread_t *th, ident_t *loc, void *data,
                                              kmp_reduce_fn_t func, kmp_critical_name *lck,
                                              void *codeptr) {
  int r = reduce_begin(th, loc, data, func, lck, codeptr);
  if (r == 0)
    reduce_barrier(th, codeptr, __builtin_frame_address(0)); // the master's end_reduce joins it
  return r;
}

GLASS_API int32_t __kmpc_reduce(ident_t *loc, int32_t gtid, int32_t nvars, size_t size, void *data,
                                kmp_reduce_fn_t func, kmp_critical_name *lck) {
  glass_thread_t *th = glass_self();
  if (reduce_alone(th)) {
    th->sync.red_method = RED_EMPTY;
    return 1;
  }
  return reduce_blocking(th, loc, data, func, lck, GLASS_CODEPTR());
}

static GLASS_NOINLINE void end_reduce_blocking(glass_thread_t *th, void *codeptr) {
  reduce_end(th, codeptr);
  if (th->team->nthreads > 1 || OMPT_ANY(OMPT_BIT(sync_region) | OMPT_BIT(sync_region_wait)) ||
      atomic_load_explicit(&th->team->tasking.active, memory_order_relaxed))
    reduce_barrier(th, codeptr, __builtin_frame_address(0));
}

GLASS_API void __kmpc_end_reduce(ident_t *loc, int32_t gtid, kmp_critical_name *lck) {
  glass_thread_t *th = glass_self();
  if (th->sync.red_method == RED_EMPTY && reduce_alone(th))
    return;
  end_reduce_blocking(th, GLASS_CODEPTR());
}
