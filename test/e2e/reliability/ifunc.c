/* An ifunc whose resolver calls a helper of the same file, with every
 * function selected: the resolver runs while the program is being
 * relocated (at load in a fully static executable, or in a library linked
 * with -z now), before the runtime can take a call. A measured helper
 * there crashed the program at load; the pass leaves the resolver and
 * everything it reaches in the file unmeasured.
 *
 * UNSUPPORTED: sanitizer
 * RUN: %plainclang -O2 %s -o %t.plain
 * RUN: env HOTPATH_CONFIG=%S/Inputs/everything.toml %clang -static -O2 %s -o %t.full %rt_static
 * RUN: %python %S/Inputs/same.py --timeout 20 --status 0 --show --env HOTPATH_OUTPUT_FORMAT=json --env HOTPATH_OUTPUT_PATH=%t.full.json %t.plain %t.full | %FileCheck %s
 * RUN: %python %S/../runtime/Inputs/check_counts.py %t.full.json app_fast=3 !cpu_has_feature !pick_add
 * A shared library linked with -z now (Debian's hardening), loaded by a
 * plain program.
 * RUN: env HOTPATH_CONFIG=%S/Inputs/everything.toml %clang -O2 -fPIC -shared -DLIBRARY -Wl,-z,now %s -o %t.lib.so %rt_shared
 * RUN: %plainclang -O2 -DMAIN_OF_LIBRARY %s -o %t.main %t.lib.so -Wl,-rpath,$(dirname %t)
 * RUN: %python %S/Inputs/same.py --timeout 20 --status 0 --env HOTPATH_OUTPUT_PATH=/dev/null %t.plain %t.main
 *
 * CHECK: 6 9 12
 */
#include <stdio.h>

#ifdef MAIN_OF_LIBRARY
int app_times3(int);
#else
static volatile int Feature = 1;

__attribute__((noinline)) int cpu_has_feature(void) { return Feature; }
__attribute__((noinline)) int app_fast(int X) { return X * 3; }
__attribute__((noinline)) int app_slow(int X) { return X + X + X; }

static int (*pick_add(void))(int) {
  return cpu_has_feature() ? app_fast : app_slow;
}
int app_times3(int) __attribute__((ifunc("pick_add")));
#endif

#ifndef LIBRARY
int main(void) {
  printf("%d %d %d\n", app_times3(2), app_times3(3), app_times3(4));
  return 0;
}
#endif
