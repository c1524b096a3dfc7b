// local-gate-hidden.test: a loop of measured calls; reports whether the
// thread's fast path was armed (local_gate_probe.c, not instrumented).
#include <stdio.h>

int probe_armed(void);

__attribute__((noinline)) long app_leaf(long x) { return 3 * x; }

int main(void) {
  long sum = 0;
  int armed = 0;
  for (long i = 0; i < 100000; ++i) {
    sum += app_leaf(i);
    if (i == 0)
      armed = probe_armed(); // after the first call's hooks
  }
  printf("sum %ld armed %d\n", sum, armed);
  return 0;
}
