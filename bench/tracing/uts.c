// uts: an unbalanced task tree in the shape of BOTS uts: every task hashes its seed (BOTS uts
// takes a SHA-1 per child; here 256 rounds of a 64-bit mix, about as long), splits its share
// of the remaining nodes among 1 to 4 children chosen by the hash, creates them as tied tasks
// and waits for them. 4,000,000 tasks (--small: 4,000): the size the tracing goals name.
#include "../apps/app.h"

#include <stdint.h>

static uint64_t mix(uint64_t x) {
  for (int i = 0; i < 256; i++) {
    x ^= x >> 31;
    x *= 0x7fb5d329728ea185ull;
    x ^= x >> 27;
  }
  return x;
}

// A node that stands for n nodes: itself and n - 1 below it.
static long node(long n, uint64_t seed) {
  uint64_t h = mix(seed);
  long rest = n - 1;
  if (rest <= 0)
    return 1;
  long kids = 1 + (long)(h % 4);
  if (kids > rest)
    kids = rest;
  long count[4] = {0}, got[4] = {0};
  for (long k = 0, left = rest; k < kids; k++) {
    // Uneven shares: the first children take more (the tree is unbalanced).
    long share =
        k == kids - 1 ? left : left / 2 + (long)((h >> (8 * k)) % (uint64_t)(left / 4 + 1));
    if (share > left - (kids - 1 - k))
      share = left - (kids - 1 - k);
    count[k] = share;
    left -= share;
  }
  for (long k = 0; k < kids; k++) {
#pragma omp task shared(got) firstprivate(k)
    got[k] = node(count[k], h + (uint64_t)k + 1);
  }
#pragma omp taskwait
  return 1 + got[0] + got[1] + got[2] + got[3];
}

static long tasks;

static long root(void) {
  return node(tasks + 1, 42);
}

int main(int argc, char **argv) {
  app_args(argc, argv);
  tasks = app_small ? 4000 : 4000000;
  char size[64];
  snprintf(size, sizeof(size), "tasks=%ld", tasks);
  return app_tree("uts", size, root, tasks + 1);
}
