// tasktree: a task tree in the shape of BOTS uts/fib with a fine cut-off: every node of a
// binary tree of depth D is a task that does a little work, creates its two children and waits
// for them. D = 19 gives 1,048,574 tasks below the root (--small: D = 11, 4,094). The tracing
// benchmark's hardest case: about three events and two slices per microsecond of work.
#include "../apps/app.h"

static unsigned work(unsigned x) { // a few dozen instructions, so a task is not empty
  for (int i = 0; i < 16; i++)
    x = x * 1664525u + 1013904223u;
  return x;
}

static long node(int depth, unsigned seed) {
  unsigned h = work(seed);
  if (depth == 0)
    return 1 + (h & 0); // a leaf counts itself
  long a = 0, b = 0;
#pragma omp task shared(a)
  a = node(depth - 1, h);
#pragma omp task shared(b)
  b = node(depth - 1, h ^ 0x9e3779b9u);
#pragma omp taskwait
  return 1 + a + b;
}

static int depth;

static long root(void) {
  return node(depth, 1);
}

int main(int argc, char **argv) {
  app_args(argc, argv);
  depth = app_small ? 11 : 19;
  long expect = (2L << depth) - 1;
  char size[64];
  snprintf(size, sizeof(size), "depth=%d tasks=%ld", depth, expect - 1);
  return app_tree("tasktree", size, root, expect);
}
