// detach clause: a task whose completion also waits for omp_fulfill_event on its event.
// The event word moves NONE -> FULFILLED (fulfilled while the body runs: early) or NONE ->
// BODY_DONE -> (fulfilled later: late, the fulfilling thread completes the task). An undeferred
// (if(0)) task is no different: its creator is suspended only until the body returns (OpenMP 5.1
// §1.2.5, undeferred task), so the fulfill may come later, even from the creator itself.
#include "task_internal.h"
#include "ompt-internal.h"
#include "kmpc.h"

// EV_BODY_ENDING: the body returned and its creator is still reporting that to the tool; a
// fulfilling thread waits for EV_BODY_DONE, so that it cannot complete (and free) the task
// under that event call.
enum { EV_NONE = 0, EV_FULFILLED, EV_BODY_DONE, EV_BODY_ENDING };

GLASS_API void *__kmpc_task_allow_completion_event(ident_t *loc, int32_t gtid, kmp_task_t *kt) {
  glass_xtask_t *t = xtask_of(kt);
  t->base.tk.flags |= GLASS_TF_DETACH;
  atomic_store_explicit(&t->event, EV_NONE, memory_order_relaxed);
  return t;
}

// Glass's libomptarget, from the body of a `target nowait` task that queued its device work:
// the task completes when that work has (omp_fulfill_event on the handle returned, from any
// thread), not when its body returns, so that the body's thread is free meanwhile and the
// task's dependences and waits still cover the device work. 0 (stay synchronous) outside a
// target task or in one that has an event already.
GLASS_API uintptr_t __kmpc_glass_target_task_event(void) {
  glass_thread_t *th = glass_self_peek();
  glass_task_t *task = th ? th->task : NULL;
  if (!task || (task->tk.flags & (GLASS_TF_TARGET | GLASS_TF_DETACH)) != GLASS_TF_TARGET)
    return 0;
  glass_xtask_t *t = xtask_from_base(task);
  atomic_store_explicit(&t->event, EV_NONE, memory_order_relaxed);
  task->tk.flags |= GLASS_TF_DETACH;
  return (uintptr_t)t;
}

// The body returned. A task run at once (not counted) is counted now, so that taskwait, the
// taskgroup and the barrier wait for its event.
bool glass_detach_body_done(glass_thread_t *th, glass_xtask_t *t) {
  if (!(t->base.tk.flags & GLASS_TF_COUNTED))
    glass_task_count(th, t);
  int32_t ev = EV_NONE;
  if (atomic_compare_exchange_strong_explicit(&t->event, &ev, EV_BODY_ENDING, memory_order_acq_rel,
                                              memory_order_acquire)) {
    if (OMPT_ON(task_schedule))
      glass_ompt_task_schedule(&t->base, ompt_task_detach, th->task);
    atomic_store_explicit(&t->event, EV_BODY_DONE, memory_order_release);
    return false;
  }
  return true; // fulfilled already
}

GLASS_API void omp_fulfill_event(uintptr_t event) {
  glass_xtask_t *t = (glass_xtask_t *)(uintptr_t)event;
  if (unlikely(!t)) {
    glass_warn("omp_fulfill_event: null event handle; ignored");
    return;
  }
  glass_thread_t *th = glass_self();
  int32_t ev = EV_NONE;
  if (atomic_compare_exchange_strong_explicit(&t->event, &ev, EV_FULFILLED, memory_order_acq_rel,
                                              memory_order_acquire)) {
    if (OMPT_ON(task_schedule))
      glass_ompt_task_schedule(&t->base, ompt_task_early_fulfill, NULL);
    return;
  }
  while (ev == EV_BODY_ENDING) { // the creator's event call, then the task is ours
    glass_spin_pause();
    ev = atomic_load_explicit(&t->event, memory_order_acquire);
  }
  if (ev != EV_BODY_DONE) {
    glass_warn("omp_fulfill_event: the event was already fulfilled; ignored");
    return;
  }
  if (OMPT_ON(task_schedule))
    glass_ompt_task_schedule(&t->base, ompt_task_late_fulfill, NULL);
  glass_task_complete(th, t);
}
