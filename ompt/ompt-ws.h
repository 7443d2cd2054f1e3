// OMPT emitters the ws subsystem calls (ompt/emit_ws.c). Included by ompt-internal.h.
#ifndef GLASS_OMPT_WS_H
#define GLASS_OMPT_WS_H

// Every ws emitter reports for the calling thread's current team and task.
void glass_ompt_work(glass_thread_t *th, int type, ompt_scope_endpoint_t ep, uint64_t count,
                     void *codeptr);
// A chunk of iterations start..start+iterations-1 (start is the IV value of the first one).
void glass_ompt_dispatch_chunk(glass_thread_t *th, ompt_dispatch_t kind, uint64_t start,
                               uint64_t iterations);
// One section of a sections construct; codeptr identifies the construct.
void glass_ompt_dispatch_section(glass_thread_t *th, void *codeptr);
void glass_ompt_masked(glass_thread_t *th, ompt_scope_endpoint_t ep, void *codeptr);

#endif
