// The floor: the least a timing profiler can do per call with
// -finstrument-functions. Two TSC reads and two adds to a thread-local sum
// (enter subtracts, exit adds), nothing else: no stack, no event.
// With -DBENCH_EMPTY_HOOKS the hooks do nothing at all: what two
// out-of-line calls alone cost on this machine.
#include <stdint.h>
#include <x86intrin.h>

__thread uint64_t bench_floor_ticks;

__attribute__((no_instrument_function)) void
__cyg_profile_func_enter(void *Fn, void *Site) {
  (void)Fn, (void)Site;
#ifndef BENCH_EMPTY_HOOKS
  bench_floor_ticks -= __rdtsc();
#endif
}

__attribute__((no_instrument_function)) void
__cyg_profile_func_exit(void *Fn, void *Site) {
  (void)Fn, (void)Site;
#ifndef BENCH_EMPTY_HOOKS
  bench_floor_ticks += __rdtsc();
#endif
}
