// What the OMPT layer (ompt/) may read of the runtime beyond glass.h's data types: the one
// interface it includes from runtime/, so that the runtime's internal headers (tasking,
// barriers, places) can change without the tool layer following them. Everything here is safe
// to call from a signal handler on a thread the runtime knows.
#ifndef GLASS_OMPT_VIEW_H
#define GLASS_OMPT_VIEW_H

#include "glass.h"

#include <omp.h> // the routines a tool may also call (omp_get_num_devices, ...)

// Places (affinity.c): 0 until the place list is built; read-only from then on.
int glass_places_count_safe(void);
// The processors of `place` into ids[0..size); the count of them (all, even beyond size).
int glass_place_proc_ids_safe(int place, int size, int *ids);

// Tasks (task_ompt.c): ompt_get_task_memory's block `block` of `task` into *addr and *size
// (untouched when there is none); whether a block numbered block + 1 exists.
int glass_task_memory(glass_task_t *task, int block, void **addr, size_t *size);
// The task ompt_get_task_info reports one ancestor level above `task` (NULL: none).
glass_task_t *glass_task_ancestor(const glass_task_t *task);

#endif
