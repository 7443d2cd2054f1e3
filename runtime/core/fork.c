// Fork/join of parallel regions: team sizing, hot-team reuse, serialized regions, and the
// implicit task each member runs.
#include "glass.h"
#include "ompt-internal.h"
#include "affinity.h"
#include "cancel.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

// Threads of the initial contention group that are members of active teams, beyond the root.
// Maintained only when OMP_THREAD_LIMIT is finite.
static _Atomic int32_t cg_busy;

// The busy-thread count of the contention group the task's team belongs to: each team of a
// league is a contention group of its own (its level-0 team carries the count).
static _Atomic int32_t *cg_of(glass_team_t *team) {
  while (team->level > 0 && team->parent)
    team = team->parent;
  return team->cg_busy ? team->cg_busy : &cg_busy;
}

// ---------------------------------------------------------------------------------------------
// Team size (OpenMP 5.1 §2.6.1, Algorithm 2.1).

static int32_t team_size(glass_task_t *task, glass_team_t *parent, int32_t requested,
                         bool if_true) {
  if (!if_true)
    return 1;
  int32_t n = requested > 0 ? requested : task->icvs.nthreads;
  if (n <= 1)
    return 1;
  if (parent->active_level >= task->icvs.max_active_levels)
    return 1;
  if (task->icvs.dyn && n > glass_nprocs)
    n = glass_nprocs;
  // A target region's thread_limit bounds each of its teams, as a contention group of its own.
  int32_t task_limit = task->icvs.task_thread_limit;
  if (unlikely(task_limit > 0) && n > task_limit)
    n = task_limit;
  int32_t limit = task->icvs.thread_limit;
  if (unlikely(limit != INT_MAX)) {
    int32_t avail = limit - atomic_load_explicit(cg_of(parent), memory_order_relaxed) - 1;
    if (n > avail + 1)
      n = avail + 1;
  }
  return n < 1 ? 1 : n;
}

static void child_icvs(glass_icvs_t *out, const glass_task_t *parent) {
  *out = parent->icvs;
  int next = parent->icvs.nthreads_pos + 1;
  const int32_t *list = parent->icvs.nthreads_list;
  int len = list ? parent->icvs.nthreads_len : glass_env.nthreads_len;
  if (next < len && next <= UINT16_MAX) {
    out->nthreads = list ? list[next] : glass_env.nthreads_list[next];
    out->nthreads_pos = (uint16_t)next;
  }
  int bnext = parent->icvs.bind_pos + 1;
  if (bnext < glass_env.bind_len && bnext <= UINT16_MAX) {
    out->bind = glass_env.bind_list[bnext];
    out->bind_pos = (uint16_t)bnext;
  }
}

// num_threads(n1, n2, ...) (OpenMP 6.0): the region's tasks get nthreads-var n2, n3, ..., and
// keep the last item once nested regions run past the list. Copied into the team, which outlives
// every task that can read it (the thread's copy is the next push's).
static GLASS_NOINLINE void take_nthreads_list(glass_thread_t *th, glass_team_t *team) {
  uint32_t n = th->pushed_list_len;
  th->pushed_list_len = 0;
  memcpy(team->nested_nthreads, th->pushed_list, sizeof(int32_t) * n);
  team->child_icvs.nthreads = team->nested_nthreads[0];
  team->child_icvs.nthreads_pos = 0;
  team->child_icvs.nthreads_list = team->nested_nthreads;
  team->child_icvs.nthreads_len = (uint8_t)n;
}

// ---------------------------------------------------------------------------------------------
// Teams.

