// Platform layer: the only place that talks to the OS for futexes, threads, clocks and
// processor counts. Everything else in the runtime goes through these functions.
#ifndef GLASS_PLATFORM_H
#define GLASS_PLATFORM_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define GLASS_HIDDEN   __attribute__((visibility("hidden")))
#define GLASS_API      __attribute__((visibility("default")))
#define GLASS_CACHE    64
#define likely(x)      __builtin_expect(!!(x), 1)
#define unlikely(x)    __builtin_expect(!!(x), 0)
#define GLASS_NOINLINE __attribute__((noinline))
#define GLASS_COLD     __attribute__((cold, noinline))

// Built with -fsanitize=thread (GCC's macro, or clang's feature test).
#if defined(__SANITIZE_THREAD__)
#define GLASS_TSAN 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define GLASS_TSAN 1
#endif
#endif
#ifndef GLASS_TSAN
#define GLASS_TSAN 0
#endif

// Fast paths of ABI entry points: no frame of their own, so that the slow path they tail-call
// sees the user's call site as its return address (codeptr_ra) and the fast path stays short.
// Not instrumented in a sanitizer build either: the instrumentation would give them a frame and
// turn the tail call into a call, and codeptr_ra would point into the runtime.
#if defined(__GNUC__) && !defined(__clang__)
#define GLASS_FASTPATH                                                                             \
  __attribute__((optimize("omit-frame-pointer"), no_sanitize("address", "undefined", "thread")))
#else
#define GLASS_FASTPATH __attribute__((no_sanitize("address", "undefined", "thread")))
#endif

static inline void glass_cpu_relax(void) {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#elif defined(__aarch64__)
  __asm__ __volatile__("yield" ::: "memory");
#else
  __asm__ __volatile__("" ::: "memory");
#endif
}

// Futex on a 32-bit word. wait returns when woken, on a value mismatch, or spuriously.
void glass_futex_wait(_Atomic uint32_t *addr, uint32_t expected);
void glass_futex_wake(_Atomic uint32_t *addr, int count);

// Monotonic nanoseconds; cheap (vDSO).
uint64_t glass_now_ns(void);
double glass_wtime(void);
double glass_wtick(void);

void glass_yield(void);
int glass_num_procs(void);
// The processors a cgroup CPU quota lets the process use at once, rounded up (cgroup v2's
// cpu.max along the process's cgroup and its parents, or v1's cpu.cfs_quota_us); 0 when none,
// and when the files do not parse (no message: the affinity mask's count is a sane answer).
int glass_cpu_quota(void);

// Threads. The start routine receives arg. Stack size 0 means the default.
typedef void *(*glass_thread_fn)(void *);
int glass_thread_create(uint64_t *handle, size_t stack_size, glass_thread_fn fn, void *arg);
int glass_thread_join(uint64_t handle);
int glass_thread_join_timed(uint64_t handle, uint64_t timeout_ns);
int glass_os_tid(void);

// A small mutex for rare paths (initialization, pool growth). Not for hot paths.
typedef struct {
  _Atomic uint32_t word;
} glass_mutex_t;
#define GLASS_MUTEX_INIT                                                                           \
  { 0 }
void glass_mutex_lock(glass_mutex_t *m);
void glass_mutex_unlock(glass_mutex_t *m);
bool glass_mutex_trylock(glass_mutex_t *m);

// Process hooks.
void glass_register_atfork(void (*child)(void));
void glass_register_thread_exit_key(void (*dtor)(void *));
void glass_set_thread_exit_value(void *value);

// Aligned, zeroed allocation that never fails silently (aborts with a message on OOM).
void *glass_zalloc(size_t size);
void *glass_zalloc_aligned(size_t size, size_t align);
void glass_free(void *p);

#endif
