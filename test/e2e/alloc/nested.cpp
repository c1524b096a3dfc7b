// Allocations go to the innermost measured function (exclusive); with
// HOTPATH_ALLOC_CUMULATIVE=1 each function also gets its measured callees'
// allocations, recursion counted again at every level. Frees are counted
// with the block's usable size (glibc x86-64: malloc(100) -> 104,
// malloc(1000) -> 1000, malloc(10) and malloc(16) -> 24, malloc(64) -> 72).
// The thread's totals are exactly the program's allocations: the runtime's
// own (report, tables, options) are never counted.
//
// Sanitizer build: ASan owns malloc, so tracking is off (sanitizers.cpp checks that).
// UNSUPPORTED: sanitizer
// RUN: rm -f %t*.json
// RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clangxx -O0 -g %s -o %t.O0 %rt_shared
// RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clangxx -O2 %s -o %t.O2 %rt_shared
// RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clangxx -O2 %s -o %t.static %rt_static
//
// RUN: for b in O0 O2 static; do env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.$b.excl.json %t.$b || exit 1; done
// RUN: for b in O0 O2 static; do %python %S/../runtime/Inputs/check_counts.py --section functions_alloc --only --no-warnings %t.$b.excl.json \
// RUN:     app::leaf=20 app::leaf#total=2000 app::leaf#allocs=20 app::leaf#freed=2080 app::leaf#frees=20 app::leaf#avg=100 app::leaf#p95=100 \
// RUN:     app::mid=10 app::mid#total=10000 app::mid#allocs=10 app::mid#freed=10000 app::mid#min=1000 \
// RUN:     app::top=10 app::top#total=100 app::top#allocs=10 app::top#freed=240 \
// RUN:     app::rec=3 app::rec#total=48 app::rec#allocs=3 app::rec#freed=72 app::rec#max=16 \
// RUN:     app::pure=5 app::pure#total=0 app::pure#allocs=0 app::pure#max=0 \
// RUN:     app::sometimes=4 app::sometimes#total=64 app::sometimes#min=0 app::sometimes#max=64 app::sometimes#p95=64 || exit 1; done
// RUN: for b in O0 O2 static; do %python %S/Inputs/check_alloc.py %t.$b.excl.json tracked=1 description~exclusive \
// RUN:     thread:main-thread:alloc_bytes=12212 thread:main-thread:allocs=44 thread:main-thread:freed_bytes=12464 thread:main-thread:frees=44 || exit 1; done
//
// RUN: for b in O0 O2 static; do env HOTPATH_ALLOC_CUMULATIVE=1 HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.$b.cumul.json %t.$b || exit 1; done
// RUN: for b in O0 O2 static; do %python %S/../runtime/Inputs/check_counts.py --section functions_alloc --only %t.$b.cumul.json \
// RUN:     app::leaf=20 app::leaf#total=2000 app::leaf#allocs=20 app::leaf#freed=2080 \
// RUN:     app::mid=10 app::mid#total=12000 app::mid#allocs=30 app::mid#freed=12080 app::mid#avg=1200 \
// RUN:     app::top=10 app::top#total=12100 app::top#allocs=40 app::top#freed=12320 app::top#p95=1210 \
// RUN:     app::rec=3 app::rec#total=96 app::rec#allocs=6 app::rec#freed=144 app::rec#min=16 app::rec#max=48 \
// RUN:     app::pure=5 app::pure#total=0 app::sometimes=4 app::sometimes#total=64 || exit 1; done
// RUN: for b in O0 O2 static; do %python %S/Inputs/check_alloc.py %t.$b.cumul.json tracked=1 description~cumulative thread:main-thread:alloc_bytes=12212 || exit 1; done
//
// Sampled: the wrappers' fast path counts the untimed calls without a
// frame, and their allocations are charged to the thread's current call
// (abi.h): the same exclusive totals; min, max and percentiles are of the
// timed calls, said so.
// RUN: for b in O0 O2 static; do env HOTPATH_TIME_SAMPLING_RATE=0.01 HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.$b.sampled.json %t.$b || exit 1; done
// RUN: for b in O0 O2 static; do %python %S/../runtime/Inputs/check_counts.py --section functions_alloc --only --no-warnings %t.$b.sampled.json \
// RUN:     app::leaf=20 app::leaf#total=2000 app::leaf#allocs=20 app::leaf#freed=2080 app::leaf#frees=20 app::leaf#avg=100 \
// RUN:     app::mid=10 app::mid#total=10000 app::mid#allocs=10 app::mid#freed=10000 \
// RUN:     app::top=10 app::top#total=100 app::top#allocs=10 app::top#freed=240 \
// RUN:     app::rec=3 app::rec#total=48 app::rec#allocs=3 app::rec#freed=72 \
// RUN:     app::pure=5 app::pure#total=0 app::pure#allocs=0 \
// RUN:     app::sometimes=4 app::sometimes#total=64 || exit 1; done
// RUN: for b in O0 O2 static; do %python %S/Inputs/check_alloc.py %t.$b.sampled.json tracked=1 'description~of the timed calls' \
// RUN:     thread:main-thread:alloc_bytes=12212 thread:main-thread:allocs=44 thread:main-thread:freed_bytes=12464 thread:main-thread:frees=44 || exit 1; done
//
// Counting calls only (no timing) still attributes allocations.
// RUN: env HOTPATH_TIME_SAMPLING_RATE=0 HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.rate0.json %t.O2
// RUN: %python %S/../runtime/Inputs/check_counts.py --section functions_alloc %t.rate0.json app::mid#total=10000 app::leaf#total=2000 app::top#freed=240
//
// HOTPATH_ALLOC=0: no alloc section, threads say so, timing unchanged.
// RUN: env HOTPATH_ALLOC=0 HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.off.json %t.O2
// RUN: %python %S/Inputs/check_alloc.py %t.off.json tracked=0 nowarnings thread:main-thread:alloc_bytes=0 timing:app::leaf=20 timing:app::top=10
//
// The table shows the section.
// RUN: env HOTPATH_OUTPUT_FORMAT=table %t.O2 2>&1 | FileCheck %s
// CHECK: alloc - Bytes allocated per call, exclusive
// CHECK: | app::mid(){{ +}}| 10{{ +}}| 1000 B{{ +}}| 1000 B{{ +}}| 9.8 KB
#include <cstdio>
#include <cstdlib>
#include <pthread.h>

namespace app {
void *volatile Sink;
void leaf() {
  Sink = malloc(100);
  free(Sink);
}
void mid() {
  void *P = malloc(1000);
  Sink = P;
  leaf();
  leaf();
  free(P);
}
void top() {
  mid();
  Sink = malloc(10);
  free(Sink);
}
void rec(int D) {
  Sink = malloc(16);
  free(Sink);
  if (D > 0)
    rec(D - 1);
}
int pure(int X) { return X * 3; }
// Allocates in one call of four: the histogram's zeros are the others.
void sometimes(int I) {
  if (I == 2) {
    Sink = malloc(64);
    free(Sink);
  }
}
} // namespace app

int main() {
  pthread_setname_np(pthread_self(), "main-thread");
  for (int I = 0; I < 10; ++I)
    app::top();
  app::rec(2);
  int S = 0;
  for (int I = 0; I < 5; ++I)
    S += app::pure(I);
  for (int I = 0; I < 4; ++I)
    app::sometimes(I);
  return S == 30 ? 0 : 1;
}
