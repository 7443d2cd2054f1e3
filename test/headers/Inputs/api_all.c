// Every routine and type omp.h declares, used with the argument types a program passes: it must
// compile with every compiler (C and C++) against Glass's omp.h.
#include <omp.h>

void use_everything(void) {
  omp_sched_t kind;
  int chunk, ids[4], nums[4];
  omp_lock_t lock;
  omp_nest_lock_t nest;
  omp_set_num_threads(2), omp_set_dynamic(0), omp_set_nested(0), omp_set_max_active_levels(1);
  omp_set_schedule(omp_sched_dynamic, 4), omp_get_schedule(&kind, &chunk);
  (void)(omp_get_num_threads() + omp_get_max_threads() + omp_get_thread_num() +
         omp_get_num_procs() + omp_in_parallel() + omp_get_dynamic() + omp_get_nested() +
         omp_get_thread_limit() + omp_get_supported_active_levels() +
         omp_get_max_active_levels() + omp_get_level() + omp_get_ancestor_thread_num(0) +
         omp_get_team_size(0) + omp_get_active_level() + omp_in_final() + omp_in_explicit_task() +
         omp_get_max_task_priority() + omp_get_cancellation());
  omp_fulfill_event((omp_event_handle_t)0);
  (void)omp_get_proc_bind(), (void)omp_get_num_places(), (void)omp_get_place_num_procs(0);
  omp_get_place_proc_ids(0, ids), (void)omp_get_place_num(), (void)omp_get_partition_num_places();
  omp_get_partition_place_nums(nums);
  char buf[64];
  omp_set_affinity_format("%n"), (void)omp_get_affinity_format(buf, sizeof buf);
  omp_display_affinity(0), (void)omp_capture_affinity(buf, sizeof buf, 0);
  (void)omp_get_num_teams(), (void)omp_get_team_num(), omp_set_num_teams(1);
  (void)omp_get_max_teams(), omp_set_teams_thread_limit(1), (void)omp_get_teams_thread_limit();
  (void)omp_pause_resource(omp_pause_soft, 0), (void)omp_pause_resource_all(omp_pause_hard);
  (void)omp_get_default_device(), omp_set_default_device(0), (void)omp_is_initial_device();
  (void)omp_get_num_devices(), (void)omp_get_initial_device(), (void)omp_get_device_num();
  void *p = omp_target_alloc(16, 0);
  (void)omp_target_is_present(p, 0), (void)omp_target_memcpy(p, p, 1, 0, 0, 0, 0);
  omp_target_free(p, 0);
  omp_interop_t interop = omp_interop_none;
  int rc;
  (void)omp_get_num_interop_properties(interop), (void)omp_get_interop_int(interop, omp_ipr_fr_id, &rc);
  (void)omp_get_interop_str(interop, omp_ipr_vendor_name, &rc), (void)omp_get_interop_ptr(interop, omp_ipr_device, &rc);
  omp_alloctrait_t traits[1] = {{omp_atk_alignment, 64}};
  omp_allocator_handle_t a = omp_init_allocator(omp_default_mem_space, 1, traits);
  omp_set_default_allocator(a), (void)omp_get_default_allocator();
  void *m = omp_alloc(8, a);
  m = omp_realloc(m, 16, a, a);
  omp_free(m, a), omp_free(omp_aligned_alloc(64, 8, omp_default_mem_alloc), omp_null_allocator);
  omp_free(omp_calloc(2, 8, omp_high_bw_mem_alloc), omp_null_allocator);
  omp_free(omp_aligned_calloc(64, 2, 8, omp_low_lat_mem_alloc), omp_null_allocator);
  omp_destroy_allocator(a);
  omp_init_lock(&lock), omp_set_lock(&lock), omp_unset_lock(&lock), (void)omp_test_lock(&lock);
  omp_destroy_lock(&lock), omp_init_lock_with_hint(&lock, omp_sync_hint_contended);
  omp_init_nest_lock(&nest), omp_set_nest_lock(&nest), omp_unset_nest_lock(&nest);
  (void)omp_test_nest_lock(&nest), omp_destroy_nest_lock(&nest);
  omp_init_nest_lock_with_hint(&nest, omp_lock_hint_speculative);
  (void)(omp_get_wtime() + omp_get_wtick());
  (void)omp_control_tool(omp_control_tool_flush, 0, 0);
  omp_display_env(0);
  kmp_set_stacksize(1), kmp_set_stacksize_s(1), kmp_set_blocktime(1), kmp_set_library(1);
  (void)(kmp_get_stacksize() + (int)kmp_get_stacksize_s() + kmp_get_blocktime() + kmp_get_library());
  kmp_set_library_serial(), kmp_set_library_turnaround(), kmp_set_library_throughput();
  kmp_set_defaults("KMP_BLOCKTIME=1"), kmp_set_disp_num_buffers(4);
  kmp_affinity_mask_t mask;
  kmp_create_affinity_mask(&mask), (void)kmp_set_affinity_mask_proc(0, &mask);
  (void)kmp_unset_affinity_mask_proc(0, &mask), (void)kmp_get_affinity_mask_proc(0, &mask);
  (void)kmp_set_affinity(&mask), (void)kmp_get_affinity(&mask), (void)kmp_get_affinity_max_proc();
  kmp_destroy_affinity_mask(&mask);
  kmp_free(kmp_realloc(kmp_calloc(1, 1), 2)), kmp_free(kmp_malloc(1)), kmp_free(kmp_aligned_malloc(8, 64));
  kmp_set_warnings_on(), kmp_set_warnings_off();
}
