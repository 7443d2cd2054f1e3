// The task affinity clause (OpenMP 5.0 §2.10.1): clang passes the list of locations a task
// would like to run near. Glass accepts it as the spec allows, as a hint it does not act on:
// a task runs where the work-stealing scheduler puts it.
#include "glass.h"
#include "kmpc.h"

typedef struct kmp_task kmp_task_t;

GLASS_API int32_t __kmpc_omp_reg_task_with_affinity(ident_t *loc, int32_t gtid, kmp_task_t *task,
                                                    int32_t naffins, void *affin_list) {
  return 0;
}
