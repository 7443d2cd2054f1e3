// The outlined function receives every shared variable: 0, 1, 15 and 40 arguments (the
// runtime calls it with any number of arguments, some on the stack), and firstprivate scalars
// passed by value.
// RUN: %compile && %run %t | %FileCheck %s
#include <omp.h>
#include <stdio.h>

#define V15(X) X(0) X(1) X(2) X(3) X(4) X(5) X(6) X(7) X(8) X(9) X(10) X(11) X(12) X(13) X(14)
#define V40(X) V15(X) X(15) X(16) X(17) X(18) X(19) X(20) X(21) X(22) X(23) X(24) X(25) X(26) \
  X(27) X(28) X(29) X(30) X(31) X(32) X(33) X(34) X(35) X(36) X(37) X(38) X(39)
#define DECL(i) int v##i = 0;
#define BUMP(i) _Pragma("omp atomic") v##i += i + 1;
#define SUM(i) + v##i
#define DECLW(i) int w##i = 0;
#define BUMPW(i) _Pragma("omp atomic") w##i += i + 1;
#define SUMW(i) + w##i

static int zero_args(void) {
  int count = 0;
#pragma omp parallel num_threads(3)
  {
    // no shared variable at all
    if (omp_get_thread_num() == 0)
      printf("zero: team=%d\n", omp_get_num_threads());
  }
  return count;
}

int main(void) {
  zero_args();
  int one = 0;
#pragma omp parallel num_threads(3) shared(one)
  {
#pragma omp atomic
    one++;
  }
  printf("one=%d\n", one);

  V15(DECL)
#pragma omp parallel num_threads(3)
  { V15(BUMP) }
  printf("fifteen=%d\n", 0 V15(SUM));

  V40(DECLW)
  long fp1 = 1000, fp2 = 2000;
  double fd = 0.5;
#pragma omp parallel num_threads(4) firstprivate(fp1, fp2, fd)
  {
    V40(BUMPW)
    if (fp1 != 1000 || fp2 != 2000 || fd != 0.5)
      printf("firstprivate corrupted\n");
  }
  printf("forty=%d\n", 0 V40(SUMW));
  return 0;
}
// CHECK: zero: team=3
// CHECK-NEXT: one=3
// CHECK-NEXT: fifteen=360
// CHECK-NEXT: forty=3280
// CHECK-NOT: corrupted
