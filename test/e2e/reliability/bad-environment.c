/* 19 HOTPATH_* variables x 19 bad values (empty, blanks, negative, hex,
 * overflow, nan, control bytes, 10,000 characters, unwritable paths, ...):
 * every run behaves as the plain build (status, output), never crashes,
 * never hangs; bad values are warnings (docs/environment.md).
 *
 * RUN: %plainclang -O2 %s -o %t.plain
 * RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clang -O2 %s -o %t %rt_shared
 * RUN: cd %T && %python %S/Inputs/bad_env.py %t.plain %t
 */
#include <stdio.h>

static volatile int Sink;

void app_work(int X) { Sink = Sink + X; }

int main(void) {
  for (int I = 0; I < 100; ++I)
    app_work(I);
  printf("sink %d\n", Sink);
  return 3;
}