// Members 1 .. n-1 arrived at the join may still be in its tail, naming the region's team and
// their implicit tasks (end callbacks, a sampling signal's inquiries): waits until each has
// left (its release store of busy orders its last read before what the caller writes next).
// A member's tail needs nothing more from the master, so the wait is short.
void glass_team_wait_members_left(glass_team_t *team, int32_t n) {
  for (int32_t i = 1; i < n; i++) {
    glass_thread_t *w = team->members[i];
    glass_spin_t s;
    glass_spin_begin(&s);
    while (atomic_load_explicit(&w->busy, memory_order_acquire))
      if (!glass_spin_step(&s))
        glass_yield();
  }
}

static void team_grow_arrays(glass_team_t *team, int32_t capacity) {
  glass_team_wait_members_left(team, team->nmembers);
  glass_thread_t **members = glass_zalloc(sizeof(*members) * (size_t)capacity);
  glass_task_t *itasks = glass_zalloc_aligned(sizeof(*itasks) * (size_t)capacity, GLASS_CACHE);
  glass_slot_t *slots = glass_zalloc_aligned(sizeof(*slots) * (size_t)capacity, GLASS_CACHE);
  for (int i = 0; i < team->nmembers; i++)
    members[i] = team->members[i];
  // The old members and tasks are no longer touched by anyone: every member is idle, waiting on
  // its own go flag, and implicit tasks are reinitialized at each fork. The old slots are not
  // freed: a member of an enclosing team that read this master's published wait flag (a slot's
  // arrival flag, task.c's wake_waiters) may still poke it. Capacities double, so what is kept
  // stays below the size of the arrays in use.
  glass_free(team->members);
  glass_free(team->itasks);
  team->members = members;
  team->itasks = itasks;
  team->slots = slots;
  team->capacity = capacity;
  for (int i = 0; i < capacity; i++)
    atomic_store_explicit(&slots[i].arrived.word, 2 * team->episode, memory_order_relaxed);
  glass_ws_team_grow(team, capacity);
}

static glass_team_t *team_alloc(glass_thread_t *master) {
  glass_team_t *team = glass_zalloc_aligned(sizeof(*team), GLASS_CACHE);
  team->master = master;
  team_grow_arrays(team, 1);
  team->nmembers = 1;
  team->members[0] = master;
  return team;
}

static GLASS_NOINLINE glass_team_t *hot_team_create(glass_thread_t *th, int32_t level) {
  if (level >= th->nhot) {
    int32_t n = level + 4;
    glass_team_t **teams = glass_zalloc(sizeof(*teams) * (size_t)n);
    for (int32_t i = 0; i < th->nhot; i++)
      teams[i] = th->hot_teams[i];
    glass_free(th->hot_teams);
    th->hot_teams = teams;
    th->nhot = n;
  }
  return th->hot_teams[level] = team_alloc(th);
}

// The team this thread masters for a region of n threads at nesting level `level` (of the
// encountering team). Reuses the one it mastered last time at that level: a region of the same
// size or smaller wakes the same workers; a larger one adds workers from the pool. One team per
// level, because the team of an enclosing region is still in use.
static glass_team_t *team_acquire(glass_thread_t *th, int32_t level, int32_t n) {
  glass_team_t *team = likely(level < th->nhot) ? th->hot_teams[level] : NULL;
  if (unlikely(!team))
    team = hot_team_create(th, level);
  if (unlikely(n > team->capacity)) {
    int32_t cap = team->capacity * 2;
    if (cap < n)
      cap = n;
    if (cap < glass_nprocs)
      cap = glass_nprocs;
    team_grow_arrays(team, cap);
  }
  while (unlikely(team->nmembers < n)) {
    glass_thread_t *w = glass_worker_get();
    if (!w)
      break; // out of threads: run with the team we have
    glass_worker_bind(w, team, team->nmembers);
    team->nmembers++;
  }
  return team;
}

// Reactivated or new members must not see a stale arrival from long ago once counters wrap.
static void team_refresh_slots(glass_team_t *team, int32_t from, int32_t to) {
  for (int32_t i = from; i < to; i++)
    atomic_store_explicit(&team->slots[i].arrived.word, 2 * team->episode, memory_order_relaxed);
}

