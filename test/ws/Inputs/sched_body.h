// Included once per schedule by schedules.c with FN (function name) and WS (the directive's
// text after "omp") defined.
static void FN(const char *tag) {
  char what[128];
  long lp = -7;
#pragma omp parallel
#pragma omp WS lastprivate(lp)
  for (int i = 0; i < N; i++) {
    __atomic_fetch_add(&hits[i], 1, __ATOMIC_RELAXED);
    lp = i;
  }
  snprintf(what, sizeof what, "%s int", tag);
  check(what, 0, N, lp, N - 1);

#pragma omp parallel
#pragma omp WS lastprivate(lp)
  for (unsigned i = N; i > 0; i -= 3) {
    __atomic_fetch_add(&hits[i], 1, __ATOMIC_RELAXED);
    lp = i;
  }
  for (int i = N; i > 0; i -= 3)
    hits[i]--;
  snprintf(what, sizeof what, "%s unsigned down", tag);
  check(what, 0, 0, lp, 1);

#pragma omp parallel
#pragma omp WS lastprivate(lp)
  for (long i = -N; i < 0; i += 2) {
    __atomic_fetch_add(&hits[-i], 1, __ATOMIC_RELAXED);
    lp = i;
  }
  for (int i = N; i > 0; i -= 2)
    hits[i]--;
  snprintf(what, sizeof what, "%s long", tag);
  check(what, 0, 0, lp, -2);

#pragma omp parallel
#pragma omp WS lastprivate(lp)
  for (unsigned long i = 5; i < N; i++) {
    __atomic_fetch_add(&hits[i], 1, __ATOMIC_RELAXED);
    lp = (long)i;
  }
  snprintf(what, sizeof what, "%s unsigned long", tag);
  check(what, 5, N, lp, N - 1);

#pragma omp parallel
#pragma omp WS lastprivate(lp)
  for (int i = 0; i < 1; i++) {
    __atomic_fetch_add(&hits[i], 1, __ATOMIC_RELAXED);
    lp = i;
  }
  snprintf(what, sizeof what, "%s one", tag);
  check(what, 0, 1, lp, 0);

  int n0 = zero;
#pragma omp parallel
#pragma omp WS
  for (int i = 0; i < n0; i++)
    __atomic_fetch_add(&hits[i], 1, __ATOMIC_RELAXED);
  snprintf(what, sizeof what, "%s empty", tag);
  check(what, 0, 0, 0, 0);

  long sum = 0;
#pragma omp parallel
#pragma omp WS collapse(2)
  for (int i = 0; i < 37; i++)
    for (int j = 0; j < 29; j++)
      __atomic_fetch_add(&sum, i * 29 + j, __ATOMIC_RELAXED);
  if (sum != (37L * 29) * (37L * 29 - 1) / 2) {
    printf("FAIL %s collapse: %ld\n", tag, sum);
    failures++;
  }

  // nowait loops back to back, more of them than there are dispatch slots.
#pragma omp parallel
  for (int k = 0; k < 20; k++) {
#pragma omp WS nowait
    for (int i = 0; i < N; i++)
      __atomic_fetch_add(&hits[i], 1, __ATOMIC_RELAXED);
  }
  for (int i = 0; i < N; i++)
    hits[i] -= 19;
  snprintf(what, sizeof what, "%s nowait", tag);
  check(what, 0, N, 0, 0);
}
#undef FN
#undef WS
