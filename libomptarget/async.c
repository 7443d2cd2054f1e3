// Asynchronous `target nowait`. clang wraps a nowait construct in a target task whose body
// calls a _nowait entry point. When the device's plugin can queue work (queue_begin) and the
// host runtime can leave a target task's completion to an event (Glass's libomp:
// __kmpc_glass_target_task_event), the construct's transfers and kernel go on one stream and
// the body returns once they are issued; one progress thread waits for each chain's end, lets
// the plugin finish it (copies into host buffers, releases) and fulfills the task's event. The
// task's dependences, taskwait, taskgroup and barriers therefore wait for the device work,
// while no worker thread does. Anything missing (an older libomp, a plugin without queues, no
// thread) leaves the construct synchronous inside its task, as before.
#define _GNU_SOURCE
#include "omptarget.h"

#include <signal.h>
#include <stdlib.h>

struct pending {
  void *queue;
  const struct glass_plugin *rtl;
  uintptr_t event;
  int device;
  const tgt_ident_t *loc;
  struct pending *next;
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t arrived = PTHREAD_COND_INITIALIZER, drained = PTHREAD_COND_INITIALIZER;
static struct pending *incoming; // handed over, newest first
static int inflight;             // handed over and not yet fulfilled
static bool thread_started, thread_failed;
static __thread bool on_progress_thread;

static void finish(struct pending *p, int rc) {
  if (rc < 0)
    tgt_fatal(p->loc, "device %d: the device work of a target nowait construct failed", p->device);
  omp_fulfill_event(p->event);
  free(p);
  pthread_mutex_lock(&lock);
  if (--inflight == 0)
    pthread_cond_broadcast(&drained);
  pthread_mutex_unlock(&lock);
}

// Takes what was handed over, oldest first, behind `list`'s tail.
static struct pending *take_incoming(struct pending *list) {
  pthread_mutex_lock(&lock);
  while (!list && !incoming)
    pthread_cond_wait(&arrived, &lock);
  struct pending *rev = NULL;
  for (struct pending *p = incoming, *next; p; p = next)
    next = p->next, p->next = rev, rev = p;
  incoming = NULL;
  pthread_mutex_unlock(&lock);
  struct pending **tail = &list;
  while (*tail)
    tail = &(*tail)->next;
  *tail = rev;
  return list;
}

// Polls every chain; when none has ended, waits for the oldest (chains hold only their own
// work, so each ends on its own).
static void *progress(void *arg) {
  (void)arg;
  on_progress_thread = true;
  struct pending *list = NULL;
  for (;;) {
    list = take_incoming(list);
    bool any = false;
    for (struct pending **pp = &list; *pp;) {
      struct pending *p = *pp;
      int rc = p->rtl->queue_done(p->queue, false);
      if (rc == 0) {
        pp = &p->next;
        continue;
      }
      *pp = p->next, any = true;
      finish(p, rc);
    }
    if (!any && list) {
      struct pending *p = list;
      list = p->next;
      finish(p, p->rtl->queue_done(p->queue, true));
    }
  }
  return NULL;
}

// A forked child has no progress thread (and its parent's chains are not its own).
static void forget_in_child(void) {
  pthread_mutex_init(&lock, NULL);
  pthread_cond_init(&arrived, NULL);
  pthread_cond_init(&drained, NULL);
  incoming = NULL;
  inflight = 0;
  thread_started = thread_failed = false;
}

// Called with the lock held.
static bool start_thread(void) {
  if (thread_started || thread_failed)
    return thread_started;
  static bool atfork_set;
  if (!atfork_set)
    atfork_set = pthread_atfork(NULL, NULL, forget_in_child) == 0;
  sigset_t all, old;
  sigfillset(&all);
  pthread_sigmask(SIG_SETMASK, &all, &old); // signals belong to the program's threads
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
  pthread_t t;
  thread_started = pthread_create(&t, &attr, progress, NULL) == 0;
  thread_failed = !thread_started;
  pthread_attr_destroy(&attr);
  pthread_sigmask(SIG_SETMASK, &old, NULL);
  if (thread_failed)
    tgt_error("no thread for asynchronous target tasks; target nowait runs synchronously");
  return thread_started;
}

void tgt_async_begin(struct tgt_async *a, struct tgt_device *d, bool nowait) {
  a->d = d, a->queue = NULL;
  if (nowait && d->rtl->queue_begin && __kmpc_glass_target_task_event)
    a->queue = d->rtl->queue_begin(d->rtl_id);
}

void tgt_async_end(struct tgt_async *a, const tgt_ident_t *loc) {
  if (!a->queue)
    return;
  const struct glass_plugin *rtl = a->d->rtl;
  rtl->queue_end(a->queue);
  struct pending *p = malloc(sizeof *p);
  pthread_mutex_lock(&lock);
  uintptr_t event = p && start_thread() ? __kmpc_glass_target_task_event() : 0;
  if (event) {
    *p = (struct pending){a->queue, rtl, event, a->d->id, loc, incoming};
    incoming = p;
    inflight++;
    pthread_cond_signal(&arrived);
  }
  pthread_mutex_unlock(&lock);
  if (event) {
    TGT_INFO(INFO_KERNEL_LAUNCH, a->d->id,
             "target nowait: queued; its task completes when the "
             "device work ends");
    return;
  }
  free(p); // not a target task, or nobody to wait: the body waits
  if (rtl->queue_done(a->queue, true) < 0)
    tgt_fatal(loc, "device %d: the device work of a target nowait construct failed", a->d->id);
}

// At exit: every chain handed over ends first (its buffers and the plugins stay valid), unless
// the exit is the progress thread's own (a failed chain).
__attribute__((destructor)) static void async_drain(void) {
  if (on_progress_thread)
    return;
  pthread_mutex_lock(&lock);
  while (inflight > 0)
    pthread_cond_wait(&drained, &lock);
  pthread_mutex_unlock(&lock);
}
