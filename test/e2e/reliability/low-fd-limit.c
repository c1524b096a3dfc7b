/* Under a low descriptor limit the runtime's descriptors stay out of the
 * program's way: its pipes take numbers at the top of the table (from 32
 * below the limit, or the top four when the limit is under 64), so that the
 * program's open() calls return 3, 4, 5, ... as in the plain build. With
 * `ulimit -n 64` the pipes took 3, 4, 5 and 7 and the first open() gave 6.
 *
 * UNSUPPORTED: sanitizer
 * RUN: %plainclang -O2 %s -o %t.plain
 * RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clang -O2 %s -o %t %rt_shared
 * RUN: bash -c 'ulimit -n 64; %python %S/Inputs/same.py --timeout 20 --status 0 --show --env HOTPATH_OUTPUT_PATH=/dev/null %t.plain %t' | %FileCheck %s
 * RUN: bash -c 'ulimit -n 40; %python %S/Inputs/same.py --timeout 20 --status 0 --env HOTPATH_OUTPUT_PATH=/dev/null %t.plain %t'
 * RUN: bash -c 'ulimit -n 16; %python %S/Inputs/same.py --timeout 20 --status 0 --env HOTPATH_OUTPUT_PATH=/dev/null %t.plain %t'
 * RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clang -O2 %s -o %t.static %rt_static
 * RUN: bash -c 'ulimit -n 64; %python %S/Inputs/same.py --timeout 20 --status 0 --env HOTPATH_OUTPUT_PATH=/dev/null %t.plain %t.static'
 *
 * CHECK: 3 4 5 6 7 8
 */
#include <fcntl.h>
#include <stdio.h>

__attribute__((noinline)) int app_open(void) {
  return open("/dev/null", O_RDONLY);
}

int main(void) {
  for (int I = 0; I < 6; ++I)
    printf("%d%s", app_open(), I < 5 ? " " : "\n");
  return 0;
}
