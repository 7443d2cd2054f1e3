// Out-of-line OMPT emitters for the tasking subsystem (declared in ompt-tasking.h). Each is
// reached only behind an OMPT_ON test in the core.
#include "ompt-internal.h"

void glass_ompt_task_create(glass_task_t *parent, glass_task_t *task, int flags, int has_deps,
                            const void *codeptr) {
  task->ompt_data.value = 0;
  OMPT_CALL(task_create, &parent->ompt_data, &parent->ompt_frame, &task->ompt_data, flags, has_deps,
            codeptr);
}

void glass_ompt_task_schedule(glass_task_t *prior, int status, glass_task_t *next) {
  OMPT_CALL(task_schedule, &prior->ompt_data, (ompt_task_status_t)status,
            next ? &next->ompt_data : NULL);
}