// ---------------------------------------------------------------------------------------------
// Implicit tasks.

static void itask_init(glass_task_t *task, glass_team_t *team, int tid) {
  task->parent = team->parent_task;
  task->team = team;
  task->thread_num = tid;
  task->kind = GLASS_TASK_IMPLICIT;
  task->icvs = team->child_icvs;
  glass_ws_member_begin(&team->ws, tid);
  task->tk = (glass_tasking_task_t){0};
}

// The OMPT half of an implicit task's initialization: only a tool ever reads these fields.
static void itask_init_ompt(glass_task_t *task) {
  // An implicit task runs at once, in its generating region: undeferred (as libomp reports it
  // through ompt_get_task_info; the implicit_task callback's flags stay ompt_task_implicit).
  OMPT_TASK_INIT(task, ompt_task_implicit | ompt_task_undeferred);
}

// A tool that watches tasks also gets a full join: members then run the region's remaining
// tasks inside their implicit task, never as idle helpers after it ended (task.c).
#define JOIN_EVENTS                                                                                \
  (OMPT_BIT(implicit_task) | OMPT_BIT(sync_region) | OMPT_BIT(sync_region_wait) |                  \
   OMPT_BIT(task_schedule))

// Events of the implicit barrier that ends a region. After the barrier the region may be over,
// so the end events carry no parallel data.
static void join_events(glass_thread_t *th, glass_team_t *team, bool league, glass_task_t *task,
                        ompt_scope_endpoint_t ep, void *codeptr) {
  ompt_sync_region_t kind = ompt_sync_region_barrier_implicit_parallel;
  if (unlikely(league)) { // a full join only because of cancellation: no events
    if (ep == ompt_scope_begin)
      OMPT_WAIT_STATE(th, ompt_state_wait_barrier_teams, team);
    else
      OMPT_WAIT_STATE(th, ompt_state_overhead, 0);
    return;
  }
  if (ep == ompt_scope_begin) {
    ompt_data_t *pdata = glass_team_parallel_data(team);
    if (OMPT_ON(sync_region))
      OMPT_CALL(sync_region, kind, ep, pdata, &task->ompt_data, codeptr);
    OMPT_WAIT_STATE(th, ompt_state_wait_barrier_implicit_parallel, team);
    if (OMPT_ON(sync_region_wait))
      OMPT_CALL(sync_region_wait, kind, ep, pdata, &task->ompt_data, codeptr);
  } else {
    if (OMPT_ON(sync_region_wait))
      OMPT_CALL(sync_region_wait, kind, ep, NULL, &task->ompt_data, codeptr);
    OMPT_WAIT_STATE(th, ompt_state_overhead, 0);
    if (OMPT_ON(sync_region))
      OMPT_CALL(sync_region, kind, ep, NULL, &task->ompt_data, codeptr);
    if (OMPT_ON(implicit_task))
      OMPT_CALL(implicit_task, ompt_scope_end, NULL, &task->ompt_data, 0, task->thread_num,
                ompt_task_implicit);
  }
}

