// Explicit tasks: descriptors, submission, execution, completion, the work-stealing scheduler
// and the waits that run tasks (taskwait, taskgroup, barriers). Design: docs/internals-tasking.md.
#define _GNU_SOURCE // RTLD_DEFAULT
#include "task_internal.h"
#include "task_alloc.h"
#include "ompt-internal.h"
#include "cancel.h"

#include <dlfcn.h>
#include <stdlib.h>

// ---------------------------------------------------------------------------------------------
// Descriptor blocks (the fast paths are in task_alloc.h): per-thread free lists by size class.
// A block returns to the thread that made it: a block freed by another thread joins that
// thread's batch for the owner, and a full batch (or one for another owner) goes onto the
// owner's `remote_free` stack with one CAS; the owner takes the whole stack when its list of
// the class is empty. So a producer/consumer pair recycles its blocks instead of going through
// malloc (whose cross-thread frees take the arena lock). A list holds at most GLASS_FREE_CAP
// blocks, so that a burst of tasks does not hoard memory.

const uint32_t glass_task_class_size[GLASS_TASK_CLASSES] = {256, 512, 1024, 2048, 4096};

// Blocks have no owner under TSan, so block_put frees them and the free lists stay empty: the
// inline fast path finds no block and costs nothing more.
static bool blocks_via_malloc;

void glass_task_detect_sanitizer(void) {
  blocks_via_malloc = dlsym(RTLD_DEFAULT, "__tsan_init") != NULL;
}

#define GLASS_RBATCH 32

static inline void block_put_local(glass_thread_t *th, void *b, int8_t cls) {
  if (likely(th->tasking.free_count[cls] < GLASS_FREE_CAP)) {
    *(void **)b = th->tasking.free_list[cls];
    th->tasking.free_list[cls] = b;
    th->tasking.free_count[cls]++;
    return;
  }
  free(b);
}

static void rbatch_flush(glass_thread_t *th) {
  glass_thread_t *owner = th->tasking.rbatch_owner;
  void *head = th->tasking.rbatch_head, *tail = th->tasking.rbatch_tail;
  th->tasking.rbatch_head = th->tasking.rbatch_tail = NULL;
  th->tasking.rbatch_n = 0;
  th->tasking.rbatch_owner = NULL;
  if (!head)
    return;
  void *old = atomic_load_explicit(&owner->tasking.remote_free, memory_order_relaxed);
  do
    *(void **)tail = old;
  while (!atomic_compare_exchange_weak_explicit(&owner->tasking.remote_free, &old, head,
                                                memory_order_release, memory_order_relaxed));
}

static GLASS_NOINLINE void block_put_remote(glass_thread_t *th, glass_xtask_t *t) {
  if (th->tasking.rbatch_owner != t->owner)
    rbatch_flush(th);
  th->tasking.rbatch_owner = t->owner;
  *(void **)t = th->tasking.rbatch_head;
  if (!th->tasking.rbatch_tail)
    th->tasking.rbatch_tail = t;
  th->tasking.rbatch_head = t;
  if (++th->tasking.rbatch_n >= GLASS_RBATCH)
    rbatch_flush(th);
}

// Takes back the blocks other threads freed for this one. True when class c got some.
static bool block_reclaim(glass_thread_t *th, int c) {
  if (!atomic_load_explicit(&th->tasking.remote_free, memory_order_relaxed))
    return false;
  void *b = atomic_exchange_explicit(&th->tasking.remote_free, NULL, memory_order_acquire);
  while (b) {
    void *next = *(void **)b;
    block_put_local(th, b, ((glass_xtask_t *)b)->size_class);
    b = next;
  }
  return th->tasking.free_list[c] != NULL;
}

void *glass_task_block_slow(glass_thread_t *th, size_t size, int8_t *cls) {
  int c = 0;
  while (c < GLASS_TASK_CLASSES && size > glass_task_class_size[c])
    c++;
  if (c < GLASS_TASK_CLASSES && (th->tasking.free_list[c] || block_reclaim(th, c))) {
    void *b = th->tasking.free_list[c];
    th->tasking.free_list[c] = *(void **)b;
    th->tasking.free_count[c]--;
    *cls = (int8_t)c;
    return b;
  }
  size_t bytes = c < GLASS_TASK_CLASSES ? glass_task_class_size[c] : (size + 63) & ~(size_t)63;
  *cls = c < GLASS_TASK_CLASSES ? (int8_t)c : -1;
  void *p = NULL;
  if (posix_memalign(&p, 64, bytes) != 0 || !p)
    glass_zalloc((size_t)-1 >> 1); // reports OOM
  ((glass_xtask_t *)p)->owner = c < GLASS_TASK_CLASSES && !blocks_via_malloc ? th : NULL;
  glass_task_block_fresh(p);
  return p;
}

static inline void block_put(glass_thread_t *th, glass_xtask_t *t) {
  if (likely(t->owner == th)) {
    block_put_local(th, t, t->size_class);
    return;
  }
  if (!t->owner) {
    free(t);
    return;
  }
  block_put_remote(th, t);
}

// ---------------------------------------------------------------------------------------------
// Allocation and release. A task holds a reference on its explicit parent until it is freed, so
// every ancestor of a live task is live (the tied-task check and ompt_get_task_info walk them).

static uint32_t task_flags(int32_t flags, const glass_task_t *parent) {
  return ((flags & KMP_TASK_FINAL) || (parent->tk.flags & GLASS_TF_FINAL) ? GLASS_TF_FINAL : 0) |
         (flags & KMP_TASK_TIED ? 0 : GLASS_TF_UNTIED) |
         (flags & KMP_TASK_DETACHABLE ? GLASS_TF_DETACH : 0);
}

glass_xtask_t *glass_task_alloc(glass_thread_t *th, int32_t flags, size_t task_size,
                                size_t shareds_size, kmp_routine_t entry, void *codeptr) {
  if (unlikely(task_size < sizeof(kmp_task_t)))
    task_size = sizeof(kmp_task_t);
  size_t off = (__builtin_offsetof(glass_xtask_t, hdr) + task_size + 7) & ~(size_t)7;
  int8_t cls;
  glass_xtask_t *t = glass_task_block_slow(th, off + shareds_size, &cls);
  glass_task_t *parent = th->task;
  glass_task_init_fields(th, t, parent, flags, task_flags(flags, parent), task_size, off,
                         shareds_size, entry, cls);
  t->codeptr = codeptr;
  atomic_store_explicit(&t->event, 0, memory_order_relaxed);
  return t;
}

