// Tree barrier. Gather: each member waits for its children's arrival flags, then sets its own
// (the root, the master, waits for the whole tree). Release: each member bumps its children's
// go flags. Every flag is on its own cache line and has a single waiter, so a sleeping waiter
// costs its signaller one futex wake and nobody else anything.
//
// The fork of a parallel region is the release phase of the barrier that ended the previous
// region on the same team, so a hot team's region costs one tree release and one tree gather.
#include "glass.h"
#include "../ompt/ompt-internal.h"

// Fan-in/fan-out of the tree. 4 keeps a parent's wait short and the depth at log4(n).
#define BRANCH 4

void glass_barrier_gather(glass_thread_t *th, glass_team_t *team, int tid) {
  uint32_t target = 2 * (th->episode + 1);
  int32_t n = team->nthreads;
  int32_t first = tid * BRANCH + 1;
  int32_t last = first + BRANCH;
  if (last > n)
    last = n;
  for (int32_t c = first; c < last; c++)
    glass_flag_wait(&team->slots[c].arrived, target, NULL);
  if (tid != 0)
    glass_flag_set(&team->slots[tid].arrived, target);
  th->episode++;
}

void glass_barrier_release_children(glass_team_t *team, int tid) {
  int32_t n = team->nthreads;
  int32_t first = tid * BRANCH + 1;
  int32_t last = first + BRANCH;
  if (last > n)
    last = n;
  for (int32_t c = first; c < last; c++)
    glass_flag_bump(&team->members[c]->go);
}

void glass_barrier_wait_release(glass_thread_t *th) {
  th->go_seen += 2;
  glass_flag_wait(&th->go, th->go_seen, NULL);
}

#if GLASS_OMPT
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

static GLASS_NOINLINE void barrier_begin_events(glass_thread_t *th, glass_barrier_kind_t kind,
                                                void *codeptr) {
  if (OMPT_ON(sync_region))
    glass_ompt_sync_region(ompt_callback_sync_region, sync_kind[kind], ompt_scope_begin, th->team,
                           th->task, codeptr);
  OMPT_WAIT_STATE(th, wait_state[kind], th->team);
  if (OMPT_ON(sync_region_wait))
    glass_ompt_sync_region(ompt_callback_sync_region_wait, sync_kind[kind], ompt_scope_begin,
                           th->team, th->task, codeptr);
}

static GLASS_NOINLINE void barrier_end_events(glass_thread_t *th, glass_barrier_kind_t kind,
                                              int prior_state, void *codeptr) {
  if (OMPT_ON(sync_region_wait))
    glass_ompt_sync_region(ompt_callback_sync_region_wait, sync_kind[kind], ompt_scope_end,
                           th->team, th->task, codeptr);
  OMPT_WAIT_STATE(th, prior_state, 0);
  if (OMPT_ON(sync_region))
    glass_ompt_sync_region(ompt_callback_sync_region, sync_kind[kind], ompt_scope_end, th->team,
                           th->task, codeptr);
}

#define BARRIER_EVENTS (OMPT_BIT(sync_region) | OMPT_BIT(sync_region_wait))
#endif

void glass_barrier(glass_thread_t *th, glass_barrier_kind_t kind, void *codeptr) {
  glass_team_t *team = th->team;
#if GLASS_OMPT
  int32_t prior = th->ompt_state;
  if (OMPT_ANY(BARRIER_EVENTS))
    barrier_begin_events(th, kind, codeptr);
  else
    OMPT_WAIT_STATE(th, wait_state[kind], team);
#else
  (void)kind, (void)codeptr;
#endif
  if (likely(team->nthreads > 1)) {
    int tid = th->tid;
    glass_barrier_gather(th, team, tid);
    if (tid != 0)
      glass_barrier_wait_release(th);
    glass_barrier_release_children(team, tid);
  }
#if GLASS_OMPT
  if (OMPT_ANY(BARRIER_EVENTS))
    barrier_end_events(th, kind, prior, codeptr);
  else
    OMPT_WAIT_STATE(th, prior, 0);
#endif
}
