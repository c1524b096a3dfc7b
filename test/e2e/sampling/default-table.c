/* The default mode's table at exit has a time for every function: the
 * runtime attributes the CPU samples to the measured functions by their
 * markers' symbols (output/CpuAttribution.h), so that a function too short
 * to time (work_short, a million calls of a few ns each) shows its CPU,
 * its share of the program's, and comes first when it does most of the
 * work; work_long (calls of a millisecond) also has its wall time. Before,
 * the counted functions' rows were all dashes until `hotpath report` read
 * the JSON report.
 *
 * REQUIRES: perf-events
 * RUN: env HOTPATH_CONFIG=%S/Inputs/default-table.toml %clang -O2 -g -fno-omit-frame-pointer %s -o %t %rt_shared
 * RUN: env -u HOTPATH_TIME_SAMPLING_RATE %t 2> %t.table > /dev/null
 * RUN: %FileCheck %s < %t.table
 * RUN: %python %S/Inputs/check_default_table.py %t.table
 *
 * CHECK: cpu samples: {{[0-9]+}} at 1000 Hz, {{.*}}; `hotpath report` on the JSON report adds inlined frames
 * CHECK: | Function {{ *}}| Calls {{ *}}| Avg {{ *}}| P95 {{ *}}| Total {{ *}}| CPU {{ *}}| Self CPU {{ *}}| Off-CPU {{ *}}| % Total |
 * CHECK: | run_all {{ *}}| 1 {{ *}}| {{[0-9.]+ (ms|s)}}
 * CHECK: | work_short {{ *}}| 3000000 {{ *}}| - {{ *}}| - {{ *}}| - {{ *}}| {{[0-9.]+ ms}} {{ *}}| {{[0-9.]+ ms}} {{ *}}| - {{ *}}|
 * CHECK: | work_long {{ *}}| 30 {{ *}}| {{[0-9.]+ (µs|ms)}}
 */
#include <stdio.h>

volatile unsigned long Sink;

__attribute__((noinline)) unsigned long work_short(unsigned long X) {
  unsigned long S = X;
  for (int I = 0; I < 40; ++I)
    S = (S ^ (S >> 29)) * 0xbf58476d1ce4e5b9ul; /* no closed form */
  return S;
}

__attribute__((noinline)) unsigned long work_long(unsigned long X) {
  unsigned long S = X;
  for (int I = 0; I < 200000; ++I)
    S = (S ^ (S >> 29)) * 0xbf58476d1ce4e5b9ul; /* no closed form */
  return S;
}

__attribute__((noinline)) unsigned long run_all(void) {
  unsigned long S = 0;
  for (int I = 0; I < 3000000; ++I)
    S += work_short(S + I);
  for (int I = 0; I < 30; ++I)
    S += work_long(S + I);
  return S;
}

int main(void) {
  Sink = run_all();
  printf("%lu\n", Sink & 1);
  return 0;
}