// A task counted in its team's `pending` (GLASS_TF_PENDING) is freed: its whole subtree is
// complete. A member of the team adds it to its debt (paid when it next finds no task to run,
// so that thieves running a stream of tasks do not bounce the `pending` line); anybody else
// (a fulfill from outside the team) pays at once.
static inline void pending_done(glass_thread_t *th, glass_team_t *team) {
  if (likely(th->team == team) &&
      likely(th->tasking.debt_team == team || th->tasking.pending_debt == 0)) {
    th->tasking.debt_team = team;
    th->tasking.pending_debt++;
    return;
  }
  GLASS_STAT(th, GS_SHARED_RMW);
  if (atomic_fetch_sub_explicit(&team->tasking.pending, 1, memory_order_seq_cst) == 1)
    glass_task_team_idle(team);
}

static inline void block_free(glass_thread_t *th, glass_xtask_t *t) {
  if (unlikely(t->base.tk.flags & GLASS_TF_PENDING))
    pending_done(th, t->base.team);
  block_put(th, t);
}

static GLASS_NOINLINE void task_release_slow(glass_thread_t *th, glass_xtask_t *t) {
  for (;;) {
    // The last reference needs no atomic: nobody else can add one to a complete task.
    if (atomic_load_explicit(&t->refs, memory_order_acquire) != 1) {
      GLASS_STAT(th, GS_SHARED_RMW);
      if (atomic_fetch_sub_explicit(&t->refs, 1, memory_order_acq_rel) != 1)
        return;
      atomic_store_explicit(&t->refs, 1, memory_order_relaxed); // glass_task_block_fresh
    }
    glass_task_t *parent = t->base.parent;
    block_free(th, t);
    if (parent->kind != GLASS_TASK_EXPLICIT)
      return;
    t = xtask_from_base(parent);
  }
}

// The common case inline: the last reference on a task whose parent is an implicit task.
static inline void task_release(glass_thread_t *th, glass_xtask_t *t) {
  glass_task_t *parent = t->base.parent;
  if (likely(atomic_load_explicit(&t->refs, memory_order_acquire) == 1) &&
      likely(parent->kind != GLASS_TASK_EXPLICIT)) {
    block_free(th, t);
    return;
  }
  task_release_slow(th, t);
}

// ---------------------------------------------------------------------------------------------
// Deques.

static glass_xtask_t *dq_pop(glass_deque_t *q) {
  // Empty for sure (only the owner adds, and `top` only grows): skip the fence. Waiting threads
  // look at their own deque at every poll.
  if (atomic_load_explicit(&q->bottom, memory_order_relaxed) <=
      atomic_load_explicit(&q->top, memory_order_relaxed))
    return NULL;
  int64_t b = atomic_load_explicit(&q->bottom, memory_order_relaxed) - 1;
  atomic_store_explicit(&q->bottom, b, memory_order_relaxed);
  atomic_thread_fence(memory_order_seq_cst);
  int64_t t = atomic_load_explicit(&q->top, memory_order_relaxed);
  if (t > b) {
    atomic_store_explicit(&q->bottom, b + 1, memory_order_relaxed);
    return NULL;
  }
  glass_xtask_t *x =
      atomic_load_explicit(&q->buf[b & (GLASS_DQ_CAP - 1)].task, memory_order_relaxed);
  if (t == b) {
    if (!atomic_compare_exchange_strong_explicit(&q->top, &t, t + 1, memory_order_seq_cst,
                                                 memory_order_relaxed))
      x = NULL;
    atomic_store_explicit(&q->bottom, b + 1, memory_order_relaxed);
  }
  return x;
}

// The entry of x (glass_dq_slot_t). x, its parent and grandparent are alive: x holds a
// reference on its parent, which holds one on its own.
static inline void dq_slot_fill(glass_dq_slot_t *e, glass_xtask_t *x) {
  const glass_task_t *p = x->base.parent;
  atomic_store_explicit(&e->task, x, memory_order_relaxed);
  atomic_store_explicit(&e->parent, p, memory_order_relaxed);
  atomic_store_explicit(&e->grandparent, p->kind == GLASS_TASK_EXPLICIT ? p->parent : NULL,
                        memory_order_relaxed);
  atomic_store_explicit(&e->depth, x->base.tk.flags & GLASS_TF_UNTIED ? -1 : x->base.tk.depth,
                        memory_order_relaxed);
}

static bool dq_push(glass_deque_t *q, glass_xtask_t *x) {
  int64_t b = atomic_load_explicit(&q->bottom, memory_order_relaxed);
  if (unlikely(b - q->top_seen >= GLASS_DQ_CAP)) {
    q->top_seen = atomic_load_explicit(&q->top, memory_order_acquire);
    if (b - q->top_seen >= GLASS_DQ_CAP)
      return false;
  }
  dq_slot_fill(&q->buf[b & (GLASS_DQ_CAP - 1)], x);
  atomic_store_explicit(&q->bottom, b + 1, memory_order_release);
  return true;
}

// Owner only: a push would succeed (nobody else pushes, so it still will).
static inline bool dq_has_room(glass_deque_t *q) {
  int64_t b = atomic_load_explicit(&q->bottom, memory_order_relaxed);
  if (likely(b - q->top_seen < GLASS_DQ_CAP))
    return true;
  q->top_seen = atomic_load_explicit(&q->top, memory_order_acquire);
  return b - q->top_seen < GLASS_DQ_CAP;
}

// What a deque entry tells a thief whose innermost tied task (or implicit task) is s about the
// tied-task constraint: the task's ancestor at s's depth is its parent or grandparent when it
// is one or two levels below s; deeper, the entry cannot tell.
enum { TSC_NO, TSC_YES, TSC_UNKNOWN };

static inline int tsc_peek(const glass_task_t *s, const glass_dq_slot_t *e) {
  int32_t depth = atomic_load_explicit(&e->depth, memory_order_relaxed);
  if (depth < 0)
    return TSC_YES;
  int32_t d = s->tk.depth;
  if (depth == d + 1)
    return atomic_load_explicit(&e->parent, memory_order_relaxed) == s ? TSC_YES : TSC_NO;
  if (depth == d + 2)
    return atomic_load_explicit(&e->grandparent, memory_order_relaxed) == s ? TSC_YES : TSC_NO;
  return depth <= d ? TSC_NO : TSC_UNKNOWN;
}

// Owner only: the newest task of the deque is one the tied-task constraint forbids for s. The
// entry stays valid while a thief takes the task: only the owner writes entries.
static inline bool dq_bottom_refused(glass_deque_t *q, const glass_task_t *s) {
  int64_t b = atomic_load_explicit(&q->bottom, memory_order_relaxed);
  if (b <= atomic_load_explicit(&q->top, memory_order_relaxed))
    return false;
  return tsc_peek(s, &q->buf[(b - 1) & (GLASS_DQ_CAP - 1)]) == TSC_NO;
}

enum { STEAL_EMPTY, STEAL_LOST, STEAL_REFUSED, STEAL_OK, STEAL_CHECK };

