/* A static function called from one place is inlined into its caller as
 * in the plain build (its fast path calls a copy of its body), and stays
 * measured: count only with CPU samples, its calls are exact and the
 * samples of its inlined body are its own. The binary has the marker and
 * the hooked thunk, no wrapper of crunch's own and no copy left, and main
 * calls only the thunk: the body is main's (before the copy, main called
 * the marker).
 *
 * REQUIRES: perf-events
 * RUN: env HOTPATH_CONFIG=%S/Inputs/called-once.toml %clang -O2 -g -fno-omit-frame-pointer %s -o %t %rt_shared
 * RUN: llvm-nm %t | %FileCheck %s --check-prefix=NM
 * RUN: llvm-objdump -d --no-show-raw-insn --disassemble-symbols=main %t | %FileCheck %s --check-prefix=MAIN
 * RUN: env HOTPATH_TIME_SAMPLING_RATE=0 HOTPATH_ALLOC=0 HOTPATH_CPU_SAMPLING=2000 HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.json %t > %t.out
 * RUN: %FileCheck %s < %t.out
 * RUN: %python %S/Inputs/check_called_once.py %hotpath %t.json
 * RUN: %t | %FileCheck %s
 * CHECK: total 
 * NM-DAG: t crunch.hotpath.{{[0-9]+$}}
 * NM-DAG: t crunch.hotpath_hooked.{{[0-9]+$}}
 * NM-NOT: {{ crunch$}}
 * NM-NOT: hotpath_fast.
 * MAIN:     <main>:
 * MAIN-NOT: <crunch.hotpath.{{[0-9]+}}>
 * MAIN:     call{{q?}}{{.*}}<crunch.hotpath_hooked.{{[0-9]+}}>
 * MAIN-NOT: <crunch.hotpath.{{[0-9]+}}>
 */
#include <stdio.h>

static volatile unsigned long Sink;

__attribute__((noinline)) void leaf(long N) {
  for (long I = 0; I < N; ++I)
    Sink += (unsigned long)I * 5;
}

/* Far above the inliner's threshold without the bonus of a last call. */
static unsigned long crunch(long N) {
  unsigned long A = 0;
  for (long I = 0; I < N; ++I) {
    A += (unsigned long)I * I;
    A ^= A >> 7;
  }
  leaf(N);
  leaf(N / 2);
  leaf(N / 3);
  leaf(N / 4);
  leaf(N / 5);
  leaf(N / 6);
  leaf(N / 7);
  leaf(N / 8);
  leaf(N / 9);
  leaf(N / 10);
  leaf(N / 11);
  leaf(N / 12);
  return A;
}

int main(void) {
  unsigned long Total = 0;
  for (int R = 0; R < 4000; ++R)
    Total += crunch(5000 + R % 7);
  printf("total %lu\n", Total);
  return 0;
}
