// Cancellation: __kmpc_cancel, __kmpc_cancellationpoint, __kmpc_cancel_barrier,
// kmp_get_cancellation_status. Design notes: docs/internals-sync.md.
//
// Requests are not flags that someone must clear but stamps of barrier episodes (glass.h: every
// member of a team counts the gathers it took part in, th->episode, and all members agree on
// that count between two barriers). "Loop cancelled" is cancel_loop == the episode of the
// barrier that will end the loop (th->episode + 1): once that barrier is passed, the stamp is
// stale by itself, whichever barrier it was (clang ends a cancelled loop with a plain
// __kmpc_barrier). Likewise for sections.
//
// cancel parallel is the hard case: members that saw the request leave for the join, while
// others may be waiting in a barrier of the region (LLVM's libomp deadlocks here). In Glass the
// join and every barrier of a region are the same tree gather on the same arrival flags, and
// the join is a full barrier (workers wait for its release) whenever cancellation is enabled.
// So after a cancel parallel, every member takes exactly one more gather, whether in a barrier
// or at the join, and that gather (episode e) is the region's join: all are released
// together. A member released from a barrier finds out from the stamp that its barrier was the
// join: it returns 1 (clang then leaves the region) and skips its own join. The stamp holds
// (episode the region started at << 32) | e; the check after the release, "low half == e or
// high half == e", stays right even if the master has already started the next region and a
// member of it cancelled again (that new stamp starts at e).
#include "cancel.h"
#include "task_internal.h"
#include "ompt-internal.h"
#include "kmpc.h"

enum { KIND_PARALLEL = 1, KIND_LOOP = 2, KIND_SECTIONS = 3, KIND_TASKGROUP = 4 };

static const int ompt_kind[] = {
    [KIND_PARALLEL] = ompt_cancel_parallel,
    [KIND_LOOP] = ompt_cancel_loop,
    [KIND_SECTIONS] = ompt_cancel_sections,
    [KIND_TASKGROUP] = ompt_cancel_taskgroup,
};
#define CANCEL_EVENT(th, kind, how, codeptr)                                                       \
  do {                                                                                             \
    if (OMPT_ON(cancel))                                                                           \
      glass_ompt_cancel(th, ompt_kind[kind] | (how), codeptr);                                     \
  } while (0)

// ---------------------------------------------------------------------------------------------
// Stamps.

static inline uint32_t next_gather(const glass_thread_t *th) {
  return th->episode + 1;
}

static inline bool parallel_requested(const glass_thread_t *th, glass_team_t *team) {
  uint64_t s = atomic_load_explicit(&team->sync.cancel_parallel, memory_order_acquire);
  return team->nthreads > 1 && (uint32_t)s == next_gather(th);
}

// th was just released from gather e (th->episode == e): was that gather the region's join?
// A stamp made in a region that began at e or a little later says yes too: once released, a
// slow member may find that the master has since started and cancelled further regions (a
// region cannot begin at or after e unless gather e ended this one). The window keeps a stamp
// left from long ago from looking recent once the counters wrap.
#define LATER_REGION_WINDOW (1u << 24)
static inline bool gather_was_join(const glass_thread_t *th, glass_team_t *team) {
  uint64_t s = atomic_load_explicit(&team->sync.cancel_parallel, memory_order_acquire);
  return (uint32_t)s == th->episode ||
         (s != 0 && (uint32_t)(s >> 32) - th->episode < LATER_REGION_WINDOW);
}

// The team's current region was cancelled: the stamp was made in it (a real stamp's gather
// comes after its region's start; the initial {0, 0} is no stamp).
static inline bool region_cancelled(glass_team_t *team) {
  uint64_t s = atomic_load_explicit(&team->sync.cancel_parallel, memory_order_acquire);
  return (uint32_t)(s >> 32) == team->episode && (uint32_t)s != (uint32_t)(s >> 32);
}

bool glass_cancel_parallel_now(void) {
  glass_thread_t *th = glass_self_peek();
  return th && glass_cancel_enabled() && parallel_requested(th, th->team);
}

bool glass_cancel_gather_was_join(glass_thread_t *th, glass_team_t *team, int32_t nthreads) {
  return nthreads > 1 && gather_was_join(th, team);
}

static inline bool joined(const glass_thread_t *th, const glass_team_t *team) {
  return th->sync.cancel_joined == team;
}

static _Atomic uint32_t *ws_stamp(glass_team_t *team, int kind) {
  return kind == KIND_LOOP ? &team->sync.cancel_loop : &team->sync.cancel_sections;
}

static bool taskgroup_cancelled(const glass_taskgroup_t *tg) {
  for (; tg; tg = tg->parent)
    if (atomic_load_explicit(&tg->cancelled, memory_order_acquire))
      return true;
  return false;
}

