// libomp's __kmpc_atomic_* entry points, called the way other compilers and hand-written code
// call them (declared here by hand): every thread hammers lock-free objects, lock-path objects
// (long double, large complex, misaligned) and the generic callback forms on the same objects
// as the typed forms, and every result must be exact; then each form's semantics (capture
// before/after, reversed operands, mixed types, read/write/swap, compare-and-swap) on one
// thread, printed so that the same binary's output on libomp 19.1.7 can be compared line by
// line. Division by zero and over-wide shifts are Glass's own (libomp traps or takes the count
// modulo the width), so they run in a separate mode.
// RUN: %compile
// RUN: env OMP_NUM_THREADS=4 %run %t > %t.glass
// RUN: %FileCheck %s < %t.glass
// RUN: env OMP_NUM_THREADS=1 LD_LIBRARY_PATH=/usr/lib/llvm-22/lib %t > %t.llvm
// RUN: diff %t.glass %t.llvm
// RUN: env OMP_NUM_THREADS=1 %run %t | %FileCheck %s
// RUN: %run %t edge 2>&1 | %FileCheck %s --check-prefix=EDGE
#include <omp.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef float _Complex c4;
typedef double _Complex c8;
typedef long double _Complex c10;
typedef void (*fn3)(void *, void *, void *);

#define UPD(name, T) void __kmpc_atomic_##name(void *, int, T *, T);
#define CPT(name, T) T __kmpc_atomic_##name(void *, int, T *, T, int);
UPD(fixed1_add, char)
UPD(fixed2_sub, short) UPD(fixed4_add, int32_t) UPD(fixed8_add, int64_t) UPD(
    fixed4_orb, int32_t) UPD(fixed8_xor, int64_t) UPD(fixed4_max, int32_t) UPD(fixed8_min, int64_t)
    UPD(float4_add, float) UPD(float8_add, double) UPD(float8_max, double) UPD(
        float10_add, long double) UPD(cmplx4_add, c4) UPD(cmplx8_add, c8) UPD(cmplx10_add, c10)
        UPD(fixed4_sub_rev, int32_t) UPD(fixed4_div_rev, int32_t) UPD(fixed4_shl_rev, int32_t) UPD(
            fixed4_shr_rev, int32_t) UPD(fixed1u_shr_rev, unsigned char) UPD(float8_div_rev, double)
            UPD(cmplx8_sub_rev, c8) UPD(fixed1u_div, unsigned char) UPD(fixed2u_shr, unsigned short)
                UPD(fixed2_shr, short) UPD(fixed4_andl, int32_t) UPD(fixed4_orl, int32_t)
                    UPD(fixed4_eqv, int32_t) UPD(fixed4_neqv, int32_t) UPD(fixed4_shl, int32_t) UPD(
                        fixed8_div, int64_t) UPD(fixed4u_div, uint32_t) UPD(fixed2_mul, short)
                        UPD(cmplx4_div_rev, c4) CPT(fixed4_add_cpt, int32_t)
                            CPT(fixed4_sub_cpt, int32_t) CPT(float10_add_cpt, long double) CPT(
                                fixed4_sub_cpt_rev, int32_t) CPT(fixed8_shl_cpt_rev, int64_t)
                                CPT(float10_sub_cpt_rev, long double) CPT(fixed2_max_cpt, short)
                                    CPT(float4_min_cpt, float) CPT(cmplx8_div_cpt_rev,
                                                                   c8) CPT(fixed1u_div_cpt_rev,
                                                                           unsigned char)
                                        CPT(fixed8_andl_cpt,
                                            int64_t) void __kmpc_atomic_fixed4_mul_float8(void *,
                                                                                          int,
                                                                                          int32_t *,
                                                                                          double);
