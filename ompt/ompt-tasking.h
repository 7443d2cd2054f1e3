// OMPT emitters the tasking subsystem calls (ompt/emit_tasking.c). Included by ompt-internal.h.
#ifndef GLASS_OMPT_TASKING_H
#define GLASS_OMPT_TASKING_H

void glass_ompt_task_create(glass_task_t *parent, glass_task_t *task, int flags, int has_deps,
                            const void *codeptr);
void glass_ompt_task_schedule(glass_task_t *prior, int status, glass_task_t *next);

#endif
