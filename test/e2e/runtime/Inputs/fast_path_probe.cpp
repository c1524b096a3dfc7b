// fast-path.test: the wrappers' fast-path state (abi.h) as fast_path.cpp's
// checks read it. A unit of its own, without measured functions: a unit
// that names the state gets the GOT form of the gate, and fast_path.cpp's
// wrappers are to have the executable's. The state it reads is the
// process's either way: the executable's definition.
#include "hotpath/abi.h"

#include <cstdint>

bool armed() { return __hotpath_fast.epoch == __hotpath_epoch; }

unsigned threadEpoch() { return __hotpath_fast.epoch; }

// How far the count-only countdowns moved from INT64_MAX: the calls the
// gate took (abi.h: each function's countdown, HOTPATH_COUNTDOWNS_OFFSET
// bytes after its count; this program has a few functions).
int64_t countdownMoves() {
  if (!__hotpath_fast.counts)
    return 0;
  const int64_t *Left = reinterpret_cast<const int64_t *>(
      reinterpret_cast<const char *>(__hotpath_fast.counts) +
      HOTPATH_COUNTDOWNS_OFFSET);
  int64_t Moves = 0;
  for (int I = 1; I < 64; ++I)
    if (Left[I] > INT64_MAX / 2)
      Moves += INT64_MAX - Left[I];
  return Moves;
}