void __kmpc_atomic_fixed1_div_float8(void *, int, char *, double);
void __kmpc_atomic_float4_add_float8(void *, int, float *, double);
void __kmpc_atomic_cmplx4_mul_cmplx8(void *, int, c4 *, c8);
void __kmpc_atomic_cmplx4_sub_cpt(void *, int, c4 *, c4, c4 *, int);
void __kmpc_atomic_cmplx4_sub_cpt_rev(void *, int, c4 *, c4, c4 *, int);
void __kmpc_atomic_cmplx4_swp(void *, int, c4 *, c4, c4 *);
int64_t __kmpc_atomic_fixed8_swp(void *, int, int64_t *, int64_t);
long double __kmpc_atomic_float10_swp(void *, int, long double *, long double);
int32_t __kmpc_atomic_fixed4_rd(void *, int, int32_t *);
c10 __kmpc_atomic_cmplx10_rd(void *, int, c10 *);
c4 __kmpc_atomic_cmplx4_rd(void *, int, c4 *);
void __kmpc_atomic_cmplx10_wr(void *, int, c10 *, c10);
void __kmpc_atomic_float8_wr(void *, int, double *, double);
double __kmpc_atomic_float8_rd(void *, int, double *);
bool __kmpc_atomic_bool_4_cas(void *, int, int32_t *, int32_t, int32_t);
bool __kmpc_atomic_bool_8_cas(void *, int, int64_t *, int64_t, int64_t);
int32_t __kmpc_atomic_val_4_cas(void *, int, int32_t *, int32_t, int32_t);
bool __kmpc_atomic_bool_2_cas_cpt(void *, int, short *, short, short, short *);
char __kmpc_atomic_val_1_cas_cpt(void *, int, char *, char, char, char *);
void __kmpc_atomic_4(void *, int, void *, void *, fn3);
void __kmpc_atomic_8(void *, int, void *, void *, fn3);
void __kmpc_atomic_16(void *, int, void *, void *, fn3);
void __kmpc_atomic_32(void *, int, void *, void *, fn3);
void __kmpc_atomic_start(void);
void __kmpc_atomic_end(void);
int __kmpc_global_thread_num(void *);

#define ITERS 1024
#define TIGHT 50000
#define G     __kmpc_global_thread_num(NULL)

static void add_i32(void *out, void *a, void *b) {
  *(int32_t *)out = *(int32_t *)a + *(int32_t *)b;
}
static void add_i64(void *out, void *a, void *b) {
  *(int64_t *)out = *(int64_t *)a + *(int64_t *)b;
}
static void add_f10(void *out, void *a, void *b) {
  *(long double *)out = *(long double *)a + *(long double *)b;
}
static void add_c10(void *out, void *a, void *b) {
  *(c10 *)out = *(c10 *)a + *(c10 *)b;
}

// Misaligned objects take the lock path; they must still be exact.
struct __attribute__((packed)) odd {
  char pad;
  int32_t i4;
  int64_t i8;
  c4 cx;
};

static char v1;
static short v2;
static int32_t v4, orb, maxv, gen4, cas4, cptsum;
static int64_t v8, xorv, minv, gen8, cas8, swp8, swpsum;
static float f4;
static double f8, f8max;
static long double f10, gen10;
static c4 cx4 __attribute__((aligned(8))); // lock-free; odd.cx takes the lock path
static c8 cx8;
static c10 cx10, gen32, torn10;
static struct odd odd;
static struct { int64_t a, b, c; } stmt;

static int failures;
#define EXPECT(name, cond)                                                                         \
  do {                                                                                             \
    if (!(cond)) {                                                                                 \
      printf("FAIL %s\n", name);                                                                   \
      failures++;                                                                                  \
    }                                                                                              \
  } while (0)

