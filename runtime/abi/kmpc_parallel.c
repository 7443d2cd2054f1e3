// ABI entry points for parallel regions and barriers (__kmpc_*). Thin: decode the compiler's
// arguments, capture the user's call site and frame for OMPT, call the core.
#include "glass.h"
#include "ompt-internal.h"
#include "cancel.h"
#include "kmpc.h"

#include <stdarg.h>

#define CODEPTR() GLASS_CODEPTR()
#define FRAME()   __builtin_frame_address(0)

GLASS_API int32_t __kmpc_global_thread_num(ident_t *loc) {
  return glass_self()->gtid;
}

GLASS_API int32_t __kmpc_global_num_threads(ident_t *loc) {
  glass_ensure_init();
  return atomic_load_explicit(&glass_nthreads_live, memory_order_relaxed);
}

GLASS_API int32_t __kmpc_bound_thread_num(ident_t *loc) {
  return glass_self()->tid;
}

GLASS_API int32_t __kmpc_bound_num_threads(ident_t *loc) {
  return glass_self()->team->nthreads;
}

GLASS_API int32_t __kmpc_in_parallel(ident_t *loc) {
  return glass_self()->team->active_level > 0;
}

GLASS_API int32_t __kmpc_ok_to_fork(ident_t *loc) {
  return 1;
}

GLASS_API void __kmpc_begin(ident_t *loc, int32_t flags) {
  glass_ensure_init();
}

GLASS_API void __kmpc_end(ident_t *loc) {}

GLASS_API void __kmpc_push_num_threads(ident_t *loc, int32_t gtid, int32_t nthreads) {
  glass_self()->pushed_nthreads = nthreads > 0 ? nthreads : 0;
}

// OpenMP 6.0 num_threads(strict: n): the region gets exactly n threads, or the error action
// with the given severity and message happens.
GLASS_API void __kmpc_push_num_threads_strict(ident_t *loc, int32_t gtid, int32_t nthreads,
                                              int32_t severity, const char *message) {
  glass_thread_t *th = glass_self();
  th->pushed_nthreads = nthreads > 0 ? nthreads : 0;
  th->pushed_strict = severity == 1 ? 1 : 2;
  th->pushed_strict_msg = message;
}

// OpenMP 6.0 num_threads(n1, n2, ...): n1 for the next region, the rest for the regions nested
// in it (fork.c takes the list at the fork). A list item that is not positive ends the list.
static bool push_list(glass_thread_t *th, uint32_t len, const int32_t *list) {
  if (unlikely(len == 0 || list == NULL)) {
    glass_warn("__kmpc_push_num_threads_list: an empty list; ignored");
    return false;
  }
  th->pushed_nthreads = list[0] > 0 ? list[0] : 0;
  uint32_t n = 0;
  for (uint32_t i = 1; i < len && n < GLASS_MAX_NEST_LIST; i++) {
    if (unlikely(list[i] <= 0)) {
      glass_warn("num_threads list item %u is %d, not positive; the list ends before it", i + 1,
                 list[i]);
      break;
    }
    th->pushed_list[n++] = list[i];
  }
  th->pushed_list_len = n;
  if (unlikely(len > GLASS_MAX_NEST_LIST + 1))
    glass_warn("num_threads list of %u items: only the first %d are used", len,
               GLASS_MAX_NEST_LIST + 1);
  return true;
}

GLASS_API void __kmpc_push_num_threads_list(ident_t *loc, int32_t gtid, uint32_t len,
                                            int32_t *list) {
  push_list(glass_self(), len, list);
}

// num_threads(strict: n1, n2, ...): strict applies to the first region only.
GLASS_API void __kmpc_push_num_threads_list_strict(ident_t *loc, int32_t gtid, uint32_t len,
                                                   int32_t *list, int32_t severity,
                                                   const char *message) {
  glass_thread_t *th = glass_self();
  if (!push_list(th, len, list) || th->pushed_nthreads == 0)
    return;
  th->pushed_strict = severity == 1 ? 1 : 2;
  th->pushed_strict_msg = message;
}

// thread_limit clause of a target construct run on the host (clang emits the call inside the
// target task): the target region is a contention group of its own, so the limit bounds the
// teams of its parallel regions (and omp_get_thread_limit) without counting the encountering
// team's threads. OMP_THREAD_LIMIT still bounds the host's threads as a whole.
GLASS_API void __kmpc_set_thread_limit(ident_t *loc, int32_t gtid, int32_t thread_limit) {
  if (thread_limit <= 0) {
    glass_warn("thread_limit(%d): the value must be positive; ignored", thread_limit);
    return;
  }
  glass_self()->task->icvs.task_thread_limit = thread_limit;
}

