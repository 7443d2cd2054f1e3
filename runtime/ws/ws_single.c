// single (with copyprivate), master, masked and scope.
//
// single: member k-th single of the region claims construct k when the team's claim counter
// still reads k (one compare-and-swap); whoever sees a larger value lost. Both counters restart
// with each region (fork.c's hooks).
#include "ws_impl.h"

#include "kmpc.h"

// The events of a single, tail-called by __kmpc_single (which has no frame of its own): the
// return address is the user's call site. Returns won, for the tail call.
static GLASS_NOINLINE int32_t single_events(glass_thread_t *th, int32_t won) {
  void *codeptr = GLASS_CODEPTR();
  ompt_data_t *pd = glass_team_parallel_data(th->team);
  ompt_data_t *td = &th->task->ompt_data;
  if (won) {
    OMPT_CALL(work, ompt_work_single_executor, ompt_scope_begin, pd, td, 1, codeptr);
  } else {
    OMPT_CALL(work, ompt_work_single_other, ompt_scope_begin, pd, td, 1, codeptr);
    OMPT_CALL(work, ompt_work_single_other, ompt_scope_end, pd, td, 1, codeptr);
  }
  return won;
}

GLASS_API GLASS_FASTPATH int32_t __kmpc_single(ident_t *loc, int32_t gtid) {
  glass_thread_t *th = glass_self();
  glass_team_t *team = th->team;
  int32_t won = 1;
  if (team->nthreads > 1) {
    uint32_t k = team->ws.members[th->tid].singles++;
    _Atomic uint32_t *claimed = &team->ws.shared->singles;
    uint32_t seen = atomic_load_explicit(claimed, memory_order_relaxed);
    won = seen == k && atomic_compare_exchange_strong_explicit(
                           claimed, &seen, k + 1, memory_order_relaxed, memory_order_relaxed);
  }
  if (OMPT_ON(work))
    return single_events(th, won);
  return won;
}

static GLASS_NOINLINE void end_single_events(void) {
  glass_thread_t *th = glass_self();
  OMPT_CALL(work, ompt_work_single_executor, ompt_scope_end, glass_team_parallel_data(th->team),
            &th->task->ompt_data, 1, GLASS_CODEPTR());
}

GLASS_API GLASS_FASTPATH void __kmpc_end_single(ident_t *loc, int32_t gtid) {
  if (OMPT_ON(work))
    end_single_events();
}

// The executor publishes its list; after a barrier the others copy from it; a second barrier
// keeps the executor's variables alive until everyone has copied.
GLASS_API void __kmpc_copyprivate(ident_t *loc, int32_t gtid, size_t size, void *data,
                                  void (*copy)(void *dst, void *src), int32_t didit) {
  (void)loc, (void)gtid, (void)size;
  glass_thread_t *th = glass_self();
  glass_team_t *team = th->team;
  if (team->nthreads == 1)
    return;
  void *codeptr = GLASS_CODEPTR();
  glass_task_t *task = th->task;
  OMPT_ENTER_FRAME(task, __builtin_frame_address(0));
  if (didit)
    team->ws.shared->copy_src = data;
  glass_barrier(th, GLASS_BARRIER_IMPLICIT_WORKSHARE, codeptr);
  if (!didit)
    copy(data, team->ws.shared->copy_src);
  glass_barrier(th, GLASS_BARRIER_IMPLEMENTATION, codeptr);
  OMPT_ENTER_FRAME(task, NULL);
}

// The light form: one barrier; the caller copies and synchronizes itself. Returns the
// executor's data.
GLASS_API void *__kmpc_copyprivate_light(ident_t *loc, int32_t gtid, void *data) {
  glass_thread_t *th = glass_self();
  glass_team_t *team = th->team;
  if (team->nthreads == 1)
    return data;
  if (data)
    team->ws.shared->copy_src = data;
  glass_task_t *task = th->task;
  OMPT_ENTER_FRAME(task, __builtin_frame_address(0));
  glass_barrier(th, GLASS_BARRIER_IMPLICIT_WORKSHARE, GLASS_CODEPTR());
  OMPT_ENTER_FRAME(task, NULL);
  return team->ws.shared->copy_src;
}

// masked and master (filter 0); ra: the entry's return address.
static inline __attribute__((always_inline)) int32_t masked_begin(int32_t filter, void *ra) {
  glass_thread_t *th = glass_self();
  bool yes = th->tid == filter;
  if (yes && OMPT_ON(masked))
    glass_ompt_masked(th, ompt_scope_begin, glass_user_codeptr(ra));
  return yes;
}

static inline __attribute__((always_inline)) void masked_end(void *ra) {
  if (OMPT_ON(masked))
    glass_ompt_masked(glass_self(), ompt_scope_end, glass_user_codeptr(ra));
}

GLASS_API int32_t __kmpc_masked(ident_t *loc, int32_t gtid, int32_t filter) {
  return masked_begin(filter, __builtin_return_address(0));
}

GLASS_API void __kmpc_end_masked(ident_t *loc, int32_t gtid) {
  masked_end(__builtin_return_address(0));
}

GLASS_API int32_t __kmpc_master(ident_t *loc, int32_t gtid) {
  return masked_begin(0, __builtin_return_address(0));
}

GLASS_API void __kmpc_end_master(ident_t *loc, int32_t gtid) {
  masked_end(__builtin_return_address(0));
}

// clang lowers scope without these (reduce + barrier); other front ends call them.
GLASS_API void __kmpc_scope(ident_t *loc, int32_t gtid, void *reserved) {
  if (OMPT_ON(work))
    glass_ompt_work(glass_self(), ompt_work_scope, ompt_scope_begin, 1, GLASS_CODEPTR());
}

GLASS_API void __kmpc_end_scope(ident_t *loc, int32_t gtid, void *reserved) {
  if (OMPT_ON(work))
    glass_ompt_work(glass_self(), ompt_work_scope, ompt_scope_end, 1, GLASS_CODEPTR());
}