static void contention(void) {
  int n = omp_get_max_threads(), total = n * ITERS, dup = 0, torn = 0;
  char *seen = calloc((size_t)total + 1, 1);
  torn10 = 0;
#pragma omp parallel reduction(+ : dup, torn)
  {
    int t = omp_get_thread_num(), g = G;
    for (int k = 0; k < ITERS; k++) {
      int id = t * ITERS + k;
      __kmpc_atomic_fixed1_add(NULL, g, &v1, 1);
      __kmpc_atomic_fixed2_sub(NULL, g, &v2, 1);
      __kmpc_atomic_fixed4_add(NULL, g, &v4, 1);
      __kmpc_atomic_fixed8_add(NULL, g, &v8, 3);
      __kmpc_atomic_fixed4_orb(NULL, g, &orb, 1 << (id % 31));
      __kmpc_atomic_fixed8_xor(NULL, g, &xorv, (int64_t)1 << (k % 64));
      __kmpc_atomic_fixed4_max(NULL, g, &maxv, id);
      __kmpc_atomic_fixed8_min(NULL, g, &minv, -id);
      __kmpc_atomic_float4_add(NULL, g, &f4, 1.0f);
      __kmpc_atomic_float8_add(NULL, g, &f8, 0.5);
      __kmpc_atomic_float8_max(NULL, g, &f8max, id * 0.25);
      __kmpc_atomic_float10_add(NULL, g, &f10, 0.25L);
      __kmpc_atomic_cmplx4_add(NULL, g, &cx4, 1.0f + 2.0fi);
      __kmpc_atomic_cmplx8_add(NULL, g, &cx8, 1.0 - 1.0i);
      __kmpc_atomic_cmplx10_add(NULL, g, &cx10, 2.0L + 1.0Li);
      __kmpc_atomic_fixed4_add(NULL, g, &odd.i4, 1);
      __kmpc_atomic_fixed8_add(NULL, g, &odd.i8, 1);
      __kmpc_atomic_cmplx4_add(NULL, g, &odd.cx, 1.0f);
      // The generic forms and the typed forms on the same objects.
      int32_t one = 1;
      int64_t two = 2;
      long double half = 0.5L;
      c10 unit = 1.0L + 1.0Li;
      __kmpc_atomic_4(NULL, g, &gen4, &one, add_i32);
      __kmpc_atomic_fixed4_add(NULL, g, &gen4, 1);
      __kmpc_atomic_8(NULL, g, &gen8, &two, add_i64);
      __kmpc_atomic_8(NULL, g, &odd.i8, &two, add_i64);
      __kmpc_atomic_16(NULL, g, &gen10, &half, add_f10);
      __kmpc_atomic_float10_add(NULL, g, &gen10, 0.5L);
      __kmpc_atomic_32(NULL, g, &gen32, &unit, add_c10);
      __kmpc_atomic_cmplx10_add(NULL, g, &gen32, unit);
      // Captures hand out each ticket once.
      int32_t tk = __kmpc_atomic_fixed4_add_cpt(NULL, g, &cptsum, 1, k & 1);
      int slot = (k & 1) ? tk - 1 : tk;
      if (slot < 0 || slot >= total || seen[slot]++)
        dup++;
      long double t10 = __kmpc_atomic_float10_add_cpt(NULL, g, &f10, 0.0L, 0);
      (void)t10;
      long double tick = __kmpc_atomic_float10_add_cpt(NULL, g, &gen10, 0.0L, 1);
      (void)tick;
      // Compare-and-swap increments.
      int32_t o4;
      do
        o4 = __kmpc_atomic_fixed4_rd(NULL, g, &cas4);
      while (__kmpc_atomic_val_4_cas(NULL, g, &cas4, o4, o4 + 1) != o4);
      int64_t o8;
      do
        o8 = cas8;
      while (!__kmpc_atomic_bool_8_cas(NULL, g, &cas8, o8, o8 + 1));
      // Swaps: every value stored is either swapped out once or is the last one.
      int64_t old = __kmpc_atomic_fixed8_swp(NULL, g, &swp8, id + 1);
      __kmpc_atomic_fixed8_add(NULL, g, &swpsum, old);
      // Writes and reads of a 32-byte object are never torn.
      __kmpc_atomic_cmplx10_wr(NULL, g, &torn10, (long double)id + (long double)id * 1.0Li);
      c10 r = __kmpc_atomic_cmplx10_rd(NULL, g, &torn10);
      if (__real__ r != __imag__ r)
        torn++;
      // A whole statement under __kmpc_atomic_start.
      __kmpc_atomic_start();
      stmt.a++;
      stmt.b += stmt.a - stmt.c;
      stmt.c++;
      __kmpc_atomic_end();
    }
  }
  long long tl = total;
  EXPECT("fixed1_add", v1 == (char)total);
  EXPECT("fixed2_sub", v2 == (short)-total);
  EXPECT("fixed4_add", v4 == total);
  EXPECT("fixed8_add", v8 == 3 * tl);
  EXPECT("fixed4_orb", orb == 0x7fffffff);
  EXPECT("fixed8_xor", xorv == 0); // each bit flipped an even number of times
  EXPECT("fixed4_max", maxv == total - 1);
  EXPECT("fixed8_min", minv == -(tl - 1));
  EXPECT("float4_add", f4 == (float)total);
  EXPECT("float8_add", f8 == 0.5 * total);
  EXPECT("float8_max", f8max == 0.25 * (total - 1));
  EXPECT("float10_add", f10 == 0.25L * total);
  EXPECT("cmplx4_add", cx4 == (float)total + 2.0fi * (float)total);
  EXPECT("cmplx8_add", cx8 == (double)total - 1.0i * (double)total);
  EXPECT("cmplx10_add", cx10 == 2.0L * total + 1.0Li * total);
  EXPECT("misaligned fixed4", odd.i4 == total);
  EXPECT("misaligned fixed8 typed+generic", odd.i8 == 3 * tl);
  EXPECT("misaligned cmplx4", odd.cx == (float)total);
  EXPECT("generic 4 + fixed4", gen4 == 2 * total);
  EXPECT("generic 8", gen8 == 2 * tl);
  EXPECT("generic 16 + float10", gen10 == 1.0L * total);
  EXPECT("generic 32 + cmplx10", gen32 == 2.0L * total + 2.0Li * total);
  EXPECT("add_cpt tickets", dup == 0 && cptsum == total);
  EXPECT("val_4_cas", cas4 == total);
  EXPECT("bool_8_cas", cas8 == total);
  EXPECT("fixed8_swp", swpsum + swp8 == tl * (tl + 1) / 2);
  EXPECT("cmplx10 rd/wr", torn == 0);
  EXPECT("atomic_start/end", stmt.a == total && stmt.c == total && stmt.b == total);
  // Tight loops on the lock path alone, where a lost update is likeliest.
  static long double tight10;
  static c8 tight8;
  static struct odd tight;
#pragma omp parallel
  {
    int g = G;
    long double half = 0.5L;
    for (int k = 0; k < TIGHT; k++) {
      __kmpc_atomic_float10_add(NULL, g, &tight10, 0.5L);
      __kmpc_atomic_16(NULL, g, &tight10, &half, add_f10);
    }
    for (int k = 0; k < TIGHT; k++)
      __kmpc_atomic_cmplx8_add(NULL, g, &tight8, 1.0i);
    for (int k = 0; k < TIGHT; k++)
      __kmpc_atomic_fixed4_add(NULL, g, &tight.i4, 1);
  }
  EXPECT("tight float10 + generic 16", tight10 == (long double)n * TIGHT);
  EXPECT("tight cmplx8", tight8 == 1.0i * n * TIGHT);
  EXPECT("tight misaligned fixed4", tight.i4 == n * TIGHT);
  printf("contention: %d failures\n", failures);
  free(seen);
}

