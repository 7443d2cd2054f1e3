// Task reductions: taskgroup task_reduction + task in_reduction (several operators, a
// user-defined reduction with an initializer, an array section, a VLA), nested taskgroups on the
// same variable, taskloop reduction, taskloop in_reduction, and the task modifier on parallel and
// for. Results are exact at any thread count.
// RUN: %compile && env OMP_NUM_THREADS=1 %run %t | %FileCheck %s
// RUN: env OMP_NUM_THREADS=2 %run %t | %FileCheck %s
// RUN: env OMP_NUM_THREADS=7 %run %t | %FileCheck %s
// With a tool, every task (taskloop chunks and in_reduction tasks included) is created,
// scheduled and completed exactly once:
// RUN: %if ompt %{ env OMP_NUM_THREADS=2 %run-tool %t | python3 %S/Inputs/check_tasks.py | %FileCheck %s --check-prefix=TOOL %}
#include <omp.h>
#include <stdio.h>

typedef struct {
  long sum;
  long count;
} stat_t;
#pragma omp declare reduction(stat : stat_t : omp_out.sum += omp_in.sum, omp_out.count += omp_in.count) \
    initializer(omp_priv = (stat_t){0, 0})

// A UDR whose initializer reads omp_orig: every private copy starts at the original's base.
typedef struct {
  long base, n;
} tally_t;
#pragma omp declare reduction(tally : tally_t : omp_out.n += omp_in.n - omp_in.base) \
    initializer(omp_priv = omp_orig)

static long g;

// Orphaned in_reduction: clang passes no handle; the innermost enclosing taskgroup that reduces
// g is found at run time.
static void add_g(long v) {
#pragma omp task in_reduction(+ : g) firstprivate(v)
  g += v;
}

static void orphaned(void) {
  g = 1;
#pragma omp parallel
#pragma omp single
#pragma omp taskgroup task_reduction(+ : g)
  {
    for (int i = 1; i <= 20; i++)
      add_g(i);
#pragma omp taskgroup task_reduction(+ : g)
    for (int i = 0; i < 5; i++)
      add_g(1000);
  }
  printf("orphaned g=%ld\n", g);
}

static void basic(int ntasks) {
  long sum = 5;
  long prod = 1;
  int mx = -1;
  unsigned bits = 0;
  double dsum = 0;
#pragma omp parallel
#pragma omp single
  {
#pragma omp taskgroup task_reduction(+ : sum, dsum) task_reduction(* : prod) task_reduction(max : mx) task_reduction(| : bits)
    {
      for (int i = 0; i < ntasks; i++) {
#pragma omp task in_reduction(+ : sum, dsum) in_reduction(* : prod) in_reduction(max : mx) in_reduction(| : bits) firstprivate(i)
        {
          sum += i;
          dsum += 0.5;
          if (i % 10 == 0) prod *= 2;
          if (i > mx) mx = i;
          bits |= 1u << (i % 32);
        }
      }
    }
  }
  printf("basic sum=%ld prod=%ld max=%d bits=%x dsum=%.1f\n", sum, prod, mx, bits, dsum);
}

static void udr(void) {
  stat_t st = {100, 0};
  tally_t ta = {1000, 1000};
#pragma omp parallel
#pragma omp single
#pragma omp taskgroup task_reduction(stat : st) task_reduction(tally : ta)
  for (int i = 1; i <= 50; i++) {
#pragma omp task in_reduction(stat : st) in_reduction(tally : ta) firstprivate(i)
    {
      st.sum += i;
      st.count++;
      ta.n++;
    }
  }
  printf("udr sum=%ld count=%ld tally=%ld\n", st.sum, st.count, ta.n);
}

// A local array: clang-14 compiles in_reduction on a section of a *global* array to updates of
// the global itself (it drops the private copy), which races.
static void section(void) {
  int arr[16];
  for (int i = 0; i < 16; i++)
    arr[i] = 1;
#pragma omp parallel shared(arr)
#pragma omp single
#pragma omp taskgroup task_reduction(+ : arr[2 : 6])
  for (int i = 0; i < 30; i++) {
#pragma omp task in_reduction(+ : arr[2 : 6]) firstprivate(i)
    arr[2 + i % 6] += 1;
  }
  int ok = 1;
  for (int i = 0; i < 16; i++)
    ok &= arr[i] == (i >= 2 && i < 8 ? 6 : 1);
  printf("section ok=%d arr2=%d arr7=%d\n", ok, arr[2], arr[7]);

  // A longer section (2000 bytes, described by clang as one element).
  int big[1000];
  for (int i = 0; i < 1000; i++)
    big[i] = 0;
#pragma omp parallel shared(big)
#pragma omp single
#pragma omp taskgroup task_reduction(+ : big[2 : 500])
  for (int i = 0; i < 100; i++) {
#pragma omp task in_reduction(+ : big[2 : 500]) firstprivate(i)
    for (int j = 2; j < 502; j++)
      big[j] += 1;
  }
  long bs = 0;
  for (int i = 0; i < 1000; i++)
    bs += big[i];
  printf("section big sum=%ld big2=%d big501=%d big502=%d\n", bs, big[2], big[501], big[502]);
}