// Takes the task at the top. With s (a taskwait-like scheduling point), a task the tied-task
// constraint forbids is left where it is, for a thread that may run it; *why says STEAL_CHECK
// when the entry could not tell (the caller checks the task, which is now its own).
static glass_xtask_t *dq_steal(glass_deque_t *q, const glass_task_t *s, int *why) {
  // A cheap look first: an empty deque costs no fence (a stale answer only delays a steal to
  // the next poll).
  if (atomic_load_explicit(&q->bottom, memory_order_relaxed) <=
      atomic_load_explicit(&q->top, memory_order_relaxed))
    return NULL;
  int64_t t = atomic_load_explicit(&q->top, memory_order_acquire);
  atomic_thread_fence(memory_order_seq_cst);
  int64_t b = atomic_load_explicit(&q->bottom, memory_order_acquire);
  if (t >= b)
    return NULL;
  glass_dq_slot_t *e = &q->buf[t & (GLASS_DQ_CAP - 1)];
  int allowed = s ? tsc_peek(s, e) : TSC_YES;
  if (allowed == TSC_NO) {
    *why = STEAL_REFUSED;
    return NULL;
  }
  glass_xtask_t *x = atomic_load_explicit(&e->task, memory_order_relaxed);
  if (!atomic_compare_exchange_strong_explicit(&q->top, &t, t + 1, memory_order_seq_cst,
                                               memory_order_relaxed)) {
    *why = STEAL_LOST;
    return NULL;
  }
  *why = allowed == TSC_YES ? STEAL_OK : STEAL_CHECK;
  return x;
}

// The team's deques, one per member, created by the first deferred task of any region.
static GLASS_NOINLINE glass_deque_t *team_deques_create(glass_team_t *team) {
  glass_mutex_lock(&team->tasking.lock);
  glass_deque_t *d = atomic_load_explicit(&team->tasking.dqs, memory_order_acquire);
  if (!d || team->tasking.ndq < team->nthreads) {
    // A larger team: the old deques are empty (every task of earlier regions completed), but a
    // late reader may still hold the pointer, so they are not freed.
    int32_t n = team->capacity > team->nthreads ? team->capacity : team->nthreads;
    d = glass_zalloc_aligned(sizeof(*d) * (size_t)n, GLASS_CACHE);
    for (int32_t i = 0; i < n; i++)
      d[i].buf = glass_zalloc_aligned(sizeof(*d[i].buf) * GLASS_DQ_CAP, GLASS_CACHE);
    team->tasking.ndq = n;
    atomic_store_explicit(&team->tasking.dqs, d, memory_order_release);
  }
  glass_mutex_unlock(&team->tasking.lock);
  return d;
}

static inline glass_deque_t *team_deques(glass_team_t *team) {
  glass_deque_t *d = atomic_load_explicit(&team->tasking.dqs, memory_order_acquire);
  if (unlikely(!d || team->tasking.ndq < team->nthreads))
    d = team_deques_create(team);
  return d;
}

// ---------------------------------------------------------------------------------------------
// The shared list: tasks with a priority, tasks made ready by a thread outside the team (a
// fulfilled event, a dependence released by a foreign thread) and overflow of full deques.

// Tasks of equal priority keep their order. A task that goes after the tail (priority 0, the
// overflow of full deques and requeued untied tasks) is appended in O(1): a producer that keeps
// overflowing must not walk a list it is making longer.
static void shared_push(glass_thread_t *th, glass_team_t *team, glass_xtask_t *t) {
  GLASS_STAT(th, GS_SHARED_PUSH);
  GLASS_STAT_ADD(th, GS_SHARED_RMW, 2); // the lock and nprio
  glass_mutex_lock(&team->tasking.lock);
  glass_xtask_t *tail = team->tasking.prio_tail;
  glass_xtask_t **pp = &team->tasking.prio_head;
  if (tail && tail->priority >= t->priority)
    pp = &tail->next;
  else
    while (*pp && (*pp)->priority >= t->priority)
      pp = &(*pp)->next;
  t->next = *pp;
  *pp = t;
  if (!t->next)
    team->tasking.prio_tail = t;
  atomic_store_explicit(&team->tasking.shared_ver, team->tasking.shared_ver + 1,
                        memory_order_relaxed);
  atomic_fetch_add_explicit(&team->tasking.nprio, 1, memory_order_release);
  glass_mutex_unlock(&team->tasking.lock);
}

static bool tsc_allows(glass_thread_t *th, glass_xtask_t *t);

static glass_xtask_t *shared_take(glass_thread_t *th, glass_team_t *team, bool constrained) {
  glass_xtask_t *t = NULL;
  GLASS_STAT(th, GS_SHARED_SCAN);
  GLASS_STAT(th, GS_SHARED_RMW); // the lock
  glass_mutex_lock(&team->tasking.lock);
  glass_xtask_t *prev = NULL;
  for (glass_xtask_t **pp = &team->tasking.prio_head; *pp; prev = *pp, pp = &(*pp)->next) {
    if (constrained && !tsc_allows(th, *pp)) {
      GLASS_STAT(th, GS_SHARED_SKIP);
      continue;
    }
    t = *pp;
    *pp = t->next;
    if (team->tasking.prio_tail == t)
      team->tasking.prio_tail = prev;
    atomic_fetch_sub_explicit(&team->tasking.nprio, 1, memory_order_relaxed);
    GLASS_STAT(th, GS_SHARED_RMW);
    break;
  }
  glass_mutex_unlock(&team->tasking.lock);
  return t;
}

// Members that wait in a loop that runs tasks may be asleep on their flag: poke them.
static GLASS_NOINLINE void wake_waiters(glass_team_t *team) {
  // The task is published before the sleeper bits are read (wait.c polls after setting one).
  atomic_thread_fence(memory_order_seq_cst);
  for (int32_t i = 0; i < team->nthreads; i++) {
    // Acquire: the flag may lie in a team the member masters (a nested region's barrier
    // slot), allocated after this team's region began.
    glass_flag_t *f =
        atomic_load_explicit(&team->members[i]->tasking.wait_flag, memory_order_acquire);
    if (f)
      glass_flag_poke(f);
  }
  // The root of a barrier sleeping in glass_task_barrier_drain.
  if (atomic_load_explicit(&team->tasking.pending_sleep, memory_order_acquire))
    glass_futex_wake((_Atomic uint32_t *)&team->tasking.pending, 1);
}

// Idle workers asleep while they help the region they left (idle_poll): not counted in the
// team's `sleepers`, which may be gone by the time they wake.
static _Atomic int32_t idle_sleepers;