// proc_bind clause. Clang passes 2 for master and 5 for primary (the same policy).
GLASS_API void __kmpc_push_proc_bind(ident_t *loc, int32_t gtid, int32_t bind) {
  if (bind == 5)
    bind = GLASS_BIND_PRIMARY;
  glass_self()->pushed_bind = bind >= GLASS_BIND_FALSE && bind <= GLASS_BIND_SPREAD ? bind : -1;
}

// The outlined function's arguments arrive as varargs; they are pointer-sized (shared
// addresses, or scalars passed by value in an i64).
static inline void fork_common(ident_t *loc, int32_t argc, kmpc_micro fn, va_list ap, void *codeptr,
                               void *frame, bool if_true) {
  glass_thread_t *th = glass_self();
  void *argv[argc > 0 ? argc : 1];
  for (int32_t i = 0; i < argc; i++)
    argv[i] = va_arg(ap, void *);
  glass_task_t *task = th->task;
  OMPT_ENTER_FRAME(task, frame);
  glass_fork(th, loc, codeptr, argc, fn, argv, th->pushed_nthreads, if_true);
  OMPT_ENTER_FRAME(task, NULL);
}

GLASS_API void __kmpc_fork_call(ident_t *loc, int32_t argc, kmpc_micro fn, ...) {
  va_list ap;
  va_start(ap, fn);
  fork_common(loc, argc, fn, ap, CODEPTR(), FRAME(), true);
  va_end(ap);
}

// Emitted by clang's OpenMPIRBuilder: the argument block is passed as one pointer.
GLASS_API void __kmpc_fork_call_if(ident_t *loc, int32_t argc, kmpc_micro fn, int32_t cond,
                                   void *args) {
  glass_thread_t *th = glass_self();
  void *argv[1] = {args};
  int32_t n = args ? 1 : 0;
  glass_task_t *task = th->task;
  OMPT_ENTER_FRAME(task, FRAME());
  glass_fork(th, loc, CODEPTR(), n, fn, argv, th->pushed_nthreads, cond != 0);
  OMPT_ENTER_FRAME(task, NULL);
}

GLASS_API void __kmpc_serialized_parallel(ident_t *loc, int32_t gtid) {
  glass_thread_t *th = glass_self();
  th->pushed_nthreads = 0;
  th->pushed_strict = 0;
  // The caller, user code, calls the outlined function itself. Its frame is unknowable when it
  // omits the frame pointer (clang's default from -O1), so the boundary reported between the two
  // tasks is our own frame, whose saved frame pointer is the caller's when it keeps one.
  OMPT_ENTER_FRAME(th->task, FRAME());
  glass_serialized_begin(th, loc, CODEPTR(), FRAME());
}

GLASS_API void __kmpc_end_serialized_parallel(ident_t *loc, int32_t gtid) {
  glass_serialized_end(glass_self(), CODEPTR());
}

static GLASS_NOINLINE void barrier_slow(glass_thread_t *th, ident_t *loc, void *codeptr,
                                        void *frame) {
  glass_barrier_kind_t kind = glass_barrier_kind(loc);
  glass_task_t *task = th->task;
  OMPT_ENTER_FRAME(task, frame);
  glass_barrier(th, kind, codeptr);
  OMPT_ENTER_FRAME(task, NULL);
}

// Slow-path entry, tail-called by the fast path below (which has no frame of its own): its
// return address is the user's call site, and its frame is where __kmpc_barrier's would be.
static GLASS_NOINLINE void barrier_entry(ident_t *loc) {
  barrier_slow(glass_self(), loc, CODEPTR(), FRAME());
}

GLASS_API GLASS_FASTPATH void __kmpc_barrier(ident_t *loc, int32_t gtid) {
  glass_thread_t *th = glass_tls_self;
  // A team of one has nobody to wait for; a tool that asked for barrier events still gets them,
  // and tasks still pending (detached ones) complete first.
  if (likely(th != NULL)) {
    glass_team_t *team = th->team;
    if (likely(team->nthreads == 1) &&
        likely(!atomic_load_explicit(&team->tasking.active, memory_order_relaxed))) {
      if (OMPT_ANY(OMPT_SYNC_EVENTS))
        glass_barrier_solo_entry(loc);
      return;
    }
  }
  barrier_entry(loc);
}
