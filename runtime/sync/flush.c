// The flush construct (__kmpc_flush). Clang emits it for `flush`, with or without a list, and
// for some atomic memory orders. A flush with a list is as strong as one without: Glass makes
// every flush a full sequentially consistent fence, which orders all of this thread's memory
// operations, so no list-specific work is needed.
#include "glass.h"
#include "ompt-internal.h"
#include "kmpc.h"

GLASS_API void __kmpc_flush(ident_t *loc) {
  atomic_thread_fence(memory_order_seq_cst);
  if (OMPT_ON(flush))
    glass_ompt_flush(glass_self(), GLASS_CODEPTR());
}
