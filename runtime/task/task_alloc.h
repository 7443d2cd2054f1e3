// The fast path of task creation, inline in __kmpc_omp_task_alloc: a descriptor block from the
// thread's free list and the fields every task needs. Every other case is glass_task_alloc
// (task.c).
#ifndef GLASS_TASK_ALLOC_H
#define GLASS_TASK_ALLOC_H

#include "task_internal.h"
#include "ompt-internal.h"

#define GLASS_TASK_CLASSES 5
#define GLASS_FREE_CAP     1152 // a full deque (GLASS_DQ_CAP) and a few more

extern const uint32_t glass_task_class_size[GLASS_TASK_CLASSES];
// A block of at least size bytes: from the free list of its class, else from malloc.
void *glass_task_block_slow(glass_thread_t *th, size_t size, int8_t *cls);

// The descriptor takes 256 bytes before the compiler's part, so class 1 (512 bytes) holds most
// tasks: the descriptor, the header, a few privates and shareds.
#define GLASS_TASK_FAST_CLASS 1

// Fields a block holds whenever it is free, so that task creation need not write them: set
// when the block is made (glass_task_block_slow), and back at these values when its task is
// freed:
// - tk.children 0: a task is freed after its last child (each child holds a reference), and a
//   counted child drops `children` when it completes, before it is freed;
// - tk.waiter NULL: set only while the task's own thread sleeps in a wait (wait.c's
//   sleep_once clears it), and a task's waits end before it completes;
// - tk.deps and node NULL: task_complete frees the dependence table of the task's children and
//   releases its node (both cleared there);
// - refs 1: the last reference is dropped without an atomic when it is 1, and
//   task_release_slow puts 1 back when a decrement took it to 0.
static inline void glass_task_block_fresh(glass_xtask_t *t) {
  atomic_store_explicit(&t->base.tk.children, 0, memory_order_relaxed);
  atomic_store_explicit(&t->base.tk.waiter, NULL, memory_order_relaxed);
  t->base.tk.deps = NULL;
  t->node = NULL;
  atomic_store_explicit(&t->refs, 1, memory_order_relaxed);
}

// Fills the fields every task needs (glass_task_block_fresh's are already right). tk_flags:
// GLASS_TF_* computed by the caller. Not here: `in_tg` (task_count sets it), `event`
// (__kmpc_task_allow_completion_event), `codeptr` (the task_create event).
static inline __attribute__((always_inline)) void
glass_task_init_fields(glass_thread_t *th, glass_xtask_t *t, glass_task_t *parent, int32_t flags,
                       uint32_t tk_flags, size_t task_size, size_t off, size_t shareds_size,
                       kmp_routine_t entry, int8_t cls) {
  t->base.parent = parent;
  t->base.team = th->team;
  t->base.thread_num = th->tid;
  t->base.kind = GLASS_TASK_EXPLICIT;
  t->base.icvs = parent->icvs;
  t->base.tk.depth = parent->tk.depth + 1;
  t->base.tk.flags = tk_flags | (parent->tk.flags & GLASS_TF_COVERED);
  t->base.tk.tg = parent->tk.tg;
  t->state = XT_READY;
  t->aflags = flags;
  t->priority = 0;
  t->size_class = cls;
  t->task_size = task_size;
  t->shareds_size = shareds_size;
  OMPT_TASK_INIT(&t->base, ompt_task_explicit);
  t->hdr.shareds = shareds_size ? (char *)t + off : NULL;
  t->hdr.routine = entry;
  t->hdr.part_id = 0;
  t->hdr.data1.ptr = NULL;
  t->hdr.data2.ptr = NULL;
  GLASS_STAT_ALWAYS(th, GS_CREATED);
  if (parent->kind == GLASS_TASK_EXPLICIT) {
    GLASS_STAT(th, GS_SHARED_RMW); // a child that completes elsewhere drops it there
    atomic_fetch_add_explicit(&xtask_from_base(parent)->refs, 1, memory_order_relaxed);
  }
}

// The common case without a call (so the entry point needs no stack frame): a plain tied task
// of a non-final parent that fits a recycled 512-byte block. NULL otherwise.
static inline __attribute__((always_inline)) glass_xtask_t *
glass_task_alloc_fast(glass_thread_t *th, int32_t flags, size_t task_size, size_t shareds_size,
                      kmp_routine_t entry) {
  size_t off = (__builtin_offsetof(glass_xtask_t, hdr) + task_size + 7) & ~(size_t)7;
  size_t size = off + shareds_size;
  glass_xtask_t *t = th->tasking.free_list[GLASS_TASK_FAST_CLASS];
  glass_task_t *parent = th->task;
  if (unlikely(t == NULL) || unlikely(size > 512) || unlikely(task_size < sizeof(kmp_task_t)) ||
      unlikely(flags != KMP_TASK_TIED) || unlikely(parent->tk.flags & GLASS_TF_FINAL))
    return NULL;
  th->tasking.free_list[GLASS_TASK_FAST_CLASS] = *(void **)t;
  th->tasking.free_count[GLASS_TASK_FAST_CLASS]--;
  glass_task_init_fields(th, t, parent, flags, 0, task_size, off, shareds_size, entry,
                         GLASS_TASK_FAST_CLASS);
  return t;
}

#endif