// Runs member tid's implicit task of the current region, through the join barrier.
static void run_implicit_task(glass_thread_t *th, glass_team_t *team, int tid) {
  glass_task_t *task = &team->itasks[tid];
  itask_init(task, team, tid);
  if (OMPT_ACTIVE())
    itask_init_ompt(task);
  atomic_signal_fence(memory_order_release); // a sampling signal sees a complete task
  th->task = task;
  if (unlikely(team->affinity_work))
    glass_affinity_enter(th, team, tid);
  if (OMPT_ON(implicit_task) && !team->league)
    OMPT_CALL(implicit_task, ompt_scope_begin, glass_team_parallel_data(team), &task->ompt_data,
              (unsigned)team->nthreads, tid, ompt_task_implicit);
  OMPT_STATE(th, ompt_state_work_parallel);
  glass_invoke_microtask(team->fn, &th->gtid, &task->thread_num, team->argc, team->argv,
                         glass_exit_frame_slot(task));
  OMPT_EXIT_FRAME(task, NULL);
  if (unlikely(task->tk.deps != NULL))
    glass_task_itask_end(task);

  if (glass_cancel_enabled() && glass_cancel_join_done(th, team, task)) {
    OMPT_WAIT_STATE(th, ompt_state_overhead, 0);
    return; // a barrier of the cancelled region was this thread's join (cancel.c)
  }

  // Join. Without a tool the workers only arrive; the release is the next fork's. With
  // deferred tasks (tasking.h) members run tasks while they wait, and the master completes the
  // join only when every task of the team is complete.
  bool full = team->join_full;
  // Read before the barrier: once released, the master may be forking its next region. Only
  // the master's join names the region's call site: a worker made no call there (5.1 lets
  // codeptr_ra be NULL where attribution is inappropriate; libomp's choice, which tools and
  // LLVM's tests expect).
  void *codeptr = tid == 0 ? team->codeptr : NULL;
  int32_t nthreads = team->nthreads;
  bool league = team->league;
  if (unlikely(full))
    join_events(th, team, league, task, ompt_scope_begin, codeptr);
  else
    OMPT_WAIT_STATE(
        th, league ? ompt_state_wait_barrier_teams : ompt_state_wait_barrier_implicit_parallel,
        team);
  uint64_t t0 = glass_stats_clock();
  glass_waiter_t tw;
  const glass_waiter_t *w = NULL;
  if (unlikely(atomic_load_explicit(&team->tasking.active, memory_order_relaxed))) {
    w = glass_task_wait_begin(th, team, &tw);
    th->tasking.join_waiting = !full && tid != 0;
  }
  // A member that arrived before any task existed still looks for tasks while it waits (the
  // lazy poll): a task deferred afterwards by a member that then busy-waits for it would
  // otherwise run only when that member reaches the join.
  glass_waiter_t lw;
  const glass_waiter_t *gw = w ? w : glass_task_lazy_waiter(th, &lw);
  glass_barrier_gather_wait(th, team, tid, gw);
  if (tid == 0 && unlikely(atomic_load_explicit(&team->tasking.active, memory_order_relaxed))) {
    glass_task_barrier_drain(th, team);
    if (!full)
      glass_task_join_release(team);
    codeptr = NULL; // libomp ends a join that ran tasks in its task wait, with no call site
  }
  if (unlikely(full)) {
    // The tree has the region's size: once released, the master may resize the team (next
    // fork, omp_pause_resource) while members still relay the release.
    if (tid != 0)
      glass_barrier_wait_release_wait(th, gw);
    glass_barrier_release_tree(th, team, tid, nthreads);
    join_events(th, team, league, task, ompt_scope_end, codeptr);
  } else if (unlikely(w != NULL) && tid != 0) {
    glass_task_join_wait(th, w);
  }
  if (unlikely(w != NULL))
    glass_task_wait_end(th, team);
  else
    glass_task_lazy_end(th, team);
  GLASS_STAT_WAIT_END(th, GS_BARRIER, t0);
  OMPT_WAIT_STATE(th, ompt_state_overhead, 0);
}

// Entry of a worker released into a region (thread.c's loop calls this).
void glass_worker_run_region(glass_thread_t *th) {
  atomic_store_explicit(&th->busy, true, memory_order_relaxed);
  OMPT_STATE(th, ompt_state_overhead);
  glass_team_t *team = th->team;
  int tid = th->tid;
  th->episode = team->episode;
  // The region this worker runs: while it waits at the join, and after it as an idle helper,
  // it runs only this region's tasks (task.c). Read now: once this member has arrived at the
  // join, the master may fork the next region.
  th->tasking.left_gen = team->region_gen;
  glass_barrier_tree_enter(th, team, tid);
  glass_barrier_release_children(th, team, tid); // the fork is the release phase of a tree
  run_implicit_task(th, team, tid);
  th->task = NULL;
  OMPT_STATE(th, ompt_state_idle);
  atomic_store_explicit(&th->busy, false, memory_order_release);
}

