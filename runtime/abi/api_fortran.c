// Fortran entry points of the omp_* routines: gfortran and flang call the lower-case name
// with a trailing underscore and pass arguments by reference, as libomp exports them. Each
// wrapper is generated from the C routine's name and calls it through its omp.h declaration.
#include "glass.h"
#include "kmpc.h"

GLASS_FORTRAN_BEGIN

#define F_GET(name)                                                                                \
  GLASS_API int name##_(void) {                                                                    \
    return name();                                                                                 \
  }
F_GET(omp_get_num_threads)
F_GET(omp_get_max_threads)
F_GET(omp_get_thread_num)
F_GET(omp_get_num_procs)
F_GET(omp_in_parallel)
F_GET(omp_get_dynamic)
F_GET(omp_get_nested)
F_GET(omp_get_max_active_levels)
F_GET(omp_get_supported_active_levels)
F_GET(omp_get_level)
F_GET(omp_get_active_level)
F_GET(omp_get_thread_limit)
F_GET(omp_get_cancellation)
F_GET(omp_get_max_task_priority)
F_GET(omp_in_explicit_task)
F_GET(omp_in_final)
F_GET(omp_get_num_teams)
F_GET(omp_get_team_num)
F_GET(omp_get_max_teams)
F_GET(omp_get_teams_thread_limit)

#define F_SET(name) GLASS_FORTRAN_SET(name, int)
F_SET(omp_set_num_threads)
F_SET(omp_set_dynamic)
F_SET(omp_set_nested)
F_SET(omp_set_max_active_levels)
F_SET(omp_display_env)
F_SET(omp_set_num_teams)
F_SET(omp_set_teams_thread_limit)

GLASS_API int omp_get_ancestor_thread_num_(int *level) {
  return omp_get_ancestor_thread_num(*level);
}
GLASS_API int omp_get_team_size_(int *level) {
  return omp_get_team_size(*level);
}
GLASS_API double omp_get_wtime_(void) {
  return omp_get_wtime();
}
GLASS_API double omp_get_wtick_(void) {
  return omp_get_wtick();
}
GLASS_API void omp_set_schedule_(int *kind, int *chunk) {
  omp_set_schedule(*kind, *chunk);
}
GLASS_API void omp_get_schedule_(int *kind, int *chunk) {
  omp_sched_t k;
  omp_get_schedule(&k, chunk);
  *kind = (int)k;
}
GLASS_API int omp_control_tool_(int *command, int *modifier, void *arg) {
  return omp_control_tool(*command, *modifier, arg);
}

GLASS_API void omp_fulfill_event_(uintptr_t *event) {
  omp_fulfill_event(*event);
}

GLASS_FORTRAN_END
