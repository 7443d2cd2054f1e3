// Out-of-line OMPT emitters for the tasking subsystem (declared in ompt-tasking.h). Each is reached only
// behind an OMPT_ON test in the core.
#include "ompt-internal.h"