// ---------------------------------------------------------------------------------------------
// Serialized regions: if(0), nested beyond max-active-levels, or a team of one.

static glass_team_t *serial_team_get(glass_thread_t *th) {
  glass_team_t *team = th->serial_free;
  if (likely(team)) {
    th->serial_free = team->next_free;
    return team;
  }
  team = glass_zalloc_aligned(sizeof(*team), GLASS_CACHE);
  team->serialized = true;
  team->capacity = 1;
  team->members = glass_zalloc(sizeof(glass_thread_t *));
  team->itasks = glass_zalloc_aligned(sizeof(glass_task_t), GLASS_CACHE);
  return team;
}

// With a tool attached, a serialized region's bookkeeping and events are done behind one test
// (inline: a tool that registers few callbacks pays the stores, not a call), so that without
// one the region costs what it would without OMPT support.
#define SERIAL_BEGIN_EVENTS (OMPT_BIT(parallel_begin) | OMPT_BIT(implicit_task))
#define SERIAL_END_EVENTS   (OMPT_BIT(implicit_task) | OMPT_BIT(parallel_end))

// The begin events, each behind its own bit, and the switch to the new task between them.
static inline __attribute__((always_inline)) void
serial_begin_events(glass_thread_t *th, glass_team_t *team, glass_task_t *task, int32_t requested,
                    void *codeptr) {
  if (OMPT_ON(parallel_begin))
    OMPT_CALL(parallel_begin, &team->parent_task->ompt_data, &team->parent_task->ompt_frame,
              &team->ompt_parallel_data, (unsigned)requested, team->ompt_flags, codeptr);
  itask_init_ompt(task);
  atomic_signal_fence(memory_order_release);           // a sampling signal sees a complete task
  __atomic_store_n(&th->team, team, __ATOMIC_RELEASE); // shutdown reads it
  th->task = task;
  th->tid = 0;
  if (OMPT_ON(implicit_task))
    OMPT_CALL(implicit_task, ompt_scope_begin, &team->ompt_parallel_data, &task->ompt_data, 1, 0,
              ompt_task_implicit);
  OMPT_STATE(th, ompt_state_work_parallel);
}

// A tool with neither begin callback (one that samples, say) gets the bookkeeping behind one
// more test.
static inline __attribute__((always_inline)) void
serial_begin_tool(glass_thread_t *th, glass_team_t *team, glass_task_t *task, int32_t requested,
                  int ompt_invoker, void *codeptr) {
  OMPT_TEAM_INIT(team, requested, ompt_invoker | ompt_parallel_team);
  if (OMPT_ANY(SERIAL_BEGIN_EVENTS)) {
    serial_begin_events(th, team, task, requested, codeptr);
    return;
  }
  itask_init_ompt(task);
  atomic_signal_fence(memory_order_release);
  __atomic_store_n(&th->team, team, __ATOMIC_RELEASE); // shutdown reads it
  th->task = task;
  th->tid = 0;
  OMPT_STATE(th, ompt_state_work_parallel);
}

