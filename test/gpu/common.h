// Shared by the GPU test programs: a check that counts failures and one summary line.
#pragma once
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

static int gpu_failures;
#define EXPECT(cond, ...)                                                                          \
  do {                                                                                             \
    if (!(cond)) {                                                                                 \
      gpu_failures++;                                                                              \
      printf("FAIL %s:%d: ", __FILE__, __LINE__);                                                  \
      printf(__VA_ARGS__);                                                                         \
      printf("\n");                                                                                \
    }                                                                                              \
  } while (0)

// Every program runs on a GPU or fails: a result computed on the host proves nothing.
static inline void require_gpu(void) {
  int on_host = 1;
#pragma omp target map(from : on_host)
  on_host = omp_is_initial_device();
  if (on_host || omp_get_num_devices() < 1) {
    printf("FAIL: the target region ran on the host (%d devices)\n", omp_get_num_devices());
    exit(1);
  }
}

static inline int finish(const char *name) {
  printf("%s %s\n", gpu_failures ? "FAIL" : "OK", name);
  return gpu_failures != 0;
}