// A thread reports a cancel parallel once, as activated or as detected: the exit path clang
// emits after a cancel or a cancellation point runs into __kmpc_cancel_barrier again.
static bool first_report(glass_thread_t *th, glass_team_t *team) {
  uint32_t s = (uint32_t)atomic_load_explicit(&team->sync.cancel_parallel, memory_order_relaxed);
  if (th->sync.cancel_reported == s && th->sync.cancel_reported_team == team)
    return false;
  th->sync.cancel_reported = s;
  th->sync.cancel_reported_team = team;
  return true;
}

// ---------------------------------------------------------------------------------------------
// Activation.

static GLASS_COLD int bad_kind(int32_t kind) {
  glass_warn("cancellation of unknown construct kind %d ignored", kind);
  return 0;
}

static bool activate(glass_thread_t *th, int32_t kind, void *codeptr) {
  glass_team_t *team = th->team;
  // A member that has already joined a cancelled region must not touch the team's state: the
  // team may be serving the master's next region.
  if (joined(th, team) && kind != KIND_TASKGROUP)
    return true;
  switch (kind) {
  case KIND_PARALLEL:
    if (team->nthreads > 1) {
      uint64_t s = (uint64_t)team->episode << 32 | next_gather(th);
      atomic_store_explicit(&team->sync.cancel_parallel, s, memory_order_seq_cst);
      first_report(th, team);
      glass_ws_cancel_wake(team);
    }
    return true;
  case KIND_LOOP:
  case KIND_SECTIONS:
    if (team->nthreads > 1)
      atomic_store_explicit(ws_stamp(team, kind), next_gather(th), memory_order_release);
    if (kind == KIND_LOOP)
      glass_ws_dispatch_abandon(th, codeptr);
    return true;
  case KIND_TASKGROUP: {
    glass_taskgroup_t *tg = th->task->tk.tg;
    if (!tg) {
      glass_warn("cancel taskgroup outside any taskgroup region ignored");
      return false;
    }
    atomic_store_explicit(&tg->cancelled, 1, memory_order_release);
    return true;
  }
  default:
    return bad_kind(kind);
  }
}

// Whether cancellation of kind was activated for the innermost region of that kind.
static bool requested(glass_thread_t *th, int32_t kind) {
  glass_team_t *team = th->team;
  switch (kind) {
  case KIND_PARALLEL:
    return joined(th, team) || parallel_requested(th, team);
  case KIND_LOOP:
  case KIND_SECTIONS:
    return team->nthreads > 1 &&
           atomic_load_explicit(ws_stamp(team, kind), memory_order_acquire) == next_gather(th);
  case KIND_TASKGROUP:
    return taskgroup_cancelled(th->task->tk.tg);
  default:
    return bad_kind(kind);
  }
}

// An explicit task that leaves its region at a taskgroup cancel or cancellation point was
// cancelled (5.1 §4.4.4.19: ompt_task_cancel, for a task cancelled at an active cancellation
// point); its completion says so (task.c, kmpc_task.c).
static void task_leaves(glass_thread_t *th, int32_t kind) {
  if (kind == KIND_TASKGROUP && th->task->kind == GLASS_TASK_EXPLICIT)
    th->task->tk.flags |= GLASS_TF_CANCELLED;
}

// th observed a request of kind at a cancellation point and leaves the construct.
static void detected(glass_thread_t *th, int32_t kind, void *codeptr) {
  if (kind == KIND_LOOP && !joined(th, th->team))
    glass_ws_dispatch_abandon(th, codeptr);
  if (kind == KIND_PARALLEL && !first_report(th, th->team))
    return;
  CANCEL_EVENT(th, kind, ompt_cancel_detected, codeptr);
}

GLASS_API int32_t __kmpc_cancel(ident_t *loc, int32_t gtid, int32_t kind) {
  if (!glass_cancel_enabled())
    return 0;
  void *codeptr = GLASS_CODEPTR();
  glass_thread_t *th = glass_self();
  if (!activate(th, kind, codeptr))
    return 0;
  CANCEL_EVENT(th, kind, ompt_cancel_activated, codeptr);
  task_leaves(th, kind);
  return 1;
}

GLASS_API int32_t __kmpc_cancellationpoint(ident_t *loc, int32_t gtid, int32_t kind) {
  if (!glass_cancel_enabled())
    return 0;
  void *codeptr = GLASS_CODEPTR();
  glass_thread_t *th = glass_self();
  if (!requested(th, kind))
    return 0;
  detected(th, kind, codeptr);
  task_leaves(th, kind);
  return 1;
}

// libomp's extension: whether cancellation of kind is active for the calling thread.
GLASS_API int kmp_get_cancellation_status(int kind) {
  if (!glass_cancel_enabled())
    return 0;
  return requested(glass_self(), kind);
}

