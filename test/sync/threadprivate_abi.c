// The threadprivate entry points clang never emits but libomp exports, called directly as a
// compiler or another front end would: __kmpc_threadprivate (no cache), and
// __kmpc_threadprivate_register_vec (array constructors and destructors taking the element
// count), together with __kmpc_threadprivate_cached on a cache shared by 40 threads (the
// cache, first made for the initial thread alone, grows while in use). Each thread gets one copy, constructed once,
// stable across calls and regions, the initial thread's being the original; copy-construction
// starts from the original; every worker's copy is destroyed once, at exit, and a user
// thread's when it exits.
// RUN: %compile
// RUN: env OMP_NUM_THREADS=1 %run %t > %t.out1 && sort %t.out1 | uniq -c | %FileCheck %s --check-prefix=T1
// RUN: env OMP_NUM_THREADS=40 %run %t > %t.out40 && sort %t.out40 | uniq -c | %FileCheck %s --check-prefix=T40
#include <omp.h>
#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

typedef struct ident ident_t;
void *__kmpc_threadprivate(ident_t *loc, int32_t gtid, void *data, size_t size);
void *__kmpc_threadprivate_cached(ident_t *loc, int32_t gtid, void *data, size_t size,
                                  void ***cache);
void __kmpc_threadprivate_register_vec(ident_t *loc, void *data, void *(*ctor)(void *, size_t),
                                       void *(*cctor)(void *, void *, size_t),
                                       void (*dtor)(void *, size_t), size_t n);
int32_t __kmpc_global_thread_num(ident_t *loc);

static int plain[4] = {1, 2, 3, 4};
static double objs[3] = {-1, -1, -1};
static void **objs_cache;
static _Atomic int ctors, cctors;

static void *vec_cctor(void *dst, void *src, size_t n) {
  for (size_t i = 0; i < n; i++)
    ((double *)dst)[i] = ((double *)src)[i] * 10;
  cctors++;
  return dst;
}

static void *vec_ctor(void *p, size_t n) {
  (void)p, (void)n;
  ctors++; // never used: a copy constructor wins
  return p;
}

static void vec_dtor(void *p, size_t n) {
  char line[64];
  snprintf(line, sizeof line, "dtor n=%zu first=%g\n", n, ((double *)p)[0]);
  ssize_t r = write(1, line, strlen(line));
  (void)r;
}

// A user thread (a new root) gets its own copy, destroyed when the thread exits.
static void *user_thread(void *arg) {
  (void)arg;
  double *o = __kmpc_threadprivate_cached(NULL, __kmpc_global_thread_num(NULL), objs, sizeof objs,
                                          &objs_cache);
  return o != objs && o[0] == 40 ? o : NULL;
}

int main(void) {
  __kmpc_threadprivate_register_vec(NULL, objs, vec_ctor, vec_cctor, vec_dtor, 3);
  objs[0] = 4;
  // The cache is made now, sized for the threads that exist.
  if (__kmpc_threadprivate_cached(NULL, __kmpc_global_thread_num(NULL), objs, sizeof objs,
                                  &objs_cache) != objs)
    return 1;
  int n = omp_get_max_threads(), bad = 0;
  for (int round = 0; round < 3; round++) {
#pragma omp parallel reduction(+ : bad)
    {
      int gtid = __kmpc_global_thread_num(NULL);
      int *p = __kmpc_threadprivate(NULL, gtid, plain, sizeof plain);
      double *o = __kmpc_threadprivate_cached(NULL, gtid, objs, sizeof objs, &objs_cache);
      bool initial = omp_get_thread_num() == 0;
      bad += initial != (p == plain) || initial != (o == objs);
      if (round == 0) {
        bad += p[3] != 4 || (!initial && o[0] != 40);
        p[0] = 100 + omp_get_thread_num();
      } else {
        bad += p[0] != 100 + omp_get_thread_num();
      }
      bad += __kmpc_threadprivate(NULL, gtid, plain, sizeof plain) != p;
      bad += __kmpc_threadprivate_cached(NULL, gtid, objs, sizeof objs, &objs_cache) != o;
    }
  }
  pthread_t user;
  void *res = NULL;
  if (pthread_create(&user, NULL, user_thread, NULL) != 0 || pthread_join(user, &res) != 0)
    return 1;
  bad += res == NULL;
  char line[96];
  snprintf(line, sizeof line, "threads=%d bad=%d copy-constructed=%s ctors=%d\n", n, bad,
           cctors == n ? "workers+user" : "wrong", ctors);
  ssize_t r = write(1, line, strlen(line));
  (void)r;
  return bad != 0;
}

// T1-DAG: 1 dtor n=3 first=40
// T1-DAG: 1 threads=1 bad=0 copy-constructed=workers+user ctors=0
// T40-DAG: 40 dtor n=3 first=40
// T40-DAG: 1 threads=40 bad=0 copy-constructed=workers+user ctors=0
