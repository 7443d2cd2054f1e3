// threadprivate C++ objects, on both paths: native TLS (thread_local with dynamic
// initialization) and the runtime's (-fnoopenmp-use-tls: __kmpc_threadprivate_register with
// the constructor and destructor, then __kmpc_threadprivate_cached). Every thread that uses an
// object gets one constructed copy (global, array and function-local static objects), copyin
// assigns the master's value, copies persist across regions, and every copy is destroyed
// exactly once: workers' copies when the runtime ends its threads at exit, the originals by the
// program. Each destructor writes one line, counted after exit.
// RUN: %compile-cxx -o %t.tls
// RUN: %compile-cxx -fnoopenmp-use-tls -o %t.rt
// RUN: env OMP_NUM_THREADS=1 %run %t.tls > %t.out1 && %FileCheck %s --check-prefix=T1 < %t.out1
// RUN: env OMP_NUM_THREADS=7 %run %t.tls > %t.out7 && sort %t.out7 | uniq -c | %FileCheck %s --check-prefix=T7
// RUN: env OMP_NUM_THREADS=1 %run %t.rt > %t.rout1 && %FileCheck %s --check-prefix=T1 < %t.rout1
// RUN: env OMP_NUM_THREADS=2 %run %t.rt > %t.rout2 && sort %t.rout2 | uniq -c | %FileCheck %s --check-prefix=T2
// RUN: env OMP_NUM_THREADS=7 %run %t.rt > %t.rout7 && sort %t.rout7 | uniq -c | %FileCheck %s --check-prefix=T7
// RUN: %compile-cxx -fnoopenmp-use-tls -S -emit-llvm -o - | %FileCheck %s --check-prefix=IR
#include <atomic>
#include <omp.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static std::atomic<int> constructed{0};

static void say(const char *s) {
  // write(2) rather than stdio: destructors run while the process exits.
  ssize_t r = write(1, s, strlen(s));
  (void)r;
}

struct Counter {
  int v;
  Counter() : v(7) { constructed++; }
  ~Counter() { say(v >= 1000 ? "dtor used\n" : "dtor fresh\n"); }
};

struct Elem {
  int v = 3;
  Elem() { constructed++; }
  ~Elem() { say("dtor elem\n"); }
};

Counter counter;
#pragma omp threadprivate(counter)
Elem elems[2];
#pragma omp threadprivate(elems)

static int local_value() {
  static Counter local;
#pragma omp threadprivate(local)
  return local.v++;
}

int main() {
  int n = omp_get_max_threads();
  int bad = 0;
#pragma omp parallel reduction(+ : bad)
  {
    bad += counter.v != 7 || elems[1].v != 3; // each copy constructed
    counter.v = 1000 + omp_get_thread_num();
    bad += local_value() != 7;
  }
#pragma omp parallel reduction(+ : bad)
  bad += counter.v != 1000 + omp_get_thread_num() || local_value() != 8;

  counter.v = 5000;
#pragma omp parallel copyin(counter) reduction(+ : bad)
  bad += counter.v != 5000;

  char line[96];
  // One Counter and two Elems per thread, plus the function-local static per thread.
  snprintf(line, sizeof line, "threads=%d constructed-per-thread=%s bad=%d\n", n,
           constructed.load() == 4 * n ? "4" : "wrong", bad);
  say(line);
  return bad != 0;
}

// T1: threads=1 constructed-per-thread=4 bad=0
// T1-DAG: dtor used
// T1-DAG: dtor elem
// T1-DAG: dtor elem
// T1-DAG: dtor fresh
// T2-DAG: 1 threads=2 constructed-per-thread=4 bad=0
// T2-DAG: 4 dtor elem
// T2-DAG: 2 dtor used
// T2-DAG: 2 dtor fresh
// T7-DAG: 1 threads=7 constructed-per-thread=4 bad=0
// T7-DAG: 14 dtor elem
// T7-DAG: 7 dtor used
// T7-DAG: 7 dtor fresh
// IR: call void @__kmpc_threadprivate_register(
// IR: call {{.*}} @__kmpc_threadprivate_cached(