// One relaxed load per push while nobody sleeps (the common case: waiters spin), after a
// compiler barrier: a waiter that goes to sleep issues a process-wide fence (membarrier) after
// it counted itself and before its last poll, so either this load sees it counted or its poll
// sees the task (wait.h, "Publication fences").
static inline void maybe_wake(glass_team_t *team) {
  glass_publish_fence();
  if (unlikely(atomic_load_explicit(&team->tasking.sleepers, memory_order_relaxed) != 0) ||
      unlikely(atomic_load_explicit(&idle_sleepers, memory_order_relaxed) != 0))
    wake_waiters(team);
}

void glass_task_ready(glass_thread_t *th, glass_xtask_t *t) {
  glass_team_t *team = t->base.team;
  GLASS_STAT(th, GS_DEFERRED);
  if (likely(th->team == team && team->nthreads > 1 && t->priority == 0) &&
      likely(dq_push(&team_deques(team)[th->tid], t))) {
    maybe_wake(team);
    return;
  }
  shared_push(th, team, t);
  maybe_wake(team);
}

// ---------------------------------------------------------------------------------------------
// Tied-task scheduling constraint (OpenMP 5.1 §2.12.6): at a scheduling point other than a
// barrier, a new tied task must descend from every tied task suspended on this thread; checking
// the innermost one is enough, since it descends from the others.

static bool tsc_allows(glass_thread_t *th, glass_xtask_t *t) {
  if (t->base.tk.flags & GLASS_TF_UNTIED)
    return true;
  glass_xtask_t *top = th->tasking.tied_top;
  glass_task_t *s = top ? &top->base : &th->team->itasks[th->tid];
  glass_task_t *p = t->base.parent;
  int32_t depth = s->tk.depth;
  while (p && p->tk.depth > depth)
    p = p->parent;
  return p == s;
}

// ---------------------------------------------------------------------------------------------
// Execution.

// A taskloop chunk starts running (once: an untied chunk that resumes is not a new dispatch).
static GLASS_NOINLINE void ompt_chunk_dispatch(glass_thread_t *th, glass_xtask_t *t) {
  ompt_data_t inst = {.ptr = &t->chunk};
  OMPT_CALL(dispatch, glass_team_parallel_data(th->team), &t->base.ompt_data,
            ompt_dispatch_taskloop_chunk, inst);
  t->chunk.iterations = 0;
}
#define SCHEDULE_EVENT(prior, status, next)                                                        \
  do {                                                                                             \
    if (OMPT_ON(task_schedule))                                                                    \
      glass_ompt_task_schedule(prior, status, next);                                               \
  } while (0)

// The body ended: complete the task, or leave its completion to its event (detach).
static inline void task_complete(glass_thread_t *th, glass_xtask_t *t);

static inline void task_finish(glass_thread_t *th, glass_xtask_t *t, glass_task_t *next) {
  if (unlikely(t->base.tk.flags & GLASS_TF_DETACH) && !glass_detach_body_done(th, t))
    return;
  SCHEDULE_EVENT(&t->base, glass_task_end_status(&t->base), next);
  task_complete(th, t);
}

// The thread leaves t (done, or requeued) and goes back to the task it ran before.
static inline void task_leave(glass_thread_t *th, glass_xtask_t *t, int state, glass_task_t *prev,
                              glass_xtask_t *prev_tied) {
  t->state = state;
  th->task = prev;
  th->tasking.tied_top = prev_tied;
}

// Runs task t on this thread from its current part. Returns with t complete, waiting for its
// event, or (an untied task that re-enqueued itself) queued again.
static inline __attribute__((always_inline)) void task_execute(glass_thread_t *th, glass_xtask_t *t,
                                                               int status) {
  glass_task_t *prev = th->task;
  glass_xtask_t *prev_tied = th->tasking.tied_top;
  t->base.thread_num = th->tid;
  if (!(t->base.tk.flags & GLASS_TF_UNTIED))
    th->tasking.tied_top = t;
  SCHEDULE_EVENT(prev, status, &t->base);
  GLASS_STAT_ALWAYS(th, GS_RUN);
  if (GLASS_OMPT) // OMPT's ancestry while t runs (ompt_get_task_info)
    t->sched_parent = prev;
  th->task = &t->base;
  // Cancellation (cancel.c): a task of a cancelled taskgroup or region that has not started is
  // discarded; it completes without running.
  if (glass_cancel_enabled() && t->hdr.part_id == 0 && t->state == XT_READY &&
      glass_task_discard(th, &t->base)) {
    task_leave(th, t, XT_DONE, prev, prev_tied);
    SCHEDULE_EVENT(&t->base, ompt_task_cancel, prev);
    glass_task_complete(th, t);
    return;
  }
  if (OMPT_ON(dispatch) && (t->base.tk.flags & GLASS_TF_IN_TASKLOOP) && t->chunk.iterations)
    ompt_chunk_dispatch(th, t);
  for (;;) {
    t->state = XT_RUNNING;
    OMPT_EXIT_FRAME(&t->base, __builtin_frame_address(0));
    t->hdr.routine(th->gtid, &t->hdr);
    if (likely(t->state == XT_RUNNING))
      break;
    // An untied task re-enqueued itself at a scheduling point: another thread may resume it.
    // Only a counted (deferred) task: an undeferred or included one was not counted in its
    // parent, whose taskwait would not wait for it, so it resumes here, at once.
    if ((t->base.tk.flags & GLASS_TF_COUNTED) && t->base.team->nthreads > 1 &&
        th->team == t->base.team) {
      task_leave(th, t, XT_READY, prev, prev_tied);
      SCHEDULE_EVENT(&t->base, ompt_task_switch, prev);
      glass_task_ready(th, t);
      return;
    }
  }
  task_leave(th, t, XT_DONE, prev, prev_tied);
  task_finish(th, t, prev);
}

// A taskwait or taskgroup counter reached 0: wake its waiter if it may sleep. The decrement and
// this load are seq_cst, as the waiter's publication and its test of the counter: either we
// see its flag, or it sees the 0.
static inline void counter_zero(_Atomic(glass_flag_t *) *waiter) {
  glass_flag_t *f = atomic_load_explicit(waiter, memory_order_seq_cst);
  if (unlikely(f != NULL))
    glass_flag_bump(f);
}

static inline void task_complete(glass_thread_t *th, glass_xtask_t *t) {
  if (unlikely(t->aflags & KMP_TASK_DESTRUCTORS) && t->hdr.data1.destructors)
    t->hdr.data1.destructors(th->gtid, &t->hdr);
  if (unlikely(t->base.tk.deps != NULL)) {
    glass_deps_free_hash(t->base.tk.deps);
    t->base.tk.deps = NULL;
  }
  if (unlikely(t->node != NULL))
    glass_deps_release(th, t);
  if (t->base.tk.flags & GLASS_TF_COUNTED) {
    GLASS_STAT_ADD(th, GS_SHARED_RMW, t->in_tg ? 2 : 1);
    glass_task_t *parent = t->base.parent;
    if (atomic_fetch_sub_explicit(&parent->tk.children, 1, memory_order_seq_cst) == 1)
      counter_zero(&parent->tk.waiter);
    glass_taskgroup_t *tg = t->in_tg;
    if (tg && atomic_fetch_sub_explicit(&tg->count, 1, memory_order_seq_cst) == 1)
      counter_zero(&tg->waiter);
  }
  task_release(th, t); // the team's `pending` drops when a counted root is freed (block_free)
}