GLASS_FORTRAN_BEGIN
GLASS_API int kmp_get_cancellation_status_(int *kind) {
  return kind ? kmp_get_cancellation_status(*kind) : 0;
}
GLASS_FORTRAN_END

// ---------------------------------------------------------------------------------------------
// Barriers.

static glass_barrier_kind_t barrier_kind(const ident_t *loc) {
  if (loc && (loc->flags & GLASS_IDENT_BARRIER_IMPL_MASK))
    return GLASS_BARRIER_IMPLICIT_WORKSHARE;
  if (loc && !(loc->flags & GLASS_IDENT_BARRIER_EXPL))
    return GLASS_BARRIER_IMPLEMENTATION;
  return GLASS_BARRIER_EXPLICIT;
}

// The barrier of a region that may be cancelled. Returns true when the region was cancelled:
// this thread must leave it (and its join is already done when the barrier served as one).
static bool cancellable_barrier(glass_thread_t *th, glass_barrier_kind_t kind, void *codeptr) {
  glass_team_t *team = th->team;
  // First: a member that has joined a cancelled region must not read the team, which may be
  // serving the master's next region already.
  if (joined(th, team))
    return true;
  if (team->nthreads == 1) {
    glass_barrier_run(th, kind, codeptr);
    return false;
  }
  if (parallel_requested(th, team))
    return true; // this thread's next gather is the join itself
  // Read now: once the barrier served as the join, the master may start another region.
  th->sync.cancel_codeptr = team->codeptr;
  glass_barrier_run(th, kind, codeptr);
  if (likely(!gather_was_join(th, team)))
    return false;
  th->sync.cancel_joined = team;
  return true;
}

GLASS_API int32_t __kmpc_cancel_barrier(ident_t *loc, int32_t gtid) {
  void *codeptr = GLASS_CODEPTR();
  glass_thread_t *th = glass_self();
  glass_task_t *task = th->task;
  OMPT_ENTER_FRAME(task, __builtin_frame_address(0));
  glass_barrier_kind_t kind = barrier_kind(loc);
  bool cancelled;
  if (!glass_cancel_enabled()) {
    glass_barrier_run(th, kind, codeptr);
    cancelled = false;
  } else {
    cancelled = cancellable_barrier(th, kind, codeptr);
    if (cancelled)
      detected(th, KIND_PARALLEL, codeptr);
  }
  OMPT_ENTER_FRAME(task, NULL);
  return cancelled;
}

void glass_cancel_plain_barrier(glass_thread_t *th, glass_barrier_kind_t kind, void *codeptr) {
  // A barrier that cannot leave the region (__kmpc_barrier, a reduction's or copyprivate's
  // barrier): it still must not wait for a team that has already joined.
  cancellable_barrier(th, kind, codeptr);
}

// ---------------------------------------------------------------------------------------------
// The join.

bool glass_cancel_join_done(glass_thread_t *th, glass_team_t *team, glass_task_t *task) {
  if (likely(!joined(th, team)))
    return false;
  th->sync.cancel_joined = NULL;
  // The join's events, without a wait: the region may be over, so no parallel data.
  void *codeptr = th->sync.cancel_codeptr;
  ompt_sync_region_t k = ompt_sync_region_barrier_implicit_parallel;
  ompt_data_t *td = &task->ompt_data;
  if (OMPT_ON(sync_region))
    OMPT_CALL(sync_region, k, ompt_scope_begin, NULL, td, codeptr);
  if (OMPT_ON(sync_region_wait)) {
    OMPT_CALL(sync_region_wait, k, ompt_scope_begin, NULL, td, codeptr);
    OMPT_CALL(sync_region_wait, k, ompt_scope_end, NULL, td, codeptr);
  }
  OMPT_WAIT_STATE(th, ompt_state_overhead, 0);
  if (OMPT_ON(sync_region))
    OMPT_CALL(sync_region, k, ompt_scope_end, NULL, td, codeptr);
  if (OMPT_ON(implicit_task))
    OMPT_CALL(implicit_task, ompt_scope_end, NULL, td, 0, task->thread_num, ompt_task_implicit);
  return true;
}

// ---------------------------------------------------------------------------------------------
// Tasks (task.c calls this before a task's first part runs).

bool glass_task_discard(glass_thread_t *th, glass_task_t *t) {
  glass_team_t *team = t->team;
  int kind;
  if (taskgroup_cancelled(t->tk.tg)) {
    kind = KIND_TASKGROUP;
  } else if (team->nthreads > 1 && region_cancelled(team)) {
    kind = KIND_PARALLEL;
  } else {
    return false;
  }
  CANCEL_EVENT(th, kind, ompt_cancel_discarded_task, NULL);
  (void)kind;
  return true;
}
