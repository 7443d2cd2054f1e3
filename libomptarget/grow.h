// Doubling growth of the arrays libomptarget and its plugins keep (present tables, pools,
// held records).
#pragma once
#include <stdlib.h>

// The block `p` of *cap entries of `elem` bytes, reallocated to twice as many (`first` when
// empty), entries kept, *cap updated; NULL when out of memory (then `p` and *cap are unchanged).
static inline void *tgt_grow(void *p, size_t *cap, size_t elem, size_t first) {
  size_t n = *cap ? 2 * *cap : first;
  void *q = realloc(p, n * elem);
  if (q)
    *cap = n;
  return q;
}