// Takes this thread's deferred completions off the team's `pending` count (see pending_debt).
static GLASS_NOINLINE void pay_pending_debt(glass_thread_t *th) {
  glass_team_t *team = th->tasking.debt_team;
  int32_t n = th->tasking.pending_debt;
  th->tasking.pending_debt = 0;
  GLASS_STAT(th, GS_SHARED_RMW);
  if (atomic_fetch_sub_explicit(&team->tasking.pending, n, memory_order_seq_cst) == n)
    glass_task_team_idle(team);
}

void glass_task_complete(glass_thread_t *th, glass_xtask_t *t) {
  task_complete(th, t);
}

// The decrement to 0 and this load are seq_cst, as the drain's store of pending_sleep and its
// read of `pending`: either it sees 0, or we see it asleep.
void glass_task_team_idle(glass_team_t *team) {
  if (unlikely(atomic_load_explicit(&team->tasking.pending_sleep, memory_order_seq_cst)))
    glass_futex_wake((_Atomic uint32_t *)&team->tasking.pending, 1);
}

// Counts a task that will outlive the call that submits it (deferred, or waiting for
// dependences), so that taskwait, taskgroup and barriers wait for it. Barriers wait for the
// team's `pending` count of subtrees: only a task with no covered ancestor (GLASS_TF_COVERED:
// one counted there, which stays alive until every descendant is freed) is counted, and it
// leaves the count when it is freed, after its whole subtree. So a recursive task tree touches
// the team-wide line once per tree, not once per task.
static inline bool task_count(glass_thread_t *th, glass_xtask_t *t) {
  t->base.tk.flags |= GLASS_TF_COUNTED;
  atomic_fetch_add_explicit(&t->base.parent->tk.children, 1, memory_order_relaxed);
  glass_taskgroup_t *tg = t->base.parent->tk.tg;
  t->in_tg = tg;
  if (tg)
    atomic_fetch_add_explicit(&tg->count, 1, memory_order_relaxed);
  if (t->base.tk.flags & GLASS_TF_COVERED) {
    // The covering ancestor's region is still running its tasks: `active` is set.
    GLASS_STAT_SELF(GS_SHARED_RMW, tg ? 2 : 1);
    return false;
  }
  t->base.tk.flags |= GLASS_TF_COVERED | GLASS_TF_PENDING;
  glass_team_t *team = t->base.team;
  if (likely(th->tasking.pending_debt > 0) && likely(th->tasking.debt_team == team)) {
    // A completion this thread has not taken off `pending` yet stands for the new task: the
    // count stays at or above the tasks not yet freed, and a producer whose tasks it runs
    // itself (or whose completions it frees) touches the team-wide line only when it pays.
    th->tasking.pending_debt--;
    GLASS_STAT_SELF(GS_SHARED_RMW, tg ? 2 : 1);
  } else {
    atomic_fetch_add_explicit(&team->tasking.pending, 1, memory_order_relaxed);
    GLASS_STAT_SELF(GS_SHARED_RMW, tg ? 3 : 2);
  }
  if (likely(atomic_load_explicit(&team->tasking.active, memory_order_relaxed)))
    return false;
  // Release: an idle helper that sees `active` also sees the team as this region set it up.
  atomic_store_explicit(&team->tasking.active, true, memory_order_release);
  return true;
}

void glass_task_count(glass_thread_t *th, glass_xtask_t *t) {
  task_count(th, t);
}

// After a push: the first task since the last barrier wakes members that may be asleep in a
// barrier begun without tasks (they are not counted in `waiters` yet); later ones wake counted
// waiters only.
static inline void wake_after_push(glass_team_t *team, bool first) {
  if (unlikely(first))
    wake_waiters(team);
  else
    maybe_wake(team);
}

// Runs a task the encountering thread must or may execute at once.
void glass_task_run_now(glass_thread_t *th, glass_xtask_t *t) {
  task_execute(th, t, ompt_task_switch);
}

// Deferred or immediate? A team of one runs every task at once (nobody else could run it, and
// running it now satisfies any dependence on earlier siblings); a final task's descendants are
// included tasks; a full deque makes its owner run the new task itself (unless throttling is
// off).
void glass_task_submit(glass_thread_t *th, glass_xtask_t *t) {
  glass_team_t *team = th->team;
  if (likely(team->nthreads == 1) || (t->base.parent->tk.flags & GLASS_TF_FINAL)) {
    task_execute(th, t, ompt_task_switch);
    return;
  }
  if (unlikely(t->aflags & KMP_TASK_PRIORITY)) {
    int32_t p = t->hdr.data2.priority;
    int32_t max = glass_env.max_task_priority;
    t->priority = p < 0 ? 0 : p > max ? max : p;
  }
  if (likely(t->priority == 0)) {
    glass_deque_t *q = &team_deques(team)[th->tid];
    if (likely(dq_has_room(q))) {
      GLASS_STAT(th, GS_DEFERRED);
      bool first = task_count(th, t);
      dq_push(q, t);
      wake_after_push(team, first);
      return;
    }
    // Deque full: throttle the producer, which runs the task as an undeferred one. Not counted,
    // so it touches none of the counters the other members update. With throttling off
    // (libomp's KMP_ENABLE_TASK_THROTTLING=false) the task waits in the team's shared list.
    if (likely(!glass_env.no_task_throttling)) {
      GLASS_STAT(th, GS_THROTTLED);
      task_execute(th, t, ompt_task_switch);
      return;
    }
  }
  GLASS_STAT(th, GS_DEFERRED);
  bool first = task_count(th, t);
  shared_push(th, team, t);
  wake_after_push(team, first);
}

// ---------------------------------------------------------------------------------------------
// Scheduling: find one task this thread may run and run it.

// The task the tied-task constraint is checked against: the innermost tied task this thread
// executes, or its implicit task.
static inline const glass_task_t *tsc_subject(glass_thread_t *th) {
  glass_xtask_t *top = th->tasking.tied_top;
  return top ? &top->base : &th->team->itasks[th->tid];
}

