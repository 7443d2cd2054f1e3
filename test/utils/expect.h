// A test's own checks: EXPECT(cond) or EXPECT(cond, "format", ...). A false cond prints
// "failed: COND (line N)" and the message, as one line, and counts in `failures` (atomic:
// checks run in threads and tasks), which the test prints at its end for its CHECK lines.
#ifndef GLASS_TEST_EXPECT_H
#define GLASS_TEST_EXPECT_H

#include <stdatomic.h>
#include <stdio.h>

static atomic_int failures;

#define EXPECT(cond, ...)                                                                          \
  do {                                                                                             \
    if (!(cond)) {                                                                                 \
      atomic_fetch_add(&failures, 1);                                                              \
      flockfile(stdout);                                                                           \
      printf("failed: %s (line %d) ", #cond, __LINE__);                                            \
      printf("" __VA_ARGS__);                                                                      \
      printf("\n");                                                                                \
      funlockfile(stdout);                                                                         \
    }                                                                                              \
  } while (0)

#endif
