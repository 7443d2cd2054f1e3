// ABI entry points for tasks: allocation, submission, undeferred tasks, taskwait, taskyield,
// taskgroup, and the omp_* task routines not in api.c. Thin: the core is task.c.
#include "task_internal.h"
#include "task_alloc.h"
#include "../ompt/ompt-internal.h"

#define FRAME() __builtin_frame_address(0)

void glass_task_count(glass_xtask_t *t);
void glass_task_run_now(glass_thread_t *th, glass_xtask_t *t);
bool glass_task_run_one_status(glass_thread_t *th, bool constrained, int status);
void glass_taskred_fini(glass_thread_t *th, glass_taskgroup_t *tg);

// ---------------------------------------------------------------------------------------------
// Creation and submission.

int32_t glass_task_empty_entry(int32_t gtid, kmp_task_t *task) {
  (void)gtid, (void)task;
  return 0;
}

GLASS_API kmp_task_t *__kmpc_omp_task_alloc(ident_t *loc, int32_t gtid, int32_t flags,
                                            size_t sizeof_task, size_t sizeof_shareds,
                                            kmp_routine_t entry) {
  (void)loc, (void)gtid;
  if (unlikely(!entry))
    entry = glass_task_empty_entry;
  glass_thread_t *th = glass_self();
  glass_xtask_t *t = glass_task_alloc_fast(th, flags, sizeof_task, sizeof_shareds, entry);
  if (likely(t != NULL))
    return &t->hdr;
  return &glass_task_alloc(th, flags, sizeof_task, sizeof_shareds, entry, NULL)->hdr;
}

// `target nowait` host code; the device number does not matter to the host runtime.
GLASS_API kmp_task_t *__kmpc_omp_target_task_alloc(ident_t *loc, int32_t gtid, int32_t flags,
                                                   size_t sizeof_task, size_t sizeof_shareds,
                                                   kmp_routine_t entry, int64_t device_id) {
  (void)loc, (void)gtid, (void)device_id;
  if (unlikely(!entry))
    entry = glass_task_empty_entry;
  return &glass_task_alloc(glass_self(), flags, sizeof_task, sizeof_shareds, entry, NULL)->hdr;
}

#if GLASS_OMPT
// ompt_task_flag_t bits of a task about to be submitted.
static int ompt_task_flags(glass_xtask_t *t, int extra) {
  int f = ompt_task_explicit | extra;
  if (t->base.tk.flags & GLASS_TF_UNTIED)
    f |= ompt_task_untied;
  if (t->base.tk.flags & GLASS_TF_FINAL)
    f |= ompt_task_final;
  // An included task, or one in a team of one, which runs it at once (glass_task_submit), as
  // libomp reports it.
  if ((t->base.parent->tk.flags & GLASS_TF_FINAL) || t->base.team->nthreads == 1)
    f |= ompt_task_undeferred;
  return f;
}

GLASS_NOINLINE void glass_task_create_event(glass_thread_t *th, glass_xtask_t *t, int extra,
                                            int has_deps, void *codeptr) {
  (void)th;
  t->codeptr = codeptr;
  t->base.ompt_flags = ompt_task_flags(t, extra);
  glass_ompt_task_create(t->base.parent, &t->base, t->base.ompt_flags, has_deps, codeptr);
}
#endif

GLASS_API int32_t __kmpc_omp_task(ident_t *loc, int32_t gtid, kmp_task_t *kt) {
  (void)loc, (void)gtid;
  glass_thread_t *th = glass_self();
  glass_xtask_t *t = xtask_of(kt);
  if (unlikely(t->state == XT_RUNNING)) {
    // An untied task at a scheduling point re-enqueues itself to be resumed at its part id.
    t->state = XT_REQUEUE;
    return 0;
  }
  glass_task_t *cur = th->task;
  OMPT_ENTER_FRAME(cur, FRAME());
#if GLASS_OMPT
  if (OMPT_ON(task_create))
    glass_task_create_event(th, t, 0, 0, GLASS_CODEPTR());
#endif
  glass_task_submit(th, t, false);
  OMPT_ENTER_FRAME(cur, NULL);
  return 0;
}

// ---------------------------------------------------------------------------------------------
// Undeferred tasks (if(0)): the compiler calls the entry itself between these two.

