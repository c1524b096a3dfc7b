/* CPU samples in code without frame pointers are charged to the measured
 * function that called it. `calls_library` (measured) calls two frames of
 * library code compiled without frame pointers; `calls_clobbering`
 * (measured) calls library code that uses the frame-pointer register for
 * something else; `outer` (measured) calls both. The kernel's walk skips
 * the measured callers in the first case and finds nothing in the second:
 * the tool unwinds those frames from the stack words the runtime kept, by
 * their call-frame information. Each caller gets its samples (about half
 * each), outer next to none of its own, the library frames appear below
 * the callers in the tree, and no sample is outside measured code.
 *
 * REQUIRES: perf-events
 * RUN: %clang -O2 -g -fomit-frame-pointer -c %S/Inputs/nofp_lib.c -o %t.lib.o
 * RUN: env HOTPATH_CONFIG=%S/Inputs/nofp.toml %clang -O2 -g -fno-omit-frame-pointer %s %t.lib.o -o %t %rt_shared
 * RUN: env HOTPATH_CPU_SAMPLING=2000 HOTPATH_OUTPUT_PATH=%t.json %t | %FileCheck %s
 * RUN: %python %S/Inputs/check_nofp.py %hotpath %t.json
 * RUN: %python %S/../report/Inputs/check_schema.py %src/docs/report-schema.json %t.json --require cpu_samples
 * CHECK: done
 */
#include <stdio.h>

unsigned long nofp_outer(long N);
unsigned long nofp_clobbers_bp(long N);

volatile unsigned long Sink;

void calls_library(void) { Sink += nofp_outer(150000000); }

void calls_clobbering(void) { Sink += nofp_clobbers_bp(500000000); }

void outer(void) {
  for (int R = 0; R < 2; ++R) {
    calls_library();
    calls_clobbering();
  }
}

int main(void) {
  outer();
  puts("done");
  return 0;
}
