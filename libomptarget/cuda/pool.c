#include "pool.h"
#include "../grow.h"

#include <stdlib.h>

void dev_pool_init(struct dev_pool *p) {
  *p = (struct dev_pool){0};
  pthread_mutex_init(&p->lock, NULL);
}

static int class_of(size_t bytes) {
  int c = 0;
  while (((size_t)1 << (POOL_MIN_SHIFT + c)) < bytes)
    c++;
  return c;
}

static bool push_free(struct dev_pool *p, int c, uint64_t addr) {
  if (p->cls[c].n == p->cls[c].cap) {
    size_t cap = p->cls[c].cap ? 2 * p->cls[c].cap : 64;
    uint64_t *v = realloc(p->cls[c].free, cap * sizeof *v);
    if (!v)
      return false;
    p->cls[c].free = v, p->cls[c].cap = cap;
  }
  p->cls[c].free[p->cls[c].n++] = addr;
  return true;
}

static bool add_chunk(struct dev_pool *p, uint64_t base, int c) {
  if (p->nchunks == p->cap_chunks) {
    struct pool_chunk *v = tgt_grow(p->chunks, &p->cap_chunks, sizeof *v, 16);
    if (!v)
      return false;
    p->chunks = v;
  }
  size_t i = p->nchunks;
  while (i > 0 && p->chunks[i - 1].base > base) {
    p->chunks[i] = p->chunks[i - 1];
    i--;
  }
  p->chunks[i] = (struct pool_chunk){base, c};
  p->nchunks++;
  return true;
}

uint64_t dev_pool_alloc(struct dev_pool *p, size_t bytes, pool_backing_fn backing, void *ctx) {
  uint64_t addr = 0;
  if (bytes > POOL_MAX_BLOCK)
    return backing(ctx, bytes, &addr) == 0 ? addr : 0;
  int c = class_of(bytes);
  uint64_t size = (uint64_t)1 << (POOL_MIN_SHIFT + c);
  pthread_mutex_lock(&p->lock);
  if (p->cls[c].n) {
    addr = p->cls[c].free[--p->cls[c].n];
  } else {
    if (p->cls[c].next + size > p->cls[c].end) {
      uint64_t base;
      // The chunk list is grown first: a chunk the pool cannot record would be lost.
      if (backing(ctx, POOL_CHUNK, &base) != 0 || !add_chunk(p, base, c)) {
        pthread_mutex_unlock(&p->lock);
        return 0;
      }
      p->cls[c].next = base, p->cls[c].end = base + POOL_CHUNK;
    }
    addr = p->cls[c].next;
    p->cls[c].next += size;
  }
  p->in_use++;
  pthread_mutex_unlock(&p->lock);
  return addr;
}

bool dev_pool_free(struct dev_pool *p, uint64_t addr) {
  pthread_mutex_lock(&p->lock);
  size_t lo = 0, hi = p->nchunks;
  while (lo < hi) { // the last chunk starting at or below addr
    size_t mid = (lo + hi) / 2;
    if (p->chunks[mid].base <= addr)
      lo = mid + 1;
    else
      hi = mid;
  }
  bool ours = lo > 0 && addr < p->chunks[lo - 1].base + POOL_CHUNK;
  if (ours) {
    int c = p->chunks[lo - 1].cls;
    uint64_t size = (uint64_t)1 << (POOL_MIN_SHIFT + c);
    ours = (addr - p->chunks[lo - 1].base) % size == 0 && push_free(p, c, addr);
    if (ours)
      p->in_use--;
  }
  pthread_mutex_unlock(&p->lock);
  return ours;
}
