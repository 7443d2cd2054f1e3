// Task dependences (placeholder until the dependence table lands).
#include "task_internal.h"

void glass_deps_free_hash(struct glass_dephash *h) {
  (void)h;
}
void glass_deps_release(glass_thread_t *th, glass_xtask_t *t) {
  (void)th, (void)t;
}
