// Allocations go to the innermost measured function (exclusive); with
// HOTPATH_ALLOC_CUMULATIVE=1 each function also gets its measured callees'
// allocations, recursion counted again at every level. Frees are counted
// with the block's usable size, which depends on the heap's layout
// (glibc x86-64: malloc(100) -> 104, or 120 when the chunk it takes would
// leave too small a rest, as the number of the process's TLS modules can
// decide): the program adds up malloc_usable_size of each block it frees
// and writes what the report must say to <argv[1]>.excl, .cumul and
// .thread.
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
// RUN: for b in O0 O2 static; do env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.$b.excl.json %t.$b %t.$b.freed || exit 1; done
// RUN: for b in O0 O2 static; do %python %S/../runtime/Inputs/check_counts.py --section functions_alloc --only --no-warnings %t.$b.excl.json @%t.$b.freed.excl \
// RUN:     app::leaf=20 app::leaf#total=2000 app::leaf#allocs=20 app::leaf#frees=20 app::leaf#avg=100 app::leaf#p95=100 \
// RUN:     app::mid=10 app::mid#total=10000 app::mid#allocs=10 app::mid#min=1000 \
// RUN:     app::top=10 app::top#total=100 app::top#allocs=10 \
// RUN:     app::rec=3 app::rec#total=48 app::rec#allocs=3 app::rec#max=16 \
// RUN:     app::pure=5 app::pure#total=0 app::pure#allocs=0 app::pure#max=0 \
// RUN:     app::sometimes=4 app::sometimes#total=64 app::sometimes#min=0 app::sometimes#max=64 app::sometimes#p95=64 || exit 1; done
// RUN: for b in O0 O2 static; do %python %S/Inputs/check_alloc.py %t.$b.excl.json tracked=1 description~exclusive $(cat %t.$b.freed.thread) \
// RUN:     thread:main-thread:alloc_bytes=12212 thread:main-thread:allocs=44 thread:main-thread:frees=44 || exit 1; done
//
// RUN: for b in O0 O2 static; do env HOTPATH_ALLOC_CUMULATIVE=1 HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.$b.cumul.json %t.$b %t.$b.freed || exit 1; done
// RUN: for b in O0 O2 static; do %python %S/../runtime/Inputs/check_counts.py --section functions_alloc --only %t.$b.cumul.json @%t.$b.freed.cumul \
// RUN:     app::leaf=20 app::leaf#total=2000 app::leaf#allocs=20 \
// RUN:     app::mid=10 app::mid#total=12000 app::mid#allocs=30 app::mid#avg=1200 \
// RUN:     app::top=10 app::top#total=12100 app::top#allocs=40 app::top#p95=1210 \
// RUN:     app::rec=3 app::rec#total=96 app::rec#allocs=6 app::rec#min=16 app::rec#max=48 \
// RUN:     app::pure=5 app::pure#total=0 app::sometimes=4 app::sometimes#total=64 || exit 1; done
// RUN: for b in O0 O2 static; do %python %S/Inputs/check_alloc.py %t.$b.cumul.json tracked=1 description~cumulative thread:main-thread:alloc_bytes=12212 || exit 1; done
//
// The default mode: the wrappers' fast path counts the untimed calls
// without a frame, and their allocations are charged to the thread's
// current call (abi.h): the same exclusive totals; min, max and
// percentiles are of the timed calls, said so.
// RUN: for b in O0 O2 static; do env -u HOTPATH_TIME_SAMPLING_RATE HOTPATH_MODE=default HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.$b.sampled.json %t.$b %t.$b.freed || exit 1; done
// RUN: for b in O0 O2 static; do %python %S/../runtime/Inputs/check_counts.py --section functions_alloc --only --no-warnings %t.$b.sampled.json @%t.$b.freed.excl \
// RUN:     app::leaf=20 app::leaf#total=2000 app::leaf#allocs=20 app::leaf#frees=20 app::leaf#avg=100 \
// RUN:     app::mid=10 app::mid#total=10000 app::mid#allocs=10 \
// RUN:     app::top=10 app::top#total=100 app::top#allocs=10 \
// RUN:     app::rec=3 app::rec#total=48 app::rec#allocs=3 \
// RUN:     app::pure=5 app::pure#total=0 app::pure#allocs=0 \
// RUN:     app::sometimes=4 app::sometimes#total=64 || exit 1; done
// RUN: for b in O0 O2 static; do %python %S/Inputs/check_alloc.py %t.$b.sampled.json tracked=1 'description~of the timed calls' $(cat %t.$b.freed.thread) \
// RUN:     thread:main-thread:alloc_bytes=12212 thread:main-thread:allocs=44 thread:main-thread:frees=44 || exit 1; done
//
// Counting calls only (no timing) still attributes allocations.
// RUN: env HOTPATH_TIME_SAMPLING_RATE=0 HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.rate0.json %t.O2 %t.rate0.freed
// RUN: %python %S/../runtime/Inputs/check_counts.py --section functions_alloc %t.rate0.json app::mid#total=10000 app::leaf#total=2000 @%t.rate0.freed.excl
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
#include <fcntl.h>
#include <malloc.h>
#include <pthread.h>
#include <unistd.h>

