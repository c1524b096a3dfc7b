/* The runtime never spins at startup. Calibrating the clock (ticks to ns)
 * needs two anchors at least 1 ms apart; the sweep that begins a session
 * (dropping a past session's stragglers) converts nothing, and used to
 * take its second anchor there, 1 ms of busy clock reads in the thread
 * that began the session, in every run of every program. Counted, not
 * timed: the clock reads of a run that sleeps 20 ms, through an LD_PRELOAD
 * shim (the spin made tens of thousands; the calibration needs a few
 * dozen). Count-only mode: no hook reads the clock and no call cost is
 * measured, whatever the machine's clock. Not in the sanitizer build,
 * whose runtime must come first among the preloaded libraries.
 *
 * UNSUPPORTED: sanitizer
 * RUN: %plainclang -O2 -shared -fPIC %S/Inputs/count_clock_reads.c -o %t.shim.so -ldl
 * RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clang -O2 %s -o %t %rt_shared
 * RUN: env LD_PRELOAD=%t.shim.so COUNT_CLOCK_READS=%t.reads HOTPATH_TIME_SAMPLING_RATE=0 HOTPATH_ALLOC=0 HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.json %t | %FileCheck %s
 * CHECK: done
 * RUN: %python %S/Inputs/check_counts.py %t.json app_work=1
 * RUN: %python -c "n = int(open('%t.reads').read()); assert 0 < n < 500, n; print('clock reads: few')" | %FileCheck %s --check-prefix=READS
 * READS: clock reads: few
 */
#include <stdio.h>
#include <time.h>

volatile unsigned Sink;

void app_work(unsigned N) {
  for (unsigned I = 0; I < N; ++I)
    Sink += I;
}

int main(void) {
  app_work(1000);
  struct timespec T = {0, 20 * 1000 * 1000};
  nanosleep(&T, NULL);
  printf("done\n");
  return 0;
}
