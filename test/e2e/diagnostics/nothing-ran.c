/* A report with nothing in it says why it may be empty and where to look,
 * in one line on stderr (and in meta.warnings): no hotpath.toml at all
 * (nothing instrumented, no session: said at exit), a config whose rules
 * select nothing (main = true: the session is empty), and instrumented
 * functions that never ran. Silent with HOTPATH_OUTPUT_FORMAT=none.
 *
 * RUN: rm -rf %t && mkdir -p %t/noconfig
 * RUN: cp %s %t/noconfig/prog.c
 * RUN: cd %t/noconfig && %clang -O1 prog.c -o %t/bare %rt_shared
 * RUN: %t/bare 2>&1 >/dev/null | %FileCheck %s --check-prefix=BARE
 * BARE: hotpath: no function of this program is instrumented (no hotpath.toml or HOTPATH_CONFIG for its sources, or no rule in it selects a function); HOTPATH_VERBOSE=1 at compile time shows what the plugin selects and why
 * RUN: env HOTPATH_OUTPUT_FORMAT=none %t/bare 2>&1 >/dev/null | count 0
 *
 * RUN: printf '[functions]\ninclude = ["^Shop::"]\nmain = true\n' > %t/typo.toml
 * RUN: env HOTPATH_CONFIG=%t/typo.toml %clang -O1 %s -o %t/typo %rt_shared
 * RUN: %t/typo 2>&1 >/dev/null | %FileCheck %s --check-prefix=BARE
 *
 * RUN: printf '[functions]\ninclude = ["^app_"]\nmain = true\n' > %t/app.toml
 * RUN: env HOTPATH_CONFIG=%t/app.toml %clang -O1 %s -o %t/idle %rt_shared
 * RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t/idle.json %t/idle 2> %t/idle.err
 * RUN: %FileCheck %s --check-prefix=IDLE < %t/idle.err
 * IDLE: hotpath: no measured function ran in this session (2 functions are instrumented); HOTPATH_VERBOSE=1 at compile time shows what the plugin selects and why
 * RUN: grep -q 'no measured function ran' %t/idle.json
 * When something ran, nothing is said.
 * RUN: %t/idle run 2>&1 >/dev/null | not grep 'no measured function'
 */
#include <stdio.h>

static volatile int Sink;

void app_one(void) { Sink = Sink + 1; }
void app_two(void) { Sink = Sink + 2; }

int main(int argc, char **argv) {
  (void)argv;
  if (argc > 1) {
    app_one();
    app_two();
  }
  printf("%d\n", Sink);
  return 0;
}
