// A pool of device memory for small blocks, so that small maps do not each call the driver
// (cuMemAlloc and cuMemFree synchronise the device). Blocks of up to POOL_MAX_BLOCK bytes come
// in power-of-two classes, carved from chunks of POOL_CHUNK bytes that are never returned;
// larger blocks go to the driver. The pool keeps its books on the host: device memory is
// never read or written here. Thread-safe.
#pragma once
#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum {
  POOL_MIN_SHIFT = 8,  // 256-byte blocks at the least (CUDA allocations are 256-aligned)
  POOL_MAX_SHIFT = 18, // 256 KiB at the most
  POOL_CLASSES = POOL_MAX_SHIFT - POOL_MIN_SHIFT + 1,
  POOL_CHUNK = 2 << 20, // 2 MiB
};
#define POOL_MAX_BLOCK ((size_t)1 << POOL_MAX_SHIFT)

struct pool_chunk {
  uint64_t base;
  int cls; // the class this chunk's blocks belong to
};

struct dev_pool {
  pthread_mutex_t lock;
  struct pool_chunk *chunks; // sorted by base
  size_t nchunks, cap_chunks;
  struct {
    uint64_t *free; // a stack of free blocks
    size_t n, cap;
    uint64_t next, end; // the current chunk's uncarved part
  } cls[POOL_CLASSES];
  uint64_t in_use; // blocks handed out and not yet freed
};

// Allocates `bytes` of device memory from the backing allocator (0 on success).
typedef int (*pool_backing_fn)(void *ctx, size_t bytes, uint64_t *out);

void dev_pool_init(struct dev_pool *p);
// A block of at least `bytes` (0 when the backing allocator fails). Large sizes are passed
// straight to the backing allocator.
uint64_t dev_pool_alloc(struct dev_pool *p, size_t bytes, pool_backing_fn backing, void *ctx);
// Returns a pool block; false when `addr` is not one (the caller frees it with the driver).
bool dev_pool_free(struct dev_pool *p, uint64_t addr);
