// Out-of-line OMPT emitters for the sync subsystem (declared in ompt-sync.h). Each is reached only
// behind the OMPT_ON test of its own event in the core.
#include "ompt-internal.h"

#define WID(p) ((ompt_wait_id_t)(uintptr_t)(p))

void glass_ompt_lock_init(ompt_mutex_t kind, unsigned hint, int impl, const void *wait_id,
                          const void *codeptr) {
  OMPT_CALL(lock_init, kind, hint, (unsigned)impl, WID(wait_id), codeptr);
}

void glass_ompt_lock_destroy(ompt_mutex_t kind, const void *wait_id, const void *codeptr) {
  OMPT_CALL(lock_destroy, kind, WID(wait_id), codeptr);
}

void glass_ompt_mutex_acquire(ompt_mutex_t kind, unsigned hint, int impl, const void *wait_id,
                              const void *codeptr) {
  OMPT_CALL(mutex_acquire, kind, hint, (unsigned)impl, WID(wait_id), codeptr);
}

void glass_ompt_mutex_acquired(ompt_mutex_t kind, const void *wait_id, const void *codeptr) {
  OMPT_CALL(mutex_acquired, kind, WID(wait_id), codeptr);
}

void glass_ompt_mutex_released(ompt_mutex_t kind, const void *wait_id, const void *codeptr) {
  OMPT_CALL(mutex_released, kind, WID(wait_id), codeptr);
}

void glass_ompt_nest_lock(ompt_scope_endpoint_t ep, const void *wait_id, const void *codeptr) {
  OMPT_CALL(nest_lock, ep, WID(wait_id), codeptr);
}

void glass_ompt_flush(glass_thread_t *th, const void *codeptr) {
  OMPT_CALL(flush, &th->ompt_thread_data, codeptr);
}

void glass_ompt_cancel(glass_thread_t *th, int flags, const void *codeptr) {
  OMPT_CALL(cancel, &th->task->ompt_data, flags, codeptr);
}