static void semantics(void) {
  int g = G;
  int32_t x = 10;
  printf("sub_cpt old %d", __kmpc_atomic_fixed4_sub_cpt(NULL, g, &x, 3, 0));
  printf(" x %d", x);
  printf(" new %d", __kmpc_atomic_fixed4_sub_cpt(NULL, g, &x, 3, 1));
  printf(" x %d\n", x);
  x = 10;
  __kmpc_atomic_fixed4_sub_rev(NULL, g, &x, 3);
  printf("sub_rev %d", x);
  x = 4;
  __kmpc_atomic_fixed4_div_rev(NULL, g, &x, 20);
  printf(" div_rev %d", x);
  x = 3;
  __kmpc_atomic_fixed4_shl_rev(NULL, g, &x, 1);
  printf(" shl_rev %d", x);
  x = 2;
  __kmpc_atomic_fixed4_shr_rev(NULL, g, &x, -16);
  printf(" shr_rev %d", x);
  unsigned char u = 3;
  __kmpc_atomic_fixed1u_shr_rev(NULL, g, &u, 200);
  printf(" u1shr_rev %u\n", u);
  x = 10;
  printf("sub_cpt_rev old %d", __kmpc_atomic_fixed4_sub_cpt_rev(NULL, g, &x, 3, 0));
  printf(" x %d", x);
  printf(" new %d", __kmpc_atomic_fixed4_sub_cpt_rev(NULL, g, &x, 3, 1));
  printf(" x %d\n", x);
  int64_t y = 3;
  printf("shl_cpt_rev %lld", (long long)__kmpc_atomic_fixed8_shl_cpt_rev(NULL, g, &y, 5, 1));
  printf(" y %lld\n", (long long)y);
  unsigned char uc = 7;
  printf("u1div_cpt_rev %u", __kmpc_atomic_fixed1u_div_cpt_rev(NULL, g, &uc, 250, 0));
  printf(" %u\n", uc);
  double d = 4;
  __kmpc_atomic_float8_div_rev(NULL, g, &d, 1);
  long double ld = 1;
  long double ldr = __kmpc_atomic_float10_sub_cpt_rev(NULL, g, &ld, 10, 1);
  printf("f8 div_rev %g f10 sub_cpt_rev %Lg %Lg\n", d, ldr, ld);
  c8 z = 1.0 + 1.0i;
  __kmpc_atomic_cmplx8_sub_rev(NULL, g, &z, 3.0 + 5.0i);
  c8 zr = __kmpc_atomic_cmplx8_div_cpt_rev(NULL, g, &z, 4.0 + 8.0i, 0);
  printf("c8 sub_rev %g%+gi div_cpt_rev old %g%+gi now %g%+gi\n", __real__ zr, __imag__ zr,
         __real__ zr, __imag__ zr, __real__ z, __imag__ z);
  c4 w = 2.0f + 2.0fi, out;
  __kmpc_atomic_cmplx4_sub_cpt(NULL, g, &w, 1.0f, &out, 0);
  printf("c4 sub_cpt old %g%+gi", __real__ out, __imag__ out);
  __kmpc_atomic_cmplx4_sub_cpt_rev(NULL, g, &w, 5.0f, &out, 1);
  printf(" cpt_rev new %g%+gi", __real__ out, __imag__ out);
  __kmpc_atomic_cmplx4_div_rev(NULL, g, &w, 2.0f * w);
  printf(" div_rev %g%+gi", __real__ w, __imag__ w);
  __kmpc_atomic_cmplx4_swp(NULL, g, &w, 9.0f - 1.0fi, &out);
  c4 rd = __kmpc_atomic_cmplx4_rd(NULL, g, &w);
  printf(" swp old %g%+gi rd %g%+gi\n", __real__ out, __imag__ out, __real__ rd, __imag__ rd);

  char c = 127;
  __kmpc_atomic_fixed1_add(NULL, g, &c, 1);
  unsigned char ud = 200;
  __kmpc_atomic_fixed1u_div(NULL, g, &ud, 3);
  unsigned short us = 0x8000;
  __kmpc_atomic_fixed2u_shr(NULL, g, &us, 15);
  short ss = -32768;
  __kmpc_atomic_fixed2_shr(NULL, g, &ss, 15);
  short sm = 300;
  __kmpc_atomic_fixed2_mul(NULL, g, &sm, 300);
  printf("wrap %d u1div %u u2shr %u s2shr %d s2mul %d\n", c, ud, us, ss, sm);
  int32_t a = 5, o = 0, e = 0x0f, ne = 0x0f;
  __kmpc_atomic_fixed4_andl(NULL, g, &a, 0);
  __kmpc_atomic_fixed4_orl(NULL, g, &o, 7);
  __kmpc_atomic_fixed4_eqv(NULL, g, &e, 0x0f);
  __kmpc_atomic_fixed4_neqv(NULL, g, &ne, 0xf0);
  int64_t al = 4;
  int64_t alr = __kmpc_atomic_fixed8_andl_cpt(NULL, g, &al, 9, 1);
  printf("andl %d orl %d eqv %d neqv %d andl_cpt %lld\n", a, o, e, ne, (long long)alr);
  short mx = 5;
  printf("max_cpt %d", __kmpc_atomic_fixed2_max_cpt(NULL, g, &mx, 9, 0));
  printf(" %d", __kmpc_atomic_fixed2_max_cpt(NULL, g, &mx, 7, 1));
  float mn = 1.5f;
  printf(" min_cpt %g", __kmpc_atomic_float4_min_cpt(NULL, g, &mn, -2.5f, 1));
  printf(" %g\n", __kmpc_atomic_float4_min_cpt(NULL, g, &mn, 0.0f, 0));
  int32_t m = 7;
  __kmpc_atomic_fixed4_mul_float8(NULL, g, &m, 0.5);
  char cd = 9;
  __kmpc_atomic_fixed1_div_float8(NULL, g, &cd, 2.0);
  float fa = 1.0f;
  __kmpc_atomic_float4_add_float8(NULL, g, &fa, 1e-10);
  c4 cm = 1.0f + 1.0fi;
  __kmpc_atomic_cmplx4_mul_cmplx8(NULL, g, &cm, 2.0 - 1.0i);
  printf("mixed %d %d %.9g %g%+gi\n", m, cd, fa, __real__ cm, __imag__ cm);
  double dw = 0;
  __kmpc_atomic_float8_wr(NULL, g, &dw, -3.25);
  long double lw = 1;
  long double lo = __kmpc_atomic_float10_swp(NULL, g, &lw, 2.5L);
  printf("rd %g swp %Lg %Lg\n", __kmpc_atomic_float8_rd(NULL, g, &dw), lo, lw);
  int32_t cv = 5;
  bool r1 = __kmpc_atomic_bool_4_cas(NULL, g, &cv, 5, 6);
  bool r2 = __kmpc_atomic_bool_4_cas(NULL, g, &cv, 5, 7);
  int32_t v1r = __kmpc_atomic_val_4_cas(NULL, g, &cv, 6, 8);
  int32_t v2r = __kmpc_atomic_val_4_cas(NULL, g, &cv, 6, 9);
  printf("cas %d %d %d %d x %d\n", r1, r2, v1r, v2r, cv);
  short sx = 1, pv = -1;
  bool b1 = __kmpc_atomic_bool_2_cas_cpt(NULL, g, &sx, 1, 2, &pv);
  printf("cas_cpt %d pv %d", b1, pv);
  bool b2 = __kmpc_atomic_bool_2_cas_cpt(NULL, g, &sx, 1, 3, &pv);
  printf(" %d pv %d x %d", b2, pv, sx);
  char cx = 4, cpv = 0;
  char c1 = __kmpc_atomic_val_1_cas_cpt(NULL, g, &cx, 4, 5, &cpv);
  printf(" val %d pv %d", c1, cpv);
  char c2 = __kmpc_atomic_val_1_cas_cpt(NULL, g, &cx, 4, 6, &cpv);
  printf(" val %d pv %d x %d\n", c2, cpv, cx);
}

