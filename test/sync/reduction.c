// reduction clauses on parallel (__kmpc_reduce_nowait): every operator, long double and
// _Complex (no native atomics: clang's atomic path uses libatomic), array sections and
// user-defined reductions; every method (KMP_FORCE_REDUCTION), team sizes 1, 2 and 7.
// RUN: %compile -latomic && env OMP_NUM_THREADS=1 %run %t | %FileCheck %s
// RUN: env OMP_NUM_THREADS=2 %run %t | %FileCheck %s
// RUN: env OMP_NUM_THREADS=7 %run %t | %FileCheck %s
// RUN: env OMP_NUM_THREADS=7 KMP_FORCE_REDUCTION=critical %run %t | %FileCheck %s
// RUN: env OMP_NUM_THREADS=7 KMP_FORCE_REDUCTION=atomic %run %t | %FileCheck %s
// RUN: env OMP_NUM_THREADS=7 KMP_FORCE_REDUCTION=tree %run %t | %FileCheck %s
// RUN: env OMP_NUM_THREADS=2 KMP_FORCE_REDUCTION=tree %run %t | %FileCheck %s
// RUN: env OMP_NUM_THREADS=23 %run %t | %FileCheck %s
#include <omp.h>
#include <complex.h>
#include <stdio.h>

typedef struct {
  long lo, hi;
} range_t;

static range_t range_join(range_t a, range_t b) {
  range_t r = {a.lo < b.lo ? a.lo : b.lo, a.hi > b.hi ? a.hi : b.hi};
  return r;
}
#pragma omp declare reduction(join:range_t : omp_out = range_join(omp_out, omp_in))           \
    initializer(omp_priv = (range_t){1L << 40, -(1L << 40)})

int main(void) {
  int n = omp_get_max_threads();
  long sum = 0, prod = 1, mx = -1, mn = 1L << 40;
  unsigned band = ~0u, bor = 0, bxor = 0;
  int land = 1, lor = 0;
  long double ld = 0;
  double _Complex cz = 0;
  float f = 0;
  long arr[8] = {0};
  range_t r = {1L << 40, -(1L << 40)};
#pragma omp parallel reduction(+ : sum, ld, cz, f, arr[0 : 8]) reduction(* : prod)             \
    reduction(max : mx) reduction(min : mn) reduction(& : band) reduction(| : bor)             \
    reduction(^ : bxor) reduction(&& : land) reduction(|| : lor) reduction(join : r)
  {
    int t = omp_get_thread_num();
    sum += t + 1;
    prod *= (t % 3) + 1;
    mx = mx > t * 10 ? mx : t * 10;
    mn = mn < t + 5 ? mn : t + 5;
    band &= ~(1u << t);
    bor |= 1u << t;
    bxor ^= 1u << (t % 4);
    land = land && (t >= 0);
    lor = lor || (t == n - 1);
    ld += 0.5L;
    cz += 1.0 + 2.0 * _Complex_I;
    f += 1.0f;
    for (int i = 0; i < 8; i++)
      arr[i] += i * (t + 1);
    range_t mine = {t * 3, t * 3 + 1};
    r = range_join(r, mine);
  }
  long esum = (long)n * (n + 1) / 2, eprod = 1;
  unsigned eand = ~0u, eor = 0, exor = 0;
  for (int t = 0; t < n; t++) {
    eprod *= (t % 3) + 1;
    eand &= ~(1u << t);
    eor |= 1u << t;
    exor ^= 1u << (t % 4);
  }
  int arr_ok = 1;
  for (int i = 0; i < 8; i++)
    arr_ok &= arr[i] == i * esum;
  printf("sum=%d prod=%d max=%d min=%d\n", sum == esum, prod == eprod, mx == (n - 1) * 10,
         mn == 5);
  printf("and=%d or=%d xor=%d land=%d lor=%d\n", band == eand, bor == eor, bxor == exor, land,
         lor);
  printf("ld=%d complex=%d float=%d array=%d udr=%d\n", ld == 0.5L * n,
         __real__ cz == n && __imag__ cz == 2.0 * n, f == (float)n, arr_ok,
         r.lo == 0 && r.hi == (n - 1) * 3 + 1);

  // Many reductions in a row, nowait: the tree's flags go back to rest each time.
  long total = 0;
  for (int rep = 0; rep < 200; rep++) {
    long s = 0;
#pragma omp parallel reduction(+ : s)
    s += omp_get_thread_num();
    total += s;
  }
  printf("repeated=%d\n", total == 200L * n * (n - 1) / 2);
  return 0;
}
// CHECK: sum=1 prod=1 max=1 min=1
// CHECK-NEXT: and=1 or=1 xor=1 land=1 lor=1
// CHECK-NEXT: ld=1 complex=1 float=1 array=1 udr=1
// CHECK-NEXT: repeated=1
