// Declarations of the host entry points, typed by the public typedefs so that each definition
// is checked against the signature a tool will call it through.
#ifndef GLASS_OMPT_ENTRY_H
#define GLASS_OMPT_ENTRY_H

#include "ompt-internal.h"

#define GLASS_OMPT_ENTRY(name) __typeof__(*(ompt_##name##_t)0) glass_ompt_##name;
#include "entrypoints.def"
#undef GLASS_OMPT_ENTRY

// The connection an offload runtime makes to the tool (target.c; exported).
void ompt_libomp_connect(ompt_start_tool_result_t *result);

ompt_interface_fn_t glass_ompt_lookup(const char *name);
void glass_ompt_publish(bool active);
void glass_ompt_unpublish(void);
const char *glass_ompt_callback_name(int which);

#endif
