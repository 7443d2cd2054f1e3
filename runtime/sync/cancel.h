// Cancellation (cancel.c) as the rest of the runtime sees it: the tests other subsystems make
// (dispatch, task execution, barriers, the join) and the hooks they call. Everything is behind
// cancel-var (OMP_CANCELLATION), fixed at initialization: without it, one predictable branch.
#ifndef GLASS_CANCEL_H
#define GLASS_CANCEL_H

#include "glass.h"

static inline bool glass_cancel_enabled(void) {
  return unlikely(glass_env.cancellation);
}

// The worksharing loop th is in was cancelled (dynamic dispatch hands out no more chunks).
static inline bool glass_cancel_loop_requested(glass_thread_t *th) {
  return glass_cancel_enabled() &&
         atomic_load_explicit(&th->team->sync.cancel_loop, memory_order_relaxed) == th->episode + 1;
}

// The calling thread's parallel region was cancelled. For waits inside worksharing constructs
// (a busy dispatch slot, an ordered turn, a doacross dependence) that a member which left the
// region would otherwise never satisfy: they give up instead (cancel.c wakes them).
bool glass_cancel_parallel_now(void);

// glass_barrier when cancellation is enabled: a member that already left the region through
// a barrier that served as its join does not wait again.
void glass_cancel_plain_barrier(glass_thread_t *th, glass_barrier_kind_t kind, void *codeptr);
// The barrier proper (barrier.c), without the cancellation layer.
void glass_barrier_run(glass_thread_t *th, glass_barrier_kind_t kind, void *codeptr);

// th was just released from a barrier of team, whose region had nthreads members (read before
// the barrier: once a join is released the master may be resizing the team for its next
// region): was that barrier the cancelled region's join?
bool glass_cancel_gather_was_join(glass_thread_t *th, glass_team_t *team, int32_t nthreads);

// The join of th's implicit task in team: true when th already completed it in a cancellation
// barrier; the join's events are then delivered here and the join is skipped.
bool glass_cancel_join_done(glass_thread_t *th, glass_team_t *team, glass_task_t *task);

// Task execution (cancel.c): a task that has not started and belongs to a cancelled
// taskgroup or parallel region is discarded; true when t must be discarded (the cancel event
// was delivered).
bool glass_task_discard(glass_thread_t *th, glass_task_t *t);

// Wakes every member waiting on the team's dispatch slots (ws_dispatch.c), so that it sees the
// cancellation of its region.
void glass_ws_cancel_wake(glass_team_t *team);

// Dispatch (ws_dispatch.c): a member leaves a cancelled dispatched loop without asking for
// more chunks; its slot is released as if the loop had ended for it.
void glass_ws_dispatch_abandon(glass_thread_t *th, void *codeptr);

#endif
