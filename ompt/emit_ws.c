// Out-of-line OMPT emitters for the ws subsystem (declared in ompt-ws.h). Each is reached only
// behind an OMPT_ON test in the core.
#include "ompt-internal.h"

static inline ompt_data_t *pdata(glass_thread_t *th) {
  return glass_team_parallel_data(th->team);
}

void glass_ompt_work(glass_thread_t *th, int type, ompt_scope_endpoint_t ep, uint64_t count,
                     void *codeptr) {
  OMPT_CALL(work, (ompt_work_t)type, ep, pdata(th), &th->task->ompt_data, count, codeptr);
}

void glass_ompt_dispatch_chunk(glass_thread_t *th, ompt_dispatch_t kind, uint64_t start,
                               uint64_t iterations) {
  ompt_dispatch_chunk_t chunk = {start, iterations};
  ompt_data_t instance = {.ptr = &chunk};
  OMPT_CALL(dispatch, pdata(th), &th->task->ompt_data, kind, instance);
}

void glass_ompt_dispatch_section(glass_thread_t *th, void *codeptr) {
  ompt_data_t instance = {.ptr = codeptr};
  OMPT_CALL(dispatch, pdata(th), &th->task->ompt_data, ompt_dispatch_section, instance);
}

void glass_ompt_masked(glass_thread_t *th, ompt_scope_endpoint_t ep, void *codeptr) {
  OMPT_CALL(masked, ep, pdata(th), &th->task->ompt_data, codeptr);
}
