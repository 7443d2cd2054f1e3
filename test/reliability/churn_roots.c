// Thread churn: thousands of short-lived user threads, one after another, each running one
// parallel region. An ended thread's gtid and memory go to the next thread: gtids stay below
// the peak of threads alive at once (they used to grow by one per thread, up to an abort at
// 65536), resident memory stays flat (it used to grow by about 5 KB per thread), and the
// runtime's count of known threads falls back when they end.
// ASan holds freed blocks in its quarantine, so resident memory grows there whatever the runtime
// does: the check is meaningful on the plain build only.
// UNSUPPORTED: asan, tsan
// RUN: %compile -lpthread && env OMP_NUM_THREADS=3 %run %t | %FileCheck %s
#include <omp.h>
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>

int __kmpc_global_thread_num(void *loc);
int kmp_get_num_known_threads(void);

enum { WARMUP = 300, THREADS = 4000 };

static int max_gtid, bad;

static void *body(void *arg) {
  (void)arg;
  int members = 0, top = 0;
#pragma omp parallel reduction(+ : members) reduction(max : top)
  {
    members += 1;
    top = __kmpc_global_thread_num(NULL);
  }
  if (members != 3)
    bad++;
  if (top > max_gtid)
    max_gtid = top;
  return NULL;
}

static void churn(int n) {
  for (int i = 0; i < n; i++) {
    pthread_t t;
    pthread_create(&t, NULL, body, NULL);
    pthread_join(t, NULL);
  }
}

static long resident_kb(void) {
  long pages = 0, size = 0;
  FILE *f = fopen("/proc/self/statm", "r");
  if (f) {
    if (fscanf(f, "%ld %ld", &size, &pages) != 2)
      pages = 0;
    fclose(f);
  }
  return pages * (sysconf(_SC_PAGESIZE) / 1024);
}

int main(void) {
  churn(WARMUP);
  long before = resident_kb();
  churn(THREADS);
  long growth = resident_kb() - before;
  printf("bad regions: %d\n", bad);
  printf("gtids below 16: %d\n", max_gtid < 16);
  // 2 MB for 4000 threads: about 500 bytes each at most (each used to keep 5 KB).
  printf("resident growth under 2 MB: %d\n", growth < 2048);
  if (growth >= 2048)
    printf("  grew %ld KB\n", growth);
  // The pooled workers, at least the two of the last region, and the main thread if it was the
  // one that initialized the runtime (here the first churned thread did: it had gtid 0, which
  // ended with it). A thread's workers reach the pool a moment after it ends, so the next
  // thread may have created a few more meanwhile.
  int known = kmp_get_num_known_threads();
  printf("known threads: %d\n", known >= 2 && known < 16);
  return 0;
}
// CHECK: bad regions: 0
// CHECK-NEXT: gtids below 16: 1
// CHECK-NEXT: resident growth under 2 MB: 1
// CHECK-NEXT: known threads: 1
