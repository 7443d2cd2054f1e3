// kmp_aligned_malloc: an alignment that is not a power of two (0 included) gets NULL, as in
// libomp; a power of two, however small or large, gets a block aligned to it.
// RUN: %compile && %run %t | %FileCheck %s
#include <omp.h>
#include <stdint.h>
#include <stdio.h>

int main(void) {
  static const size_t bad[] = {0, 3, 6, 12, 24, 100, 4097, SIZE_MAX};
  for (unsigned i = 0; i < sizeof(bad) / sizeof(*bad); i++) {
    void *p = kmp_aligned_malloc(64, bad[i]);
    printf("align %zu: %s\n", bad[i], p ? "block" : "NULL");
    kmp_free(p);
  }
  static const size_t good[] = {1, 2, 4, 8, 16, 64, 4096, 1 << 20};
  int ok = 1;
  for (unsigned i = 0; i < sizeof(good) / sizeof(*good); i++) {
    void *p = kmp_aligned_malloc(64, good[i]);
    ok &= p != NULL && (uintptr_t)p % good[i] == 0;
    kmp_free(p);
  }
  printf("powers of two ok=%d\n", ok);
  printf("huge size: %s\n", kmp_aligned_malloc(SIZE_MAX - 4096, 64) ? "block" : "NULL");
  return 0;
}
// CHECK: align 0: NULL
// CHECK-NEXT: align 3: NULL
// CHECK-NEXT: align 6: NULL
// CHECK-NEXT: align 12: NULL
// CHECK-NEXT: align 24: NULL
// CHECK-NEXT: align 100: NULL
// CHECK-NEXT: align 4097: NULL
// CHECK-NEXT: align 18446744073709551615: NULL
// CHECK-NEXT: powers of two ok=1
// CHECK-NEXT: huge size: NULL
