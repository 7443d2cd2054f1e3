// Out-of-line OMPT emitters for the ws subsystem (declared in ompt-ws.h). Each is reached only
// behind an OMPT_ON test in the core.
#include "ompt-internal.h"

static inline ompt_data_t *pdata(glass_thread_t *th) {
  return glass_team_parallel_data(th->team);
}

void glass_ompt_work(glass_thread_t *th, int type, ompt_scope_endpoint_t ep, uint64_t count,
                     void *codeptr) {
  glass_ompt_cb.work((ompt_work_t)type, ep, pdata(th), &th->task->ompt_data, count, codeptr);
}

void glass_ompt_dispatch_chunk(glass_thread_t *th, ompt_dispatch_t kind, uint64_t start,
                               uint64_t iterations) {
  ompt_dispatch_chunk_t chunk = {start, iterations};
  ompt_data_t instance = {.ptr = &chunk};
  glass_ompt_cb.dispatch(pdata(th), &th->task->ompt_data, kind, instance);
}

void glass_ompt_dispatch_section(glass_thread_t *th, void *codeptr) {
  ompt_data_t instance = {.ptr = codeptr};
  glass_ompt_cb.dispatch(pdata(th), &th->task->ompt_data, ompt_dispatch_section, instance);
}

void glass_ompt_masked(glass_thread_t *th, ompt_scope_endpoint_t ep, void *codeptr) {
  glass_ompt_cb.masked(ep, pdata(th), &th->task->ompt_data, codeptr);
}

void glass_ompt_ordered(glass_thread_t *th, ompt_callbacks_t which, uint64_t wait_id,
                        void *codeptr) {
  (void)th;
  if (which == ompt_callback_mutex_acquire)
    glass_ompt_cb.mutex_acquire(ompt_mutex_ordered, 0, 0, wait_id, codeptr);
  else if (which == ompt_callback_mutex_acquired)
    glass_ompt_cb.mutex_acquired(ompt_mutex_ordered, wait_id, codeptr);
  else
    glass_ompt_cb.mutex_released(ompt_mutex_ordered, wait_id, codeptr);
}
