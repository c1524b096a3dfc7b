/* A function's tail call of itself, ten million deep: the plain build
 * makes it a loop (TailCallElim) and runs in one frame. Measured, every
 * level went through the wrapper and its hooks, and the stack overflowed.
 * The pass turns such a call back into the loop, each call counted by the
 * hooks (SelfTailCalls.h): the same output, every call counted, in every
 * mode. A recursion that is not a tail call is measured as before.
 *
 * UNSUPPORTED: sanitizer
 * RUN: %plainclang -O2 %s -o %t.plain
 * RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clang -O2 %s -o %t %rt_shared
 * RUN: %python %S/Inputs/same.py --timeout 60 --status 0 --show --env HOTPATH_OUTPUT_FORMAT=json --env HOTPATH_OUTPUT_PATH=%t.json %t.plain %t | %FileCheck %s
 * RUN: %python %S/../runtime/Inputs/check_counts.py %t.json app_sum=10000001 app_depth=1001
 * RUN: %python %S/Inputs/same.py --timeout 60 --status 0 --env HOTPATH_TIME_SAMPLING_RATE=1 --env HOTPATH_OUTPUT_FORMAT=json --env HOTPATH_OUTPUT_PATH=%t.all.json %t.plain %t
 * RUN: %python %S/../runtime/Inputs/check_counts.py %t.all.json app_sum=10000001 app_depth=1001
 * RUN: %python %S/Inputs/same.py --timeout 60 --status 0 --env HOTPATH_TIME_SAMPLING_RATE=0 --env HOTPATH_ALLOC=0 --env HOTPATH_OUTPUT_FORMAT=json --env HOTPATH_OUTPUT_PATH=%t.count.json %t.plain %t
 * RUN: %python %S/../runtime/Inputs/check_counts.py %t.count.json app_sum=10000001 app_depth=1001
 * The default mode counts calls with the gate's
 * countdowns: the loop's calls reach the hooks without passing a gate, and
 * were taken for calls the gate had counted (one lost per level).
 * RUN: %python %S/Inputs/same.py --timeout 60 --status 0 --env HOTPATH_MODE=default --env HOTPATH_OUTPUT_FORMAT=json --env HOTPATH_OUTPUT_PATH=%t.default.json %t.plain %t
 * RUN: %python %S/../runtime/Inputs/check_counts.py %t.default.json app_sum=10000001 app_depth=1001
 * RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clang -O2 %s -o %t.static %rt_static
 * RUN: %python %S/Inputs/same.py --timeout 60 --status 0 --env HOTPATH_OUTPUT_FORMAT=json --env HOTPATH_OUTPUT_PATH=%t.static.json %t.plain %t.static
 * RUN: %python %S/../runtime/Inputs/check_counts.py %t.static.json app_sum=10000001
 *
 * CHECK: 50000005000000 500500
 */
#include <stdio.h>

__attribute__((noinline)) unsigned long app_sum(unsigned long N,
                                                unsigned long Acc) {
  if (N == 0)
    return Acc;
  return app_sum(N - 1, Acc + N);
}

/* Not a tail call: measured level by level, as the plain build recurses. */
__attribute__((noinline)) unsigned long app_depth(unsigned long N) {
  if (N == 0)
    return 0;
  return N + app_depth(N - 1);
}

int main(void) {
  printf("%lu %lu\n", app_sum(10000000, 0), app_depth(1000));
  return 0;
}