static glass_xtask_t *steal_from(glass_thread_t *th, glass_team_t *team, glass_deque_t *q,
                                 const glass_task_t *s) {
  int why = STEAL_EMPTY;
  glass_xtask_t *t = dq_steal(q, s, &why);
  if (!t) {
    if (why == STEAL_LOST) {
      GLASS_STAT(th, GS_STEAL_LOST);
      GLASS_STAT(th, GS_SHARED_RMW);
    } else if (why == STEAL_REFUSED) {
      GLASS_STAT(th, GS_TSC_REJECT);
    }
    return NULL;
  }
  GLASS_STAT(th, GS_SHARED_RMW);
  if (unlikely(why == STEAL_CHECK) && !tsc_allows(th, t)) {
    // Too deep for the entry to tell (more than two levels below this thread's tied task), and
    // not ours to run here: park it where other members can take it. In this thread's own
    // deque when that is empty, without a lock (nothing of ours is below it, and what we push
    // later goes above it); else in the shared list.
    GLASS_STAT(th, GS_TSC_REJECT);
    glass_deque_t *own = &atomic_load_explicit(&team->tasking.dqs, memory_order_relaxed)[th->tid];
    if (atomic_load_explicit(&own->bottom, memory_order_relaxed) >
            atomic_load_explicit(&own->top, memory_order_relaxed) ||
        !dq_push(own, t))
      shared_push(th, team, t);
    return NULL;
  }
  GLASS_STAT(th, GS_STOLEN);
  return t;
}

// A team on places: group by group of th's victims (nearest first), each group from a random
// member on.
static glass_xtask_t *steal_near(glass_thread_t *th, glass_team_t *team, glass_deque_t *dqs,
                                 const glass_task_t *s, const glass_victims_t *vs, uint32_t r) {
  int32_t last = th->tasking.last_victim, begin = 0;
  glass_xtask_t *t;
  for (int g = 0; g < vs->ngroups; begin = vs->group_end[g++]) {
    int32_t len = vs->group_end[g] - begin;
    if (len == 0)
      continue;
    int32_t k = (int32_t)((r >> 8) % (uint32_t)len);
    for (int32_t i = 0; i < len; i++, k = k + 1 == len ? 0 : k + 1) {
      int32_t v = vs->order[begin + k];
      if (v != last && (t = steal_from(th, team, &dqs[v], s))) {
        th->tasking.last_victim = v;
        return t;
      }
    }
  }
  GLASS_STAT(th, GS_STEAL_FAIL);
  return NULL;
}

// Victims: first the member this thread last stole from (its deque had more than one task
// then, and a thread working on a stolen subtree keeps producing there), then, in a team on
// places, the others nearest first (task_victims.c), else every other member from a random
// one on.
static glass_xtask_t *steal(glass_thread_t *th, glass_team_t *team, glass_deque_t *dqs,
                            bool constrained) {
  int32_t n = __atomic_load_n(&team->nthreads, __ATOMIC_RELAXED), self = th->tid;
  const glass_task_t *s = constrained ? tsc_subject(th) : NULL;
  int32_t last = th->tasking.last_victim;
  glass_xtask_t *t;
  if (last < n && last != self && (t = steal_from(th, team, &dqs[last], s)))
    return t;
  uint32_t r = th->tasking.rng = th->tasking.rng * 1664525u + 1013904223u;
  if (unlikely(team->bind != GLASS_BIND_FALSE)) {
    const glass_victims_t *vs = glass_task_victims(th, team, n);
    if (vs)
      return steal_near(th, team, dqs, s, vs, r);
  }
  int32_t v = (int32_t)((r >> 8) % (uint32_t)n);
  for (int32_t i = 0; i < n; i++, v = v + 1 == n ? 0 : v + 1) {
    if (v == self || v == last)
      continue;
    if ((t = steal_from(th, team, &dqs[v], s))) {
      th->tasking.last_victim = v;
      return t;
    }
  }
  GLASS_STAT(th, GS_STEAL_FAIL);
  return NULL;
}

// The shared list may hold tasks only: a constrained search that found none this thread may
// run is not repeated (under the team lock) until a task is added or the thread's tied task
// changes.
static glass_xtask_t *shared_find(glass_thread_t *th, glass_team_t *team, bool constrained) {
  if (likely(atomic_load_explicit(&team->tasking.nprio, memory_order_acquire) == 0))
    return NULL;
  uint32_t ver = atomic_load_explicit(&team->tasking.shared_ver, memory_order_acquire);
  const void *s = constrained ? tsc_subject(th) : NULL;
  if (constrained && ver == th->tasking.shared_miss_ver && s == th->tasking.shared_miss_s)
    return NULL;
  glass_xtask_t *t = shared_take(th, team, constrained);
  if (!t && constrained) {
    th->tasking.shared_miss_ver = ver;
    th->tasking.shared_miss_s = s;
  }
  return t;
}

static glass_xtask_t *find_task(glass_thread_t *th, glass_team_t *team, bool constrained) {
  glass_xtask_t *t = shared_find(th, team, constrained);
  if (t)
    return t;
  glass_deque_t *dqs = atomic_load_explicit(&team->tasking.dqs, memory_order_acquire);
  if (!dqs || th->tid >= team->tasking.ndq ||
      __atomic_load_n(&team->nthreads, __ATOMIC_RELAXED) == 1)
    return NULL;
  glass_deque_t *own = &dqs[th->tid];
  // At a taskwait, a task of its own the constraint forbids stays in place (its entry says so
  // without a pop, which costs a fence): thieves may run it.
  if (constrained && dq_bottom_refused(own, tsc_subject(th)))
    return steal(th, team, dqs, constrained);
  t = dq_pop(own);
  if (t) {
    if (!constrained || tsc_allows(th, t))
      return t;
    GLASS_STAT(th, GS_TSC_REJECT);
    if (!dq_push(own, t))
      shared_push(th, team, t);
  }
  return steal(th, team, dqs, constrained);
}

static bool no_task_found(glass_thread_t *th) {
  if (unlikely(th->tasking.pending_debt != 0))
    pay_pending_debt(th);
  return false;
}

static void run_found(glass_thread_t *th, glass_xtask_t *t, int status) {
  int32_t state = th->ompt_state;
  uint64_t wait_id = th->ompt_wait_id;
  OMPT_STATE(th, ompt_state_work_parallel);
  task_execute(th, t, status);
  OMPT_WAIT_STATE(th, state, wait_id);
}

bool glass_task_run_one_status(glass_thread_t *th, bool constrained, int status) {
  glass_xtask_t *t = find_task(th, th->team, constrained);
  if (!t)
    return no_task_found(th);
  run_found(th, t, status);
  return true;
}

bool glass_task_run_one(glass_thread_t *th, bool constrained) {
  return glass_task_run_one_status(th, constrained, ompt_task_switch);
}