// Glass's answers where libomp has none (it traps or shifts by the count modulo the width).
static void edge(void) {
  int g = G;
  int64_t q = 42;
  __kmpc_atomic_fixed8_div(NULL, g, &q, 0);
  uint32_t uq = 7;
  __kmpc_atomic_fixed4u_div(NULL, g, &uq, 0);
  int64_t mnv = INT64_MIN;
  __kmpc_atomic_fixed8_div(NULL, g, &mnv, -1);
  int32_t s = 1;
  __kmpc_atomic_fixed4_shl(NULL, g, &s, 40);
  short neg = -5;
  __kmpc_atomic_fixed2_shr(NULL, g, &neg, 99);
  printf("edge %lld %u %d %d %d\n", (long long)q, uq, mnv == INT64_MIN, s, neg);
}

int main(int argc, char **argv) {
  if (argc > 1 && !strcmp(argv[1], "edge")) {
    edge();
    return 0;
  }
  minv = 1;
  contention();
  semantics();
  return failures != 0;
}
// CHECK-NOT: FAIL
// CHECK: contention: 0 failures
// CHECK-NEXT: sub_cpt old 10 x 7 new 4 x 4
// CHECK-NEXT: sub_rev -7 div_rev 5 shl_rev 8 shr_rev -4 u1shr_rev 25
// CHECK-NEXT: sub_cpt_rev old 10 x -7 new 10 x 10
// CHECK-NEXT: shl_cpt_rev 40 y 40
// CHECK-NEXT: u1div_cpt_rev 7 35
// CHECK-NEXT: f8 div_rev 0.25 f10 sub_cpt_rev 9 9
// CHECK-NEXT: c8 sub_rev 2+4i div_cpt_rev old 2+4i now 2+0i
// CHECK-NEXT: c4 sub_cpt old 2+2i cpt_rev new 4-2i div_rev 2+0i swp old 2+0i rd 9-1i
// CHECK-NEXT: wrap -128 u1div 66 u2shr 1 s2shr -1 s2mul 24464
// CHECK-NEXT: andl 0 orl 1 eqv -1 neqv 255 andl_cpt 1
// CHECK-NEXT: max_cpt 5 9 min_cpt -2.5 -2.5
// CHECK-NEXT: mixed 3 4 1 3+1i
// CHECK-NEXT: rd -3.25 swp 1 2.5
// CHECK-NEXT: cas 1 0 6 8 x 8
// CHECK-NEXT: cas_cpt 1 pv -1 0 pv 2 x 2 val 4 pv 5 val 5 pv 5 x 5
// EDGE: integer division by zero; the variable is left unchanged
// EDGE-NOT: division by zero
// EDGE: edge 42 7 1 0 -1
