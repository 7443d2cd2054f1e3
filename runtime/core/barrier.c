// Tree barrier. Gather: each member waits for its children's arrival flags, then sets its own
// (the root, the master, waits for the whole tree). Release: each member bumps its children's
// go flags. Every flag is on its own cache line and has a single waiter, so a sleeping waiter
// costs its signaller one futex wake and nobody else anything. The tree is 4-ary by member
// number, or, with the team on places, grouped by the machine's neighbourhoods
// (barrier_tree.c); GLASS_TREE_FOR_CHILDREN visits a member's children either way.
//
// The fork of a parallel region is the release phase of the barrier that ended the previous
// region on the same team, so a hot team's region costs one tree release and one tree gather.
#include "glass.h"
#include "ompt-internal.h"
#include "cancel.h"

// w, when not NULL, runs tasks while waiting (the team has deferred tasks).
void glass_barrier_gather_wait(glass_thread_t *th, glass_team_t *team, int tid,
                               const glass_waiter_t *w) {
  uint32_t target = 2 * (th->episode + 1);
  GLASS_TREE_FOR_CHILDREN(th, tid, team->nthreads, c, {
    glass_flag_t *arrived = &team->slots[c].arrived;
    if (unlikely(w != NULL))
      atomic_store_explicit(&th->tasking.wait_flag, arrived, memory_order_release);
    glass_flag_wait(arrived, target, w);
  });
  if (tid != 0)
    glass_flag_set(&team->slots[tid].arrived, target);
  th->episode++;
}

void glass_barrier_gather(glass_thread_t *th, glass_team_t *team, int tid) {
  glass_barrier_gather_wait(th, team, tid, NULL);
}

void glass_barrier_release_children(glass_thread_t *th, glass_team_t *team, int tid) {
  glass_barrier_release_tree(th, team, tid, team->nthreads);
}

// n is the team's size when the barrier began: a barrier that ends the region (a join, a
// cancelled barrier) is relayed while the master may already be resizing the team (th's
// children are still those of the region it ends).
void glass_barrier_release_tree(glass_thread_t *th, glass_team_t *team, int tid, int32_t n) {
  GLASS_TREE_FOR_CHILDREN(th, tid, n, c, glass_flag_bump(&team->members[c]->go));
}

void glass_barrier_wait_release_wait(glass_thread_t *th, const glass_waiter_t *w) {
  th->go_seen += 2;
  if (unlikely(w != NULL))
    atomic_store_explicit(&th->tasking.wait_flag, &th->go, memory_order_relaxed);
  glass_flag_wait(&th->go, th->go_seen, w);
}

void glass_barrier_wait_release(glass_thread_t *th) {
  glass_barrier_wait_release_wait(th, NULL);
}

// A barrier of a team with deferred tasks (task scheduling points): members run tasks while
// they wait, and the root completes the barrier only when every task of the team is complete.
static GLASS_NOINLINE void barrier_with_tasks(glass_thread_t *th, glass_team_t *team) {
  int tid = th->tid;
  int32_t n = team->nthreads;
  glass_waiter_t tw;
  const glass_waiter_t *w = glass_task_wait_begin(th, team, &tw);
  glass_barrier_gather_wait(th, team, tid, w);
  if (tid == 0)
    glass_task_barrier_drain(th, team);
  else
    glass_barrier_wait_release_wait(th, w);
  glass_barrier_release_tree(th, team, tid, n);
  glass_task_wait_end(th, team);
}

static const ompt_sync_region_t sync_kind[] = {
    [GLASS_BARRIER_IMPLICIT_PARALLEL] = ompt_sync_region_barrier_implicit_parallel,
    [GLASS_BARRIER_IMPLICIT_WORKSHARE] = ompt_sync_region_barrier_implicit_workshare,
    [GLASS_BARRIER_EXPLICIT] = ompt_sync_region_barrier_explicit,
    [GLASS_BARRIER_IMPLEMENTATION] = ompt_sync_region_barrier_implementation,
};

static const int wait_state[] = {
    [GLASS_BARRIER_IMPLICIT_PARALLEL] = ompt_state_wait_barrier_implicit_parallel,
    [GLASS_BARRIER_IMPLICIT_WORKSHARE] = ompt_state_wait_barrier_implicit_workshare,
    [GLASS_BARRIER_EXPLICIT] = ompt_state_wait_barrier_explicit,
    [GLASS_BARRIER_IMPLEMENTATION] = ompt_state_wait_barrier_implementation,
};

// The wait itself: gather, and release unless this thread is the root.
static inline void barrier_wait(glass_thread_t *th, glass_team_t *team) {
  if (unlikely(atomic_load_explicit(&team->tasking.active, memory_order_relaxed))) {
    if (team->nthreads > 1)
      barrier_with_tasks(th, team);
    else
      glass_task_barrier_drain(th, team);
  } else if (likely(team->nthreads > 1)) {
    int tid = th->tid;
    int32_t n = team->nthreads;
    // Members that arrived before another deferred tasks run them too (task.c's lazy poll).
    glass_waiter_t lw;
    const glass_waiter_t *w = glass_task_lazy_waiter(th, &lw);
    glass_barrier_gather_wait(th, team, tid, w);
    // Tasks deferred by members that arrived after this thread tested the flag.
    if (tid == 0 && unlikely(atomic_load_explicit(&team->tasking.active, memory_order_relaxed)))
      glass_task_barrier_drain(th, team);
    if (tid != 0)
      glass_barrier_wait_release_wait(th, w);
    glass_barrier_release_tree(th, team, tid, n);
    glass_task_lazy_end(th, team);
  }
}

