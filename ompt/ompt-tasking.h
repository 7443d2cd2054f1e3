// OMPT emitters the tasking subsystem calls (ompt/emit_tasking.c). Included by ompt-internal.h.
#ifndef GLASS_OMPT_TASKING_H
#define GLASS_OMPT_TASKING_H

#endif
