// OMPT emitters the ws subsystem calls (ompt/emit_ws.c). Included by ompt-internal.h.
#ifndef GLASS_OMPT_WS_H
#define GLASS_OMPT_WS_H

#endif
