// GPU benchmarks: an empty target region, and saxpy of 2^24 floats with the data resident.
// Median of repetitions, microseconds per region. GLASS_BENCH_MODE: "plain", "callbacks" (a
// tool with the target callbacks registered) or "trace" (and device tracing started when
// available); read by the tool's start-up, which may run before main.
#include "common.h"

#include <omp-tools.h>
#include <string.h>

static int mode; // 0 plain, 1 callbacks, 2 trace
static long records;

static void on_target(ompt_target_t kind, ompt_scope_endpoint_t ep, int num, ompt_data_t *task,
                      ompt_data_t *ttask, ompt_data_t *target, const void *ra) {}
static void on_submit(ompt_scope_endpoint_t ep, ompt_data_t *target, ompt_id_t *op, unsigned t) {}
static void on_data_op(ompt_scope_endpoint_t ep, ompt_data_t *ttask, ompt_data_t *target,
                       ompt_id_t *op, ompt_target_data_op_t type, void *src, int srcd, void *dst,
                       int dstd, size_t bytes, const void *ra) {}
static int gpu_tool_wanted(void) {
  const char *m = getenv("GLASS_BENCH_MODE");
  mode = m && !strcmp(m, "callbacks") ? 1 : m && !strcmp(m, "trace") ? 2 : 0;
  return mode != 0;
}
#include "gpu_tool.h"

static void buf_request(int dev, ompt_buffer_t **buf, size_t *bytes) {
  *bytes = 8 << 20;
  *buf = malloc(*bytes);
}
static void buf_complete(int dev, ompt_buffer_t *buf, size_t bytes, ompt_buffer_cursor_t begin,
                         int owned) {
  records += (long)(bytes / sizeof(ompt_record_ompt_t));
  if (owned)
    free(buf);
}

static int cmp(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

static double median_us(double *v, int n) {
  qsort(v, n, sizeof *v, cmp);
  return v[n / 2] * 1e6;
}

int main(int argc, char **argv) {
  (void)argc, (void)argv;
  require_gpu();
  const char *tracing = "off";
  if (mode == 2) {
    ompt_start_trace_t start = GPU_LOOKUP(ompt_start_trace_t, "ompt_start_trace");
    ompt_set_trace_ompt_t set = GPU_LOOKUP(ompt_set_trace_ompt_t, "ompt_set_trace_ompt");
    if (start && set) {
      set(dev0, 1, ompt_callback_target_submit);
      set(dev0, 1, ompt_callback_target_data_op);
      tracing = start(dev0, buf_request, buf_complete) ? "on" : "failed";
    } else {
      tracing = "unavailable";
    }
  }
  enum { REPS = 2000, SREPS = 50 };
  static double t[REPS];
  for (int r = 0; r < REPS; r++) {
    double t0 = omp_get_wtime();
#pragma omp target
    {}
    t[r] = omp_get_wtime() - t0;
  }
  double empty = median_us(t, REPS);
  int n = 1 << 24;
  float *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y);
  for (int i = 0; i < n; i++)
    x[i] = 1, y[i] = 0;
#pragma omp target data map(to : x [0:n]) map(tofrom : y [0:n])
  for (int r = 0; r < SREPS; r++) {
    double t0 = omp_get_wtime();
#pragma omp target teams distribute parallel for
    for (int i = 0; i < n; i++)
      y[i] += 2.0f * x[i];
    t[r] = omp_get_wtime() - t0;
  }
  double saxpy = median_us(t, SREPS);
  EXPECT(y[n - 1] == 2.0f * SREPS, "saxpy result %g", y[n - 1]);
  printf("bench mode=%s tracing=%s empty_target_us=%.2f saxpy_2^24_us=%.1f\n",
         mode == 0   ? "plain"
         : mode == 1 ? "callbacks"
                     : "trace",
         tracing, empty, saxpy);
  return finish("bench");
}
