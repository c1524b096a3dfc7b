// A measured function whose calls reach only measured functions of its
// unit charges nothing to itself, so its wrapper's fast path does not make
// it the current call (pass/SelfContained.h): what its measured callees
// allocate stays theirs, through the gate and through the hooks, in every
// mode that tracks allocations. app_relay calls app_inner (static) and,
// through app_unmeasured_hop (not selected), app_outer_leaf; app_top calls
// app_relay and allocates itself. With the default mode's probes taking
// the hooks and the others the gate, a wrong current call would show as
// app_relay's or app_top's bytes.
//
// UNSUPPORTED: sanitizer
// RUN: rm -f %t*.json
// RUN: env HOTPATH_CONFIG=%S/Inputs/measured-callees.toml %clang -O2 %s -o %t.O2 %rt_shared
// RUN: env HOTPATH_CONFIG=%S/Inputs/measured-callees.toml %clang -O2 %s -o %t.static %rt_static
// RUN: env HOTPATH_CONFIG=%S/Inputs/measured-callees.toml %clang -O0 %s -o %t.O0 %rt_shared
// The pass made app_relay self-contained: its gate sets no current call.
// RUN: env HOTPATH_CONFIG=%S/Inputs/measured-callees.toml %clang -O2 -S -emit-llvm %s -o - | FileCheck %s --check-prefix=IR
// IR-LABEL: define dso_local void @app_relay()
// IR:         callbr void asm
// IR-NOT:     hotpath.saved
// IR-LABEL: define
//
// RUN: for b in O2 static O0; do for mode in timed default count; do \
// RUN:   env -u HOTPATH_TIME_SAMPLING_RATE HOTPATH_MODE=$mode HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.$b.$mode.json %t.$b || exit 1; \
// RUN:   %python %S/../runtime/Inputs/check_counts.py --section functions_alloc --only --no-warnings %t.$b.$mode.json \
// RUN:     app_inner=2000 app_inner#total=200000 app_inner#allocs=2000 \
// RUN:     app_outer_leaf=1000 app_outer_leaf#total=24000 app_outer_leaf#allocs=1000 \
// RUN:     app_relay=1000 app_relay#total=0 app_relay#allocs=0 \
// RUN:     app_top=1000 app_top#total=8000 app_top#allocs=1000 || exit 1; \
// RUN: done; done
#include <stdlib.h>

void *volatile Sink;

static __attribute__((noinline)) void app_inner(void) {
  Sink = malloc(100);
  free(Sink);
}

__attribute__((noinline)) void app_outer_leaf(void) {
  Sink = malloc(24);
  free(Sink);
}

__attribute__((noinline)) void app_unmeasured_hop(void) { app_outer_leaf(); }

__attribute__((noinline)) void app_relay(void) {
  app_inner();
  app_unmeasured_hop();
  app_inner();
}

__attribute__((noinline)) void app_top(void) {
  app_relay();
  Sink = malloc(8);
  free(Sink);
}

int main(void) {
  for (int I = 0; I < 1000; ++I)
    app_top();
  return 0;
}
