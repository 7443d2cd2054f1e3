// Undeferred tasks (if(0)) whose body the program calls itself, between
// __kmpc_omp_task_begin_if0 and __kmpc_omp_task_complete_if0 (kmpc_task.c, which only unpacks
// its arguments). Always inline: compiled into those two entry points, the construct costs
// what it did when they held this code themselves (an out-of-line call, or the frame and return
// address passed in as arguments, cost 6 instructions per if(0) task), and the builtins below
// read the entry point's own frame and return address (GCC and clang give an inlined
// function's builtins those of the function it is inlined into).
#ifndef GLASS_TASK_UNDEFERRED_H
#define GLASS_TASK_UNDEFERRED_H

#include "task_internal.h"
#include "ompt-internal.h"

// Makes t the current task before the program runs its body. The body's frame is unknowable
// when the program omits the frame pointer (clang's default from -O1), so the boundary between
// the two tasks is the entry point's own frame (runtime), whose saved frame pointer is the
// caller's when it keeps one; the body's frame takes its place on the stack.
static inline __attribute__((always_inline)) void glass_task_begin_undeferred(glass_thread_t *th,
                                                                              glass_xtask_t *t) {
  glass_task_t *parent = th->task;
  OMPT_ENTER_FRAME_FLAGS(parent, __builtin_frame_address(0));
  if (GLASS_OMPT) // also for ompt_get_task_info without task_create
    t->base.ompt_flags |= ompt_task_undeferred;
  if (OMPT_ON(task_create))
    glass_task_create_event(th, t, ompt_task_undeferred, 0, GLASS_CODEPTR());
  if (OMPT_ON(task_schedule))
    glass_ompt_task_schedule(parent, ompt_task_switch, &t->base);
  OMPT_EXIT_FRAME_FLAGS(&t->base, __builtin_frame_address(0));
  t->base.thread_num = th->tid;
  t->state = XT_RUNNING;
  if (GLASS_OMPT) // OMPT's ancestry while the body runs (ompt_get_task_info)
    t->sched_parent = parent;
  th->task = &t->base;
}

// The body returned: t completes, unless it is detached and its event not yet fulfilled.
static inline __attribute__((always_inline)) void glass_task_complete_undeferred(glass_thread_t *th,
                                                                                 glass_xtask_t *t) {
  // An untied undeferred task that re-enqueued itself resumes here, on this thread.
  while (unlikely(t->state == XT_REQUEUE)) {
    t->state = XT_RUNNING;
    t->hdr.routine(th->gtid, &t->hdr);
  }
  t->state = XT_DONE;
  glass_task_t *parent = t->base.parent;
  th->task = parent;
  OMPT_ENTER_FRAME_FLAGS(parent, NULL);
  // A detached task whose event is not yet fulfilled completes when it is (task_detach.c);
  // counted meanwhile, so that taskwait, taskgroup and barriers wait for it.
  if (unlikely(t->base.tk.flags & GLASS_TF_DETACH) && !glass_detach_body_done(th, t))
    return;
  if (OMPT_ON(task_schedule))
    glass_ompt_task_schedule(&t->base, glass_task_end_status(&t->base), parent);
  glass_task_complete(th, t);
}

#endif