static glass_team_t *serial_begin(glass_thread_t *th, ident_t *loc, void *codeptr,
                                  int32_t requested, int ompt_invoker) {
  glass_team_t *parent = th->team;
  glass_task_t *parent_task = th->task;
  glass_team_t *team = serial_team_get(th);
  team->loc = loc;
  team->codeptr = codeptr;
  team->fn = NULL;
  team->nthreads = 1;
  team->nmembers = 1;
  team->level = parent->level + 1;
  team->active_level = parent->active_level;
  team->hot_level = parent->hot_level + 1;
  team->parent = parent;
  team->parent_task = parent_task;
  team->master = th;
  team->members[0] = th;
  team->saved_tid = th->tid;
  child_icvs(&team->child_icvs, parent_task);
  if (unlikely(th->pushed_list_len != 0))
    take_nthreads_list(th, team);
  glass_task_t *task = &team->itasks[0];
  itask_init(task, team, 0);
  if (OMPT_ACTIVE()) {
    serial_begin_tool(th, team, task, requested, ompt_invoker, codeptr);
  } else {
    __atomic_store_n(&th->team, team, __ATOMIC_RELEASE); // shutdown reads it
    th->task = task;
    th->tid = 0;
  }
  if (unlikely(glass_env.display_affinity))
    glass_affinity_show(th);
  return team;
}

static inline __attribute__((always_inline)) void
serial_end_tool(glass_thread_t *th, glass_team_t *team, glass_task_t *task, void *codeptr) {
  // A compiler barrier: the caller's test of the flag word stays a test of memory, not a load
  // kept in a register for the tests below (one instruction more without a tool).
  atomic_signal_fence(memory_order_seq_cst);
  bool events = OMPT_ANY(SERIAL_END_EVENTS);
  if (events) {
    OMPT_STATE(th, ompt_state_overhead);
    if (OMPT_ON(implicit_task))
      OMPT_CALL(implicit_task, ompt_scope_end, NULL, &task->ompt_data, 0, 0, ompt_task_implicit);
  }
  th->tid = team->saved_tid;
  th->task = team->parent_task;
  atomic_signal_fence(memory_order_release);
  __atomic_store_n(&th->team, team->parent, __ATOMIC_RELEASE); // shutdown reads it
  if (events && OMPT_ON(parallel_end))
    OMPT_CALL(parallel_end, &team->ompt_parallel_data, &team->parent_task->ompt_data,
              team->ompt_flags, codeptr);
  OMPT_STATE(th, th->team->level == 0 ? ompt_state_work_serial : ompt_state_work_parallel);
}

static void serial_end(glass_thread_t *th, void *codeptr) {
  glass_team_t *team = th->team;
  // The region's end is a barrier: tasks still pending (detached, or waiting for dependences
  // on them) complete first.
  if (unlikely(th->task->tk.deps != NULL))
    glass_task_itask_end(th->task);
  if (unlikely(atomic_load_explicit(&team->tasking.active, memory_order_relaxed)))
    glass_task_barrier_drain(th, team);
  if (OMPT_ACTIVE()) {
    serial_end_tool(th, team, th->task, codeptr);
  } else {
    th->tid = team->saved_tid;
    th->task = team->parent_task;
    __atomic_store_n(&th->team, team->parent, __ATOMIC_RELEASE); // shutdown reads it
  }
  team->next_free = th->serial_free;
  th->serial_free = team;
}

void glass_serialized_begin(glass_thread_t *th, ident_t *loc, void *codeptr, void *frame) {
  glass_task_t *parent_task = th->task;
  // parallel_begin reports the enter frame the entry point set: its own frame, as for an active
  // region (the caller's frame pointer is unknown when the caller omits it).
  glass_team_t *team = serial_begin(th, loc, codeptr, 1, ompt_parallel_invoker_program);
  // Then the program calls the outlined function itself: the boundary between the two tasks is
  // the entry point's frame (runtime), for the parent's enter_frame and the child's exit_frame
  // alike; the outlined function's frame takes its place on the stack.
  OMPT_ENTER_FRAME_FLAGS(parent_task, frame);
  OMPT_EXIT_FRAME_FLAGS(&team->itasks[0], frame);
}

void glass_serialized_end(glass_thread_t *th, void *codeptr) {
  if (unlikely(!th->team->serialized || th->team->level == 0)) {
    glass_warn("__kmpc_end_serialized_parallel called outside a serialized region; ignored");
    return;
  }
  glass_task_t *parent_task = th->team->parent_task;
  serial_end(th, codeptr);
  OMPT_ENTER_FRAME_FLAGS(parent_task, NULL);
}