// The usable bytes each function freed itself, and each level of rec.
static size_t LeafFreed, MidFreed, TopFreed, SometimesFreed, RecFreed[3];
static size_t freed(void *P) { return malloc_usable_size(P); }

namespace app {
void *volatile Sink;
void leaf() {
  Sink = malloc(100);
  LeafFreed += freed(Sink);
  free(Sink);
}
void mid() {
  void *P = malloc(1000);
  Sink = P;
  leaf();
  leaf();
  MidFreed += freed(P);
  free(P);
}
void top() {
  mid();
  Sink = malloc(10);
  TopFreed += freed(Sink);
  free(Sink);
}
// Its call of itself before its own work: not a tail call, which the
// plain build and hotpath make a loop of one call's (tail-recursion.c).
void rec(int D) {
  if (D > 0)
    rec(D - 1);
  Sink = malloc(16);
  RecFreed[D] += freed(Sink);
  free(Sink);
}
int pure(int X) { return X * 3; }
// Allocates in one call of four: the histogram's zeros are the others.
void sometimes(int I) {
  if (I == 2) {
    Sink = malloc(64);
    SometimesFreed += freed(Sink);
    free(Sink);
  }
}
} // namespace app

// What the report must say of the frees: exclusive, cumulative (each
// function with its measured callees', rec's levels counted again at every
// level above them) and the thread's total. Written without allocating
// (open and write, no stdio or strings), as the thread's totals are checked.
static void writeSpec(const char *Base, const char *Suffix, const char *Fmt,
                      size_t A, size_t B = 0, size_t C = 0, size_t D = 0) {
  char Path[4096], Text[512];
  snprintf(Path, sizeof Path, "%s%s", Base, Suffix);
  int N = snprintf(Text, sizeof Text, Fmt, A, B, C, D);
  int Fd = open(Path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (Fd >= 0) {
    if (write(Fd, Text, N) != N)
      perror(Path);
    close(Fd);
  }
}

static void writeFreed(const char *Base) {
  const char *Rows = "app::leaf#freed=%zu\napp::mid#freed=%zu\n"
                     "app::top#freed=%zu\napp::rec#freed=%zu\n";
  size_t RecLevels = 0, RecCumul = 0;
  for (int D = 0; D < 3; ++D) { // rec(D) includes rec(D - 1) ... rec(0)
    RecLevels += RecFreed[D];
    RecCumul += RecLevels;
  }
  size_t Rec = RecFreed[0] + RecFreed[1] + RecFreed[2];
  writeSpec(Base, ".excl", Rows, LeafFreed, MidFreed, TopFreed, Rec);
  writeSpec(Base, ".cumul", Rows, LeafFreed, MidFreed + LeafFreed,
            TopFreed + MidFreed + LeafFreed, RecCumul);
  writeSpec(Base, ".thread", "thread:main-thread:freed_bytes=%zu\n",
            LeafFreed + MidFreed + TopFreed + Rec + SometimesFreed);
}

int main(int argc, char **argv) {
  pthread_setname_np(pthread_self(), "main-thread");
  for (int I = 0; I < 10; ++I)
    app::top();
  app::rec(2);
  int S = 0;
  for (int I = 0; I < 5; ++I)
    S += app::pure(I);
  for (int I = 0; I < 4; ++I)
    app::sometimes(I);
  if (argc > 1)
    writeFreed(argv[1]);
  return S == 30 ? 0 : 1;
}
