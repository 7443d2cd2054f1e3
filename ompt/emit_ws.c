// Out-of-line OMPT emitters for the ws subsystem (declared in ompt-ws.h). Each is reached only
// behind an OMPT_ON test in the core.
#include "ompt-internal.h"
