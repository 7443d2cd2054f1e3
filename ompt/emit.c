// Out-of-line emitters for core events. Each is reached only behind an OMPT_ON test, so the
// argument marshalling stays out of the runtime's hot paths.
#include "ompt-internal.h"

void glass_ompt_thread_begin(glass_thread_t *th, ompt_thread_t type) {
  th->ompt_thread_data.value = 0;
  th->ompt_ended = false;
  OMPT_CALL(thread_begin, type, &th->ompt_thread_data);
}

void glass_ompt_thread_end(glass_thread_t *th) {
  if (th->ompt_ended) // a thread ends once (ompt_finalize_tool may have ended it already)
    return;
  th->ompt_ended = true;
  OMPT_CALL(thread_end, &th->ompt_thread_data);
}

void glass_ompt_implicit_task(ompt_scope_endpoint_t ep, glass_team_t *team, glass_task_t *task,
                              int team_size, int index, int flags) {
  // At the end the binding region may be gone: no parallel data (OpenMP 5.1 §4.5.2.11). The
  // root's initial task is the exception, as in libomp: its implicit parallel region lives
  // until the root is torn down, and tools (LLVM's ompt-multiplex) free their parallel data at
  // this event, the last that names the region.
  ompt_data_t *pdata = ep == ompt_scope_begin || (flags & ompt_task_initial)
                           ? glass_team_parallel_data(team)
                           : NULL;
  if (ep == ompt_scope_begin)
    task->ompt_data.value = 0;
  OMPT_CALL(implicit_task, ep, pdata, &task->ompt_data, (unsigned)team_size, (unsigned)index,
            flags);
}

void glass_ompt_parallel_begin(glass_thread_t *th, glass_team_t *team, glass_task_t *parent_task,
                               int requested, int flags, void *codeptr) {
  OMPT_CALL(parallel_begin, &parent_task->ompt_data, &parent_task->ompt_frame,
            glass_team_parallel_data(team), (unsigned)requested, flags, codeptr);
}

void glass_ompt_parallel_end(glass_thread_t *th, glass_team_t *team, glass_task_t *parent_task,
                             int flags, void *codeptr) {
  OMPT_CALL(parallel_end, glass_team_parallel_data(team), &parent_task->ompt_data, flags, codeptr);
}
