// OMPT emitters the sync subsystem calls (ompt/emit_sync.c). Included by ompt-internal.h.
#ifndef GLASS_OMPT_SYNC_H
#define GLASS_OMPT_SYNC_H

#endif