GLASS_API void __kmpc_omp_task_begin_if0(ident_t *loc, int32_t gtid, kmp_task_t *kt) {
  (void)loc, (void)gtid;
  glass_thread_t *th = glass_self();
  glass_xtask_t *t = xtask_of(kt);
  glass_task_t *parent = th->task;
#if GLASS_OMPT
  // The program calls the task body itself. Its frame is unknowable when it omits the frame
  // pointer (clang's default from -O1), so the boundary between the two tasks is our own frame
  // (runtime), whose saved frame pointer is the caller's when it keeps one; the body's frame
  // takes its place on the stack.
  parent->ompt_frame.enter_frame.ptr = FRAME();
  parent->ompt_frame.enter_frame_flags = GLASS_FRAME_FLAGS;
  t->base.ompt_flags |= ompt_task_undeferred; // also for ompt_get_task_info without task_create
  if (OMPT_ON(task_create))
    glass_task_create_event(th, t, ompt_task_undeferred, 0, GLASS_CODEPTR());
  if (OMPT_ON(task_schedule))
    glass_ompt_task_schedule(parent, ompt_task_switch, &t->base);
  t->base.ompt_frame.exit_frame.ptr = FRAME();
  t->base.ompt_frame.exit_frame_flags = GLASS_FRAME_FLAGS;
#endif
  (void)parent;
  t->base.thread_num = th->tid;
  t->state = XT_RUNNING;
  th->task = &t->base;
}

GLASS_API void __kmpc_omp_task_complete_if0(ident_t *loc, int32_t gtid, kmp_task_t *kt) {
  (void)loc, (void)gtid;
  glass_thread_t *th = glass_self();
  glass_xtask_t *t = xtask_of(kt);
  // An untied undeferred task that re-enqueued itself resumes here, on this thread.
  while (unlikely(t->state == XT_REQUEUE)) {
    t->state = XT_RUNNING;
    t->hdr.routine(th->gtid, kt);
  }
  t->state = XT_DONE;
  glass_task_t *parent = t->base.parent;
  th->task = parent;
#if GLASS_OMPT
  parent->ompt_frame.enter_frame.ptr = NULL;
  parent->ompt_frame.enter_frame_flags = GLASS_FRAME_FLAGS;
#endif
  // A detached task whose event is not yet fulfilled completes when it is (task_detach.c);
  // counted meanwhile, so that taskwait, taskgroup and barriers wait for it.
  if (unlikely(t->base.tk.flags & GLASS_TF_DETACH) && !glass_detach_body_done(th, t))
    return;
#if GLASS_OMPT
  if (OMPT_ON(task_schedule))
    glass_ompt_task_schedule(&t->base, glass_task_end_status(&t->base), parent);
#endif
  glass_task_complete(th, t);
}

// ---------------------------------------------------------------------------------------------
// taskwait, taskyield.

#define TASKWAIT_EVENTS (OMPT_BIT(sync_region) | OMPT_BIT(sync_region_wait))

#if GLASS_OMPT
void glass_task_sync_events(glass_thread_t *th, ompt_sync_region_t kind, ompt_scope_endpoint_t ep,
                            bool wait, void *codeptr) {
  ompt_callbacks_t which = wait ? ompt_callback_sync_region_wait : ompt_callback_sync_region;
  if (wait ? OMPT_ON(sync_region_wait) : OMPT_ON(sync_region))
    glass_ompt_sync_region(which, kind, ep, th->task->team, th->task, codeptr);
}
#endif

static GLASS_NOINLINE void taskwait_slow(glass_thread_t *th, void *codeptr, void *frame) {
  glass_task_t *task = th->task;
  OMPT_ENTER_FRAME(task, frame);
#if GLASS_OMPT
  int32_t prior = th->ompt_state;
  glass_task_sync_events(th, ompt_sync_region_taskwait, ompt_scope_begin, false, codeptr);
  OMPT_WAIT_STATE(th, ompt_state_wait_taskwait, 0);
  glass_task_sync_events(th, ompt_sync_region_taskwait, ompt_scope_begin, true, codeptr);
#else
  (void)codeptr;
#endif
  glass_task_wait_counter(th, &task->tk.children, &task->tk.waiter);
#if GLASS_OMPT
  glass_task_sync_events(th, ompt_sync_region_taskwait, ompt_scope_end, true, codeptr);
  OMPT_WAIT_STATE(th, prior, 0);
  glass_task_sync_events(th, ompt_sync_region_taskwait, ompt_scope_end, false, codeptr);
#endif
  OMPT_ENTER_FRAME(task, NULL);
}

