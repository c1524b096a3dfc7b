/* ucontext: a measured function switches to another stack (swapcontext)
 * and back, 10,000 times, with measured calls on both stacks. Every call is
 * counted exactly once; output unchanged.
 *
 * RUN: rm -f %t*.json
 * RUN: %plainclang -O2 %s -o %t.plain
 * RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clang -O2 %s -o %t %rt_shared
 * RUN: %python %S/Inputs/same.py --timeout 30 --status 0 --env HOTPATH_OUTPUT_FORMAT=json --env HOTPATH_OUTPUT_PATH=%t.json %t.plain %t
 * RUN: %python %S/../runtime/Inputs/check_counts.py --only %t.json app_step=10000 app_resume=10000 app_leaf=20000 app_body=1
 */
#include <stdio.h>
#include <stdlib.h>
#include <ucontext.h>

static ucontext_t MainCtx, CoCtx;
static volatile unsigned long Sink;

void app_leaf(unsigned long X) { Sink = Sink + X; }

void app_step(unsigned long I) {
  app_leaf(I);
  swapcontext(&CoCtx, &MainCtx); /* back to main, mid-call */
}

void app_body(void) {
  for (unsigned long I = 0;; ++I)
    app_step(I);
}

void app_resume(unsigned long I) {
  app_leaf(I);
  swapcontext(&MainCtx, &CoCtx);
}

int main(void) {
  size_t Size = 1 << 20;
  getcontext(&CoCtx);
  CoCtx.uc_stack.ss_sp = malloc(Size);
  CoCtx.uc_stack.ss_size = Size;
  CoCtx.uc_link = NULL;
  makecontext(&CoCtx, app_body, 0);
  for (unsigned long I = 0; I < 10000; ++I)
    app_resume(I);
  printf("switched %lu times, sink %lu\n", 20000ul, Sink);
  return 0;
}
