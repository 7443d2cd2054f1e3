// clang-format off
// The NVIDIA plugin's arithmetic, without a GPU: kernel environments as clang-19 lays them out
// (the values below are what it emitted for the kernels named), the device environment's
// encoding, the grid of a launch, and the device memory pool's books.
// RUN: %cc -O1 -g -Wall -I%cuda-src -I%incdir %s %cuda-src/launch.c %cuda-src/pool.c -o %t -lpthread
// RUN: %t | %FileCheck %s
// REQUIRES: cuda-plugin
// clang-format on
#include "launch.h"
#include "pool.h"

#include <stdio.h>
#include <string.h>

static void env_bytes(unsigned char b[KERNEL_ENV_SIZE], int mode, int minth, int maxth, int minte,
                      int maxte, int rsize, int rlen) {
  memset(b, 0, KERNEL_ENV_SIZE);
  b[2] = (unsigned char)mode;
  int v[] = {minth, maxth, minte, maxte, rsize, rlen};
  memcpy(b + 4, v, sizeof v);
}

static const struct device_limits h200 = {1024, 2147483647, 32, 132, 128, 4};

static void grid(const char *what, int mode, int maxth, int minte, int maxte, int teams, int limit,
                 unsigned long long trip, int fn_max) {
  unsigned char b[KERNEL_ENV_SIZE];
  struct kernel_env env;
  env_bytes(b, mode, 1, maxth, minte, maxte, 0, 0);
  bool ok = kernel_env_decode(b, &env);
  struct glass_launch how = {teams, limit, trip, 0};
  struct grid g = launch_grid(&how, &env, fn_max, &h200);
  printf("%s: %s teams %u threads %u\n", what, ok ? "ok" : "bad", g.teams, g.threads);
}

static int next_chunk;
static int backing(void *ctx, size_t bytes, uint64_t *out) {
  (void)ctx;
  if (next_chunk >= 3)
    return 1; // the driver is out of memory
  *out = 0x7f0000000000ull + (uint64_t)(next_chunk++) * 0x10000000ull;
  printf("backing %zu bytes\n", bytes);
  return 0;
}

int main(void) {
  // clang-19: teams distribute parallel for (SPMD, 128 threads), with reduction(+:double).
  unsigned char b[KERNEL_ENV_SIZE];
  struct kernel_env e;
  env_bytes(b, 2, 1, 128, 0, 0, 8, 1024);
  printf("decode %d mode %d threads %d..%d teams %d..%d reduction %d x %d\n",
         kernel_env_decode(b, &e), e.exec_mode, e.min_threads, e.max_threads, e.min_teams,
         e.max_teams, e.reduction_size, e.reduction_length);
  env_bytes(b, 7, 1, 128, 0, 0, 0, 0);
  printf("unknown mode decodes %d\n", kernel_env_decode(b, &e));

  grid("saxpy 2^24 SPMD", 2, 128, 0, 0, 0, 0, 1u << 24, 1024);
  grid("SPMD 1000 iterations", 2, 128, 0, 0, 0, 0, 1000, 1024);
  grid("num_teams(40) thread_limit(256)", 2, 256, 40, 40, 40, 256, 1u << 20, 1024);
  grid("thread_limit(2048) capped", 2, 1024, 0, 0, 0, 2048, 100, 1024);
  grid("registers allow 512", 2, 1024, 0, 0, 0, 1024, 100, 512);
  grid("target without teams", 3, 128, -1, -1, -1, 0, 0, 1024);
  grid("target teams, no loop", 3, 128, 0, 0, 0, 0, 0, 1024);
  grid("generic thread_limit(64)", 1, 1024, 0, 0, 0, 64, 10, 1024);
  grid("generic distribute 5 iterations", 1, 128, 0, 0, 0, 0, 5, 1024);
  grid("huge trip count", 2, 128, 0, 0, 0, 0, 0xffffffffffffffffull, 1024);
  grid("num_teams beyond kernel max", 2, 128, 0, 8, 100, 0, 0, 1024);

  struct device_env de = {1, 2, 3, 4, 5, 6, 7, 8};
  unsigned char d[DEVICE_ENV_SIZE];
  device_env_encode(&de, d);
  uint32_t w[4];
  uint64_t q[4];
  memcpy(w, d, 16), memcpy(q, d + 16, 32);
  printf("device env %u %u %u %u %llu %llu %llu %llu\n", w[0], w[1], w[2], w[3],
         (unsigned long long)q[0], (unsigned long long)q[1], (unsigned long long)q[2],
         (unsigned long long)q[3]);

  struct dev_pool p;
  dev_pool_init(&p);
  uint64_t a = dev_pool_alloc(&p, 100, backing, NULL);
  uint64_t b2 = dev_pool_alloc(&p, 256, backing, NULL);
  uint64_t c = dev_pool_alloc(&p, 300, backing, NULL); // the 512 class: a chunk of its own
  printf("a %#llx b %#llx c %#llx in use %llu\n", (unsigned long long)a, (unsigned long long)b2,
         (unsigned long long)c, (unsigned long long)p.in_use);
  printf("free a %d, again %d, misaligned %d, foreign %d\n", dev_pool_free(&p, a),
         dev_pool_free(&p, a + 8), dev_pool_free(&p, b2 + 1), dev_pool_free(&p, 0x1000));
  printf("reuse %d\n", dev_pool_alloc(&p, 200, backing, NULL) == a);
  uint64_t big = dev_pool_alloc(&p, 1 << 20, backing, NULL); // past the pool: the driver's
  printf("big from backing %d, freed by the pool %d\n", big != 0, dev_pool_free(&p, big));
  printf("exhausted %#llx\n", (unsigned long long)dev_pool_alloc(&p, 4096, backing, NULL));
  // Carving a class's chunk to the end and one more block.
  int got = 0;
  for (int i = 0; i < (POOL_CHUNK >> 8) + 1; i++)
    got += dev_pool_alloc(&p, 256, backing, NULL) != 0;
  printf("256-byte blocks %d\n", got);
  return 0;
}
// CHECK: decode 1 mode 2 threads 1..128 teams 0..0 reduction 8 x 1024
// CHECK: unknown mode decodes 0
// CHECK: saxpy 2^24 SPMD: ok teams 131072 threads 128
// CHECK: SPMD 1000 iterations: ok teams 8 threads 128
// CHECK: num_teams(40) thread_limit(256): ok teams 40 threads 256
// CHECK: thread_limit(2048) capped: ok teams 1 threads 1024
// CHECK: registers allow 512: ok teams 1 threads 512
// CHECK: target without teams: ok teams 1 threads 128
// CHECK: target teams, no loop: ok teams 528 threads 128
// CHECK: generic thread_limit(64): ok teams 10 threads 96
// CHECK: generic distribute 5 iterations: ok teams 5 threads 128
// CHECK: huge trip count: ok teams 2147483647 threads 128
// CHECK: num_teams beyond kernel max: ok teams 8 threads 128
// CHECK: device env 1 2 3 4 5 6 7 8
// CHECK: backing 2097152 bytes
// CHECK: backing 2097152 bytes
// CHECK: a 0x7f0000000000 b 0x7f0000000100 c 0x7f0010000000 in use 3
// CHECK: free a 1, again 0, misaligned 0, foreign 0
// CHECK: reuse 1
// CHECK: backing 1048576 bytes
// CHECK: big from backing 1, freed by the pool 0
// CHECK: exhausted 0
// CHECK: 256-byte blocks 8190
