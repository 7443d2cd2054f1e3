// A device's present table: disjoint host ranges, sorted by start, each with its device copy
// and reference counts. The caller holds the device's lock.
#include "omptarget.h"
#include "grow.h"

#include <stdlib.h>
#include <string.h>

// The index of the last row starting at or before p, or -1.
static long row_at_or_before(const struct map_table *t, uintptr_t p) {
  long lo = 0, hi = (long)t->n - 1, found = -1;
  while (lo <= hi) {
    long mid = (lo + hi) / 2;
    if (t->rows[mid].begin <= p)
      found = mid, lo = mid + 1;
    else
      hi = mid - 1;
  }
  return found;
}

// The row holding [begin, begin+size). A range that overlaps rows without lying inside one
// sets *extends (OpenMP forbids extending a mapping) and returns NULL. A zero-size range is
// found by its address.
struct map_row *map_find(struct map_table *t, uintptr_t begin, uint64_t size, bool *extends) {
  *extends = false;
  long i = row_at_or_before(t, begin);
  uintptr_t end = begin + size;
  if (i >= 0) {
    struct map_row *r = &t->rows[i];
    if (begin < r->end || (size == 0 && begin == r->begin)) {
      if (end <= r->end)
        return r;
      *extends = true;
      return NULL;
    }
  }
  if ((size_t)(i + 1) < t->n && t->rows[i + 1].begin < end)
    *extends = true;
  return NULL;
}

struct map_row *map_insert(struct map_table *t, uintptr_t begin, uint64_t size, uintptr_t tgt) {
  if (t->n == t->cap) {
    struct map_row *rows = tgt_grow(t->rows, &t->cap, sizeof *rows, 16);
    if (!rows)
      return NULL;
    t->rows = rows;
  }
  size_t i = (size_t)(row_at_or_before(t, begin) + 1);
  memmove(&t->rows[i + 1], &t->rows[i], (t->n - i) * sizeof *t->rows);
  t->n++;
  t->rows[i] = (struct map_row){.begin = begin, .end = begin + size, .tgt = tgt, .base = begin};
  return &t->rows[i];
}

void map_remove(struct map_table *t, struct map_row *row) {
  size_t i = (size_t)(row - t->rows);
  memmove(&t->rows[i], &t->rows[i + 1], (t->n - i - 1) * sizeof *t->rows);
  t->n--;
}

void *map_translate(struct map_table *t, uintptr_t p) {
  long i = row_at_or_before(t, p);
  if (i < 0)
    return NULL;
  struct map_row *r = &t->rows[i];
  if (p < r->end || p == r->begin)
    return (void *)(r->tgt + (p - r->begin));
  return NULL;
}

// OpenMP 5.1 (2.21.7.1): when a single contiguous part of an implicitly mapped variable is
// already mapped, only that part is mapped. Narrows [*begin, *begin + *size) to the one row it
// overlaps; false, leaving it unchanged, when it overlaps no row or several.
bool map_clip(struct map_table *t, uintptr_t *begin, uint64_t *size) {
  uintptr_t lo = *begin, hi = lo + *size;
  long i = row_at_or_before(t, lo);
  if (i < 0 || t->rows[i].end <= lo)
    i++;
  if ((size_t)i >= t->n || t->rows[i].begin >= hi)
    return false;
  if ((size_t)i + 1 < t->n && t->rows[i + 1].begin < hi)
    return false;
  const struct map_row *r = &t->rows[i];
  uintptr_t b = r->begin > lo ? r->begin : lo, e = r->end < hi ? r->end : hi;
  *begin = b, *size = e - b;
  return true;
}

// The pointer of a zero-length array section (an implicitly captured pointer, a
// use_device_ptr) also finds the section mapped as p[lo:n] through its base pointer p, which
// lies before the row (OpenMP 5.1, 2.21.7.2). The device pointer is then as far before the
// device copy as p is before the host section, so that p[i] for i in [lo, lo+n) lands in it.
void *map_translate_pointer(struct map_table *t, uintptr_t p) {
  void *in = map_translate(t, p);
  if (in)
    return in;
  size_t next = (size_t)(row_at_or_before(t, p) + 1);
  if (next >= t->n || t->rows[next].base > p)
    return NULL;
  struct map_row *r = &t->rows[next];
  return (void *)(r->tgt - (r->begin - p));
}

static long alloc_index(const struct alloc_set *s, uintptr_t p) {
  long lo = 0, hi = (long)s->n - 1;
  while (lo <= hi) {
    long mid = (lo + hi) / 2;
    if (s->ptrs[mid] == p)
      return mid;
    if (s->ptrs[mid] < p)
      lo = mid + 1;
    else
      hi = mid - 1;
  }
  return -(lo + 1);
}

bool alloc_set_add(struct alloc_set *s, uintptr_t p) {
  long i = alloc_index(s, p);
  if (i >= 0)
    return true;
  if (s->n == s->cap) {
    size_t cap = s->cap ? 2 * s->cap : 16;
    uintptr_t *ptrs = realloc(s->ptrs, cap * sizeof *ptrs);
    if (!ptrs)
      return false;
    s->ptrs = ptrs, s->cap = cap;
  }
  i = -i - 1;
  memmove(&s->ptrs[i + 1], &s->ptrs[i], (s->n - i) * sizeof *s->ptrs);
  s->ptrs[i] = p;
  s->n++;
  return true;
}

bool alloc_set_has(const struct alloc_set *s, uintptr_t p) {
  return alloc_index(s, p) >= 0;
}

bool alloc_set_remove(struct alloc_set *s, uintptr_t p) {
  long i = alloc_index(s, p);
  if (i < 0)
    return false;
  memmove(&s->ptrs[i], &s->ptrs[i + 1], (s->n - i - 1) * sizeof *s->ptrs);
  s->n--;
  return true;
}

static size_t shadow_lower(const struct shadow_set *s, uintptr_t p) {
  size_t lo = 0, hi = s->n;
  while (lo < hi) {
    size_t mid = (lo + hi) / 2;
    if (s->v[mid].host_addr < p)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

void shadow_put(struct shadow_set *s, struct shadow x) {
  size_t i = shadow_lower(s, x.host_addr);
  if (i < s->n && s->v[i].host_addr == x.host_addr) {
    s->v[i] = x;
    return;
  }
  if (s->n == s->cap) {
    size_t cap = s->cap ? 2 * s->cap : 16;
    struct shadow *v = realloc(s->v, cap * sizeof *v);
    if (!v)
      return;
    s->v = v, s->cap = cap;
  }
  memmove(&s->v[i + 1], &s->v[i], (s->n - i) * sizeof *s->v);
  s->v[i] = x;
  s->n++;
}

size_t shadow_range(struct shadow_set *s, uintptr_t begin, uintptr_t end, struct shadow **first) {
  size_t i = shadow_lower(s, begin), k = i;
  while (k < s->n && s->v[k].host_addr + sizeof(void *) <= end)
    k++;
  *first = s->v + i;
  return k - i;
}

void shadow_drop(struct shadow_set *s, uintptr_t begin, uintptr_t end) {
  struct shadow *first;
  size_t n = shadow_range(s, begin, end, &first);
  if (!n)
    return;
  size_t i = (size_t)(first - s->v);
  memmove(first, first + n, (s->n - i - n) * sizeof *s->v);
  s->n -= n;
}
