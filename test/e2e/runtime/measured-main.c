/* `include = [".*"]` without `main = true`: main is measured like any
 * other function, and the session begins lazily at the first measured
 * call, here in a constructor that runs before main, and ends at exit.
 * (It once never began: a measured main counted as "main begins the
 * session", which only `main = true` does, so nothing was reported.)
 *
 * RUN: rm -f %t*.json
 * RUN: env HOTPATH_CONFIG=%S/Inputs/everything.toml %clang -O2 %s -o %t %rt_shared
 * RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.json %t > %t.out 2> %t.err
 * RUN: grep -q "sum 4950" %t.out
 * RUN: not grep "no measured function ran" %t.err
 * RUN: %python %S/Inputs/check_counts.py %t.json main=1 app_early=1 app_work=100
 */
#include <stdio.h>

__attribute__((noinline)) int app_work(int i) { return i; }
__attribute__((noinline)) int app_early(void) { return 1; }

static int Early;
__attribute__((constructor)) static void before_main(void) { Early = app_early(); }

int main(void) {
  int sum = 0;
  for (int i = 0; i < 100; ++i)
    sum += app_work(i);
  printf("sum %d\n", sum + Early - 1);
  return 0;
}