GLASS_API int32_t __kmpc_omp_taskwait(ident_t *loc, int32_t gtid) {
  (void)loc, (void)gtid;
  glass_thread_t *th = glass_self();
  if (likely(atomic_load_explicit(&th->task->tk.children, memory_order_acquire) == 0) &&
      !OMPT_ANY(TASKWAIT_EVENTS))
    return 0;
  taskwait_slow(th, GLASS_CODEPTR(), FRAME());
  return 0;
}

GLASS_API int32_t __kmpc_omp_taskyield(ident_t *loc, int32_t gtid, int end_part) {
  (void)loc, (void)gtid, (void)end_part;
  glass_thread_t *th = glass_self();
  glass_task_t *task = th->task;
  OMPT_ENTER_FRAME(task, FRAME());
  glass_task_run_one_status(th, true, ompt_task_yield);
  OMPT_ENTER_FRAME(task, NULL);
  return 0;
}

// ---------------------------------------------------------------------------------------------
// taskgroup.

static glass_taskgroup_t *taskgroup_get(glass_thread_t *th) {
  glass_taskgroup_t *tg = th->tasking.free_groups;
  if (likely(tg != NULL)) {
    th->tasking.free_groups = tg->next_free;
    return tg;
  }
  return glass_zalloc_aligned(sizeof(*tg), GLASS_CACHE);
}

glass_taskgroup_t *glass_taskgroup_begin(glass_thread_t *th) {
  glass_task_t *task = th->task;
  glass_taskgroup_t *tg = taskgroup_get(th);
  atomic_store_explicit(&tg->count, 0, memory_order_relaxed);
  atomic_store_explicit(&tg->cancelled, 0, memory_order_relaxed);
  atomic_store_explicit(&tg->waiter, NULL, memory_order_relaxed);
  tg->red = NULL;
  tg->parent = task->tk.tg;
  task->tk.tg = tg;
  return tg;
}

void glass_taskgroup_end(glass_thread_t *th, void *codeptr) {
  glass_task_t *task = th->task;
  glass_taskgroup_t *tg = task->tk.tg;
  if (unlikely(!tg)) {
    glass_warn("__kmpc_end_taskgroup without a matching __kmpc_taskgroup; ignored");
    return;
  }
#if GLASS_OMPT
  int32_t prior = th->ompt_state;
  OMPT_WAIT_STATE(th, ompt_state_wait_taskgroup, 0);
  glass_task_sync_events(th, ompt_sync_region_taskgroup, ompt_scope_begin, true, codeptr);
#else
  (void)codeptr;
#endif
  if (atomic_load_explicit(&tg->count, memory_order_acquire) != 0)
    glass_task_wait_counter(th, &tg->count, &tg->waiter);
#if GLASS_OMPT
  glass_task_sync_events(th, ompt_sync_region_taskgroup, ompt_scope_end, true, codeptr);
  OMPT_WAIT_STATE(th, prior, 0);
#endif
  if (tg->red)
    glass_taskred_fini(th, tg);
  task->tk.tg = tg->parent;
  tg->next_free = th->tasking.free_groups;
  th->tasking.free_groups = tg;
}

GLASS_API void __kmpc_taskgroup(ident_t *loc, int32_t gtid) {
  (void)loc, (void)gtid;
  glass_thread_t *th = glass_self();
#if GLASS_OMPT
  glass_task_t *task = th->task;
  OMPT_ENTER_FRAME(task, FRAME());
  glass_task_sync_events(th, ompt_sync_region_taskgroup, ompt_scope_begin, false, GLASS_CODEPTR());
  OMPT_ENTER_FRAME(task, NULL);
#endif
  glass_taskgroup_begin(th);
}

GLASS_API void __kmpc_end_taskgroup(ident_t *loc, int32_t gtid) {
  (void)loc, (void)gtid;
  glass_thread_t *th = glass_self();
  glass_task_t *task = th->task;
  void *codeptr = GLASS_CODEPTR();
  OMPT_ENTER_FRAME(task, FRAME());
  glass_taskgroup_end(th, codeptr);
#if GLASS_OMPT
  glass_task_sync_events(th, ompt_sync_region_taskgroup, ompt_scope_end, false, codeptr);
#endif
  OMPT_ENTER_FRAME(task, NULL);
}

// ---------------------------------------------------------------------------------------------
// omp_* routines and libomptarget's queries.

GLASS_API int omp_in_final(void) {
  return (glass_self()->task->tk.flags & GLASS_TF_FINAL) != 0;
}

GLASS_API int32_t __kmpc_omp_has_task_team(int32_t gtid) {
  (void)gtid;
  return glass_self()->team->nthreads > 1;
}