// ---------------------------------------------------------------------------------------------
// Fork.

static GLASS_COLD void strict_shortfall(ident_t *loc, int severity, const char *msg,
                                        int32_t requested, int32_t n, void *codeptr) {
  char buf[256];
  if (!msg) {
    snprintf(buf, sizeof(buf), "num_threads(strict: %d) cannot be honoured: %d thread%s available",
             requested, n, n == 1 ? "" : "s");
    msg = buf;
  }
  glass_error_action(loc, severity, msg, codeptr);
}

static void fork_serialized(glass_thread_t *th, ident_t *loc, void *codeptr, int32_t argc,
                            kmpc_micro fn, void **argv, int32_t requested) {
  glass_team_t *team = serial_begin(th, loc, codeptr, requested, ompt_parallel_invoker_runtime);
  team->fn = fn;
  glass_task_t *task = th->task;
  int32_t zero = 0;
  glass_invoke_microtask(fn, &th->gtid, &zero, argc, argv, glass_exit_frame_slot(task));
  (void)team, (void)task;
  serial_end(th, codeptr);
}

static void fork_team(glass_thread_t *th, ident_t *loc, void *codeptr, int32_t argc, kmpc_micro fn,
                      void **argv, int32_t n, int32_t requested, bool league);

void glass_fork(glass_thread_t *th, ident_t *loc, void *codeptr, int32_t argc, kmpc_micro fn,
                void **argv, int32_t nthreads_req, bool if_true) {
  glass_team_t *parent = th->team;
  glass_task_t *parent_task = th->task;
  th->pushed_nthreads = 0;
  int32_t requested = nthreads_req > 0 ? nthreads_req : parent_task->icvs.nthreads;
  int32_t n = team_size(parent_task, parent, nthreads_req, if_true);
  if (unlikely(th->pushed_strict)) {
    int severity = th->pushed_strict;
    th->pushed_strict = 0;
    if (if_true && n < requested)
      strict_shortfall(loc, severity, th->pushed_strict_msg, requested, n, codeptr);
  }
  if (n == 1) {
    fork_serialized(th, loc, codeptr, argc, fn, argv, requested);
    return;
  }
  fork_team(th, loc, codeptr, argc, fn, argv, n, requested, false);
}

void glass_fork_league(glass_thread_t *th, ident_t *loc, void *codeptr, int32_t argc, kmpc_micro fn,
                       void **argv, int32_t n) {
  fork_team(th, loc, codeptr, argc, fn, argv, n, n, true);
}

