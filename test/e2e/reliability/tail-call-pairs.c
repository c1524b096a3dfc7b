/* A function called from outside that makes one tail call of itself, as
 * Lua's getobjname does: the outer call passes the wrapper's gate, the
 * inner one is the loop of SelfTailCalls.h, whose hooks no gate precedes.
 * With the gate armed (the default mode, and counting without
 * allocations), the hooks took the inner call for one the gate had counted:
 * one call of each pair was lost (getobjname: 21 of 22 in peer/lua).
 *
 * UNSUPPORTED: sanitizer
 * RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clang -O2 %s -o %t %rt_shared
 * RUN: env -u HOTPATH_TIME_SAMPLING_RATE HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.default.json %t > /dev/null
 * RUN: %python %S/../runtime/Inputs/check_counts.py %t.default.json app_pair=44
 * RUN: env -u HOTPATH_TIME_SAMPLING_RATE HOTPATH_MODE=count HOTPATH_ALLOC=0 HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.count.json %t > /dev/null
 * RUN: %python %S/../runtime/Inputs/check_counts.py %t.count.json app_pair=44
 * RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.timed.json %t > /dev/null
 * RUN: %python %S/../runtime/Inputs/check_counts.py %t.timed.json app_pair=44
 */
#include <stdio.h>

volatile int Sink;

__attribute__((noinline)) int app_pair(int N) {
  if (N > 0)
    return app_pair(N - 1);
  Sink += N;
  return Sink;
}

int main(void) {
  int S = 0;
  for (int I = 0; I < 22; ++I)
    S += app_pair(1);
  printf("%d\n", S);
  return 0;
}
