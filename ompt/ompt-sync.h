// OMPT emitters the sync subsystem calls (ompt/emit_sync.c). Included by ompt-internal.h.
// Each is called only behind the OMPT_ON test of its own event.
#ifndef GLASS_OMPT_SYNC_H
#define GLASS_OMPT_SYNC_H

void glass_ompt_lock_init(ompt_mutex_t kind, unsigned hint, int impl, const void *wait_id,
                          const void *codeptr);
void glass_ompt_lock_destroy(ompt_mutex_t kind, const void *wait_id, const void *codeptr);
void glass_ompt_mutex_acquire(ompt_mutex_t kind, unsigned hint, int impl, const void *wait_id,
                              const void *codeptr);
void glass_ompt_mutex_acquired(ompt_mutex_t kind, const void *wait_id, const void *codeptr);
void glass_ompt_mutex_released(ompt_mutex_t kind, const void *wait_id, const void *codeptr);
void glass_ompt_nest_lock(ompt_scope_endpoint_t ep, const void *wait_id, const void *codeptr);
void glass_ompt_flush(glass_thread_t *th, const void *codeptr);
void glass_ompt_cancel(glass_thread_t *th, int flags, const void *codeptr);

#endif
