// Task reductions (placeholder).
#include "task_internal.h"

void glass_taskred_fini(glass_thread_t *th, glass_taskgroup_t *tg) {
  (void)th, (void)tg;
}
