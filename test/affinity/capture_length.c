// omp_capture_affinity returns the length the whole formatted string needs, however long, as
// snprintf does, and stores at most size - 1 characters of it, always terminated.
// RUN: %compile && %run %t | %FileCheck %s
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int check(const char *fmt, size_t expect) {
  size_t need = omp_capture_affinity(NULL, 0, fmt);
  char *full = malloc(need + 1);
  size_t got = omp_capture_affinity(full, need + 1, fmt);
  char small[10];
  memset(small, 'z', sizeof(small));
  size_t cut = omp_capture_affinity(small, sizeof(small), fmt);
  int ok = need == expect && got == need && strlen(full) == need && cut == need &&
           small[need < 9 ? need : 9] == '\0' && strncmp(small, full, 9) == 0;
  printf("len=%zu ok=%d\n", need, ok);
  free(full);
  return ok;
}

int main(void) {
  // 10,000 literal characters and a thread number: far past any fixed line buffer.
  char *fmt = malloc(10100);
  memset(fmt, 'x', 10000);
  strcpy(fmt + 10000, "%n");
  check(fmt, 10001);
  check("%.20000n|%7n|", 20000 + 1 + 7 + 1); // right- and left-justified widths
  check("%020000n", 20000);                  // 0 without .: left-justified, padded with spaces
  check("%.020000n", 20000);                 // zeros on the left
  check("%", 0); // a format that ends inside a field prints nothing for it
  check("ab%0", 2);
  // The check a tool makes: the length needed, then a buffer that size, from every thread.
  int bad = 0;
#pragma omp parallel num_threads(3) reduction(+ : bad)
  {
    char line[64];
    size_t n = omp_capture_affinity(line, sizeof(line), "%.5{thread_num}");
    bad += n != 5 || atoi(line) != omp_get_thread_num();
  }
  printf("threads bad=%d\n", bad);
  free(fmt);
  return 0;
}
// CHECK: len=10001 ok=1
// CHECK-NEXT: len=20009 ok=1
// CHECK-NEXT: len=20000 ok=1
// CHECK-NEXT: len=20000 ok=1
// CHECK-NEXT: len=0 ok=1
// CHECK-NEXT: len=2 ok=1
// CHECK-NEXT: threads bad=0
