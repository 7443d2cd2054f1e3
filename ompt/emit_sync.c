// Out-of-line OMPT emitters for the sync subsystem (declared in ompt-sync.h). Each is reached only
// behind an OMPT_ON test in the core.
#include "ompt-internal.h"