// A barrier a tool watches: its four events come from one out-of-line function that reads
// the event's arguments once and calls the tool directly.
static GLASS_NOINLINE void barrier_traced(glass_thread_t *th, glass_barrier_kind_t kind,
                                          void *codeptr) {
  glass_team_t *team = th->team;
  ompt_data_t *pd = glass_team_parallel_data(team);
  ompt_data_t *td = &th->task->ompt_data;
  ompt_sync_region_t k = sync_kind[kind];
  int32_t prior = th->ompt_state;
  if (OMPT_ON(sync_region))
    OMPT_CALL(sync_region, k, ompt_scope_begin, pd, td, codeptr);
  OMPT_WAIT_STATE(th, wait_state[kind], team);
  if (OMPT_ON(sync_region_wait))
    OMPT_CALL(sync_region_wait, k, ompt_scope_begin, pd, td, codeptr);
  // Read now: if this barrier turns out to be the join of a cancelled region, the master may
  // be forking its next region once the barrier is released.
  int32_t nthreads = team->nthreads;
  uint64_t t0 = glass_stats_clock();
  barrier_wait(th, team);
  GLASS_STAT_WAIT_END(th, GS_BARRIER, t0);
  // A barrier of a cancelled region that served as its join: the region may be over.
  if (unlikely(glass_cancel_enabled()) && glass_cancel_gather_was_join(th, team, nthreads))
    pd = NULL;
  if (OMPT_ON(sync_region_wait))
    OMPT_CALL(sync_region_wait, k, ompt_scope_end, pd, td, codeptr);
  OMPT_WAIT_STATE(th, prior, 0);
  if (OMPT_ON(sync_region))
    OMPT_CALL(sync_region, k, ompt_scope_end, pd, td, codeptr);
}

// A team of one with no task pending, which a tool watches: nothing to wait for, only the
// events, with the encountering task's enter frame set around them. Tail-called by
// __kmpc_barrier (which has no frame of its own): the return address is the user's call site,
// and this frame is where __kmpc_barrier's would be. The team's and task's data are reloaded
// for every call rather than held across the calls (a load costs less than a spill).
void glass_barrier_solo_entry(ident_t *loc) {
  glass_thread_t *th = glass_tls_self;
  glass_barrier_kind_t kind = glass_barrier_kind(loc);
  void *codeptr = GLASS_CODEPTR();
  void *frame = __builtin_frame_address(0);
  if (glass_cancel_enabled()) {
    OMPT_ENTER_FRAME(th->task, frame);
    glass_cancel_plain_barrier(th, kind, codeptr); // cancel.c
    OMPT_ENTER_FRAME(th->task, NULL);
    return;
  }
  ompt_sync_region_t k = sync_kind[kind];
  int32_t prior = th->ompt_state;
  int32_t waiting = wait_state[kind];
  OMPT_ENTER_FRAME(th->task, frame);
  if (OMPT_ON(sync_region))
    OMPT_CALL(sync_region, k, ompt_scope_begin, OMPT_PD(th), OMPT_TD(th), codeptr);
  OMPT_WAIT_STATE(th, waiting, th->team);
  if (OMPT_ON(sync_region_wait)) {
    OMPT_CALL(sync_region_wait, k, ompt_scope_begin, OMPT_PD(th), OMPT_TD(th), codeptr);
    OMPT_CALL(sync_region_wait, k, ompt_scope_end, OMPT_PD(th), OMPT_TD(th), codeptr);
  }
  OMPT_WAIT_STATE(th, prior, 0);
  if (OMPT_ON(sync_region))
    OMPT_CALL(sync_region, k, ompt_scope_end, OMPT_PD(th), OMPT_TD(th), codeptr);
  OMPT_ENTER_FRAME(th->task, NULL);
}

static inline void barrier_run(glass_thread_t *th, glass_barrier_kind_t kind, void *codeptr) {
  glass_team_t *team = th->team;
  if (OMPT_ANY(OMPT_SYNC_EVENTS)) {
    barrier_traced(th, kind, codeptr);
    return;
  }
  int32_t prior = th->ompt_state;
  OMPT_WAIT_STATE(th, wait_state[kind], team);
  uint64_t t0 = glass_stats_clock();
  barrier_wait(th, team);
  GLASS_STAT_WAIT_END(th, GS_BARRIER, t0);
  OMPT_WAIT_STATE(th, prior, 0);
}

void glass_barrier_run(glass_thread_t *th, glass_barrier_kind_t kind, void *codeptr) {
  barrier_run(th, kind, codeptr);
}

void glass_barrier(glass_thread_t *th, glass_barrier_kind_t kind, void *codeptr) {
  if (glass_cancel_enabled())
    glass_cancel_plain_barrier(th, kind, codeptr); // cancel.c
  else
    barrier_run(th, kind, codeptr);
}