static void vla(int n) {
  long v[n];
  for (int i = 0; i < n; i++)
    v[i] = i;
#pragma omp parallel
#pragma omp single
#pragma omp taskgroup task_reduction(+ : v)
  {
    for (int i = 0; i < 40; i++) {
#pragma omp task in_reduction(+ : v) firstprivate(i)
      v[i % n] += 10;
    }
    // clang's VLA combiner reads the length from the thread that ends the taskgroup, which only
    // a task of the group sets: run one here.
#pragma omp task in_reduction(+ : v) if (0)
    v[0] += 0;
  }
  long s = 0;
  for (int i = 0; i < n; i++)
    s += v[i];
  printf("vla n=%d total=%ld v0=%ld\n", n, s, v[0]);
}

// The inner taskgroup reduces the same variable: its tasks use the inner copies, the outer
// tasks the outer ones; both end up in x.
static void nested(void) {
  long x = 0;
#pragma omp parallel
#pragma omp single
#pragma omp taskgroup task_reduction(+ : x)
  {
    for (int i = 0; i < 10; i++) {
#pragma omp task in_reduction(+ : x)
      x += 1;
    }
#pragma omp taskgroup task_reduction(+ : x)
    for (int i = 0; i < 10; i++) {
#pragma omp task in_reduction(+ : x)
      x += 100;
    }
  }
  printf("nested x=%ld\n", x);
}

// A task with in_reduction creates its own taskgroup on its private copy.
static void inner_of_task(void) {
  long y = 0;
#pragma omp parallel
#pragma omp single
#pragma omp taskgroup task_reduction(+ : y)
  for (int i = 0; i < 4; i++) {
#pragma omp task in_reduction(+ : y)
    {
      y += 1000;
#pragma omp taskgroup task_reduction(+ : y)
      for (int j = 0; j < 5; j++) {
#pragma omp task in_reduction(+ : y)
        y += 1;
      }
    }
  }
  printf("inner_of_task y=%ld\n", y);
}

static void taskloops(void) {
  long s = 0, t = 0, u = 0;
#pragma omp parallel
#pragma omp single
  {
#pragma omp taskloop reduction(+ : s) grainsize(3)
    for (int i = 1; i <= 100; i++)
      s += i;
#pragma omp taskgroup task_reduction(+ : t)
    {
#pragma omp taskloop in_reduction(+ : t) num_tasks(7)
      for (int i = 1; i <= 100; i++)
        t += 2 * i;
#pragma omp task in_reduction(+ : t)
      t += 1;
    }
  }
#pragma omp parallel reduction(+ : u)
  {
    // Every thread runs its own taskloop reduction.
    long v = 0;
#pragma omp taskloop reduction(+ : v)
    for (int i = 0; i < 10; i++)
      v += i;
    u += v == 45;
  }
  printf("taskloop s=%ld t=%ld u_ok=%d\n", s, t, u == omp_get_max_threads());
}

static void modifiers(void) {
  long p = 0, f = 0;
  int nt = 0;
#pragma omp parallel reduction(task, + : p) reduction(+ : nt)
  {
    nt++;
    for (int i = 0; i < 5; i++) {
#pragma omp task in_reduction(+ : p)
      p += 3;
    }
    p += 1;
  }
  long q = 0;
#pragma omp parallel
  {
#pragma omp for reduction(task, + : f)
    for (int i = 0; i < 100; i++) {
#pragma omp task in_reduction(+ : f) firstprivate(i)
      f += i;
    }
    // A second construct right after the first.
#pragma omp for reduction(task, + : q) nowait
    for (int i = 0; i < 10; i++) {
#pragma omp task in_reduction(+ : q)
      q += 2;
      q += 1;
    }
  }
  printf("modifier parallel_ok=%d for=%ld second=%ld\n", p == nt * 16L, f, q);

  // Members that met different numbers of modifier constructs elsewhere (thread 0 in a nested
  // region first) still meet in the same one.
  long a = 0, b = 0;
#pragma omp parallel shared(a, b)
  {
    if (omp_get_thread_num() == 0) {
#pragma omp parallel num_threads(2) reduction(task, + : a)
      {
#pragma omp task in_reduction(+ : a)
        a += 1;
      }
    }
#pragma omp for reduction(task, + : b)
    for (int i = 0; i < 20; i++) {
#pragma omp task in_reduction(+ : b)
      b += 5;
    }
  }
  printf("modifier nested_first a_ok=%d b=%ld\n", a == 1 || a == 2, b);
}

int main(void) {
  basic(100);
  basic(1);
  udr();
  section();
  vla(5);
  nested();
  inner_of_task();
  taskloops();
  modifiers();
  orphaned();
  for (int r = 0; r < 20; r++)
    basic(64);
  return 0;
}
// CHECK: basic sum=4955 prod=1024 max=99 bits=ffffffff dsum=50.0
// CHECK: basic sum=5 prod=2 max=0 bits=1 dsum=0.5
// CHECK: udr sum=1375 count=50 tally=1050
// CHECK: section ok=1 arr2=6 arr7=6
// CHECK: section big sum=50000 big2=100 big501=100 big502=0
// CHECK: vla n=5 total=410 v0=80
// CHECK: nested x=1010
// CHECK: inner_of_task y=4020
// CHECK: taskloop s=5050 t=10101 u_ok=1
// CHECK: modifier parallel_ok=1 for=4950 second=30
// CHECK: modifier nested_first a_ok=1 b=100
// CHECK: orphaned g=5211
// CHECK-COUNT-20: basic sum=2021 prod=128 max=63 bits=ffffffff dsum=32.0
// TOOL: tasks ok: created=[[N:[0-9]+]] completed=[[N]] with_deps=0
