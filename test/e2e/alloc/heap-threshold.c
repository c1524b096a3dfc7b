// The runtime leaves glibc's heap tuning as the program has it. glibc
// raises its mmap threshold for the whole process when a block it mapped
// is freed (its "dynamic threshold", up to the size of that block); the
// runtime's own vectors for a program of two thousand functions are larger
// than the default threshold (128 KiB), and freeing one at session begin
// made every later large block of the program come from the heap instead
// of its own mapping, whose frees then consolidate the heap (yaml-cpp:
// malloc_consolidate 17 -> 298 samples). After the session began, a 132
// KiB block is mapped as in the plain build (mallinfo2's count of mapped
// blocks goes up by one); after the work, one of 144 KiB (the first one's
// free raised the threshold to 136 KiB, in the plain build too). With
// HOTPATH_ALLOC=0 too (the interposers forward, and the runtime still
// frees its vectors), with a snapshot every 10 ms while the program runs,
// and after the runtime wrote a snapshot.
//
// Sanitizer build: ASan's allocator replaces glibc's.
// UNSUPPORTED: sanitizer
// RUN: rm -rf %t && mkdir %t
// RUN: %plainclang -O2 %s -o %t/plain && %t/plain > %t/expected
// RUN: FileCheck %s < %t/expected
// RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clang -O2 %s -o %t/shared %rt_shared
// RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clang -O2 %s -o %t/static %rt_static
// RUN: for b in shared static; do env HOTPATH_OUTPUT_FORMAT=none %t/$b > %t/$b.out || exit 1; diff %t/expected %t/$b.out || exit 1; done
// RUN: env HOTPATH_OUTPUT_FORMAT=none HOTPATH_ALLOC=0 %t/shared > %t/noalloc.out && diff %t/expected %t/noalloc.out
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t/snap.json HOTPATH_SNAPSHOT_INTERVAL=10 HOTPATH_SNAPSHOT_PATH=%t/snapshot.json %t/shared > %t/snap.out && diff %t/expected %t/snap.out
// CHECK: first large block: mapped
// CHECK: after the work: mapped
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

// 2048 measured functions (app_f1000 ... app_f8333), each called once.
#define F1(N)                                                                  \
  __attribute__((noinline)) int app_f##N(int X) { return X * 3 + N; }
#define F4(N) F1(N##0) F1(N##1) F1(N##2) F1(N##3)
#define F16(N) F4(N##0) F4(N##1) F4(N##2) F4(N##3)
#define F64(N) F16(N##0) F16(N##1) F16(N##2) F16(N##3)
#define F256(N) F64(N##0) F64(N##1) F64(N##2) F64(N##3)
F256(1) F256(2) F256(3) F256(4) F256(5) F256(6) F256(7) F256(8)

#define C1(N) S += app_f##N(S);
#define C4(N) C1(N##0) C1(N##1) C1(N##2) C1(N##3)
#define C16(N) C4(N##0) C4(N##1) C4(N##2) C4(N##3)
#define C64(N) C16(N##0) C16(N##1) C16(N##2) C16(N##3)
#define C256(N) C64(N##0) C64(N##1) C64(N##2) C64(N##3)

static const char *largeBlock(size_t Bytes) {
  size_t Before = mallinfo2().hblks;
  char *volatile P = malloc(Bytes);
  memset(P, 1, Bytes);
  size_t After = mallinfo2().hblks;
  free(P);
  return After == Before + 1 ? "mapped" : "from the heap";
}

int main(void) {
  printf("first large block: %s\n", largeBlock(132 << 10));
  int S = 0;
  C256(1) C256(2) C256(3) C256(4) C256(5) C256(6) C256(7) C256(8)
  // Long enough for snapshots of the running session to be written.
  struct timespec T = {0, 50 * 1000 * 1000};
  nanosleep(&T, NULL);
  printf("after the work: %s\n", largeBlock(144 << 10));
  return S == 12345 ? 1 : 0;
}
