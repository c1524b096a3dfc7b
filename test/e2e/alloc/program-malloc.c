// A program that defines its own malloc family (a bump allocator) keeps
// it: hotpath sees that `malloc` is not its own, turns allocation tracking
// off with one warning (stderr and meta.warnings), and still reports
// timing. With the static runtime, the program's strong malloc wins over
// the runtime's weak one at link time.
//
// Sanitizer build: the program's malloc and ASan's cannot both own malloc.
// UNSUPPORTED: sanitizer
// RUN: rm -f %t*.json
// RUN: %plainclang -O2 %s -o %t.plain && %t.plain > %t.expected
// RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clang -O2 %s -o %t.shared %rt_shared
// RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clang -O2 %s -o %t.static %rt_static
// RUN: for b in shared static; do env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.$b.json %t.$b > %t.$b.out 2> %t.$b.err || exit 1; done
// RUN: for b in shared static; do diff %t.expected %t.$b.out || exit 1; done
// RUN: for b in shared static; do FileCheck --check-prefix=ERR %s < %t.$b.err || exit 1; done
// RUN: for b in shared static; do %python %S/Inputs/check_alloc.py %t.$b.json tracked=0 "warning~allocation tracking is off: malloc is defined by" timing:app_work=100 || exit 1; done
// ERR: hotpath: allocation tracking is off: malloc is defined by {{.*}}
// ERR-NOT: hotpath:
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static _Alignas(64) unsigned char Arena[64 << 20];
static size_t Used;
static unsigned long Calls;

// Each block is preceded by its size (16 bytes keep the alignment).
void *malloc(size_t N) {
  ++Calls;
  size_t Need = (N + 16 + 15) & ~(size_t)15;
  if (Used + Need > sizeof Arena)
    return NULL;
  unsigned char *P = Arena + Used;
  Used += Need;
  *(size_t *)P = N;
  return P + 16;
}
void free(void *P) { (void)P; }
void *calloc(size_t N, size_t S) { return malloc(N * S); } // arena is zero
void *realloc(void *P, size_t N) {
  void *Q = malloc(N);
  if (P && Q) {
    size_t Old = *(size_t *)((unsigned char *)P - 16);
    memcpy(Q, P, Old < N ? Old : N);
  }
  return Q;
}

void *volatile Sink;
void app_work(int I) { Sink = malloc((size_t)I + 1); }

int main(void) {
  for (int I = 0; I < 100; ++I)
    app_work(I);
  printf("own malloc used: %s\n", Calls >= 100 ? "yes" : "no");
  return 0;
}