// The teams of a league are contention groups of their own: the league's members do not count
// against the encountering one's thread limit.
static void fork_team(glass_thread_t *th, ident_t *loc, void *codeptr, int32_t argc, kmpc_micro fn,
                      void **argv, int32_t n, int32_t requested, bool league) {
  glass_team_t *parent = th->team;
  glass_task_t *parent_task = th->task;
  OMPT_STATE(th, ompt_state_overhead);
  glass_team_t *team = team_acquire(th, parent->hot_level, n);
  if (unlikely(team->nmembers < n))
    n = team->nmembers;
  int32_t prev_n = team->nthreads;
  bool limited = parent_task->icvs.thread_limit != INT_MAX && !league;
  _Atomic int32_t *cg = limited ? cg_of(parent) : NULL;
  if (unlikely(limited))
    atomic_fetch_add_explicit(cg, n - 1, memory_order_relaxed);

  team->fn = fn;
  team->argc = argc;
  team->argv = argv;
  team->loc = loc;
  team->codeptr = codeptr;
  __atomic_store_n(&team->nthreads, n, __ATOMIC_RELAXED); // idle members poll it (task.c)
  // Before any task of the region exists: idle members (task.c's idle_poll) help only the
  // region they have left, never one whose implicit task they have not begun yet.
  __atomic_store_n(&team->region_gen, team->region_gen + 1, __ATOMIC_RELAXED);
  team->level = parent->level + 1;
  team->active_level = parent->active_level + 1;
  team->hot_level = parent->hot_level + 1;
  team->league = league;
  team->parent = parent;
  team->parent_task = parent_task;
  child_icvs(&team->child_icvs, parent_task);
  if (unlikely(th->pushed_list_len != 0))
    take_nthreads_list(th, team);
  if (unlikely(n > prev_n))
    team_refresh_slots(team, prev_n, n);
  int bind = th->pushed_bind >= 0 ? th->pushed_bind : parent_task->icvs.bind;
  th->pushed_bind = -1;
  if (unlikely(league))
    bind = glass_affinity_league_bind(bind);
  int32_t saved_part_first = th->part_first, saved_part_last = th->part_last;
  if (unlikely(bind != GLASS_BIND_FALSE || glass_env.display_affinity)) {
    glass_affinity_fork(th, team, bind);
    glass_barrier_tree_fork(team, n);
  } else {
    team->affinity_work = false;
    team->tree_on = false;
  }
  // With cancellation the join may complete in a barrier of the region (cancel.c): workers
  // always wait for its release then. A league's join is not a barrier a tool sees.
  team->join_full = (OMPT_ANY(JOIN_EVENTS) && !league) || glass_cancel_enabled();
  OMPT_TEAM_INIT(team, requested,
                 ompt_parallel_invoker_runtime |
                     (league ? ompt_parallel_league : ompt_parallel_team));
  if (OMPT_ON(parallel_begin))
    glass_ompt_parallel_begin(th, team, parent_task, requested, team->ompt_flags, codeptr);

  int32_t saved_tid = th->tid;
  uint32_t saved_episode = th->episode;
  // This thread's children in the enclosing team's tree, when they are not the plain ones.
  glass_tree_kids_t saved_kids;
  bool saved_custom = th->bar.custom;
  if (unlikely(saved_custom))
    saved_kids = th->bar;
  // Shutdown reads a master's team (thread.c's worker_finishing), from another thread.
  __atomic_store_n(&th->team, team, __ATOMIC_RELEASE);
  th->tid = 0;
  th->episode = team->episode;
  glass_barrier_tree_enter(th, team, 0);
  glass_barrier_release_children(th, team, 0);
  run_implicit_task(th, team, 0);
  team->episode = th->episode;
  if (unlikely(saved_custom))
    th->bar = saved_kids;
  else
    th->bar.custom = false;
  glass_ws_region_end(team); // every member has arrived at the join
  // With a tool attached, a region ends only when every member has left it: the next fork of
  // this team, or of an enclosing one, rewrites what the members' tails read.
  if (OMPT_ACTIVE())
    glass_team_wait_members_left(team, n);

  th->tid = saved_tid;
  th->episode = saved_episode;
  th->part_first = saved_part_first;
  th->part_last = saved_part_last;
  if (unlikely(team->affinity_work))
    glass_affinity_join(th, team);
  th->task = parent_task;
  atomic_signal_fence(memory_order_release);
  __atomic_store_n(&th->team, parent, __ATOMIC_RELEASE);
  if (unlikely(limited))
    atomic_fetch_sub_explicit(cg, n - 1, memory_order_relaxed);
  if (OMPT_ON(parallel_end))
    glass_ompt_parallel_end(th, team, parent_task, team->ompt_flags, codeptr);
  OMPT_STATE(th, parent->level == 0 ? ompt_state_work_serial : ompt_state_work_parallel);
}

void *glass_tail_call_codeptr(void) {
  glass_thread_t *th = glass_self_peek();
  glass_team_t *team = th && th->task ? th->task->team : NULL;
  return team ? (void *)team->fn : NULL;
}