// A worker waiting for the release of its region's join runs tasks until it sees the release;
// by then the master may have forked the team's next region and deferred its tasks. A task of
// that region, taken by a thread that has not begun it (or is not even a member of it), must
// not run here: its children would go to this thread's deque, which the new team may not scan
// (a smaller team), and it would run outside a member's implicit task. The task's push
// happened after the fork advanced region_gen, and the take read the push (acquire), so this
// load sees the new generation. The task goes to the shared list, which every member scans.
static bool run_one_member(glass_thread_t *th) {
  glass_team_t *team = th->team;
  glass_xtask_t *t = find_task(th, team, false);
  if (!t)
    return no_task_found(th);
  if (unlikely(__atomic_load_n(&th->tid, __ATOMIC_RELAXED) != 0 &&
               th->tasking.left_gen != __atomic_load_n(&team->region_gen, __ATOMIC_RELAXED))) {
    GLASS_STAT(th, GS_STALE_TAKE);
    // Counted as a helper from before the task is visible again until the wake-up is done:
    // the drain that sees it complete waits for this thread, so the team keeps its shape
    // (size, members) while we read it.
    atomic_fetch_add_explicit(&team->tasking.helpers, 1, memory_order_seq_cst);
    shared_push(th, team, t);
    wake_waiters(team);
    atomic_fetch_sub_explicit(&team->tasking.helpers, 1, memory_order_release);
    return no_task_found(th);
  }
  run_found(th, t, ompt_task_switch);
  return true;
}

// ---------------------------------------------------------------------------------------------
// Waiting loops.

typedef struct {
  glass_thread_t *th;
  _Atomic int32_t *counter;
} counter_wait_t;

static bool counter_done(void *arg) {
  return atomic_load_explicit(((counter_wait_t *)arg)->counter, memory_order_seq_cst) == 0;
}

static bool counter_poll(void *arg) {
  return glass_task_run_one(((counter_wait_t *)arg)->th, true);
}

void glass_task_wait_counter(glass_thread_t *th, _Atomic int32_t *counter,
                             _Atomic(glass_flag_t *) *waiter) {
  uint64_t t0 = glass_stats_clock();
  counter_wait_t c = {th, counter};
  // Waits on its own flag: the last completion bumps it (counter_zero, or
  // glass_task_wake_waiter without a place to publish), producers poke it (it is this thread's
  // wait_flag meanwhile, and counted in the team's sleepers).
  glass_waiter_t w = {.poll = counter_poll,
                      .arg = &c,
                      .sleepers = &th->team->tasking.sleepers,
                      .done = counter_done,
                      .publish = waiter};
  glass_flag_t *prev = atomic_load_explicit(&th->tasking.wait_flag, memory_order_relaxed);
  atomic_store_explicit(&th->tasking.wait_flag, &th->tasking.twait, memory_order_relaxed);
  glass_flag_wait(&th->tasking.twait, 0, &w);
  atomic_store_explicit(&th->tasking.wait_flag, prev, memory_order_relaxed);
  GLASS_STAT_WAIT_END(th, GS_TASKWAIT, t0);
}

// The waiter's sleep sets the sleeper bit and then tests the counter, both seq_cst; the
// decrement before this call and the bump's compare-and-swap are seq_cst too: either the
// waiter sees the 0, or the bump sees the bit (or changes the word under the futex wait). The
// thread outlives the wait, so a bump that comes after it returned only makes a later wait on
// twait test its own condition once more (every wait on twait ends on `done`, not the value).
void glass_task_wake_waiter(glass_thread_t *waiter) {
  glass_flag_bump(&waiter->tasking.twait);
}

static bool barrier_poll(void *arg) {
  return run_one_member((glass_thread_t *)arg);
}

// A member starts a wait that runs tasks (a barrier with tasks): it may sleep on `flag`, and
// producers poke it then.
const glass_waiter_t *glass_task_wait_begin(glass_thread_t *th, glass_team_t *team,
                                            glass_waiter_t *w) {
  w->poll = barrier_poll;
  w->arg = th;
  w->sleepers = &team->tasking.sleepers;
  w->done = NULL;
  w->publish = NULL;
  atomic_fetch_add_explicit(&team->tasking.waiters, 1, memory_order_relaxed);
  return w;
}

void glass_task_wait_end(glass_thread_t *th, glass_team_t *team) {
  atomic_store_explicit(&th->tasking.wait_flag, NULL, memory_order_relaxed);
  atomic_fetch_sub_explicit(&team->tasking.waiters, 1, memory_order_relaxed);
}

// Members that reached a barrier before the first task was deferred wait with this poll: a
// load of `active` per spin while there are no tasks; once there are, the member counts itself
// as a waiter (so producers poke it when it sleeps) and runs tasks like the others.
static bool lazy_poll(void *arg) {
  glass_thread_t *th = arg;
  glass_team_t *team = th->team;
  if (likely(!atomic_load_explicit(&team->tasking.active, memory_order_relaxed)))
    return false;
  if (!th->tasking.lazy_waiter) {
    th->tasking.lazy_waiter = true;
    atomic_fetch_add_explicit(&team->tasking.waiters, 1, memory_order_relaxed);
  }
  return run_one_member(th);
}

const glass_waiter_t *glass_task_lazy_waiter(glass_thread_t *th, glass_waiter_t *w) {
  w->poll = lazy_poll;
  w->arg = th;
  w->sleepers = &th->team->tasking.sleepers;
  w->done = NULL;
  w->publish = NULL;
  return w;
}

void glass_task_lazy_end(glass_thread_t *th, glass_team_t *team) {
  atomic_store_explicit(&th->tasking.wait_flag, NULL, memory_order_relaxed);
  if (th->tasking.lazy_waiter) {
    th->tasking.lazy_waiter = false;
    atomic_fetch_sub_explicit(&team->tasking.waiters, 1, memory_order_relaxed);
  }
}

// The root of a barrier after the gather: every member arrived, now run tasks until every task
// of the team is complete. Nobody can create a task once pending is 0 and all have arrived.
// Only tasks running elsewhere or waiting for an event remain: sleep until the last one
// completes (glass_task_team_idle) or a producer makes a task ready (wake_waiters: counted in
// `sleepers` meanwhile, and the process-wide fence before the last look pairs with the
// producers' compiler barrier, wait.h).
static void drain_sleep(glass_thread_t *th, glass_team_t *team) {
  atomic_fetch_add_explicit(&team->tasking.waiters, 1, memory_order_seq_cst);
  atomic_fetch_add_explicit(&team->tasking.sleepers, 1, memory_order_seq_cst);
  atomic_store_explicit(&team->tasking.pending_sleep, 1, memory_order_seq_cst);
  glass_sleeper_fence();
  int32_t p = atomic_load_explicit(&team->tasking.pending, memory_order_seq_cst);
  bool ran = glass_task_run_one(th, false); // a task made ready before we were counted
  if (!ran && p != 0 && atomic_load_explicit(&team->tasking.nprio, memory_order_acquire) == 0)
    glass_futex_wait((_Atomic uint32_t *)&team->tasking.pending, (uint32_t)p);
  atomic_store_explicit(&team->tasking.pending_sleep, 0, memory_order_relaxed);
  atomic_fetch_sub_explicit(&team->tasking.sleepers, 1, memory_order_relaxed);
  atomic_fetch_sub_explicit(&team->tasking.waiters, 1, memory_order_relaxed);
}

void glass_task_barrier_drain(glass_thread_t *th, glass_team_t *team) {
  glass_spin_t s;
  glass_spin_begin(&s);
  while (atomic_load_explicit(&team->tasking.pending, memory_order_acquire) != 0) {
    if (glass_task_run_one(th, false)) {
      glass_spin_restart(&s);
      continue;
    }
    if (glass_spin_step(&s))
      continue;
    drain_sleep(th, team);
    glass_spin_begin(&s);
  }
  glass_spin_end(&s);
  atomic_store_explicit(&team->tasking.active, false, memory_order_seq_cst);
  // Idle helpers that saw `active` may still be inside: the team must not change under them.
  for (unsigned i = 1;
       unlikely(atomic_load_explicit(&team->tasking.helpers, memory_order_seq_cst) != 0); i++)
    if (i % 1024 == 0)
      glass_yield(); // a helper that lost its CPU to us
    else
      glass_spin_pause();
  int32_t idle_waiters =
      atomic_exchange_explicit(&team->tasking.idle_waiters, 0, memory_order_relaxed);
  if (idle_waiters)
    atomic_fetch_sub_explicit(&team->tasking.waiters, idle_waiters, memory_order_relaxed);
  atomic_fetch_add_explicit(&team->tasking.gen, 1, memory_order_release);
}

// ---------------------------------------------------------------------------------------------
// Idle workers. A worker that reached the join before the master deferred its first task has
// gone idle (the join has no release phase without tasks). While it waits for its next region
// it polls the team it left: if that team has tasks and its region is still running, it runs
// them. Entry is a handshake with the drain that ends the region's tasks: the helper counts
// itself in `helpers`, then re-checks `active` (seq_cst on both sides: either the helper sees
// the drain's store, or the drain sees the helper and waits for it), and checks that no drain
// completed meanwhile (`gen`), that it is still a member of the team and not yet released into
// another region. Parked or pooled workers fail the checks.

static bool idle_poll(void *arg) {
  glass_thread_t *th = arg;
  if (unlikely(atomic_load_explicit(&th->tasking.wait_flag, memory_order_relaxed) != &th->go))
    atomic_store_explicit(&th->tasking.wait_flag, &th->go, memory_order_relaxed); // pokes
  glass_team_t *team = __atomic_load_n(&th->team, __ATOMIC_ACQUIRE);
  if (likely(!team) || likely(!atomic_load_explicit(&team->tasking.active, memory_order_acquire)))
    return false;
  // A hint only (parked workers skip the handshake); the checks below decide.
  // tid, nthreads and members[] change under a poll when a fork binds this worker (thread.c's
  // glass_worker_bind): relaxed atomics, the handshake decides.
  int32_t tid = __atomic_load_n(&th->tid, __ATOMIC_RELAXED);
  if (tid <= 0 || tid >= __atomic_load_n(&team->nthreads, __ATOMIC_RELAXED))
    return false;
  // Only the region this worker left: a worker bound to a region it has not begun (a new
  // member, or a hot team's next region before its release arrives) must not run its tasks
  // outside its implicit task.
  if (th->tasking.left_gen != __atomic_load_n(&team->region_gen, __ATOMIC_RELAXED))
    return false;
  uint32_t gen = atomic_load_explicit(&team->tasking.gen, memory_order_acquire);
  atomic_fetch_add_explicit(&team->tasking.helpers, 1, memory_order_seq_cst);
  tid = __atomic_load_n(&th->tid, __ATOMIC_RELAXED);
  bool ok = atomic_load_explicit(&team->tasking.active, memory_order_seq_cst) &&
            atomic_load_explicit(&team->tasking.gen, memory_order_acquire) == gen &&
            __atomic_load_n(&th->team, __ATOMIC_ACQUIRE) == team &&
            !glass_flag_test(&th->go, th->go_seen) && tid > 0 &&
            tid < __atomic_load_n(&team->nthreads, __ATOMIC_RELAXED) &&
            th->tasking.left_gen == __atomic_load_n(&team->region_gen, __ATOMIC_RELAXED) &&
            __atomic_load_n(&team->members[tid], __ATOMIC_RELAXED) == th;
  bool ran = false;
  if (ok) {
    if (th->tasking.idle_gen != gen + 1) {
      // Counted as a waiter until the drain ends, so that producers poke it when it sleeps.
      th->tasking.idle_gen = gen + 1;
      atomic_fetch_add_explicit(&team->tasking.waiters, 1, memory_order_relaxed);
      atomic_fetch_add_explicit(&team->tasking.idle_waiters, 1, memory_order_relaxed);
    }
    th->task = &team->itasks[tid]; // the prior task of the switches it reports
    while (glass_task_run_one(th, false))
      ran = true;
    th->task = NULL;
  }
  atomic_fetch_sub_explicit(&team->tasking.helpers, 1, memory_order_release);
  return ran;
}

const glass_waiter_t *glass_task_idle_waiter(glass_thread_t *th, glass_waiter_t *w) {
  w->poll = idle_poll;
  w->arg = th;
  w->sleepers = &idle_sleepers;
  w->done = NULL;
  w->publish = NULL;
  atomic_store_explicit(&th->tasking.wait_flag, &th->go, memory_order_relaxed);
  return w;
}

// Join of a region without a tool, when tasks were deferred: workers that saw tasks at their
// arrival wait on their own release flag (running tasks) rather than going idle; the master
// drains, then releases exactly those. Workers that arrived earlier went idle: they are not
// released (their next wake-up is the next fork).
void glass_task_join_release(glass_team_t *team) {
  for (int32_t i = 1; i < team->nthreads; i++) {
    glass_thread_t *w = team->members[i];
    if (w->tasking.join_waiting) {
      w->tasking.join_waiting = false;
      glass_flag_bump(&w->tasking.release);
    }
  }
}

void glass_task_join_wait(glass_thread_t *th, const glass_waiter_t *w) {
  th->tasking.release_seen += 2;
  atomic_store_explicit(&th->tasking.wait_flag, &th->tasking.release, memory_order_relaxed);
  glass_flag_wait(&th->tasking.release, th->tasking.release_seen, w);
}

// Implicit task ends: its dependence table is no longer needed (tasks hold their own
// references on the nodes).
void glass_task_itask_end(glass_task_t *task) {
  if (task->tk.deps) {
    glass_deps_free_hash(task->tk.deps);
    task->tk.deps = NULL;
  }
}

void glass_task_complete_release(glass_thread_t *th, glass_xtask_t *t) {
  task_release(th, t);
}
